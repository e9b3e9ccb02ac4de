/**
 * Reads and writes of failure and notes follow-up (inspection.md sections 2-5): the items of a
 * building with their details, the conditions that make them, their comments; the reported
 * walkabouts' results for the default report; the building's equipment types; the repairs of a
 * date range; acknowledgements, repairs and comments.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { equipmentAtBuilding, type BuildingEquipmentRow } from '../applicability/repository';
import { anyId, idArray, inIds, queryRows } from '../../db/raw';
import { buildings, organizations } from '../../db/schema';
import { buildingsInScope, type Scope } from '../../plugins/authorization';
import { taskStatusesOf } from '../walkabouts/repository';
import { followUpCondition, followUpEntry, followUpItemCtes } from './items';

/** A timestamp as ISO 8601 text in UTC (both drivers then answer the same string). */
const isoText = (expression: string) => `to_char(${expression} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const iso = (expression: string) => sql.raw(isoText(expression));

export type ReportBuilding = { id: number; organizationId: number; name: string; timeZone: string; organizationName: string; address: string | null };

/** The building when the caller may see it. */
export async function reportBuilding(db: Database, scope: Scope, id: number): Promise<ReportBuilding | undefined> {
  const [row] = await db
    .select({ id: buildings.id, organizationId: buildings.organizationId, name: buildings.name, timeZone: buildings.timeZone, organizationName: organizations.name, information: buildings.information })
    .from(buildings)
    .innerJoin(organizations, eq(organizations.id, buildings.organizationId))
    .where(and(eq(buildings.id, id), buildingsInScope(scope)));
  if (!row) return undefined;
  const a = row.information.addressInformation;
  const address = a ? [a.Address1, a.Address2, a.City, a.State, a.PostalCode].filter((p) => p && p.trim()).join(', ') || null : null;
  return { id: row.id, organizationId: row.organizationId, name: row.name, timeZone: row.timeZone, organizationName: row.organizationName, address };
}

export type FollowUpState = {
  acknowledgedAt: string | null;
  acknowledgedUsername: string | null;
  acknowledgedNotes: string | null;
  acknowledgedPhotoUrl: string | null;
  repairedAt: string | null;
  repairedUsername: string | null;
  repairedComments: string | null;
  repairedPhotoUrl: string | null;
};

export type ItemRow = FollowUpState & {
  entryId: number | null;
  locationCommentId: number | null;
  failure: boolean;
  notes: boolean;
  cycleId: number | null;
  cycleName: string | null;
  walkaboutDate: string | null;
  equipmentName: string | null;
  equipmentTypeId: number | null;
  locationName: string;
  floorName: string;
  model: string | null;
  equipmentId: number | null;
  commentBody: string | null;
  commentPhotoUrl: string | null;
  commentCreatedAt: string | null;
  commentCreatorUsername: string | null;
};

const followUpColumns = (f: string) =>
  sql.raw(`${f}.acknowledged_notes as "acknowledgedNotes", ${f}.acknowledged_photo_url as "acknowledgedPhotoUrl",
    ${f}.repaired_comments as "repairedComments", ${f}.repaired_photo_url as "repairedPhotoUrl",
    (select username from users where id = ${f}.acknowledged_by_id) as "acknowledgedUsername",
    (select username from users where id = ${f}.repaired_by_id) as "repairedUsername",
    ${isoText(`${f}.acknowledged_at`)} as "acknowledgedAt", ${isoText(`${f}.repaired_at`)} as "repairedAt"`);

/** Details every item row shows, from `e` (entries, may be null), `lc` (location_comments, may be null) and `f` (its follow-up). */
const itemDetails = sql`e.id as "entryId", lc.id as "locationCommentId", cy.id as "cycleId", cy.name as "cycleName",
    to_char(w.date, 'YYYY-MM-DD') as "walkaboutDate", e.equipment_name as "equipmentName", e.equipment_type_id as "equipmentTypeId",
    l.name as "locationName", coalesce(wf.name, fl.name) as "floorName", le.metadata ->> 'Model' as "model",
    e.location_equipment_id as "equipmentId", lc.body as "commentBody", lc.photo_url as "commentPhotoUrl",
    ${iso('lc.created_at')} as "commentCreatedAt", (select username from users where id = lc.creator_id) as "commentCreatorUsername",
    ${followUpColumns('f')}`;

const itemJoins = sql`left join walkabouts w on w.id = e.walkabout_id
    left join cycles cy on cy.id = w.cycle_id
    left join walkabout_floors wf on wf.id = e.walkabout_floor_id
    left join locations l on l.id = coalesce(e.location_id, lc.location_id)
    left join floors fl on fl.id = l.floor_id
    left join location_equipment le on le.id = e.location_equipment_id`;

/** Repeating cycles first in the spec's order (Daily, Weekly, Monthly, Yearly), then the others; off-cycle remarks last. */
const itemOrder = sql`order by (cy.id is null), case cy.frequency when 'daily' then 0 when 'weekly' then 1 when 'monthly' then 2 when 'yearly' then 3 else 4 end,
    cy.id, coalesce(wf."order", fl."order"), l."order", l.id, e."order", e.id, lc.created_at, lc.id`;

/** The open (not repaired) failure and notes items of a building at `at`, of one cycle when `cycleId` is given. */
export async function openItems(db: Database, buildingId: number, at: Date, cycleId?: number): Promise<ItemRow[]> {
  const cycleFilter = cycleId === undefined ? sql`true` : sql`i.cycle_id = ${cycleId}`;
  return queryRows<ItemRow>(
    db,
    sql`with ${followUpItemCtes(sql`(${buildingId}::integer)`, sql`${at.toISOString()}::timestamptz`)}
    select i.failure, i.notes, ${itemDetails}
    from fu_items i
      left join entries e on e.id = i.entry_id
      left join location_comments lc on lc.id = i.location_comment_id
      left join report_follow_ups f on f.id = coalesce(
        (select id from report_follow_ups where entry_id = i.entry_id), (select id from report_follow_ups where location_comment_id = i.location_comment_id))
      ${itemJoins}
    where ${cycleFilter}
    ${itemOrder}`,
  );
}

export type ReportCondition = {
  entryId: number;
  sectionName: string;
  label: string;
  satisfaction: 'satisfactory' | 'unsatisfactory' | 'neutral';
  remarks: string | null;
  photoUrl: string | null;
};

/** The conditions that make the entries failures or notes, in walkabout order. */
export async function itemConditions(db: Database, entryIds: number[]): Promise<ReportCondition[]> {
  if (!entryIds.length) return [];
  return queryRows<ReportCondition>(
    db,
    sql`select c.entry_id as "entryId", s.name as "sectionName", c.label, c.satisfaction, c.remarks, c.photo_url as "photoUrl"
    from conditions c join sections s on s.id = c.section_id
    where c.entry_id in ${sql`(${sql.join(entryIds.map((id) => sql`${id}::integer`), sql`, `)})`} and ${followUpCondition}
    order by c.entry_id, s.order_on_walkabout, c.order_on_walkabout, c.id`,
  );
}

export type CommentRow = {
  id: number;
  entryId: number | null;
  locationCommentId: number | null;
  body: string;
  creatorUsername: string | null;
  createdAt: string;
};

/** The comments of the items, oldest first. */
export async function itemComments(db: Database, entryIds: number[], locationCommentIds: number[]): Promise<CommentRow[]> {
  if (!entryIds.length && !locationCommentIds.length) return [];
  return queryRows<CommentRow>(
    db,
    sql`select rc.id, rc.entry_id as "entryId", rc.location_comment_id as "locationCommentId", rc.body,
      (select username from users where id = rc.creator_id) as "creatorUsername", ${iso('rc.created_at')} as "createdAt"
    from report_comments rc
    where ${inIds(sql`rc.entry_id`, entryIds)} or ${inIds(sql`rc.location_comment_id`, locationCommentIds)}
    order by rc.created_at, rc.id`,
  );
}

export type ReportedWalkabout = { id: number; cycleId: number; cycleName: string; date: string; lockedAt: string | null; isLocked: boolean };

/** The walkabout each cycle reports (items.ts: the latest locked, else the latest opened), of one cycle when given. */
export async function reportedWalkabouts(db: Database, buildingId: number, at: Date, cycleId?: number): Promise<ReportedWalkabout[]> {
  const cycleFilter = cycleId === undefined ? sql`true` : sql`w.cycle_id = ${cycleId}`;
  return queryRows<ReportedWalkabout>(
    db,
    sql`with ${followUpItemCtes(sql`(${buildingId}::integer)`, sql`${at.toISOString()}::timestamptz`)}
    select w.id, w.cycle_id as "cycleId", cy.name as "cycleName", to_char(w.date, 'YYYY-MM-DD') as date,
      ${iso('w.locked_at')} as "lockedAt", coalesce(w.locked_at <= ${at.toISOString()}::timestamptz, false) as "isLocked"
    from fu_walkabouts fw join walkabouts w on w.id = fw.id join cycles cy on cy.id = w.cycle_id
    where ${cycleFilter}
    order by case cy.frequency when 'daily' then 0 when 'weekly' then 1 when 'monthly' then 2 when 'yearly' then 3 else 4 end, cy.id`,
  );
}

export type ResultRow = {
  walkaboutId: number;
  floorName: string;
  locationName: string;
  equipmentName: string;
  equipmentTypeId: number;
  sectionName: string;
  label: string;
  value: unknown;
  satisfaction: 'satisfactory' | 'unsatisfactory' | 'neutral';
  remarks: string | null;
  photoUrl: string | null;
  taskStatus: 'active' | 'paused' | 'disabled' | null;
};

/** Every result of the walkabouts, floor by floor in walkabout order, with its task's status now (P and X). */
export async function walkaboutResults(db: Database, walkaboutIds: number[]): Promise<ResultRow[]> {
  if (!walkaboutIds.length) return [];
  return queryRows<ResultRow>(
    db,
    sql`with ${taskStatusesOf(anyId(sql`conditions.walkabout_id`, walkaboutIds))}
    select conditions.walkabout_id as "walkaboutId", wf.name as "floorName", l.name as "locationName", e.equipment_name as "equipmentName",
      e.equipment_type_id as "equipmentTypeId", s.name as "sectionName", conditions.label, conditions.value, conditions.satisfaction,
      conditions.remarks, conditions.photo_url as "photoUrl", ts.task_status as "taskStatus"
    from conditions join sections s on s.id = conditions.section_id join entries e on e.id = conditions.entry_id
      join walkabout_floors wf on wf.id = e.walkabout_floor_id join locations l on l.id = e.location_id
      left join task_statuses ts on ts.walkabout_id = conditions.walkabout_id and ts.task_id = conditions.task_id
    where ${anyId(sql`conditions.walkabout_id`, walkaboutIds)}
    order by conditions.walkabout_id, wf."order", e."order", e.id, s.order_on_walkabout, conditions.order_on_walkabout, conditions.id`,
  );
}

/** The equipment types at a building (its undeleted locations), with the tasks the building's walkabouts include. */
export type EquipmentRow = BuildingEquipmentRow;

export async function buildingEquipment(db: Database, buildingId: number): Promise<EquipmentRow[]> {
  return equipmentAtBuilding(db, buildingId);
}

export type RepairRow = ItemRow & { equipmentTypeName: string | null };

/**
 * The items of a building repaired within [from, to): entries of the chosen equipment types, and
 * off-cycle location remarks at locations holding one of them; oldest repair first.
 */
export async function repairedItems(db: Database, buildingId: number, from: Date, to: Date, equipmentTypeIds: number[]): Promise<RepairRow[]> {
  const types = idArray(equipmentTypeIds);
  return queryRows<RepairRow>(
    db,
    sql`select coalesce(e.failure, false) as failure, not coalesce(e.failure, false) as notes, ${itemDetails},
      (select name from equipment_types where id = e.equipment_type_id) as "equipmentTypeName"
    from report_follow_ups f
      left join lateral (select en.*, en.failure_count > 0 as failure from entries en where en.id = f.entry_id) e on true
      left join location_comments lc on lc.id = f.location_comment_id
      ${itemJoins}
    where f.repaired_at >= ${from.toISOString()}::timestamptz and f.repaired_at < ${to.toISOString()}::timestamptz
      and l.building_id = ${buildingId}
      and (e.equipment_type_id = any(${types})
        or (lc.id is not null and exists (select 1 from location_equipment x where x.location_id = lc.location_id and x.equipment_type_id = any(${types}))))
    order by f.repaired_at, f.id`,
  );
}

export type FollowUpTarget = { kind: 'entries'; id: number } | { kind: 'location-comments'; id: number };

export type TargetRow = { id: number; buildingId: number; timeZone: string; isItem: boolean } & FollowUpState;

/** The entry or location comment, when the caller may see its building, with its follow-up. */
export async function findTarget(db: Database, scope: Scope, target: FollowUpTarget): Promise<TargetRow | undefined> {
  const inScope = buildingsInScope(scope);
  const query =
    target.kind === 'entries'
      ? sql`select e.id, buildings.id as "buildingId", buildings.time_zone as "timeZone",
          ${followUpEntry} as "isItem", ${followUpColumns('f')}
        from entries e join walkabouts w on w.id = e.walkabout_id join buildings on buildings.id = w.building_id
          left join report_follow_ups f on f.entry_id = e.id
        where e.id = ${target.id} and ${inScope}`
      : sql`select lc.id, buildings.id as "buildingId", buildings.time_zone as "timeZone", true as "isItem", ${followUpColumns('f')}
        from location_comments lc join locations l on l.id = lc.location_id join buildings on buildings.id = l.building_id
          left join report_follow_ups f on f.location_comment_id = lc.id
        where lc.id = ${target.id} and ${inScope}`;
  const [row] = await queryRows<TargetRow>(db, query);
  return row;
}

export type FollowUpChange =
  | { kind: 'acknowledge'; at: Date; notes: string | null; photoUrl: string | null }
  | { kind: 'repair'; at: Date; comments: string | null; photoUrl: string | null };

/** Records an acknowledgement or a repair (one follow-up row per item, made on first use). */
export async function recordFollowUp(db: Database, scope: Scope, target: FollowUpTarget, change: FollowUpChange): Promise<number> {
  const column = sql.raw(target.kind === 'entries' ? 'entry_id' : 'location_comment_id');
  const [row] =
    change.kind === 'acknowledge'
      ? await queryRows<{ id: number }>(
          db,
          sql`insert into report_follow_ups (${column}, acknowledged_at, acknowledged_by_id, acknowledged_notes, acknowledged_photo_url)
          values (${target.id}, ${change.at.toISOString()}::timestamptz, ${scope.userId}, ${change.notes}, ${change.photoUrl})
          on conflict (${column}) do update set acknowledged_at = excluded.acknowledged_at, acknowledged_by_id = excluded.acknowledged_by_id,
            acknowledged_notes = excluded.acknowledged_notes, acknowledged_photo_url = excluded.acknowledged_photo_url, updated_at = now()
          returning id`,
        )
      : await queryRows<{ id: number }>(
          db,
          sql`insert into report_follow_ups (${column}, repaired_at, repaired_by_id, repaired_comments, repaired_photo_url)
          values (${target.id}, ${change.at.toISOString()}::timestamptz, ${scope.userId}, ${change.comments}, ${change.photoUrl})
          on conflict (${column}) do update set repaired_at = excluded.repaired_at, repaired_by_id = excluded.repaired_by_id,
            repaired_comments = excluded.repaired_comments, repaired_photo_url = excluded.repaired_photo_url, updated_at = now()
          returning id`,
        );
  return row!.id;
}

export async function addComment(db: Database, scope: Scope, target: FollowUpTarget, body: string): Promise<CommentRow> {
  const column = sql.raw(target.kind === 'entries' ? 'entry_id' : 'location_comment_id');
  const [row] = await queryRows<CommentRow>(
    db,
    sql`insert into report_comments (${column}, body, creator_id) values (${target.id}, ${body}, ${scope.userId})
    returning id, entry_id as "entryId", location_comment_id as "locationCommentId", body,
      (select username from users where id = ${scope.userId}) as "creatorUsername", ${iso('created_at')} as "createdAt"`,
  );
  return row!;
}
