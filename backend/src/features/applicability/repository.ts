/**
 * The building walkabout applicability screen (admin-organizations-buildings.md sections 2, 6 and 7; admin only):
 * for each equipment type used at a building, which of its tasks (the spec's equipment conditions) the building's
 * walkabouts include. Kept in building_task_applicability: no row for (building, type) means every task applies,
 * so that a task added to the type later applies too until an administrator unticks it.
 */
import { ONLY_ADMINISTRATORS_EDIT_APPLICABILITY_MESSAGE, TASK_NOT_OF_TYPE_MESSAGE, TYPE_NOT_AT_BUILDING_MESSAGE } from '@fsi/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/raw';
import { buildingTaskApplicability, type EntityStatus } from '../../db/schema';
import { FieldErrors, forbidden, notFound, type FieldError } from '../../jsonapi/errors';
import type { Scope } from '../../plugins/authorization';
import { findBuilding } from '../buildings/repository';

export type BuildingEquipmentRow = {
  id: number;
  name: string;
  aliasName: string | null;
  order: number;
  status: EntityStatus;
  /** Every task of the type, by cycle name, then order. */
  allTaskIds: number[];
  /** The tasks the building's walkabouts include (all of them when the building never chose). */
  applicableTaskIds: number[];
};

export type TaskRow = {
  id: number;
  label: string;
  equipmentTypeId: number;
  cycleId: number;
  cycleName: string;
  componentName: string | null;
  status: EntityStatus;
  order: number;
};

const ids = (values: readonly number[]) => sql`(${sql.join((values.length ? values : [-1]).map((id) => sql`${id}::integer`), sql`, `)})`;

/** Postgres int[] as numbers, whichever driver read them. */
const numbers = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);

/**
 * The equipment types of the building's organization used at one of its (undeleted) locations, by order and name,
 * with their tasks and the building's choice; `statuses` narrows by the type's status.
 */
export async function equipmentAtBuilding(db: Database, buildingId: number, statuses?: readonly EntityStatus[]): Promise<BuildingEquipmentRow[]> {
  const statusFilter = statuses?.length ? sql`and et.status in (${sql.join(statuses.map((s) => sql`${s}`), sql`, `)})` : sql``;
  const rows = await queryRows<BuildingEquipmentRow>(
    db,
    sql`select et.id, et.name, et.alias_name as "aliasName", et."order", et.status,
        coalesce((select array_agg(t.id order by c.name, t."order", t.id) from tasks t join cycles c on c.id = t.cycle_id
          where t.equipment_type_id = et.id), '{}') as "allTaskIds",
        coalesce((select array_agg(t.id order by c.name, t."order", t.id) from tasks t join cycles c on c.id = t.cycle_id
          where t.equipment_type_id = et.id and (a.task_ids is null or t.id = any(a.task_ids))), '{}') as "applicableTaskIds"
      from equipment_types et
      join buildings b on b.id = ${buildingId} and b.organization_id = et.organization_id
      left join building_task_applicability a on a.building_id = b.id and a.equipment_type_id = et.id
      where exists (select 1 from location_equipment le join locations l on l.id = le.location_id
        where le.equipment_type_id = et.id and l.building_id = b.id and l.deleted_at is null) ${statusFilter}
      order by et."order", et.name, et.id`,
  );
  return rows.map((row) => ({ ...row, allTaskIds: numbers(row.allTaskIds), applicableTaskIds: numbers(row.applicableTaskIds) }));
}

/** The tasks of these types with their cycle and component, in the order of allTaskIds. */
export async function tasksOfTypes(db: Database, typeIds: readonly number[]): Promise<TaskRow[]> {
  if (!typeIds.length) return [];
  return queryRows<TaskRow>(
    db,
    sql`select t.id, t.label, t.equipment_type_id as "equipmentTypeId", t.cycle_id as "cycleId", c.name as "cycleName",
        ec.name as "componentName", t.status, t."order"
      from tasks t join cycles c on c.id = t.cycle_id left join equipment_components ec on ec.id = t.component_id
      where t.equipment_type_id in ${ids(typeIds)}
      order by t.equipment_type_id, c.name, t."order", t.id`,
  );
}

/** The building in the caller's scope (404 otherwise), for an administrator (403 otherwise). */
export async function applicabilityBuilding(db: Database, scope: Scope, buildingId: number) {
  const building = await findBuilding(db, scope, buildingId);
  if (!building) throw notFound('Building');
  if (!scope.isAdmin) throw forbidden(ONLY_ADMINISTRATORS_EDIT_APPLICABILITY_MESSAGE);
  return building;
}

export type ApplicabilityChoice = { typeId: number; taskIds: number[] };

/**
 * PUT /equipment: the building's choice for each type sent, in one transaction. Every type must be used at the
 * building and every task one of the type's (422 naming each mistake); choosing all of a type's tasks removes the
 * building's row, so that tasks added later apply.
 */
export async function setApplicability(db: Database, scope: Scope, buildingId: number, choices: ApplicabilityChoice[]): Promise<number[]> {
  await applicabilityBuilding(db, scope, buildingId);
  const types = new Map((await equipmentAtBuilding(db, buildingId)).map((row) => [row.id, row]));
  const errors: FieldError[] = [];
  const seen = new Set<number>();
  for (const [index, choice] of choices.entries()) {
    const type = types.get(choice.typeId);
    if (!type || seen.has(choice.typeId)) {
      errors.push({ pointer: `/data/${index}/id`, detail: type ? 'Each equipment type may be sent once.' : TYPE_NOT_AT_BUILDING_MESSAGE });
      continue;
    }
    seen.add(choice.typeId);
    if (choice.taskIds.some((id) => !type.allTaskIds.includes(id))) {
      errors.push({ pointer: `/data/${index}/attributes/applicableWalkaboutEquipmentConditionIds`, detail: TASK_NOT_OF_TYPE_MESSAGE });
    }
  }
  if (errors.length) throw new FieldErrors(errors);
  await db.transaction(async (tx) => {
    for (const choice of choices) {
      const all = types.get(choice.typeId)!.allTaskIds;
      const chosen = [...new Set(choice.taskIds)].sort((a, b) => a - b);
      const where = and(eq(buildingTaskApplicability.buildingId, buildingId), eq(buildingTaskApplicability.equipmentTypeId, choice.typeId));
      if (chosen.length === all.length) {
        await tx.delete(buildingTaskApplicability).where(where);
        continue;
      }
      await tx
        .insert(buildingTaskApplicability)
        .values({ buildingId, equipmentTypeId: choice.typeId, taskIds: chosen })
        .onConflictDoUpdate({ target: [buildingTaskApplicability.buildingId, buildingTaskApplicability.equipmentTypeId], set: { taskIds: chosen } });
    }
  });
  return choices.map((choice) => choice.typeId);
}

/** The type statuses of `status[]` (section 4: active, disabled shown Inactive, paused). */
export const TYPE_STATUSES = ['active', 'paused', 'disabled'] as const satisfies readonly EntityStatus[];
