/**
 * Reading walkabouts: lists with their figures, and the whole tree of one walkabout as the
 * caller may see it. Every query is narrowed by the caller's Scope through the building.
 */
import { isLocked, LOCKED_CHECK_MS } from '@fsi/shared';
import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anyId, jsonRows, queryRows, rowsFromJson, type JsonFields, type JsonRows } from '../../db/raw';
import { buildings, conditions, cycles, entries, locations, sections, users, walkaboutFloors, walkabouts } from '../../db/schema';
import type { Page } from '../../jsonapi/query';
import { buildingsInScope, type Scope } from '../../plugins/authorization';
import type { TaskStatus } from './schemas';

export type WalkaboutRow = typeof walkabouts.$inferSelect & { cycleName: string; frequency: string | null };
export type WalkaboutFigures = { conditionsCount: number; markedCount: number; unsatisfactoryCount: number };
export type WalkaboutView = WalkaboutRow & WalkaboutFigures;

const walkaboutColumns = { walkabout: walkabouts, cycleName: cycles.name, frequency: cycles.frequency };

/** Daily, Weekly, Monthly, Yearly, then non-repeating cycles; then by date (inspection.md sections 2 and 9). */
export const listOrder = [
  asc(sql`case ${cycles.frequency} when 'daily' then 0 when 'weekly' then 1 when 'monthly' then 2 when 'yearly' then 3 else 4 end`),
  asc(walkabouts.date),
  asc(walkabouts.id),
];

/**
 * Open: opened, not locked and not closed at `now` (inspection.md section 4). Not locked is isLocked's
 * rule (@fsi/shared) in SQL: the lock time at least LOCKED_CHECK_MS after now.
 */
export function openAt(now: Date): SQL {
  const at = now.toISOString();
  const lockLimit = new Date(now.getTime() + LOCKED_CHECK_MS).toISOString();
  return sql`(${walkabouts.openedAt} <= ${at} and (${walkabouts.lockedAt} is null or ${walkabouts.lockedAt} >= ${lockLimit})
    and (${walkabouts.closedAt} is null or ${walkabouts.closedAt} > ${at}))`;
}

/** Locked for saving, scanning and flagging: the web's rule, isLocked of @fsi/shared (which says what its 5-second margin is for). */
export function isLockedNow(w: { lockedAt: Date | null }, now: Date): boolean {
  return isLocked(w.lockedAt, now);
}

export function isClosedNow(w: { closedAt: Date | null }, now: Date): boolean {
  return w.closedAt !== null && w.closedAt.getTime() <= now.getTime();
}

/** Condition counts per walkabout, one grouped query for a page. */
export async function figuresOf(db: Database, ids: number[]): Promise<Map<number, WalkaboutFigures>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      walkaboutId: conditions.walkaboutId,
      conditionsCount: sql<number>`count(*)::int`,
      markedCount: sql<number>`count(${conditions.value})::int`,
      unsatisfactoryCount: sql<number>`(count(*) filter (where ${conditions.satisfaction} = 'unsatisfactory'))::int`,
    })
    .from(conditions)
    .where(inArray(conditions.walkaboutId, ids))
    .groupBy(conditions.walkaboutId);
  return new Map(rows.map((r) => [r.walkaboutId, r]));
}

async function withFigures(db: Database, rows: { walkabout: typeof walkabouts.$inferSelect; cycleName: string; frequency: string | null }[]) {
  const figures = await figuresOf(db, rows.map((r) => r.walkabout.id));
  return rows.map(({ walkabout, cycleName, frequency }): WalkaboutView => ({
    ...walkabout,
    cycleName,
    frequency,
    ...(figures.get(walkabout.id) ?? { conditionsCount: 0, markedCount: 0, unsatisfactoryCount: 0 }),
  }));
}

export type WalkaboutFilters = { buildingIds?: number[]; ids?: number[]; open?: boolean };

export async function listWalkabouts(db: Database, scope: Scope, filters: WalkaboutFilters, page: Page, now: Date) {
  const conditionsList: SQL[] = [buildingsInScope(scope)];
  if (filters.buildingIds) conditionsList.push(inArray(walkabouts.buildingId, filters.buildingIds.length ? filters.buildingIds : [-1]));
  if (filters.ids) conditionsList.push(inArray(walkabouts.id, filters.ids.length ? filters.ids : [-1]));
  if (filters.open !== undefined) conditionsList.push(filters.open ? openAt(now) : sql`not ${openAt(now)}`);
  const where = and(...conditionsList);
  const [rows, [total]] = await Promise.all([
    db
      .select(walkaboutColumns)
      .from(walkabouts)
      .innerJoin(buildings, eq(buildings.id, walkabouts.buildingId))
      .innerJoin(cycles, eq(cycles.id, walkabouts.cycleId))
      .where(where)
      .orderBy(...listOrder)
      .limit(page.size)
      .offset(page.offset),
    db
      .select({ value: sql<number>`count(*)::int` })
      .from(walkabouts)
      .innerJoin(buildings, eq(buildings.id, walkabouts.buildingId))
      .where(where),
  ]);
  return { rows: await withFigures(db, rows), total: total?.value ?? 0 };
}

/** A walkabout of the caller's scope, with its building's contract (what a save checks: findWalkaboutRowAndContract). */
function walkaboutRowsOf(db: Database, scope: Scope, id: number) {
  return db
    .select({ ...walkaboutColumns, contract: { contractUrl: buildings.contractUrl, contractAcceptedAt: buildings.contractAcceptedAt } })
    .from(walkabouts)
    .innerJoin(buildings, eq(buildings.id, walkabouts.buildingId))
    .innerJoin(cycles, eq(cycles.id, walkabouts.cycleId))
    .where(and(eq(walkabouts.id, id), buildingsInScope(scope)));
}

export async function findWalkabout(db: Database, scope: Scope, id: number): Promise<WalkaboutView | undefined> {
  return (await withFigures(db, await walkaboutRowsOf(db, scope, id)))[0];
}

/**
 * The walkabout as findWalkabout gives it, without its figures (which count its conditions), with its building's
 * contract read in the same query: what a save checks before it records (requireAcceptedContract).
 */
export async function findWalkaboutRowAndContract(db: Database, scope: Scope, id: number) {
  const [row] = await walkaboutRowsOf(db, scope, id);
  if (!row) return undefined;
  const walkabout: WalkaboutRow = { ...row.walkabout, cycleName: row.cycleName, frequency: row.frequency };
  return { walkabout, contract: row.contract };
}

/** Entries of the equipment the caller handles (all for administrators and unrestricted roles). */
export function equipmentInScope(scope: Scope): SQL {
  if (scope.isAdmin || scope.walkaboutEquipmentTypeIds === null) return sql`true`;
  return scope.walkaboutEquipmentTypeIds.length ? inArray(entries.equipmentTypeId, scope.walkaboutEquipmentTypeIds) : sql`false`;
}

export const entryColumns = {
  entry: entries,
  locationName: locations.name,
  locationHint: locations.hint,
  locationUrl: locations.url,
  regularUuid: locations.regularUuid,
  temporaryUuid: locations.temporaryUuid,
  cycleName: cycles.name,
  walkaboutOpenedAt: walkabouts.openedAt,
  walkaboutLockedAt: walkabouts.lockedAt,
  walkaboutClosedAt: walkabouts.closedAt,
};
export type EntryView = {
  entry: typeof entries.$inferSelect;
  locationName: string;
  locationHint: string | null;
  locationUrl: string | null;
  regularUuid: string;
  temporaryUuid: string | null;
  cycleName: string;
  walkaboutOpenedAt: Date;
  walkaboutLockedAt: Date | null;
  walkaboutClosedAt: Date | null;
};
export type ConditionView = typeof conditions.$inferSelect & { editorUsername: string | null; taskStatus: TaskStatus | null };

/**
 * A condition's task status in its walkabout's building now (the condition resource's taskStatus):
 * disabled when the task, its equipment type, its component or a building suspension of the task or
 * the type is disabled; else paused when any of them is paused; null once the task is deleted. Worked out
 * once per task, by taskStatusesOf, not per condition.
 */
const conditionTaskStatus = sql<TaskStatus | null>`(select case
    when t.status = 'disabled' or et.status = 'disabled' or coalesce(ec.disabled, false) or coalesce(bs.disabled, false) then 'disabled'
    when t.status = 'paused' or et.status = 'paused' or coalesce(bs.paused, false) then 'paused'
    else 'active' end
  from tasks t
  join equipment_types et on et.id = t.equipment_type_id
  left join equipment_components ec on ec.id = t.component_id
  cross join lateral (select bool_or(s.status = 'disabled') as disabled, bool_or(s.status = 'paused') as paused
    from building_suspensions s join walkabouts sw on sw.building_id = s.building_id
    where sw.id = ${conditions.walkaboutId} and (s.task_id = t.id or s.equipment_type_id = t.equipment_type_id)) bs
  where t.id = ${conditions.taskId})`;

/**
 * conditionTaskStatus for the tasks the conditions matching `where` (on the conditions table) name, as a common table
 * expression for a WITH clause: `task_statuses` (walkabout_id, task_id, task_status), to join on both. Each task's
 * status is worked out once per walkabout rather than once per condition (thousands of conditions name a few dozen
 * tasks; on PGlite, each status's scan of the building's suspensions also asked the file system for the table's
 * size), and once whatever the plan: MATERIALIZED, since a derived table on the inner side of a nested loop is worked
 * out again for each outer row (a report's conditions of 1,000 with eight joins: 10,500 statuses, 23 -> 125 ms on
 * PostgreSQL, until it was a CTE).
 */
export function taskStatusesOf(where: SQL): SQL {
  return sql`task_statuses as materialized (select ${conditions.walkaboutId}, ${conditions.taskId}, ${conditionTaskStatus} as task_status
    from (select distinct walkabout_id, task_id from ${conditions} where ${where} and task_id is not null) as ${conditions})`;
}
export type SectionRow = typeof sections.$inferSelect;
export type EntryTree = { entries: EntryView[]; sections: SectionRow[]; conditions: ConditionView[] };

/** The order of a walkabout's entries: by floor, then as the walkabout lists them. */
export const entryOrder = [asc(entries.walkaboutFloorId), asc(entries.order), asc(entries.id)];

/** Entries (with their location and cycle) matching `where`, with their sections: what an entry resource names. */
export async function entriesWithSections(db: Database, where: SQL): Promise<Omit<EntryTree, 'conditions'>> {
  const entryRows = await db
    .select(entryColumns)
    .from(entries)
    .innerJoin(locations, eq(locations.id, entries.locationId))
    .innerJoin(walkabouts, eq(walkabouts.id, entries.walkaboutId))
    .innerJoin(cycles, eq(cycles.id, walkabouts.cycleId))
    .where(where)
    .orderBy(...entryOrder);
  const entryIds = entryRows.map((e) => e.entry.id);
  if (!entryIds.length) return { entries: [], sections: [] };
  const sectionRows = await db
    .select()
    .from(sections)
    .where(inArray(sections.entryId, entryIds))
    .orderBy(asc(sections.entryId), asc(sections.orderOnWalkabout));
  return { entries: entryRows, sections: sectionRows };
}

/** Entries (with their location and cycle) matching `where`, with their sections and conditions. */
export async function entryTrees(db: Database, where: SQL): Promise<EntryTree> {
  // Sequential: this also runs inside a transaction, on one connection.
  const { entries: entryRows, sections: sectionRows } = await entriesWithSections(db, where);
  const entryIds = entryRows.map((e) => e.entry.id);
  if (!entryIds.length) return { entries: [], sections: [], conditions: [] };
  return { entries: entryRows, sections: sectionRows, conditions: await conditionViews(db, anyId(conditions.entryId, entryIds)) };
}

/**
 * The conditions matching `where` (on the conditions table) as a tree shows them (conditionViewFields), in their
 * section's order: read as one JSON value, each task's status worked out once (taskStatusesOf).
 */
export async function conditionViews(db: Database, where: SQL): Promise<ConditionView[]> {
  const [answer] = await queryRows<{ rows: JsonRows }>(
    db,
    sql`with ${taskStatusesOf(where)}
      select ${jsonRows(conditionViewFields, sql`${conditions.sectionId}, ${conditions.orderOnWalkabout}`)} as rows
      from ${conditions} left join ${users} on ${users.id} = ${conditions.editorId}
        left join task_statuses on task_statuses.walkabout_id = ${conditions.walkaboutId} and task_statuses.task_id = ${conditions.taskId}
      where ${where}`,
  );
  return rowsFromJson<ConditionView>(conditionViewFields, answer!.rows);
}

/**
 * A condition as a tree shows it: its columns, its editor's name and its task's status (conditionViews' task_statuses),
 * read as one JSON value (jsonRows): a walkabout has thousands of conditions of 37 fields, which read field by field
 * (PGlite decodes each, Drizzle maps each) took most of opening one.
 */
const conditionViewFields = {
  ...getTableColumns(conditions),
  editorUsername: users.username,
  taskStatus: sql`task_statuses.task_status`,
} satisfies JsonFields;

/**
 * The tree of one walkabout as the caller may see it (inspection.md section 6): administrators
 * every floor, others the floors with equipment they may handle, and only that equipment.
 */
export async function walkaboutTree(db: Database, scope: Scope, walkaboutId: number) {
  const tree = await entryTrees(db, and(eq(entries.walkaboutId, walkaboutId), equipmentInScope(scope))!);
  const floors = await db
    .select()
    .from(walkaboutFloors)
    .where(visibleFloorsOf(scope, walkaboutId))
    .orderBy(asc(walkaboutFloors.order), asc(walkaboutFloors.id));
  return { floors, ...tree };
}

/** The floors of a walkabout the caller sees: administrators every floor, others those with equipment they handle. */
function visibleFloorsOf(scope: Scope, walkaboutId: number): SQL {
  const ofWalkabout = eq(walkaboutFloors.walkaboutId, walkaboutId);
  if (scope.isAdmin) return ofWalkabout;
  return and(
    ofWalkabout,
    sql`exists (select 1 from ${entries} where ${entries.walkaboutFloorId} = ${walkaboutFloors.id} and ${equipmentInScope(scope)})`,
  )!;
}

/** The ids of those floors, in order (the walkabout's `floors` relationship). */
export async function visibleFloorIds(db: Database, scope: Scope, walkaboutId: number): Promise<number[]> {
  const rows = await db
    .select({ id: walkaboutFloors.id })
    .from(walkaboutFloors)
    .where(visibleFloorsOf(scope, walkaboutId))
    .orderBy(asc(walkaboutFloors.order), asc(walkaboutFloors.id));
  return rows.map((r) => r.id);
}

/**
 * The entries of a location for the entries comparison (inspection.md section 2): in the open
 * walkabouts (active), or in each cycle's latest locked walkabout of the building.
 */
export function locationEntries(scope: Scope, locationId: number, active: boolean, now: Date): SQL {
  const at = now.toISOString();
  const which = active
    ? openAt(now)
    : sql`${walkabouts.id} = (select w2.id from walkabouts w2 where w2.building_id = ${walkabouts.buildingId}
        and w2.cycle_id = ${walkabouts.cycleId} and w2.locked_at <= ${at} order by w2.locked_at desc, w2.id desc limit 1)`;
  const inScope = sql`${walkabouts.buildingId} in (select ${buildings.id} from ${buildings} where ${buildingsInScope(scope)})`;
  return and(eq(entries.locationId, locationId), which, equipmentInScope(scope), inScope)!;
}
