/**
 * Creating a walkabout and its snapshot (DESIGN.md section 4, "What a walkabout contains"): each
 * floor, each location on it, each active equipment type at that location with its components as
 * sections, and the cycle's active tasks, less what is paused or disabled at building level.
 *
 * Creation is idempotent: the walkabout row is inserted with ON CONFLICT DO NOTHING on
 * (building, cycle, periodKey), and the snapshot is taken only by the caller whose insert won, in
 * the same transaction. The snapshot is four INSERT … SELECT statements whatever its size, so a
 * walkabout of 10,000 conditions costs the same round trips as one of ten.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/raw';

export type NewWalkabout = {
  buildingId: number;
  cycleId: number;
  periodKey: string;
  date: string;
  endDate: string | null;
  openedAt: Date;
  lockedAt: Date | null;
  isFireWatch?: boolean;
  fireWatchId?: number | null;
};

/**
 * Tasks of the cycle that apply at the building: active, of an enabled component, neither paused nor disabled at the
 * building, and chosen for the building on the walkabout applicability screen (no row for the type: all are).
 */
function taskApplies(task: SQL, buildingId: number, cycleId: number): SQL {
  return sql`${task}.cycle_id = ${cycleId}
    and ${task}.status = 'active'
    and (${task}.component_id is null or exists (
      select 1 from equipment_components ec where ec.id = ${task}.component_id and not ec.disabled))
    and not exists (select 1 from building_suspensions s
      where s.building_id = ${buildingId} and (s.task_id = ${task}.id or s.equipment_type_id = ${task}.equipment_type_id))
    and not exists (select 1 from building_task_applicability a
      where a.building_id = ${buildingId} and a.equipment_type_id = ${task}.equipment_type_id and not (${task}.id = any(a.task_ids)))`;
}

/** Tasks of the cycle that apply to an entry of this equipment type at the building (taskApplies). */
function applicableTask(task: SQL, entryTypeId: SQL, buildingId: number, cycleId: number): SQL {
  return sql`${task}.equipment_type_id = ${entryTypeId} and ${taskApplies(task, buildingId, cycleId)}`;
}

/**
 * A task's options as a walkabout takes them: its own, with what the 'Override Conditions' modal switched on for its
 * tasks group on a component of its type (the task's own component when it has one; the first such group by order).
 * Only the switches that are on count: an override never turns a task's own option off.
 */
export function taskOptions(task: SQL): SQL {
  return sql`(${task}.options || coalesce((select jsonb_object_agg(o.key, o.value)
    from (select ecg.overrides from equipment_component_condition_groups ecg
          join equipment_components oc on oc.id = ecg.component_id
          where ecg.task_group_id = ${task}.group_id and oc.equipment_type_id = ${task}.equipment_type_id
            and (${task}.component_id is null or oc.id = ${task}.component_id)
          order by ecg."order", ecg.id limit 1) g,
      jsonb_each(g.overrides) o
    where o.value = 'true'::jsonb), '{}'::jsonb))`;
}

/**
 * Equipment at a location that a walkabout includes: active, not disabled, of an active type (the location itself
 * not deleted: each query adds `l.deleted_at is null`). Exported for Create Current Walkabouts (current.ts).
 */
export const activeEquipment = sql`le.state = 'active' and not le.disabled and et.status = 'active'`;

/** True when a walkabout of this cycle at this building would have at least one condition. */
export async function hasApplicableTasks(db: Database, buildingId: number, cycleId: number): Promise<boolean> {
  const found = await queryRows<{ found: number }>(
    db,
    sql`select 1 as found from locations l
      join location_equipment le on le.location_id = l.id
      join equipment_types et on et.id = le.equipment_type_id
      where l.building_id = ${buildingId} and l.deleted_at is null and ${activeEquipment}
        and exists (select 1 from tasks t where ${applicableTask(sql`t`, sql`et.id`, buildingId, cycleId)})
      limit 1`,
  );
  return found.length > 0;
}

/**
 * The applicable tasks of the cycle at the building with their options as the walkabout takes them, as a CTE: the
 * rule and the options depend on the task alone, so they are worked out once per task, not once per entry, section
 * or condition (issue 8: the planner, expecting one row, ran them for each of the 10,000 pairs of a large walkabout).
 * Create Current Walkabouts (current.ts) gives unrecorded conditions their task's wording from it.
 */
export function applicableTasks(buildingId: number, cycleId: number): SQL {
  return sql`applicable as materialized (select t.*, ${taskOptions(sql`t`)} as walkabout_options
    from tasks t where ${taskApplies(sql`t`, buildingId, cycleId)})`;
}

/** Copies the building's floors, entries, sections and conditions into the new walkabout. */
async function takeSnapshot(db: Database, walkaboutId: number, buildingId: number, cycleId: number): Promise<void> {
  await db.execute(sql`insert into walkabout_floors (walkabout_id, floor_id, name, "order")
    select ${walkaboutId}, f.id, f.name, f."order" from floors f where f.building_id = ${buildingId}`);
  await db.execute(sql`with ${applicableTasks(buildingId, cycleId)}
    insert into entries
      (walkabout_id, walkabout_floor_id, location_id, location_equipment_id, equipment_type_id, "order", label, equipment_name, alias_name)
    select ${walkaboutId}, wf.id, l.id, le.id, et.id,
      (row_number() over (partition by wf.id order by l."order", l.id, le.type_order, le.id))::int - 1,
      et.name || ' (' || le.id || ')', et.name, et.alias_name
    from walkabout_floors wf
    join locations l on l.floor_id = wf.floor_id
    join location_equipment le on le.location_id = l.id
    join equipment_types et on et.id = le.equipment_type_id
    where wf.walkabout_id = ${walkaboutId} and l.deleted_at is null and ${activeEquipment}
      and exists (select 1 from applicable t where t.equipment_type_id = et.id)`);
  // A type's own tasks form one section (first); each component with tasks forms another.
  await db.execute(sql`with ${applicableTasks(buildingId, cycleId)}
    insert into sections
      (walkabout_id, entry_id, equipment_type_id, component_id, name, alias_name, order_on_walkabout)
    select ${walkaboutId}, x.entry_id, x.equipment_type_id, x.component_id,
      coalesce(nullif(ec.name, ''), et.name), case when coalesce(ec.name, '') = '' then et.alias_name else ec.alias_name end,
      (row_number() over (partition by x.entry_id order by x.component_id is not null, ec."order", ec.id))::int - 1
    from (select e.id as entry_id, e.equipment_type_id, t.component_id
          from entries e join (select distinct equipment_type_id, component_id from applicable) t on t.equipment_type_id = e.equipment_type_id
          where e.walkabout_id = ${walkaboutId}) x
    join equipment_types et on et.id = x.equipment_type_id
    left join equipment_components ec on ec.id = x.component_id`);
  // A condition's place in its section is its task's among the tasks of the section's type and component: worked out
  // once per task, not by sorting the 10,000 conditions of a large walkabout.
  await db.execute(sql`with ${applicableTasks(buildingId, cycleId)},
      ranked as (select t.*, (row_number() over (partition by t.equipment_type_id, t.component_id order by t."order", t.id))::int - 1 as place
        from applicable t)
    insert into conditions
      (walkabout_id, entry_id, section_id, task_id, label, type, classification, description, hint, reference_name,
       reference_wording, type_value, type_satisfactory_value, type_unsatisfactory_value, type_record_value,
       range_from, range_to, options, order_on_walkabout)
    select ${walkaboutId}, s.entry_id, s.id, t.id, t.label, t.type, t.classification, t.description, t.hint, t.reference_name,
      t.reference_description, t.type_value, t.type_satisfactory_value, t.type_unsatisfactory_value, t.type_record_value,
      t.range_from, t.range_to, t.walkabout_options, t.place
    from sections s
    join ranked t on t.equipment_type_id = s.equipment_type_id and t.component_id is not distinct from s.component_id
    where s.walkabout_id = ${walkaboutId}`);
}

/**
 * Inserts the walkabout unless one exists for its building, cycle and period, and takes its
 * snapshot when inserted. Runs in the caller's transaction when given one.
 * Answers the walkabout's id and whether this call created it.
 */
export async function createWalkabout(db: Database, walkabout: NewWalkabout): Promise<{ id: number; created: boolean }> {
  return db.transaction(async (tx) => {
    const inserted = await queryRows<{ id: number }>(
      tx,
      sql`insert into walkabouts (building_id, cycle_id, period_key, date, end_date, opened_at, locked_at, is_fire_watch, fire_watch_id)
        values (${walkabout.buildingId}, ${walkabout.cycleId}, ${walkabout.periodKey}, ${walkabout.date}, ${walkabout.endDate},
          ${walkabout.openedAt.toISOString()}, ${walkabout.lockedAt?.toISOString() ?? null}, ${walkabout.isFireWatch ?? false},
          ${walkabout.fireWatchId ?? null})
        on conflict (building_id, cycle_id, period_key) do nothing
        returning id`,
    );
    if (inserted[0]) {
      await takeSnapshot(tx, inserted[0].id, walkabout.buildingId, walkabout.cycleId);
      return { id: inserted[0].id, created: true };
    }
    const existing = await queryRows<{ id: number }>(
      tx,
      sql`select id from walkabouts where building_id = ${walkabout.buildingId} and cycle_id = ${walkabout.cycleId}
        and period_key = ${walkabout.periodKey}`,
    );
    return { id: existing[0]!.id, created: false };
  });
}

/** applicableTask for Create Current Walkabouts (current.ts), which brings open walkabouts up to date by the same rule. */
export const applicableTaskCondition = applicableTask;
