import { and, asc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildings, buildingSuspensions, equipmentTypes, floors, locationEquipment, locations, type EntityStatus } from '../../db/schema';
import type { Page } from '../../jsonapi/query';
import { buildingsInScope, type Scope } from '../../plugins/authorization';

/** A location-equipment link with its equipment type, as Manage Locations shows it (spec section 3). */
export type LocationEquipmentView = typeof locationEquipment.$inferSelect & {
  equipment: { id: number; name: string; status: EntityStatus; order: number };
};
/** A building-level pause or deactivation of one of the location's equipment types (spec section 3 "Building status record"). */
export type BuildingStatusView = { equipmentId: number; suspensionId: number; status: 'disabled' | 'paused'; shortName: string; description: string | null };
export type LocationView = typeof locations.$inferSelect & {
  floorName: string;
  floorOrder: number;
  /** The equipment at the location, by type order; a link removed while results referenced it (disabled) is left out. */
  equipments: LocationEquipmentView[];
  buildingStatuses: BuildingStatusView[];
};

/** A live location: not deleted. Deleted ones stay only for the walkabouts and reports that recorded them. */
export const liveLocation = isNull(locations.deletedAt);
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
  const conditions: SQL[] = [buildingsInScope(scope), liveLocation];
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
  const { equipments, statuses } = await equipmentOf(db, rows.map((r) => r.location));
  return {
    rows: rows.map(
      (r): LocationView => ({
        ...r.location,
        floorName: r.floorName,
        floorOrder: r.floorOrder,
        equipments: equipments.get(r.location.id) ?? [],
        buildingStatuses: (equipments.get(r.location.id) ?? []).flatMap((e) => statuses.get(`${r.location.buildingId}:${e.equipmentTypeId}`) ?? []),
      }),
    ),
    total: total?.value ?? 0,
  };
}

/** The equipment links of a page of locations and their buildings' type suspensions: two queries, whatever the page size. */
async function equipmentOf(db: Database, rows: ReadonlyArray<{ id: number; buildingId: number }>) {
  const equipments = new Map<number, LocationEquipmentView[]>();
  const statuses = new Map<string, BuildingStatusView[]>();
  if (!rows.length) return { equipments, statuses };
  const [links, suspensions] = await Promise.all([
    db
      .select({ link: locationEquipment, equipment: { id: equipmentTypes.id, name: equipmentTypes.name, status: equipmentTypes.status, order: equipmentTypes.order } })
      .from(locationEquipment)
      .innerJoin(equipmentTypes, eq(equipmentTypes.id, locationEquipment.equipmentTypeId))
      .where(and(inArray(locationEquipment.locationId, rows.map((r) => r.id)), eq(locationEquipment.disabled, false)))
      .orderBy(asc(locationEquipment.typeOrder), asc(locationEquipment.id)),
    db
      .select()
      .from(buildingSuspensions)
      .where(and(inArray(buildingSuspensions.buildingId, [...new Set(rows.map((r) => r.buildingId))]), isNull(buildingSuspensions.taskId))),
  ]);
  for (const { link, equipment } of links) equipments.set(link.locationId, [...(equipments.get(link.locationId) ?? []), { ...link, equipment }]);
  for (const s of suspensions) {
    if (s.equipmentTypeId === null) continue;
    const key = `${s.buildingId}:${s.equipmentTypeId}`;
    statuses.set(key, [...(statuses.get(key) ?? []), { equipmentId: s.equipmentTypeId, suspensionId: s.id, status: s.status, shortName: s.shortName, description: s.description }]);
  }
  return { equipments, statuses };
}

export async function findLocation(db: Database, scope: Scope, id: number): Promise<LocationView | undefined> {
  const { rows } = await listLocations(db, scope, { ids: [id] }, { number: 1, size: 1, offset: 0 });
  return rows[0];
}
