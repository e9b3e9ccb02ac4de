/**
 * A task (the spec's equipment condition) as GraphQL serves it (models.ts): plain fields only, so graphql-js's
 * default resolver reads each. The REST spellings of the type, classification and status become the enums'.
 */
import { parseValueList, toFiniteNumber } from '@fsi/shared';
import { parseTaskClassification } from '@fsi/shared/tasks';
import type { Task, TaskClassification, TaskComponentChoice, TaskEquipmentChoice, TaskStatus, TaskType } from '../../generated/resolvers';
import type { RestBody } from '../../rest-types';

export type TaskResource = RestBody<'/equipment_conditions'>['data'][number];
type EquipmentChoiceResource = RestBody<'/organizations/{organizationId}/equipment-choices'>['data'][number];

const STATUS_FROM_WIRE = { active: 'ACTIVE', paused: 'PAUSED', disabled: 'DISABLED' } as const satisfies Record<string, TaskStatus>;

/** REST 'yesnonotapplicable' is GraphQL YESNONOTAPPLICABLE: the same word in capitals. */
export const taskTypeFromWire = (type: string): TaskType => type.toUpperCase() as TaskType;
/** GraphQL YESNO is REST 'yesno'. */
export const taskTypeToWire = (type: TaskType): string => type.toLowerCase();
/** REST 'Inspect' is GraphQL INSPECT; a classification the enum does not have (an imported one) is null. */
export function classificationFromWire(classification: string | null): TaskClassification | null {
  const known = parseTaskClassification(classification);
  return classification && known ? (known.toUpperCase() as TaskClassification) : null;
}
/** GraphQL INSPECT is REST 'Inspect'. */
export const classificationToWire = (classification: TaskClassification): string => classification.charAt(0) + classification.slice(1).toLowerCase();
export const statusFromWire = (status: keyof typeof STATUS_FROM_WIRE): TaskStatus => STATUS_FROM_WIRE[status];
export const statusToWire = (status: TaskStatus): 'active' | 'paused' | 'disabled' => status.toLowerCase() as 'active' | 'paused' | 'disabled';

export function toTask(resource: TaskResource): Task {
  const a = resource.attributes;
  return {
    id: resource.id,
    label: a.label,
    type: taskTypeFromWire(a.conditionType),
    classification: classificationFromWire(a.classification),
    description: a.description,
    hint: a.hint,
    referenceName: a.reference_name,
    referenceDescription: a.reference_description,
    rangeFrom: toFiniteNumber(a.rangeFrom),
    rangeTo: toFiniteNumber(a.rangeTo),
    values: parseValueList(a.typeValue),
    satisfactoryValues: parseValueList(a.typeSatisfactoryValue),
    unsatisfactoryValues: parseValueList(a.typeUnsatisfactoryValue),
    recordValues: parseValueList(a.typeRecordValue),
    organizationId: String(a.organizationId),
    cycleId: String(a.cycleId),
    cycleName: a.cycleName,
    equipmentTypeId: String(a.equipmentTypeId),
    equipmentTypeName: a.equipmentTypeName,
    componentId: a.componentId === null ? null : String(a.componentId),
    componentName: a.componentName,
    groupId: a.groupId === null ? null : String(a.groupId),
    groupName: a.groupName,
    status: statusFromWire(a.status),
    statusDisplayName: a.statusDisplayName,
    active: a.active,
    parentStatus: statusFromWire(a.parentStatus),
    order: a.order,
    groupOrder: a.groupOrder,
    version: a.version,
  };
}

export function toTaskEquipmentChoice(resource: EquipmentChoiceResource): TaskEquipmentChoice {
  const a = resource.attributes;
  return {
    id: resource.id,
    name: a.name,
    aliasName: a.alias_name,
    status: statusFromWire(a.status),
    components: a.components.map((c): TaskComponentChoice => ({ id: String(c.id), name: c.name, aliasName: c.alias_name, disabled: c.disabled })),
  };
}
