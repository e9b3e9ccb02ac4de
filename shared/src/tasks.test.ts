import { describe, expect, it } from 'vitest';
import { derivePermissions } from './permissions';
import {
  canManageOrganizationTasks,
  canViewOrganizationTasks,
  changedTaskOrders,
  DROPDOWN_SATISFACTORY_MESSAGE,
  DROPDOWN_VALUES_REQUIRED_MESSAGE,
  groupTasksByGroup,
  MULTISELECT_VALUES_REQUIRED_MESSAGE,
  parentStatusText,
  parseTaskClassification,
  parseTaskType,
  RANGE_FROM_NUMBER_MESSAGE,
  RANGE_ORDER_MESSAGE,
  RANGE_TO_REQUIRED_MESSAGE,
  showsTaskStatusSelect,
  storedTaskValues,
  TASK_CYCLE_REQUIRED_MESSAGE,
  TASK_NAME_REQUIRED_MESSAGE,
  TASK_TYPE_MESSAGE,
  taskStatusDisplayName,
  validateNewTask,
  validateTaskTexts,
  valueInSeveralListsMessage,
} from './tasks';
import { conditionSatisfaction } from './walkabouts/satisfaction';
import { checkConditionValue } from './walkabouts/validation';

const base = { label: 'Gauge', cycleId: '3', equipmentTypeId: '4' };

describe('tasks (admin-organizations-buildings.md sections 2-9)', () => {
  it("reads the spec's type names and classifications in any letter case, with their defaults", () => {
    expect(parseTaskType('YesNoNotApplicable')).toBe('yesnonotapplicable');
    expect(parseTaskType(' dropdown ')).toBe('dropdown');
    expect(parseTaskType('')).toBe('string');
    expect(parseTaskType(null)).toBe('string');
    expect(parseTaskType('Checkbox')).toBeNull();
    expect(parseTaskType('time')).toBeNull();
    expect(parseTaskClassification('inspect')).toBe('Inspect');
    expect(parseTaskClassification(undefined)).toBe('Apply');
    expect(parseTaskClassification('Fix')).toBeNull();
  });

  it("says the spec's messages word for word at their fields", () => {
    expect(validateNewTask({ label: ' ', cycleId: null, equipmentTypeId: '4' })).toEqual([
      { field: 'label', message: TASK_NAME_REQUIRED_MESSAGE },
      { field: 'cycleId', message: TASK_CYCLE_REQUIRED_MESSAGE },
    ]);
    expect(validateNewTask({ ...base, type: 'Dropdown', typeValue: ' , ' })).toEqual([{ field: 'typeValue', message: DROPDOWN_VALUES_REQUIRED_MESSAGE }]);
    expect(validateNewTask({ ...base, type: 'Multiselect' })).toEqual([{ field: 'typeSatisfactoryValue', message: MULTISELECT_VALUES_REQUIRED_MESSAGE }]);
    expect(validateNewTask({ ...base, type: 'Multiselect', typeRecordValue: 'Spare' })).toEqual([]);
    expect(validateNewTask({ ...base, type: 'Odd' })).toEqual([{ field: 'type', message: TASK_TYPE_MESSAGE }]);
    expect(validateNewTask({ ...base, label: 'x'.repeat(257), hint: 'h'.repeat(257) })).toEqual([
      { field: 'label', message: 'Task name must be at most 256 characters' },
      { field: 'hint', message: 'Hint must be at most 256 characters' },
    ]);
    expect(validateNewTask({ ...base, type: 'Dropdown', typeValue: 'v'.repeat(513) })).toEqual([{ field: 'typeValue', message: 'Dropdown values must be at most 512 characters' }]);
    expect(validateNewTask({ ...base, type: 'Dropdown', typeValue: 'v'.repeat(512) })).toEqual([]);
    expect(validateTaskTexts({ referenceDescription: '<script>x</script>' })).toEqual([{ field: 'referenceDescription', message: 'HTML tags are not allowed' }]);
  });

  it('needs a numeric range with from not above to', () => {
    expect(validateNewTask({ ...base, type: 'Range', rangeFrom: 'low', rangeTo: '' })).toEqual([
      { field: 'rangeFrom', message: RANGE_FROM_NUMBER_MESSAGE },
      { field: 'rangeTo', message: RANGE_TO_REQUIRED_MESSAGE },
    ]);
    expect(validateNewTask({ ...base, type: 'Range', rangeFrom: 10, rangeTo: '9.5' })).toEqual([{ field: 'rangeTo', message: RANGE_ORDER_MESSAGE }]);
    expect(validateNewTask({ ...base, type: 'Range', rangeFrom: '-5', rangeTo: -5 })).toEqual([]);
  });

  it("keeps a dropdown's satisfactory values among its values and a multiselect's values in one list", () => {
    expect(validateNewTask({ ...base, type: 'Dropdown', typeValue: 'Open,Closed', typeSatisfactoryValue: 'Ajar' })).toEqual([
      { field: 'typeSatisfactoryValue', message: DROPDOWN_SATISFACTORY_MESSAGE },
    ]);
    expect(validateNewTask({ ...base, type: 'Multiselect', typeSatisfactoryValue: 'Hose', typeRecordValue: 'hose' })).toEqual([
      { field: 'typeRecordValue', message: valueInSeveralListsMessage('hose') },
    ]);
  });

  it("stores only the type's own values, and a multiselect offers every value of its lists", () => {
    expect(storedTaskValues('boolean', { rangeFrom: 3, typeValue: 'a' })).toEqual({
      rangeFrom: null,
      rangeTo: null,
      typeValue: null,
      typeSatisfactoryValue: null,
      typeUnsatisfactoryValue: null,
      typeRecordValue: null,
    });
    expect(storedTaskValues('range', { rangeFrom: 40, rangeTo: ' 175 ' })).toMatchObject({ rangeFrom: '40', rangeTo: '175' });
    const multiselect = storedTaskValues('multiselect', { typeSatisfactoryValue: 'Hose, Nozzle', typeUnsatisfactoryValue: 'Broken glass', typeRecordValue: 'nozzle,Spare key' });
    expect(multiselect.typeValue).toBe('Hose,Nozzle,Broken glass,Spare key');
  });

  it('is answered in a walkabout by the values it was given', () => {
    const multiselect = { type: 'multiselect' as const, ...storedTaskValues('multiselect', { typeSatisfactoryValue: 'Hose', typeUnsatisfactoryValue: 'Broken glass', typeRecordValue: 'Spare key' }) };
    expect(checkConditionValue(['spare key'], multiselect)).toEqual({ value: ['Spare key'] });
    expect(conditionSatisfaction({ id: '1', value: ['Hose', 'Spare key'], ...multiselect })).toBe('satisfactory');
    expect(conditionSatisfaction({ id: '1', value: ['Hose', 'Broken glass'], ...multiselect })).toBe('unsatisfactory');
    const dropdown = { type: 'dropdown' as const, ...storedTaskValues('dropdown', { typeValue: 'Open,Closed', typeSatisfactoryValue: 'Open' }) };
    expect(conditionSatisfaction({ id: '2', value: 'Closed', ...dropdown })).toBe('unsatisfactory');
    const range = { type: 'range' as const, ...storedTaskValues('range', { rangeFrom: '40', rangeTo: '175' }) };
    expect(conditionSatisfaction({ id: '3', value: 180, ...range })).toBe('unsatisfactory');
  });

  it("shows Active, Paused and Inactive, and the status select only while the parent status is absent or active", () => {
    expect(taskStatusDisplayName('disabled')).toBe('Inactive');
    expect(showsTaskStatusSelect(null)).toBe(true);
    expect(showsTaskStatusSelect('active')).toBe(true);
    expect(showsTaskStatusSelect('paused')).toBe(false);
    expect(parentStatusText('paused')).toBe('Paused on organization level');
  });

  it("groups tasks by group name as '{group} (Group)', the groups by name, the tasks of no group last", () => {
    const tasks = [
      { id: '1', groupName: 'Sprinkler', order: 2 },
      { id: '2', groupName: null, order: 0 },
      { id: '3', groupName: 'alarm', order: 1 },
      { id: '4', groupName: 'Sprinkler', order: 1 },
    ];
    expect(groupTasksByGroup(tasks).map((g) => [g.heading, g.tasks.map((t) => t.id)])).toEqual([
      ['alarm (Group)', ['3']],
      ['Sprinkler (Group)', ['4', '1']],
      ['Not in a group', ['2']],
    ]);
  });

  it("sends only the tasks whose order changed, keeping the group's order numbers", () => {
    expect(changedTaskOrders([
      { id: 'b', order: 7, version: 2 },
      { id: 'a', order: 4, version: 1 },
      { id: 'c', order: 9, version: 3 },
    ])).toEqual([
      { id: 'b', order: 4, version: 2 },
      { id: 'a', order: 7, version: 1 },
    ]);
    // Shared numbers: counted on from the smallest.
    expect(changedTaskOrders([
      { id: 'b', order: 0, version: 1 },
      { id: 'a', order: 0, version: 1 },
    ])).toEqual([{ id: 'a', order: 1, version: 1 }]);
  });

  it('lets every user of an organization read its tasks and only administrators and organization managers change them', () => {
    const none = derivePermissions([]);
    const manage = derivePermissions([{ organizationPermissions: { createOffCycleRemarks: false, manage: true, view: false, overview: false, acceptContract: false } }]);
    expect(canViewOrganizationTasks({ isAdmin: false, organizationId: '1' }, none)).toBe(true);
    expect(canViewOrganizationTasks({ isAdmin: false, organizationId: null }, none)).toBe(false);
    expect(canViewOrganizationTasks({ isAdmin: true, organizationId: null }, none)).toBe(true);
    expect(canManageOrganizationTasks(false, manage)).toBe(true);
    expect(canManageOrganizationTasks(false, none)).toBe(false);
    expect(canManageOrganizationTasks(true, none)).toBe(true);
  });
});

describe('the messages written out', () => {
  it('name every type and classification of section 9', async () => {
    const { TASK_TYPES, TASK_TYPE_LABELS, TASK_CLASSIFICATIONS, TASK_CLASSIFICATION_MESSAGE } = await import('./tasks');
    expect(TASK_TYPE_MESSAGE).toBe(`Task type must be one of: ${TASK_TYPES.map((type) => TASK_TYPE_LABELS[type]).join(', ')}`);
    expect(TASK_CLASSIFICATION_MESSAGE).toBe(`Classification must be one of: ${TASK_CLASSIFICATIONS.join(', ')}`);
  });
});
