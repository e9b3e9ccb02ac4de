/**
 * Create Current Walkabouts (POST /buildings/{buildingId}/walkabouts; admin-organizations-buildings.md sections 2, 4,
 * 6 and 7; DESIGN.md section 4, "What a walkabout contains"). A walkabout takes its snapshot when it is created; later
 * changes to floors, locations, equipment, types, tasks and building-level pauses reach the walkabouts still open only
 * through this call. It:
 * 1. creates the walkabout of every repeating cycle's current period that has none (the schedule's own function,
 *    idempotent through the walkabout's unique key on building, cycle and period);
 * 2. brings each open walkabout (not locked, not closed) up to date with the building as it is now, by the snapshot's
 *    own rule (snapshot.ts: activeEquipment, applicableTaskCondition, locations not deleted):
 *    - floors: a new floor is added; floor names and order follow the building's (floors hold no results);
 *    - entries, sections and conditions that now apply are added;
 *    - a condition that no longer applies is removed unless it has a result (a value, remarks or a photo); a section
 *      left without conditions goes with it; an entry that no longer applies is removed unless results were recorded
 *      for it (a recorded condition, a scan, an unavailable-QR flag, a document, a follow-up or a comment). Results
 *      already recorded are kept, always;
 *    - an unrecorded condition takes its task's current wording (label, classification, description, hint,
 *      references, options); an entry without results takes its type's current name and alias. An entry with results
 *      keeps the labels it was recorded under. Location names are never copied into a walkabout (entries point at
 *      the location), so a renamed location shows its new name everywhere;
 *    - entries, sections and conditions are put in the building's current order.
 * Each walkabout is updated in one transaction that first locks its row (SELECT … FOR UPDATE), so that two presses at
 * once run one after the other and the second finds nothing left to add: no duplicate is possible. A result saved
 * while a condition is being removed wins: the DELETE re-checks the row it waited for and leaves a recorded one.
 */
import { isLocked, LOCKED_CHECK_MS } from '@fsi/shared';
import type { CurrentWalkaboutChanges } from '@fsi/shared';
import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { idArrayLiteral as idArray, queryRows } from '../../db/raw';
import { walkabouts } from '../../db/schema';
import { createDueWalkaboutsOf } from './scheduler';
import { activeEquipment, applicableTaskCondition, applicableTasks, taskOptions } from './snapshot';

/** What one press changed in one walkabout. */
export type WalkaboutChanges = {
  walkaboutId: number;
  /** Made by this press (its snapshot is the building as it is now). */
  created: boolean;
  floorsAdded: number;
  entriesAdded: number;
  entriesRemoved: number;
  conditionsAdded: number;
  conditionsRemoved: number;
  entriesKeptWithResults: number;
};

export type CurrentWalkaboutsResult = { walkabouts: WalkaboutChanges[]; changes: CurrentWalkaboutChanges };

/** A condition with a result: a value, remarks or a photo. */
const recorded = (c: SQL) => sql`(${c}.value is not null or coalesce(${c}.remarks, '') <> '' or ${c}.photo_url is not null)`;

/** An entry for which something was recorded: a result, a scan, an unavailable-QR flag, or follow-up work on it. */
const hasResults = (e: SQL) => sql`(${e}.scanned_at is not null or ${e}.qr_unavailability_kind is not null
  or exists (select 1 from conditions rc where rc.entry_id = ${e}.id and ${recorded(sql`rc`)})
  or exists (select 1 from scans sc where sc.entry_id = ${e}.id)
  or exists (select 1 from documents d where d.entry_id = ${e}.id)
  or exists (select 1 from report_follow_ups fu where fu.entry_id = ${e}.id)
  or exists (select 1 from report_comments cm where cm.entry_id = ${e}.id))`;

async function count(db: Database, query: SQL): Promise<number> {
  const rows = await queryRows<{ id: number }>(db, query);
  return rows.length;
}

/** Brings one open walkabout's snapshot up to date (see the file's comment). null when it is no longer open. */
async function updateWalkabout(db: Database, walkaboutId: number, now: Date): Promise<Omit<WalkaboutChanges, 'created'> | null> {
  return db.transaction(async (tx) => {
    const [w] = await queryRows<{ building_id: number; cycle_id: number; locked_at: string | Date | null; closed_at: string | Date | null }>(
      tx,
      sql`select building_id, cycle_id, locked_at, closed_at from walkabouts where id = ${walkaboutId} for update`,
    );
    if (!w) return null;
    const lockedAt = w.locked_at === null ? null : new Date(w.locked_at);
    if (isLocked(lockedAt, now) || (w.closed_at !== null && new Date(w.closed_at) <= now)) return null;
    const buildingId = Number(w.building_id);
    const cycleId = Number(w.cycle_id);
    const applies = (task: SQL, typeId: SQL) => applicableTaskCondition(task, typeId, buildingId, cycleId);
    // What a new snapshot would hold, read once: the location equipment that applies and the tasks that apply. Every
    // statement below tests membership in these, instead of evaluating the snapshot's rule for each of its rows.
    const applicableEquipment = await queryRows<{ id: number }>(
      tx,
      sql`select le.id from location_equipment le
        join locations l on l.id = le.location_id
        join equipment_types et on et.id = le.equipment_type_id
        where l.building_id = ${buildingId} and l.deleted_at is null and ${activeEquipment}
          and exists (select 1 from tasks t where ${applies(sql`t`, sql`et.id`)})`,
    );
    const applicableTaskRows = await queryRows<{ id: number }>(tx, sql`select t.id from tasks t where ${applies(sql`t`, sql`t.equipment_type_id`)}`);
    const equipmentIds = idArray(applicableEquipment.map((r) => Number(r.id)));
    const taskIds = idArray(applicableTaskRows.map((r) => Number(r.id)));
    const entryApplies = (e: SQL) => sql`${e}.location_equipment_id = any(${equipmentIds})`;
    /** The task applies to the entry's type, in this section (its component). */
    const taskApplies = (t: SQL, typeId: SQL, componentId: SQL) =>
      sql`${t}.id = any(${taskIds}) and ${t}.equipment_type_id = ${typeId} and ${t}.component_id is not distinct from ${componentId}`;

    const floorsAdded = await count(
      tx,
      sql`insert into walkabout_floors (walkabout_id, floor_id, name, "order")
        select ${walkaboutId}, f.id, f.name, f."order" from floors f where f.building_id = ${buildingId}
        on conflict (walkabout_id, floor_id) do nothing returning id`,
    );
    await tx.execute(sql`update walkabout_floors wf set name = f.name, "order" = f."order" from floors f
      where wf.walkabout_id = ${walkaboutId} and f.id = wf.floor_id and (wf.name <> f.name or wf."order" <> f."order")`);

    // Conditions that no longer apply (their entry, or their task for the entry's section), unless recorded. Whether the
    // task applies is one hashed lookup per condition in the applicable (task, type, component) triples, rather than a
    // scan of the tasks for each (measured here on PostgreSQL, 5,064 conditions with nothing to remove: 63 ms).
    const conditionsRemoved = await count(
      tx,
      sql`delete from conditions c using sections s, entries e
        where c.walkabout_id = ${walkaboutId} and s.id = c.section_id and e.id = c.entry_id and not ${recorded(sql`c`)}
          and (not ${entryApplies(sql`e`)}
            or c.task_id is null
            or (c.task_id, e.equipment_type_id, coalesce(s.component_id, 0)) not in
              (select t.id, t.equipment_type_id, coalesce(t.component_id, 0) from tasks t where t.id = any(${taskIds})))
        returning c.id`,
    );
    // The sections and conditions left are looked up as one hashed set of the walkabout's conditions (NOT IN over a
    // column that is never null): NOT EXISTS let PostgreSQL, on statistics older than the walkabout (as just after
    // its creation), rescan the walkabout's conditions for each section: 1.9 s instead of 0.2 for 5,064 conditions.
    await tx.execute(sql`delete from sections s where s.walkabout_id = ${walkaboutId}
      and s.id not in (select c.section_id from conditions c where c.walkabout_id = ${walkaboutId})`);
    const entriesRemoved = await count(
      tx,
      sql`delete from entries e where e.walkabout_id = ${walkaboutId}
        and not ${entryApplies(sql`e`)} and not ${hasResults(sql`e`)} returning e.id`,
    );

    // What now applies and is missing: entries (unique per walkabout and location equipment), sections, conditions.
    const entriesAdded = await count(
      tx,
      sql`insert into entries
          (walkabout_id, walkabout_floor_id, location_id, location_equipment_id, equipment_type_id, "order", label, equipment_name, alias_name)
        select ${walkaboutId}, wf.id, l.id, le.id, et.id, 0, et.name || ' (' || le.id || ')', et.name, et.alias_name
        from walkabout_floors wf
        join locations l on l.floor_id = wf.floor_id
        join location_equipment le on le.location_id = l.id
        join equipment_types et on et.id = le.equipment_type_id
        where wf.walkabout_id = ${walkaboutId} and le.id = any(${equipmentIds})
        on conflict (walkabout_id, location_equipment_id) do nothing returning id`,
    );
    await tx.execute(sql`insert into sections (walkabout_id, entry_id, equipment_type_id, component_id, name, alias_name, order_on_walkabout)
      select ${walkaboutId}, x.entry_id, x.equipment_type_id, x.component_id,
        coalesce(nullif(ec.name, ''), et.name), case when coalesce(ec.name, '') = '' then et.alias_name else ec.alias_name end, 0
      from (select distinct e.id as entry_id, e.equipment_type_id, t.component_id
            from entries e join tasks t on t.id = any(${taskIds}) and t.equipment_type_id = e.equipment_type_id
            where e.walkabout_id = ${walkaboutId} and ${entryApplies(sql`e`)}) x
      join equipment_types et on et.id = x.equipment_type_id
      left join equipment_components ec on ec.id = x.component_id
      where not exists (select 1 from sections s2 where s2.entry_id = x.entry_id and s2.component_id is not distinct from x.component_id)`);
    const conditionsAdded = await count(
      tx,
      sql`insert into conditions
          (walkabout_id, entry_id, section_id, task_id, label, type, classification, description, hint, reference_name,
           reference_wording, type_value, type_satisfactory_value, type_unsatisfactory_value, type_record_value,
           range_from, range_to, options, order_on_walkabout)
        select ${walkaboutId}, s.entry_id, s.id, t.id, t.label, t.type, t.classification, t.description, t.hint, t.reference_name,
          t.reference_description, t.type_value, t.type_satisfactory_value, t.type_unsatisfactory_value, t.type_record_value,
          t.range_from, t.range_to, ${taskOptions(sql`t`)}, 0
        from sections s
        join entries e on e.id = s.entry_id
        join tasks t on ${taskApplies(sql`t`, sql`s.equipment_type_id`, sql`s.component_id`)}
        where s.walkabout_id = ${walkaboutId} and ${entryApplies(sql`e`)}
          and (s.id, t.id) not in (select c2.section_id, c2.task_id from conditions c2 where c2.walkabout_id = ${walkaboutId} and c2.task_id is not null)
        returning id`,
    );

    // Wording: unrecorded conditions take their task's; entries and sections without results their type's and component's.
    // A task's wording, its options included, as a new snapshot takes it: worked out once per task (snapshot.ts
    // applicableTasks) rather than for each of its conditions. The unrecorded conditions left all name an applicable
    // task (the delete above took the others).
    await tx.execute(sql`with ${applicableTasks(buildingId, cycleId)}
      update conditions c set label = t.label, classification = t.classification, description = t.description,
        hint = t.hint, reference_name = t.reference_name, reference_wording = t.reference_description, options = t.walkabout_options
      from applicable t
      where c.walkabout_id = ${walkaboutId} and t.id = c.task_id and not ${recorded(sql`c`)}
        and (c.label, c.classification, c.description, c.hint, c.reference_name, c.reference_wording, c.options)
          is distinct from (t.label, t.classification, t.description, t.hint, t.reference_name, t.reference_description, t.walkabout_options)`);
    await tx.execute(sql`update entries e set label = et.name || ' (' || e.location_equipment_id || ')', equipment_name = et.name, alias_name = et.alias_name
      from equipment_types et
      where e.id in (select e2.id from entries e2 join equipment_types et2 on et2.id = e2.equipment_type_id
          where e2.walkabout_id = ${walkaboutId} and (e2.equipment_name, e2.alias_name) is distinct from (et2.name, et2.alias_name))
        and et.id = e.equipment_type_id and not ${hasResults(sql`e`)}`);
    await tx.execute(sql`update sections s set name = x.name, alias_name = x.alias_name from (
        select s2.id, s2.entry_id, coalesce(ec.name, et.name) as name, case when ec.id is null then et.alias_name else ec.alias_name end as alias_name
        from sections s2 join entries e on e.id = s2.entry_id join equipment_types et on et.id = e.equipment_type_id
          left join equipment_components ec on ec.id = s2.component_id
        where s2.walkabout_id = ${walkaboutId}
          and (s2.name, s2.alias_name) is distinct from (coalesce(ec.name, et.name), case when ec.id is null then et.alias_name else ec.alias_name end)) x
      join entries e on e.id = x.entry_id
      where s.id = x.id and not ${hasResults(sql`e`)}`);

    // The building's current order, as a new snapshot would have it.
    await tx.execute(sql`update entries e set "order" = o.n from (
        select e2.id, (row_number() over (partition by e2.walkabout_floor_id order by l."order", l.id, le.type_order, le.id))::int - 1 as n
        from entries e2 join locations l on l.id = e2.location_id join location_equipment le on le.id = e2.location_equipment_id
        where e2.walkabout_id = ${walkaboutId}) o
      where e.id = o.id and e."order" <> o.n`);
    await tx.execute(sql`update sections s set order_on_walkabout = o.n from (
        select s2.id, (row_number() over (partition by s2.entry_id order by s2.component_id is not null, ec."order", ec.id))::int - 1 as n
        from sections s2 left join equipment_components ec on ec.id = s2.component_id
        where s2.walkabout_id = ${walkaboutId}) o
      where s.id = o.id and s.order_on_walkabout <> o.n`);
    await tx.execute(sql`update conditions c set order_on_walkabout = o.n from (
        select c2.id, (row_number() over (partition by c2.section_id order by t."order" nulls last, t.id nulls last, c2.order_on_walkabout, c2.id))::int - 1 as n
        from conditions c2 left join tasks t on t.id = c2.task_id
        where c2.walkabout_id = ${walkaboutId}) o
      where c.id = o.id and c.order_on_walkabout <> o.n`);

    const [kept] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from entries e where e.walkabout_id = ${walkaboutId} and not ${entryApplies(sql`e`)}`,
    );
    return { walkaboutId, floorsAdded, entriesAdded, entriesRemoved, conditionsAdded, conditionsRemoved, entriesKeptWithResults: Number(kept?.n ?? 0) };
  });
}

/** The building's walkabouts that are not locked and not closed (including one the schedule made ahead of its opening). */
async function openWalkaboutIds(db: Database, buildingId: number, now: Date): Promise<number[]> {
  const lockLimit = new Date(now.getTime() + LOCKED_CHECK_MS).toISOString();
  const rows = await db
    .select({ id: walkabouts.id })
    .from(walkabouts)
    .where(
      and(
        eq(walkabouts.buildingId, buildingId),
        isNull(walkabouts.finalizedAt),
        sql`(${walkabouts.lockedAt} is null or ${walkabouts.lockedAt} >= ${lockLimit})`,
        sql`(${walkabouts.closedAt} is null or ${walkabouts.closedAt} > ${now.toISOString()})`,
      ),
    )
    .orderBy(walkabouts.id);
  return rows.map((r) => r.id);
}

/**
 * Creates the due walkabouts of the building and brings every open one up to date. The caller has checked the
 * building is in scope, the permission and the contract gate.
 */
export async function createCurrentWalkabouts(db: Database, buildingId: number, now: Date, log?: FastifyBaseLogger): Promise<CurrentWalkaboutsResult> {
  const createdIds = new Set(await createDueWalkaboutsOf(db, buildingId, now, log));
  const results: WalkaboutChanges[] = [];
  for (const id of await openWalkaboutIds(db, buildingId, now)) {
    const changed = await updateWalkabout(db, id, now);
    if (changed) results.push({ ...changed, created: createdIds.has(id) });
  }
  const sum = (key: keyof Omit<WalkaboutChanges, 'walkaboutId' | 'created'>) => results.reduce((total, r) => total + r[key], 0);
  const changedAny = (r: WalkaboutChanges) => r.floorsAdded + r.entriesAdded + r.entriesRemoved + r.conditionsAdded + r.conditionsRemoved > 0;
  return {
    walkabouts: results,
    changes: {
      walkaboutsCreated: results.filter((r) => r.created).length,
      walkaboutsUpdated: results.filter((r) => !r.created && changedAny(r)).length,
      entriesAdded: sum('entriesAdded'),
      entriesRemoved: sum('entriesRemoved'),
      conditionsAdded: sum('conditionsAdded'),
      conditionsRemoved: sum('conditionsRemoved'),
      entriesKeptWithResults: sum('entriesKeptWithResults'),
    },
  };
}
