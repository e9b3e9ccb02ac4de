/**
 * The REST contract of Manage Tasks at organization level (admin-organizations-buildings.md section 7): the listing
 * of an organization's tasks (the spec's equipment conditions), and POST /cycles/{cycleId}/equipment_conditions,
 * PUT /equipment_conditions/{id} (an edit, or a status change) and PUT /equipment_conditions/reorder with the payload
 * keys as the spec writes them, plus the `version` a change was made on (an older one is refused with 409 STALE).
 */
import { CONDITION_TYPES } from '@fsi/shared';
import { TASK_STATUSES } from '@fsi/shared/tasks';
import Type from 'typebox';
import { IdList, IdParams, ListQuery, SingleId } from '../../jsonapi/query';
import { Bool, errorResponses, Int, IntNull, ListDocument, ref, Resource, SingleDocument, Str, StringEnum, StringOrNull, StrNull } from '../../jsonapi/schemas';

export const TaskStatus = StringEnum(TASK_STATUSES);

/** A task of an organization as Manage Tasks lists it (section 3 'Task'). */
export const TaskResource = Resource(
  'TaskResource',
  'equipment-conditions',
  {
    /** The task's name (the spec calls it name and label). */
    label: Str,
    name: Str,
    /**
     * The task's type (section 9): boolean, yesno, yesnonotapplicable, number, string, range, dropdown or multiselect
     * (time among imported tasks). Named conditionType as the walkabout's conditions name it: JSON:API reserves `type`.
     */
    conditionType: StringEnum(CONDITION_TYPES),
    /** Apply, Count, Check, Maintain, Record, Replace, Inspect or Test (section 9). */
    classification: StrNull,
    description: StrNull,
    hint: StrNull,
    reference_name: StrNull,
    reference_description: StrNull,
    /** A range task's bounds, as numeric text. */
    rangeFrom: StrNull,
    rangeTo: StrNull,
    /** A dropdown's values, or every value a multiselect offers; comma-separated. */
    typeValue: StrNull,
    /** The satisfactory answers (a string, dropdown or multiselect task); comma-separated. */
    typeSatisfactoryValue: StrNull,
    /** A multiselect's unsatisfactory values; comma-separated. */
    typeUnsatisfactoryValue: StrNull,
    /** A multiselect's values that are only recorded; comma-separated. */
    typeRecordValue: StrNull,
    organizationId: Int,
    cycleId: Int,
    cycleName: Str,
    /** The equipment type the task belongs to. */
    equipmentTypeId: Int,
    equipmentTypeName: Str,
    /** The component of the type the task belongs to, or null for the type's own tasks. */
    componentId: IntNull,
    componentName: StrNull,
    /** The task group, or null when the task is in none. */
    groupId: IntNull,
    groupName: StrNull,
    status: TaskStatus,
    /** The status of the task's equipment type: the task's status select shows only while it is active (section 2). */
    parentStatus: TaskStatus,
    /** Its place among the tasks of its type (walkabouts list a type's tasks in this order). */
    order: Int,
    /** Its place in its task group. */
    groupOrder: Int,
    /** status is active. */
    active: Bool,
    /** Active, Paused or Inactive. */
    statusDisplayName: Str,
    /** Raised by every change, order and status included; an edit or reorder naming an older one is refused (409 STALE). */
    version: Int,
  },
  {},
);

/** A component of an equipment type, for the Add Task modal's component select. */
const TaskComponentChoice = Type.Object({ id: Int, name: Str, alias_name: StrNull, order: Int, disabled: Bool });

/** An equipment type of the organization that a new task can be of, with its components (the Add Task modal). */
export const TaskEquipmentChoiceResource = Resource(
  'TaskEquipmentChoiceResource',
  'equipment',
  { name: Str, alias_name: StrNull, order: Int, status: TaskStatus, components: Type.Array(TaskComponentChoice) },
  {},
);

export const taskEquipmentChoicesSchema = {
  tags: ['tasks'],
  summary:
    "The organization's equipment types, in their order, with their status and components: what the Add Task modal offers (every user of the organization; administrators: any)",
  params: Type.Object({ organizationId: SingleId }),
  response: { 200: Type.Object({ data: Type.Array(ref(TaskEquipmentChoiceResource)), meta: Type.Object({ total: Int }) }), ...errorResponses },
};

export const listTasksSchema = {
  tags: ['tasks'],
  summary:
    "An organization's tasks (the spec's equipment conditions) for Manage Tasks, by group name, then order: every user of the organization (administrators: any organization)",
  querystring: ListQuery({
    'filter[organization]': Type.Optional(SingleId),
    'filter[cycle]': Type.Optional(IdList),
    'filter[equipment]': Type.Optional(IdList),
  }),
  response: { 200: ListDocument(ref(TaskResource)), ...errorResponses },
};

/** A number, or digits as a string (the old client sends ids both ways). */
const IdInteger = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const IdString = Type.String({ pattern: '^\\d{1,9}$' });
const IdValue = Type.Union([IdInteger, IdString]);
// Null first: with the schemas' type coercion a null tried against the integer branch first would become 0.
const OptionalId = Type.Optional(Type.Union([Type.Null(), IdInteger, IdString]));
const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The version the task was read at; an older one than stored is refused (409 STALE)' });
/** Texts are checked by the rules of @fsi/shared tasks.ts (the spec's messages); the schema only bounds what is read. */
const Text = (description: string) => Type.Optional(StringOrNull({ maxLength: 2000, description }));
const Values = (description: string) => Type.Optional(StringOrNull({ maxLength: 4000, description }));
const Bound = (description: string) => Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 100 }), Type.Number()], { description }));

const taskAttributes = {
  label: Text("The task's name: required ('Task name is required field'), at most 256 characters"),
  type: Type.Optional(StringOrNull({ maxLength: 100, description: 'Boolean, YesNo, YesNoNotApplicable, Number, String (the default), Range, Dropdown or Multiselect, in any letter case' })),
  classification: Type.Optional(StringOrNull({ maxLength: 100, description: 'Apply (the default), Count, Check, Maintain, Record, Replace, Inspect or Test' })),
  description: Text('At most 256 characters'),
  hint: Text('At most 256 characters'),
  reference_name: Text('At most 256 characters'),
  reference_description: Text('At most 256 characters'),
  rangeFrom: Bound('Range: the smallest satisfactory number (required for a Range task)'),
  rangeTo: Bound('Range: the largest satisfactory number (required for a Range task), not below rangeFrom'),
  typeValue: Values("Dropdown: its values, comma-separated (required: 'Dropdown values is required field'); at most 512 characters"),
  typeUnsatisfactoryValue: Values('Multiselect: the values that make the answer unsatisfactory; at most 512 characters'),
  typeSatisfactoryValue: Values(
    'String and Dropdown: the satisfactory answers (none: any answer); Multiselect: the values all to be chosen for a satisfactory answer; at most 512 characters',
  ),
  typeRecordValue: Values('Multiselect: values that are only recorded (choosing only these is satisfactory); at most 512 characters'),
};

export const createTaskSchema = {
  tags: ['tasks'],
  summary:
    'Add a task of an equipment type for the cycle of the path (administrators and canManageOrganization): every task type of section 9 with its values; it goes after the type’s last task',
  description:
    "A cycle of the path that is not a number ('null', as the old client sends when none was chosen) is refused with 'Cycle is required field' at /cycle_id, with the body's other mistakes. Values that the task's type does not use are not kept.",
  params: Type.Object({ cycleId: Type.String({ pattern: '^(\\d{1,9}|null|undefined)$', description: "The task's cycle" }) }),
  body: Type.Object({
    organization_id: IdValue,
    /** The equipment type (required: 'Equipment type is required field'). */
    equipment_id: OptionalId,
    /** A component of the type, for a component's task. */
    component_id: OptionalId,
    /** A task group of the organization. */
    group_id: OptionalId,
    attributes: Type.Object(taskAttributes),
  }),
  response: { 201: SingleDocument(ref(TaskResource)), ...errorResponses },
};

export const updateTaskSchema = {
  tags: ['tasks'],
  summary:
    "Edit a task's description, hint, references and classification, or set its status (active, paused, disabled): administrators and canManageOrganization; with version, a stale change is refused (409 STALE)",
  description:
    'The name, cycle, type, equipment type, range and values are fixed once the task exists: sending one of them with another value than stored is refused with 422 at its pointer (sending it unchanged is harmless).',
  params: IdParams,
  body: Type.Object({
    /** The task's organization, as the spec's status change sends it. */
    organization_id: Type.Optional(IdValue),
    attributes: Type.Object({
      description: taskAttributes.description,
      hint: taskAttributes.hint,
      reference_name: taskAttributes.reference_name,
      reference_description: taskAttributes.reference_description,
      classification: taskAttributes.classification,
      status: Type.Optional(TaskStatus),
      version: Type.Optional(Version),
      // Locked: refused when different from the stored value.
      label: taskAttributes.label,
      type: taskAttributes.type,
      rangeFrom: taskAttributes.rangeFrom,
      rangeTo: taskAttributes.rangeTo,
      typeValue: taskAttributes.typeValue,
      typeSatisfactoryValue: taskAttributes.typeSatisfactoryValue,
      typeUnsatisfactoryValue: taskAttributes.typeUnsatisfactoryValue,
      typeRecordValue: taskAttributes.typeRecordValue,
      cycle_id: OptionalId,
      equipment_id: OptionalId,
    }),
  }),
  response: { 200: SingleDocument(ref(TaskResource)), ...errorResponses },
};

export const reorderTasksSchema = {
  tags: ['tasks'],
  summary:
    'Set the order of the tasks whose order changed (administrators and canManageOrganization), in one transaction: one stale version refuses them all (409 STALE). Answers the changed tasks',
  body: Type.Object({
    attributes: Type.Array(Type.Object({ id: IdValue, order: Type.Integer({ minimum: 0, maximum: 1_000_000 }), version: Type.Optional(Version) }), { minItems: 1, maxItems: 1000 }),
  }),
  response: { 200: ListDocument(ref(TaskResource)), ...errorResponses },
};
