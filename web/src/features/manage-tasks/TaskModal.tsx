import { useMemo, useState, type FormEvent } from 'react';
import { Modal, NativeSelect, SimpleGrid, Stack, TagsInput, Text, Textarea, TextInput } from '@mantine/core';
import {
  TASK_CLASSIFICATIONS,
  TASK_FIELD_LABELS,
  TASK_TEXT_MAX_LENGTH,
  TASK_TYPE_LABELS,
  TASK_TYPE_VALUE_FIELDS,
  TASK_TYPES,
  taskStatusDisplayName,
  validateNewTask,
  validateTaskTexts,
  type TaskField,
  type TaskType,
} from '@fsi/shared/tasks';
import { toFiniteNumber } from '@fsi/shared';
import type { ManageTasks_TaskFragment, ManageTasksPageQuery } from './ManageTasksPage.generated';
import type { TaskClassification, TaskType as GraphQLTaskType } from '../../generated/schema';
import { useIsPhone } from '../../ui/phone';
import { placeErrors, SheetActions } from '../reports/SheetActions';
import { useSaveTask, type Problem, type TaskListFilter } from './useTaskMutations';

type Choice = NonNullable<ManageTasksPageQuery['organization']>['taskEquipmentChoices'][number];

type Props = {
  organizationId: string;
  cycles: ReadonlyArray<{ id: string; name: string }>;
  equipment: readonly Choice[];
  /** The task to edit; null adds one. */
  task: ManageTasks_TaskFragment | null;
  /** The list the screen shows (its filters also preselect the cycle and type of a new task). */
  filter: TaskListFilter;
  onSaved(label: string): void;
  /** A stale edit: the screen reads the tasks again (the new version), the form keeps what was typed. */
  onStale(): void;
  onClose(): void;
};

/** The form's fields, named as the GraphQL inputs (and so the payload's errors) name them. */
type FormField =
  | 'label'
  | 'cycleId'
  | 'equipmentTypeId'
  | 'componentId'
  | 'type'
  | 'classification'
  | 'description'
  | 'hint'
  | 'referenceName'
  | 'referenceDescription'
  | 'rangeFrom'
  | 'rangeTo'
  | 'values'
  | 'satisfactoryValues'
  | 'unsatisfactoryValues'
  | 'recordValues';
const FORM_FIELDS: readonly FormField[] = [
  'label', 'cycleId', 'equipmentTypeId', 'componentId', 'type', 'classification', 'description', 'hint', 'referenceName',
  'referenceDescription', 'rangeFrom', 'rangeTo', 'values', 'satisfactoryValues', 'unsatisfactoryValues', 'recordValues',
];
const FORM_FIELD_OF: Record<TaskField, FormField> = {
  label: 'label',
  type: 'type',
  classification: 'classification',
  description: 'description',
  hint: 'hint',
  referenceName: 'referenceName',
  referenceDescription: 'referenceDescription',
  rangeFrom: 'rangeFrom',
  rangeTo: 'rangeTo',
  typeValue: 'values',
  typeSatisfactoryValue: 'satisfactoryValues',
  typeUnsatisfactoryValue: 'unsatisfactoryValues',
  typeRecordValue: 'recordValues',
  cycleId: 'cycleId',
  equipmentTypeId: 'equipmentTypeId',
};

const classificationLabel = (value: TaskClassification) => value.charAt(0) + value.slice(1).toLowerCase();
const VALUE_HELP = 'Press Enter or type a comma after each value.';
/** What each type's values mean to the inspector's answer (walkabouts judge it by them). */
const VALUES_HELP: Partial<Record<TaskType, string>> = {
  string: 'Answers that are satisfactory; leave empty to accept any answer.',
  range: 'An answer from Range from to Range to is satisfactory.',
  dropdown: 'The inspector picks one of the Dropdown values; one of the Satisfactory values is satisfactory (none: any).',
  multiselect:
    'The inspector ticks any of these values: an Unsatisfactory value makes the answer unsatisfactory, only Record values is satisfactory, otherwise every Satisfactory value must be ticked.',
};

/**
 * Add Task / Edit Task (admin-organizations-buildings.md sections 2, 4, 5 and 9): the name, cycle, equipment type (and
 * component when the type has some), the task type with its value inputs (Range from/to, Dropdown values, the
 * Satisfactory, Unsatisfactory and Record values), the classification, and the texts. Every rule of section 5 shows
 * in the spec's words as the user leaves a field and again on save; once the task exists its name, cycle, type,
 * equipment, range and values are locked. A refused or failed save keeps everything typed.
 */
export function TaskModal({ organizationId, cycles, equipment, task, filter, onSaved, onStale, onClose }: Props) {
  const isPhone = useIsPhone();
  const editing = task !== null;
  const save = useSaveTask(filter);
  const [label, setLabel] = useState(task?.label ?? '');
  const [cycleId, setCycleId] = useState<string | null>(task?.cycleId ?? filter.cycleId);
  const [equipmentTypeId, setEquipmentTypeId] = useState<string | null>(task?.equipmentTypeId ?? filter.equipmentTypeId);
  const [componentId, setComponentId] = useState<string | null>(task?.componentId ?? null);
  const [type, setType] = useState<TaskType | 'time'>(task ? (task.type.toLowerCase() as TaskType | 'time') : 'string');
  const [classification, setClassification] = useState<TaskClassification>(task?.classification ?? 'APPLY');
  const [description, setDescription] = useState(task?.description ?? '');
  const [hint, setHint] = useState(task?.hint ?? '');
  const [referenceName, setReferenceName] = useState(task?.referenceName ?? '');
  const [referenceDescription, setReferenceDescription] = useState(task?.referenceDescription ?? '');
  const [rangeFrom, setRangeFrom] = useState(task?.rangeFrom == null ? '' : String(task.rangeFrom));
  const [rangeTo, setRangeTo] = useState(task?.rangeTo == null ? '' : String(task.rangeTo));
  const [values, setValues] = useState<string[]>(task && task.type === 'DROPDOWN' ? task.values : []);
  const [satisfactoryValues, setSatisfactoryValues] = useState<string[]>(task?.satisfactoryValues ?? []);
  const [unsatisfactoryValues, setUnsatisfactoryValues] = useState<string[]>(task?.unsatisfactoryValues ?? []);
  const [recordValues, setRecordValues] = useState<string[]>(task?.recordValues ?? []);
  const [touched, setTouched] = useState<Partial<Record<FormField, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Problem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const ruleErrors = useMemo(() => {
    const texts = { description, hint, referenceName, referenceDescription };
    const errors = editing
      ? validateTaskTexts(texts)
      : validateNewTask({
          ...texts,
          label,
          type,
          classification: classificationLabel(classification),
          cycleId,
          equipmentTypeId,
          rangeFrom,
          rangeTo,
          typeValue: values.join(','),
          typeSatisfactoryValue: satisfactoryValues.join(','),
          typeUnsatisfactoryValue: unsatisfactoryValues.join(','),
          typeRecordValue: recordValues.join(','),
        });
    const byField: Partial<Record<FormField, string>> = {};
    for (const error of errors) byField[FORM_FIELD_OF[error.field]] ??= error.message;
    return byField;
  }, [editing, label, type, classification, cycleId, equipmentTypeId, description, hint, referenceName, referenceDescription, rangeFrom, rangeTo, values, satisfactoryValues, unsatisfactoryValues, recordValues]);

  const serverError = (field: FormField) => serverErrors.find((error) => error.field === field)?.message;
  const shown = (field: FormField) => ((submitted || touched[field]) && ruleErrors[field]) || serverError(field) || null;
  const touch = (field: FormField) => setTouched((current) => ({ ...current, [field]: true }));
  /** A change of a field: its server message goes (the user is answering it). */
  const changed = (field: FormField) => setServerErrors((errors) => errors.filter((error) => error.field !== field));

  const chosenType = equipment.find((choice) => choice.id === equipmentTypeId);
  const components = chosenType?.components ?? [];
  const valueFields = type === 'time' ? [] : TASK_TYPE_VALUE_FIELDS[type];
  const has = (field: (typeof valueFields)[number]) => valueFields.includes(field);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (Object.keys(ruleErrors).length > 0) return;
    setSaving(true);
    const text = (value: string) => value.trim() || null;
    const result = editing
      ? await save({
          kind: 'update',
          id: task.id,
          input: { version: task.version, description: description.trim(), hint: hint.trim(), referenceName: referenceName.trim(), referenceDescription: referenceDescription.trim(), classification },
        })
      : await save({
          kind: 'create',
          input: {
            organizationId,
            cycleId,
            equipmentTypeId,
            componentId,
            label: label.trim(),
            type: type.toUpperCase() as GraphQLTaskType,
            classification,
            description: text(description),
            hint: text(hint),
            referenceName: text(referenceName),
            referenceDescription: text(referenceDescription),
            rangeFrom: has('rangeFrom') ? toFiniteNumber(rangeFrom) : null,
            rangeTo: has('rangeTo') ? toFiniteNumber(rangeTo) : null,
            values: has('typeValue') ? values : null,
            satisfactoryValues: has('typeSatisfactoryValue') ? satisfactoryValues : null,
            unsatisfactoryValues: has('typeUnsatisfactoryValue') ? unsatisfactoryValues : null,
            recordValues: has('typeRecordValue') ? recordValues : null,
          },
        });
    setSaving(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'saved') return onSaved(editing ? task.label : label.trim());
    if (result.status === 'failed') return setFailure(result.message);
    const placed = placeErrors(result.errors, FORM_FIELDS);
    setServerErrors(result.errors.filter((error) => error.field && FORM_FIELDS.includes(error.field as FormField)));
    setFailure(placed.general);
    if (result.stale) onStale();
  };

  const tagsProps = (field: 'values' | 'satisfactoryValues' | 'unsatisfactoryValues' | 'recordValues', value: string[], set: (next: string[]) => void) => ({
    value,
    onChange: (next: string[]) => {
      set(next);
      changed(field);
      touch(field);
    },
    onBlur: () => touch(field),
    error: shown(field),
    disabled: editing,
    splitChars: [','],
    acceptValueOnBlur: true,
    clearable: !editing,
  });

  return (
    <Modal opened onClose={saving ? () => undefined : onClose} title={editing ? 'Edit Task' : 'Add Task'} fullScreen={isPhone} size="lg" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {editing && (
            <Text size="sm" c="dimmed">
              The name, cycle, equipment type, task type, range and values cannot be changed after the task is created.
            </Text>
          )}
          <TextInput
            label={TASK_FIELD_LABELS.label}
            required
            maxLength={TASK_TEXT_MAX_LENGTH + 1}
            value={label}
            disabled={editing}
            error={shown('label')}
            onChange={(event) => {
              setLabel(event.currentTarget.value);
              changed('label');
            }}
            onBlur={() => touch('label')}
            data-autofocus
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label={TASK_FIELD_LABELS.cycleId}
              required
              data={[{ value: '', label: 'Select cycle' }, ...cycles.map((cycle) => ({ value: cycle.id, label: cycle.name }))]}
              value={cycleId ?? ''}
              disabled={editing}
              error={shown('cycleId')}
              onChange={(event) => {
                setCycleId(event.currentTarget.value || null);
                changed('cycleId');
                touch('cycleId');
              }}
              onBlur={() => touch('cycleId')}
            />
            <NativeSelect
              label={TASK_FIELD_LABELS.equipmentTypeId}
              required
              data={[
                { value: '', label: 'Select equipment type' },
                ...equipment.map((choice) => ({
                  value: choice.id,
                  label: choice.status === 'ACTIVE' ? choice.name : `${choice.name} (${taskStatusDisplayName(choice.status.toLowerCase() as 'paused' | 'disabled')})`,
                })),
              ]}
              value={equipmentTypeId ?? ''}
              disabled={editing}
              error={shown('equipmentTypeId')}
              onChange={(event) => {
                setEquipmentTypeId(event.currentTarget.value || null);
                setComponentId(null);
                changed('equipmentTypeId');
                touch('equipmentTypeId');
              }}
              onBlur={() => touch('equipmentTypeId')}
            />
          </SimpleGrid>
          {components.length > 0 && (
            <NativeSelect
              label="Component"
              data={[{ value: '', label: `${chosenType?.name ?? 'The type'} itself` }, ...components.map((component) => ({ value: component.id, label: component.name }))]}
              value={componentId ?? ''}
              disabled={editing}
              error={shown('componentId')}
              onChange={(event) => {
                setComponentId(event.currentTarget.value || null);
                changed('componentId');
              }}
            />
          )}
          {editing && task.componentName && components.length === 0 && <TextInput label="Component" value={task.componentName} disabled readOnly />}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label={TASK_FIELD_LABELS.type}
              required
              data={type === 'time' ? [{ value: 'time', label: 'Time' }] : TASK_TYPES.map((value) => ({ value, label: TASK_TYPE_LABELS[value] }))}
              value={type}
              disabled={editing}
              error={shown('type')}
              onChange={(event) => {
                setType(event.currentTarget.value as TaskType);
                changed('type');
              }}
            />
            <NativeSelect
              label={TASK_FIELD_LABELS.classification}
              data={TASK_CLASSIFICATIONS.map((value) => ({ value: value.toUpperCase(), label: value }))}
              value={classification}
              error={shown('classification')}
              onChange={(event) => {
                setClassification(event.currentTarget.value as TaskClassification);
                changed('classification');
              }}
            />
          </SimpleGrid>
          {type !== 'time' && VALUES_HELP[type] && (
            <Text size="sm" c="dimmed">
              {VALUES_HELP[type]}
            </Text>
          )}
          {has('rangeFrom') && (
            <SimpleGrid cols={2}>
              <TextInput
                label={TASK_FIELD_LABELS.rangeFrom}
                required
                inputMode="decimal"
                value={rangeFrom}
                disabled={editing}
                error={shown('rangeFrom')}
                onChange={(event) => {
                  setRangeFrom(event.currentTarget.value);
                  changed('rangeFrom');
                }}
                onBlur={() => touch('rangeFrom')}
              />
              <TextInput
                label={TASK_FIELD_LABELS.rangeTo}
                required
                inputMode="decimal"
                value={rangeTo}
                disabled={editing}
                error={shown('rangeTo')}
                onChange={(event) => {
                  setRangeTo(event.currentTarget.value);
                  changed('rangeTo');
                }}
                onBlur={() => touch('rangeTo')}
              />
            </SimpleGrid>
          )}
          {has('typeValue') && <TagsInput label={TASK_FIELD_LABELS.typeValue} description={VALUE_HELP} required {...tagsProps('values', values, setValues)} />}
          {has('typeSatisfactoryValue') && (
            <TagsInput label={TASK_FIELD_LABELS.typeSatisfactoryValue} description={VALUE_HELP} {...tagsProps('satisfactoryValues', satisfactoryValues, setSatisfactoryValues)} />
          )}
          {has('typeUnsatisfactoryValue') && (
            <TagsInput label={TASK_FIELD_LABELS.typeUnsatisfactoryValue} description={VALUE_HELP} {...tagsProps('unsatisfactoryValues', unsatisfactoryValues, setUnsatisfactoryValues)} />
          )}
          {has('typeRecordValue') && <TagsInput label={TASK_FIELD_LABELS.typeRecordValue} description={VALUE_HELP} {...tagsProps('recordValues', recordValues, setRecordValues)} />}
          <Textarea
            label={TASK_FIELD_LABELS.description}
            rows={2}
            value={description}
            error={shown('description')}
            onChange={(event) => {
              setDescription(event.currentTarget.value);
              changed('description');
            }}
            onBlur={() => touch('description')}
          />
          <TextInput
            label={TASK_FIELD_LABELS.hint}
            value={hint}
            error={shown('hint')}
            onChange={(event) => {
              setHint(event.currentTarget.value);
              changed('hint');
            }}
            onBlur={() => touch('hint')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={TASK_FIELD_LABELS.referenceName}
              value={referenceName}
              error={shown('referenceName')}
              onChange={(event) => {
                setReferenceName(event.currentTarget.value);
                changed('referenceName');
              }}
              onBlur={() => touch('referenceName')}
            />
            <TextInput
              label={TASK_FIELD_LABELS.referenceDescription}
              value={referenceDescription}
              error={shown('referenceDescription')}
              onChange={(event) => {
                setReferenceDescription(event.currentTarget.value);
                changed('referenceDescription');
              }}
              onBlur={() => touch('referenceDescription')}
            />
          </SimpleGrid>
          <SheetActions failure={failure} busy={saving} submitLabel="Save" onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
