import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildings, floors, locations } from '../../db/schema';
import type { Page } from '../../jsonapi/query';
import { buildingsInScope, type Scope } from '../../plugins/authorization';

export type LocationView = typeof locations.$inferSelect & { floorName: string; floorOrder: number };
export type LocationFilters = { buildingIds?: number[]; ids?: number[]; uuid?: string; search?: string };

/**
 * The QR code list's search (inspection.md section 2): 'a-b' is a range of location ids,
 * '3, 7, 12' a list of alias ids; any other text matches names containing it.
 */
export function searchCondition(search: string): SQL | undefined {
  const text = search.trim();
  if (text === '') return undefined;
  const range = /^(\d{1,9})\s*-\s*(\d{1,9})$/.exec(text);
  if (range) {
    const [from, to] = [Number(range[1]), Number(range[2])].sort((a, b) => a - b);
    return sql`${locations.id} between ${from} and ${to}`;
  }
  if (/^\d{1,9}(\s*,\s*\d{1,9})*$/.test(text)) {
    const aliases = text.split(',').map((part) => Number(part.trim()));
    return sql`${locations.aliasIds} && ${`{${aliases.join(',')}}`}::integer[]`;
  }
  // LIKE wildcards typed by the user are searched for literally.
  return ilike(locations.name, `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
}

export async function listLocations(db: Database, scope: Scope, filters: LocationFilters, page: Page) {
  const conditions: SQL[] = [buildingsInScope(scope)];
  if (filters.buildingIds) conditions.push(inArray(locations.buildingId, filters.buildingIds.length ? filters.buildingIds : [-1]));
  if (filters.ids) conditions.push(inArray(locations.id, filters.ids.length ? filters.ids : [-1]));
  if (filters.uuid !== undefined) {
    const uuid = filters.uuid.trim().toLowerCase();
    conditions.push(or(sql`lower(${locations.regularUuid}) = ${uuid}`, sql`lower(${locations.temporaryUuid}) = ${uuid}`)!);
  }
  const search = filters.search === undefined ? undefined : searchCondition(filters.search);
  if (search) conditions.push(search);
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ location: locations, floorName: floors.name, floorOrder: floors.order })
      .from(locations)
      .innerJoin(buildings, eq(buildings.id, locations.buildingId))
      .innerJoin(floors, eq(floors.id, locations.floorId))
      .where(where)
      .orderBy(asc(locations.buildingId), asc(floors.order), asc(locations.order), asc(locations.id))
      .limit(page.size)
      .offset(page.offset),
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(locations)
      .innerJoin(buildings, eq(buildings.id, locations.buildingId))
      .where(where),
  ]);
  return {
    rows: rows.map((r): LocationView => ({ ...r.location, floorName: r.floorName, floorOrder: r.floorOrder })),
    total: total?.value ?? 0,
  };
}

export async function findLocation(db: Database, scope: Scope, id: number): Promise<LocationView | undefined> {
  const { rows } = await listLocations(db, scope, { ids: [id] }, { number: 1, size: 1, offset: 0 });
  return rows[0];
}
