/**
 * GET /data?type=: one organization's data set as rows of DATA_SET_COLUMNS (@fsi/shared), in the order the
 * screens show them (by order, then id), so that an export imported into an empty organization and exported
 * again gives the same file.
 */
import { DATA_SET_COLUMNS, EQUIPMENT_TYPES_SEPARATOR, type DataSetType } from '@fsi/shared/import-export';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  buildings,
  cycles,
  equipmentComponentConditionGroups,
  equipmentComponents,
  equipmentTypes,
  floors,
  locationEquipment,
  locations,
  taskGroups,
  tasks,
} from '../../db/schema';

const cell = (value: string | number | boolean | null | undefined): string => (value === null || value === undefined ? '' : String(value));

async function conditionRows(db: Database, organizationId: number, references: boolean): Promise<string[][]> {
  const rows = await db
    .select({
      type_name: equipmentTypes.name,
      component_name: equipmentComponents.name,
      cycle_name: cycles.name,
      group_name: taskGroups.name,
      task: tasks,
    })
    .from(tasks)
    .innerJoin(equipmentTypes, eq(equipmentTypes.id, tasks.equipmentTypeId))
    .innerJoin(cycles, eq(cycles.id, tasks.cycleId))
    .leftJoin(equipmentComponents, eq(equipmentComponents.id, tasks.componentId))
    .leftJoin(taskGroups, eq(taskGroups.id, tasks.groupId))
    .where(eq(tasks.organizationId, organizationId))
    .orderBy(asc(equipmentTypes.order), asc(equipmentTypes.id), asc(tasks.order), asc(tasks.id));
  return rows.map(({ task: t, ...names }) => {
    const values: Record<string, string> = {
      type_name: names.type_name,
      component_name: cell(names.component_name),
      cycle_name: names.cycle_name,
      group_name: cell(names.group_name),
      group_order: cell(t.groupId === null ? null : t.groupOrder),
      label: t.label,
      task_type: t.type,
      classification: cell(t.classification),
      description: cell(t.description),
      hint: cell(t.hint),
      reference_name: cell(t.referenceName),
      reference_description: cell(t.referenceDescription),
      range_from: cell(t.rangeFrom),
      range_to: cell(t.rangeTo),
      type_value: cell(t.typeValue),
      type_satisfactory_value: cell(t.typeSatisfactoryValue),
      type_unsatisfactory_value: cell(t.typeUnsatisfactoryValue),
      type_record_value: cell(t.typeRecordValue),
      status: t.status,
      order: cell(t.order),
    };
    return (references ? DATA_SET_COLUMNS.references : DATA_SET_COLUMNS.conditions).map((c) => values[c] ?? '');
  });
}

async function typeRows(db: Database, organizationId: number): Promise<string[][]> {
  const rows = await db
    .select({ type: equipmentTypes, component: equipmentComponents, group: equipmentComponentConditionGroups, group_name: taskGroups.name })
    .from(equipmentTypes)
    .leftJoin(equipmentComponents, eq(equipmentComponents.equipmentTypeId, equipmentTypes.id))
    .leftJoin(equipmentComponentConditionGroups, eq(equipmentComponentConditionGroups.componentId, equipmentComponents.id))
    .leftJoin(taskGroups, eq(taskGroups.id, equipmentComponentConditionGroups.taskGroupId))
    .where(eq(equipmentTypes.organizationId, organizationId))
    .orderBy(
      asc(equipmentTypes.order),
      asc(equipmentTypes.id),
      asc(equipmentComponents.order),
      asc(equipmentComponents.id),
      asc(equipmentComponentConditionGroups.order),
      asc(equipmentComponentConditionGroups.id),
    );
  return rows.map(({ type, component, group, group_name }) => {
    const values: Record<string, string> = {
      type_name: type.name,
      type_alias: cell(type.aliasName),
      type_order: cell(type.order),
      type_status: type.status,
      component_name: cell(component?.name),
      component_alias: cell(component?.aliasName),
      component_order: cell(component?.order),
      component_disabled: cell(component?.disabled),
      group_name: cell(group ? group_name : null),
      group_from: cell(group?.from),
      group_to: cell(group?.to),
      group_order: cell(group?.order),
      disable_unsatisfactory_photo: cell(group ? (group.overrides.disableUnsatisfactoryPhoto ?? false) : null),
      disable_unsatisfactory_remarks: cell(group ? (group.overrides.disableUnsatisfactoryRemarks ?? false) : null),
      make_photo_and_remarks_optional: cell(group ? (group.overrides.makePhotoAndRemarksOptional ?? false) : null),
    };
    return DATA_SET_COLUMNS.types.map((c) => values[c] ?? '');
  });
}

async function buildingRows(db: Database, organizationId: number, buildingId: number | undefined): Promise<string[][]> {
  const rows = await db
    .select({ building: buildings, floor: floors, location: locations })
    .from(buildings)
    .leftJoin(floors, eq(floors.buildingId, buildings.id))
    .leftJoin(locations, and(eq(locations.floorId, floors.id), isNull(locations.deletedAt)))
    .where(and(eq(buildings.organizationId, organizationId), buildingId === undefined ? undefined : eq(buildings.id, buildingId)))
    .orderBy(asc(buildings.order), asc(buildings.id), asc(floors.order), asc(floors.id), asc(locations.order), asc(locations.id));
  const locationIds = rows.flatMap((r) => (r.location ? [r.location.id] : []));
  const equipment = new Map<number, string[]>();
  for (let i = 0; i < locationIds.length; i += 5_000) {
    const links = await db
      .select({ locationId: locationEquipment.locationId, name: equipmentTypes.name })
      .from(locationEquipment)
      .innerJoin(equipmentTypes, eq(equipmentTypes.id, locationEquipment.equipmentTypeId))
      .where(inArray(locationEquipment.locationId, locationIds.slice(i, i + 5_000)))
      .orderBy(asc(locationEquipment.locationId), asc(locationEquipment.typeOrder), asc(locationEquipment.id));
    for (const link of links) equipment.set(link.locationId, [...(equipment.get(link.locationId) ?? []), link.name]);
  }
  return rows.map(({ building, floor, location }) => {
    const values: Record<string, string> = {
      building_name: building.name,
      building_order: cell(building.order),
      floor_label_name: cell(building.floorDisplayName),
      occupancy_type: cell(building.information.occupancyType),
      time_zone: building.timeZone,
      floor_name: cell(floor?.name),
      floor_order: cell(floor?.order),
      location_name: cell(location?.name),
      location_hint: cell(location?.hint),
      location_order: cell(location?.order),
      equipment_types: location ? (equipment.get(location.id) ?? []).join(EQUIPMENT_TYPES_SEPARATOR) : '',
    };
    return DATA_SET_COLUMNS.buildings.map((c) => values[c] ?? '');
  });
}

export async function exportRows(db: Database, type: DataSetType, organizationId: number, buildingId?: number): Promise<string[][]> {
  switch (type) {
    case 'conditions':
      return conditionRows(db, organizationId, false);
    case 'references':
      return conditionRows(db, organizationId, true);
    case 'types':
      return typeRows(db, organizationId);
    case 'buildings':
      return buildingRows(db, organizationId, buildingId);
  }
}
