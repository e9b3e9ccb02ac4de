/**
 * What a walkabout report is made from, read in a few set-based statements: the walkabout with its building,
 * organization and cycle, every condition with its entry, location, floor, task group, the equipment's
 * secondary data and the task's status in the building now (for P and X), the earlier walkabouts of the same
 * cycle and building, and who inspected.
 */
import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/raw';
import {
  buildings,
  conditions,
  cycles,
  entries,
  locationEquipment,
  locations,
  organizations,
  reportBookletTemplates,
  reportDefinitions,
  sections,
  taskGroups,
  tasks,
  walkaboutFloors,
  walkabouts,
  type AddressInformation,
  type StoredConditionValue,
} from '../../db/schema';
import { taskStatusesOf } from '../walkabouts/repository';

export type WalkaboutContext = {
  id: number;
  buildingId: number;
  cycleId: number;
  date: string;
  endDate: string | null;
  openedAt: Date;
  lockedAt: Date | null;
  closedAt: Date | null;
  organizationId: number;
  organization: string;
  building: string;
  buildingRegionId: number | null;
  /** The building form's toggles: the definitions and booklets switched on; null: every applicable one. */
  reportDefinitionIds: number[] | null;
  reportBookletTemplateIds: number[] | null;
  timeZone: string;
  address: AddressInformation | undefined;
  cycle: string;
};

export async function walkaboutContext(db: Database, walkaboutId: number): Promise<WalkaboutContext | null> {
  const [row] = await db
    .select({
      id: walkabouts.id,
      buildingId: walkabouts.buildingId,
      cycleId: walkabouts.cycleId,
      date: walkabouts.date,
      endDate: walkabouts.endDate,
      openedAt: walkabouts.openedAt,
      lockedAt: walkabouts.lockedAt,
      closedAt: walkabouts.closedAt,
      organizationId: buildings.organizationId,
      organization: organizations.name,
      building: buildings.name,
      buildingRegionId: buildings.regionId,
      reportDefinitionIds: buildings.reportDefinitionIds,
      reportBookletTemplateIds: buildings.reportBookletTemplateIds,
      timeZone: buildings.timeZone,
      information: buildings.information,
      cycle: cycles.name,
    })
    .from(walkabouts)
    .innerJoin(buildings, eq(buildings.id, walkabouts.buildingId))
    .innerJoin(organizations, eq(organizations.id, buildings.organizationId))
    .innerJoin(cycles, eq(cycles.id, walkabouts.cycleId))
    .where(eq(walkabouts.id, walkaboutId));
  if (!row) return null;
  const { information, ...rest } = row;
  return { ...rest, address: information.addressInformation };
}

export type ReportCondition = {
  id: number;
  taskId: number | null;
  label: string;
  type: string;
  value: StoredConditionValue;
  satisfaction: 'satisfactory' | 'unsatisfactory' | 'neutral';
  remarks: string | null;
  photoUrl: string | null;
  taskStatus: 'active' | 'paused' | 'disabled' | null;
  entryId: number;
  locationEquipmentId: number;
  equipmentTypeId: number;
  equipmentName: string;
  locationId: number;
  location: string;
  floor: string;
  sectionName: string;
  group: string | null;
  metadata: Record<string, string | number | boolean | null>;
};

/**
 * Every condition of a walkabout in walkabout order (floor, entry, section, task), with its task's status worked out
 * once per task (taskStatusesOf, read apart: a builder query has no materialized WITH) rather than once per condition.
 */
export async function walkaboutConditions(db: Database, walkaboutId: number): Promise<ReportCondition[]> {
  const statuses = await queryRows<{ taskId: number; taskStatus: ReportCondition['taskStatus'] }>(
    db,
    sql`with ${taskStatusesOf(eq(conditions.walkaboutId, walkaboutId))} select task_id as "taskId", task_status as "taskStatus" from task_statuses`,
  );
  const statusOf = new Map(statuses.map((s) => [s.taskId, s.taskStatus]));
  const rows = await db
    .select({
      id: conditions.id,
      taskId: conditions.taskId,
      label: conditions.label,
      type: conditions.type,
      value: conditions.value,
      satisfaction: conditions.satisfaction,
      remarks: conditions.remarks,
      photoUrl: conditions.photoUrl,
      entryId: entries.id,
      locationEquipmentId: entries.locationEquipmentId,
      equipmentTypeId: entries.equipmentTypeId,
      equipmentName: entries.equipmentName,
      locationId: entries.locationId,
      location: locations.name,
      floor: walkaboutFloors.name,
      sectionName: sections.name,
      group: taskGroups.name,
      metadata: locationEquipment.metadata,
    })
    .from(conditions)
    .innerJoin(entries, eq(entries.id, conditions.entryId))
    .innerJoin(sections, eq(sections.id, conditions.sectionId))
    .innerJoin(walkaboutFloors, eq(walkaboutFloors.id, entries.walkaboutFloorId))
    .innerJoin(locations, eq(locations.id, entries.locationId))
    .innerJoin(locationEquipment, eq(locationEquipment.id, entries.locationEquipmentId))
    .leftJoin(tasks, eq(tasks.id, conditions.taskId))
    .leftJoin(taskGroups, eq(taskGroups.id, tasks.groupId))
    .where(eq(conditions.walkaboutId, walkaboutId))
    .orderBy(asc(walkaboutFloors.order), asc(entries.order), asc(entries.id), asc(sections.orderOnWalkabout), asc(conditions.orderOnWalkabout), asc(conditions.id));
  return rows.map((row) => ({ ...row, taskStatus: row.taskId === null ? null : (statusOf.get(row.taskId) ?? null) }));
}

/** The `count` walkabouts of the same building and cycle opened before this one, newest first. */
export async function earlierWalkabouts(db: Database, w: WalkaboutContext, count: number): Promise<{ id: number; date: string }[]> {
  if (count <= 0) return [];
  return db
    .select({ id: walkabouts.id, date: walkabouts.date })
    .from(walkabouts)
    .where(and(eq(walkabouts.buildingId, w.buildingId), eq(walkabouts.cycleId, w.cycleId), lt(walkabouts.openedAt, w.openedAt)))
    .orderBy(desc(walkabouts.openedAt))
    .limit(count);
}

/** Who scanned or recorded results in a walkabout: 'First Last', or the user name, in name order. */
export async function inspectorsOf(db: Database, walkaboutId: number): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select distinct coalesce(nullif(trim(concat_ws(' ', u.firstname, u.lastname)), ''), u.username) as name
      from users u
      where u.id in (select scanner_id from entries where walkabout_id = ${walkaboutId} and scanner_id is not null
                     union select editor_id from conditions where walkabout_id = ${walkaboutId} and editor_id is not null)
      order by 1`,
  );
  return rows.map((r) => r.name);
}

/** The latest change recorded in a walkabout (its edit trail), so a request after a change is a new job. */
export async function walkaboutVersion(db: Database, walkaboutId: number): Promise<string> {
  const [row] = await queryRows<{ edit: number | null; locked: string | null }>(
    db,
    sql`select (select max(id) from walkabout_edits where walkabout_id = ${walkaboutId}) as edit,
      (select locked_at::text from walkabouts where id = ${walkaboutId}) as locked`,
  );
  return `${row?.edit ?? 0}/${row?.locked ?? '-'}`;
}

/** The regions a building's definitions and booklets may be attached to: its region and every one above it. */
async function regionLine(db: Database, w: Pick<WalkaboutContext, 'buildingRegionId'>): Promise<number[]> {
  if (w.buildingRegionId === null) return [];
  const rows = await queryRows<{ id: number }>(
    db,
    sql`with recursive line(id, parent_id, depth) as (
        select id, parent_id, 0 from regions where id = ${w.buildingRegionId}
        union all select r.id, r.parent_id, line.depth + 1 from regions r join line on r.id = line.parent_id where line.depth < 16)
      select id from line`,
  );
  return rows.map((r) => r.id);
}

/** What applies to the walkabout's building (its organization's, its region line's, its own), of that what its form switched on. */
function appliesTo(table: typeof reportDefinitions | typeof reportBookletTemplates, w: WalkaboutContext, line: number[]) {
  const switchedOn = table === reportDefinitions ? w.reportDefinitionIds : w.reportBookletTemplateIds;
  return and(
    eq(table.organizationId, w.organizationId),
    switchedOn === null ? undefined : inArray(table.id, switchedOn.length ? switchedOn : [-1]),
    sql`(${table.buildingId} = ${w.buildingId} or (${table.buildingId} is null and (${table.regionId} is null${
      line.length ? sql` or ${inArray(table.regionId, line)}` : sql``
    })))`,
  );
}

/**
 * The active definitions of the walkabout's cycle that apply to its building and generate a report, and the
 * active booklets that apply to it whose primary report is of that cycle.
 */
export async function applicableReports(db: Database, w: WalkaboutContext) {
  const line = await regionLine(db, w);
  const definitions = await db
    .select({ id: reportDefinitions.id })
    .from(reportDefinitions)
    .where(
      and(
        appliesTo(reportDefinitions, w, line),
        eq(reportDefinitions.cycleId, w.cycleId),
        eq(reportDefinitions.isActive, true),
        eq(reportDefinitions.generateReport, true),
      ),
    )
    .orderBy(asc(reportDefinitions.name), asc(reportDefinitions.id));
  const booklets = await db
    .select({ id: reportBookletTemplates.id })
    .from(reportBookletTemplates)
    .innerJoin(reportDefinitions, eq(reportDefinitions.id, reportBookletTemplates.primaryReportDefinitionId))
    .where(and(appliesTo(reportBookletTemplates, w, line), eq(reportBookletTemplates.isActive, true), eq(reportDefinitions.cycleId, w.cycleId)))
    .orderBy(asc(reportBookletTemplates.name), asc(reportBookletTemplates.id));
  return { definitionIds: definitions.map((d) => d.id), bookletIds: booklets.map((b) => b.id) };
}

/** The walkabout of a cycle at a building to report in a booklet beside `w`: w itself, else the latest opened by then. */
export async function walkaboutOfCycle(db: Database, w: WalkaboutContext, cycleId: number): Promise<number | null> {
  if (cycleId === w.cycleId) return w.id;
  const [row] = await db
    .select({ id: walkabouts.id })
    .from(walkabouts)
    .where(and(eq(walkabouts.buildingId, w.buildingId), eq(walkabouts.cycleId, cycleId), sql`${walkabouts.openedAt} <= ${w.openedAt.toISOString()}`))
    .orderBy(desc(walkabouts.openedAt))
    .limit(1);
  return row?.id ?? null;
}
