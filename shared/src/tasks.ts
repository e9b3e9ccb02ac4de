/**
 * Tasks (the spec's equipment conditions) at organization level: admin-organizations-buildings.md sections 2 ('Manage
 * Tasks at organization level'), 3 'Task', 4, 5 'Task', 6 and 9 (task types, classifications). The task types and
 * classifications, the validation of the Add/Edit Task modal with the spec's messages word for word, how a task's
 * values are stored so that a walkabout answers it (walkabouts/satisfaction.ts and validation.ts read them), and who
 * may see and change tasks. The web runs these for instant feedback and the backend for the authoritative 422.
 */
import { ADMIN_TEXT_MAX_LENGTH, validateOptionalText, validateRequiredName } from './administration';
import type { Permissions } from './permissions';
import { toFiniteNumber } from './text-rule';
import { parseValueList } from './walkabouts/satisfaction';

/** Section 9's task types, as the REST contract stores them (the lower-case spelling of the spec's names). */
export const TASK_TYPES = ['boolean', 'yesno', 'yesnonotapplicable', 'number', 'string', 'range', 'dropdown', 'multiselect'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
/** 'String' (section 9: the default type). */
export const DEFAULT_TASK_TYPE: TaskType = 'string';
/** The spec's names of the task types (section 9), shown in the type select. */
export const TASK_TYPE_LABELS: Record<TaskType, string> = {
  boolean: 'Boolean',
  yesno: 'YesNo',
  yesnonotapplicable: 'YesNoNotApplicable',
  number: 'Number',
  string: 'String',
  range: 'Range',
  dropdown: 'Dropdown',
  multiselect: 'Multiselect',
};

/** Section 9's classifications; Apply is the default. */
export const TASK_CLASSIFICATIONS = ['Apply', 'Count', 'Check', 'Maintain', 'Record', 'Replace', 'Inspect', 'Test'] as const;
export type TaskClassification = (typeof TASK_CLASSIFICATIONS)[number];
export const DEFAULT_TASK_CLASSIFICATION: TaskClassification = 'Apply';

/** Task status (section 4): active, paused, disabled (shown Inactive). */
export const TASK_STATUSES = ['active', 'paused', 'disabled'] as const;
export type TaskStatusValue = (typeof TASK_STATUSES)[number];
export const TASK_STATUS_DISPLAY_NAMES: Record<TaskStatusValue, string> = { active: 'Active', paused: 'Paused', disabled: 'Inactive' };

/** Names and texts are at most 256 characters, lists of values at most 512 (section 9). */
export const TASK_TEXT_MAX_LENGTH = ADMIN_TEXT_MAX_LENGTH;
export const TASK_VALUES_MAX_LENGTH = 512;

export const TASK_NAME_REQUIRED_MESSAGE = 'Task name is required field';
export const TASK_CYCLE_REQUIRED_MESSAGE = 'Cycle is required field';
export const DROPDOWN_VALUES_REQUIRED_MESSAGE = 'Dropdown values is required field';
export const MULTISELECT_VALUES_REQUIRED_MESSAGE = 'At least one valid value for Satisfactory, Unsatisfactory or Record should be provided';
/** The spec has no words for these; they say what is wrong and how to put it right. */
export const TASK_EQUIPMENT_REQUIRED_MESSAGE = 'Equipment type is required field';
export const RANGE_FROM_REQUIRED_MESSAGE = 'Range from is required field';
export const RANGE_TO_REQUIRED_MESSAGE = 'Range to is required field';
export const RANGE_FROM_NUMBER_MESSAGE = 'Range from must be a number';
export const RANGE_TO_NUMBER_MESSAGE = 'Range to must be a number';
export const RANGE_ORDER_MESSAGE = 'Range from must not be greater than Range to';
export const DROPDOWN_SATISFACTORY_MESSAGE = 'Satisfactory values must be among the Dropdown values';
// Written out (not joined from the lists) so that bundles which never use them can drop them.
export const TASK_TYPE_MESSAGE = 'Task type must be one of: Boolean, YesNo, YesNoNotApplicable, Number, String, Range, Dropdown, Multiselect';
export const TASK_CLASSIFICATION_MESSAGE = 'Classification must be one of: Apply, Count, Check, Maintain, Record, Replace, Inspect, Test';
export const NOT_ALLOWED_TO_MANAGE_TASKS_MESSAGE = "Only administrators and users who can manage the organization can add, edit, reorder or change the status of its tasks.";
export const TASK_COMPONENT_NOT_OF_TYPE_MESSAGE = 'Component must be one of the equipment type’s components';
export const TASK_GROUP_NOT_OF_ORGANIZATION_MESSAGE = 'Group must be one of the organization’s task groups';
export const TASK_CYCLE_NOT_OF_ORGANIZATION_MESSAGE = 'Cycle must be one of the organization’s cycles';
export const TASK_EQUIPMENT_NOT_OF_ORGANIZATION_MESSAGE = 'Equipment type must be one of the organization’s types';
export const TASK_ORGANIZATION_MISMATCH_MESSAGE = 'organization_id must be the task’s organization';
export const TASK_NAMED_TWICE_MESSAGE = 'Each task may be named once';
/** Lists are stored as one comma-separated text (walkabouts/satisfaction.ts parseValueList), so a value cannot hold a separator. */
export const TASK_VALUE_SEPARATOR_MESSAGE = 'A value cannot contain a comma or a line break';

/** True when one value of a list holds a comma or a line break (it would read as several). */
export function hasValueSeparator(values: readonly string[]): boolean {
  return values.some((value) => /[,\n\r]/.test(value));
}

/** "'{value}' is in more than one of Satisfactory, Unsatisfactory and Record values" (a multiselect answer judges one way). */
export function valueInSeveralListsMessage(value: string): string {
  return `'${value}' is in more than one of Satisfactory, Unsatisfactory and Record values`;
}

/** The fields of the Add/Edit Task modal, named as GraphQL names them (the REST pointer names map onto these). */
export type TaskField =
  | 'label'
  | 'type'
  | 'classification'
  | 'description'
  | 'hint'
  | 'referenceName'
  | 'referenceDescription'
  | 'rangeFrom'
  | 'rangeTo'
  | 'typeValue'
  | 'typeSatisfactoryValue'
  | 'typeUnsatisfactoryValue'
  | 'typeRecordValue'
  | 'cycleId'
  | 'equipmentTypeId';

/** The label of each field in the modal and in messages. */
export const TASK_FIELD_LABELS: Record<TaskField, string> = {
  label: 'Task name',
  type: 'Task type',
  classification: 'Classification',
  description: 'Description',
  hint: 'Hint',
  referenceName: 'Reference name',
  referenceDescription: 'Reference description',
  rangeFrom: 'Range from',
  rangeTo: 'Range to',
  typeValue: 'Dropdown values',
  typeSatisfactoryValue: 'Satisfactory values',
  typeUnsatisfactoryValue: 'Unsatisfactory values',
  typeRecordValue: 'Record values',
  cycleId: 'Cycle',
  equipmentTypeId: 'Equipment type',
};

/** '{Field} cannot be changed after the task is created' (section 5: name, cycle, type, range and values are locked on edit). */
export function lockedTaskFieldMessage(field: TaskField): string {
  return `${TASK_FIELD_LABELS[field]} cannot be changed after the task is created`;
}

/** The fields an edit may change (section 7: PUT /equipment_conditions/{id} with description, hint, references, classification). */
export const EDITABLE_TASK_FIELDS = ['description', 'hint', 'referenceName', 'referenceDescription', 'classification'] as const;
/** The fields fixed once the task exists (section 4: type and cycle; section 5: name, cycle, type, range and values). */
export const LOCKED_TASK_FIELDS = [
  'label',
  'type',
  'cycleId',
  'equipmentTypeId',
  'rangeFrom',
  'rangeTo',
  'typeValue',
  'typeSatisfactoryValue',
  'typeUnsatisfactoryValue',
  'typeRecordValue',
] as const satisfies readonly TaskField[];

type ValueField = 'rangeFrom' | 'rangeTo' | 'typeValue' | 'typeSatisfactoryValue' | 'typeUnsatisfactoryValue' | 'typeRecordValue';

/**
 * The value inputs each type has (section 9), as a walkabout reads them (walkabouts/satisfaction.ts): a string answer
 * is satisfactory when it matches the satisfactory values (any answer when none); a range answer within from and to;
 * a dropdown offers its values and is satisfactory when the answer is one of the satisfactory values (any when none);
 * a multiselect is unsatisfactory with an unsatisfactory value chosen, satisfactory with only record values, and
 * otherwise when every satisfactory value is chosen. Boolean, YesNo, YesNoNotApplicable and Number take none.
 */
export const TASK_TYPE_VALUE_FIELDS: Record<TaskType, readonly ValueField[]> = {
  boolean: [],
  yesno: [],
  yesnonotapplicable: [],
  number: [],
  string: ['typeSatisfactoryValue'],
  range: ['rangeFrom', 'rangeTo'],
  dropdown: ['typeValue', 'typeSatisfactoryValue'],
  multiselect: ['typeSatisfactoryValue', 'typeUnsatisfactoryValue', 'typeRecordValue'],
};

/** A task type from the REST spelling or the spec's name, case-insensitively; blank is the default (String); null when unknown. */
export function parseTaskType(value: string | null | undefined): TaskType | null {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '') return DEFAULT_TASK_TYPE;
  return (TASK_TYPES as readonly string[]).includes(text) ? (text as TaskType) : null;
}

/** A classification in its spelling, case-insensitively; blank is the default (Apply); null when unknown. */
export function parseTaskClassification(value: string | null | undefined): TaskClassification | null {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '') return DEFAULT_TASK_CLASSIFICATION;
  return TASK_CLASSIFICATIONS.find((classification) => classification.toLowerCase() === text) ?? null;
}

export type TaskValues = {
  rangeFrom?: string | number | null;
  rangeTo?: string | number | null;
  typeValue?: string | null;
  typeSatisfactoryValue?: string | null;
  typeUnsatisfactoryValue?: string | null;
  typeRecordValue?: string | null;
};

export type NewTaskInput = TaskValues & {
  label?: string | null;
  type?: string | null;
  classification?: string | null;
  description?: string | null;
  hint?: string | null;
  referenceName?: string | null;
  referenceDescription?: string | null;
  cycleId?: string | number | null;
  equipmentTypeId?: string | number | null;
};

export type TaskFieldError = { field: TaskField; message: string };

const isBlank = (value: string | number | null | undefined) => value === null || value === undefined || String(value).trim() === '';

function checkValueList(errors: TaskFieldError[], field: ValueField, value: string | null | undefined): void {
  if (isBlank(value)) return;
  const problem = validateOptionalText(value, TASK_FIELD_LABELS[field], TASK_VALUES_MAX_LENGTH);
  if (problem) errors.push({ field, message: problem });
}

function checkRange(errors: TaskFieldError[], values: TaskValues): void {
  const from = toFiniteNumber(values.rangeFrom ?? null);
  const to = toFiniteNumber(values.rangeTo ?? null);
  if (isBlank(values.rangeFrom)) errors.push({ field: 'rangeFrom', message: RANGE_FROM_REQUIRED_MESSAGE });
  else if (from === null) errors.push({ field: 'rangeFrom', message: RANGE_FROM_NUMBER_MESSAGE });
  if (isBlank(values.rangeTo)) errors.push({ field: 'rangeTo', message: RANGE_TO_REQUIRED_MESSAGE });
  else if (to === null) errors.push({ field: 'rangeTo', message: RANGE_TO_NUMBER_MESSAGE });
  if (from !== null && to !== null && from > to) errors.push({ field: 'rangeTo', message: RANGE_ORDER_MESSAGE });
}

const sameValue = (a: string, b: string) => a.toLocaleLowerCase('en') === b.toLocaleLowerCase('en');

/** The values of a task of `type` (section 5): what each type needs, every list at most 512 characters. */
export function validateTaskValues(type: TaskType, values: TaskValues): TaskFieldError[] {
  const errors: TaskFieldError[] = [];
  const fields = TASK_TYPE_VALUE_FIELDS[type];
  for (const field of fields) if (field !== 'rangeFrom' && field !== 'rangeTo') checkValueList(errors, field, values[field]);
  if (type === 'range') checkRange(errors, values);
  if (type === 'dropdown') {
    const choices = parseValueList(values.typeValue);
    if (choices.length === 0 && !errors.some((error) => error.field === 'typeValue')) errors.push({ field: 'typeValue', message: DROPDOWN_VALUES_REQUIRED_MESSAGE });
    const satisfactory = parseValueList(values.typeSatisfactoryValue);
    if (choices.length > 0 && satisfactory.some((value) => !choices.some((choice) => sameValue(choice, value)))) {
      errors.push({ field: 'typeSatisfactoryValue', message: DROPDOWN_SATISFACTORY_MESSAGE });
    }
  }
  if (type === 'multiselect' && !errors.length) {
    const lists = (['typeSatisfactoryValue', 'typeUnsatisfactoryValue', 'typeRecordValue'] as const).map((field) => ({ field, values: parseValueList(values[field]) }));
    if (lists.every((list) => list.values.length === 0)) {
      errors.push({ field: 'typeSatisfactoryValue', message: MULTISELECT_VALUES_REQUIRED_MESSAGE });
    } else {
      for (const [index, list] of lists.entries()) {
        const repeated = list.values.find((value) => lists.slice(0, index).some((earlier) => earlier.values.some((other) => sameValue(other, value))));
        if (repeated) {
          errors.push({ field: list.field, message: valueInSeveralListsMessage(repeated) });
          break;
        }
      }
    }
  }
  return errors;
}

/** The texts an edit may change (section 5: at most 256 characters each, the shared text rule) and the classification. */
export function validateTaskTexts(input: Pick<NewTaskInput, 'description' | 'hint' | 'referenceName' | 'referenceDescription' | 'classification'>): TaskFieldError[] {
  const errors: TaskFieldError[] = [];
  for (const field of ['description', 'hint', 'referenceName', 'referenceDescription'] as const) {
    const problem = validateOptionalText(input[field], TASK_FIELD_LABELS[field]);
    if (problem) errors.push({ field, message: problem });
  }
  if (input.classification !== undefined && parseTaskClassification(input.classification) === null) {
    errors.push({ field: 'classification', message: TASK_CLASSIFICATION_MESSAGE });
  }
  return errors;
}

/** The name: required ('Task name is required field'), at most 256 characters, the shared text rule. */
export function validateTaskName(label: string | null | undefined): string | null {
  return validateRequiredName(label, TASK_NAME_REQUIRED_MESSAGE, TASK_FIELD_LABELS.label);
}

/**
 * The Add Task modal (section 5), every mistake at its field: the name and cycle are required, the equipment type too
 * (a task is of a type), the type and classification must be section 9's, the texts at most 256 characters and the
 * values what the type needs (see validateTaskValues).
 */
export function validateNewTask(input: NewTaskInput): TaskFieldError[] {
  const errors: TaskFieldError[] = [];
  const name = validateTaskName(input.label);
  if (name) errors.push({ field: 'label', message: name });
  if (isBlank(input.cycleId)) errors.push({ field: 'cycleId', message: TASK_CYCLE_REQUIRED_MESSAGE });
  if (isBlank(input.equipmentTypeId)) errors.push({ field: 'equipmentTypeId', message: TASK_EQUIPMENT_REQUIRED_MESSAGE });
  const type = parseTaskType(input.type);
  if (type === null) errors.push({ field: 'type', message: TASK_TYPE_MESSAGE });
  errors.push(...validateTaskTexts(input));
  if (type !== null) errors.push(...validateTaskValues(type, input));
  return errors;
}

/** The first message of each field, for a form that shows one message per input. */
export function taskErrorsByField(errors: readonly TaskFieldError[]): Partial<Record<TaskField, string>> {
  const byField: Partial<Record<TaskField, string>> = {};
  for (const error of errors) byField[error.field] ??= error.message;
  return byField;
}

export type StoredTaskValues = {
  rangeFrom: string | null;
  rangeTo: string | null;
  typeValue: string | null;
  typeSatisfactoryValue: string | null;
  typeUnsatisfactoryValue: string | null;
  typeRecordValue: string | null;
};

const trimmedOrNull = (value: string | number | null | undefined): string | null => (isBlank(value) ? null : String(value).trim());

/**
 * The values as stored for a valid task of `type`: the type's own inputs, trimmed, and nothing of another type's (a
 * range sent with a Boolean task is not kept). A multiselect's choices (typeValue, which the walkabout's checkboxes
 * list) are every value of its three lists (and any typeValue sent), so that each can be ticked.
 */
export function storedTaskValues(type: TaskType, values: TaskValues): StoredTaskValues {
  const own = new Set<string>(TASK_TYPE_VALUE_FIELDS[type]);
  const pick = (field: ValueField) => (own.has(field) ? trimmedOrNull(values[field]) : null);
  const stored: StoredTaskValues = {
    rangeFrom: pick('rangeFrom'),
    rangeTo: pick('rangeTo'),
    typeValue: pick('typeValue'),
    typeSatisfactoryValue: pick('typeSatisfactoryValue'),
    typeUnsatisfactoryValue: pick('typeUnsatisfactoryValue'),
    typeRecordValue: pick('typeRecordValue'),
  };
  if (type === 'multiselect') {
    const choices: string[] = [];
    for (const value of [values.typeValue, values.typeSatisfactoryValue, values.typeUnsatisfactoryValue, values.typeRecordValue].flatMap((list) => parseValueList(list))) {
      if (!choices.some((choice) => sameValue(choice, value))) choices.push(value);
    }
    stored.typeValue = choices.join(',');
  }
  return stored;
}

/** The status shown for a task (section 3 statusDisplayName): Active, Paused or Inactive. */
export function taskStatusDisplayName(status: TaskStatusValue): string {
  return TASK_STATUS_DISPLAY_NAMES[status];
}

/** Section 2: the status select shows only when the parent (the type's) status is absent or active. */
export function showsTaskStatusSelect(parentStatus: TaskStatusValue | null | undefined): boolean {
  return parentStatus == null || parentStatus === 'active';
}

/** Section 2: otherwise the parent status is shown 'on organization level', e.g. 'Paused on organization level'. */
export function parentStatusText(parentStatus: TaskStatusValue): string {
  return `${taskStatusDisplayName(parentStatus)} on organization level`;
}

/** Section 2: a group's heading, '{group} (Group)'. */
export function taskGroupHeading(name: string): string {
  return `${name} (Group)`;
}

/** The heading of the tasks that are in no group (they come after the groups). */
export const UNGROUPED_TASKS_HEADING = 'Not in a group';

export type GroupedTask = { id: string; groupName?: string | null; order: number };

/** Section 2: the tasks grouped by group name, the groups sorted by name (the tasks of no group last), each by order. */
export function groupTasksByGroup<T extends GroupedTask>(tasks: readonly T[]): Array<{ name: string | null; heading: string; tasks: T[] }> {
  const groups = new Map<string | null, T[]>();
  for (const task of tasks) {
    const name = task.groupName?.trim() ? task.groupName : null;
    groups.set(name, [...(groups.get(name) ?? []), task]);
  }
  const names = [...groups.keys()].sort((a, b) => {
    if (a === null) return 1;
    if (b === null) return -1;
    return a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b);
  });
  return names.map((name) => ({
    name,
    heading: name === null ? UNGROUPED_TASKS_HEADING : taskGroupHeading(name),
    tasks: [...groups.get(name)!].sort((a, b) => a.order - b.order || Number(a.id) - Number(b.id)),
  }));
}

export type OrderedTask = { id: string; order: number; version: number };

/**
 * A group's new arrangement as the order of each task, sending only the tasks whose order changed (section 4, as
 * floors do). The group keeps the order numbers it had, so that its place among the other groups' tasks of a type
 * (walkabouts list a type's tasks by order) does not move; when two of its tasks shared a number, it counts on from
 * its smallest one.
 */
export function changedTaskOrders(arranged: readonly OrderedTask[]): OrderedTask[] {
  const slots = [...new Set(arranged.map((task) => task.order))].sort((a, b) => a - b);
  const start = slots[0] ?? 0;
  const orderAt = (position: number) => (slots.length === arranged.length ? slots[position]! : start + position);
  return arranged.flatMap((task, position) => (task.order === orderAt(position) ? [] : [{ id: task.id, order: orderAt(position), version: task.version }]));
}

/**
 * Manage Tasks at organization level, view (section 6): administrators, organization users, region users,
 * canManageOrganization or canViewOrganization. Every signed-in user of an organization is an organization or region
 * user, so the screen is closed only to a user with no organization and neither right.
 */
export function canViewOrganizationTasks(
  viewer: { isAdmin: boolean; organizationId: string | number | null | undefined },
  permissions: Pick<Permissions, 'canManageOrganization' | 'canViewOrganization'>,
): boolean {
  return viewer.isAdmin || viewer.organizationId != null || permissions.canManageOrganization || permissions.canViewOrganization;
}

/** Add, edit, reorder and status changes of organization tasks (section 6): administrators or canManageOrganization. */
export function canManageOrganizationTasks(isAdmin: boolean, permissions: Pick<Permissions, 'canManageOrganization'>): boolean {
  return isAdmin || permissions.canManageOrganization;
}
