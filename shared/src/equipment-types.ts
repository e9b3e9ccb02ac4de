/**
 * Equipment types and tasks groups at organization level (admin-organizations-buildings.md sections 2, 4, 5 and 6):
 * who may see and change them, and the rules of the Add/Edit Type and Add/Edit Tasks Group modals with the spec's
 * words. The backend answers them as its authoritative 422 and the web runs them for instant feedback.
 */
import { validateOptionalText, validateRequiredName, type FieldError } from './administration';
import type { Permissions } from './permissions';

export const EQUIPMENT_NAME_REQUIRED_MESSAGE = 'Equipment name is required field';
export const EQUIPMENT_GROUPS_REQUIRED_MESSAGE = 'Please add groups';
export const TASKS_GROUP_NAME_REQUIRED_MESSAGE = 'Tasks group name is required field';
export const TASKS_REQUIRED_MESSAGE = 'Please add tasks';
export const SAME_TASK_NAME_SELECTED_MESSAGE = 'Item with the same name is already selected';
/** Section 5 locks these on edit without words for a refusal; these say what happened. */
export const TYPE_NAME_LOCKED_MESSAGE = 'The name of an equipment type cannot be changed once it is created.';
export const TYPE_ALIAS_LOCKED_MESSAGE = 'The alias of an equipment type cannot be changed once it is created.';
export const GROUP_RANGE_MESSAGE = "'From' must not be greater than 'To'";
export const GROUP_BOUND_MESSAGE = "'From' and 'To' must be whole numbers from 1";
export const GROUP_CHOSEN_TWICE_MESSAGE = 'Each tasks group may be added once to a component.';
export const GROUP_NOT_OF_ORGANIZATION_MESSAGE = 'This tasks group is not one of the organization’s tasks groups.';
export const TASK_NOT_OF_ORGANIZATION_MESSAGE = 'This task is not one of the organization’s tasks.';
export const NOT_ALLOWED_TO_MANAGE_TYPES_MESSAGE = 'Only administrators and users who can manage the organization can change its types and tasks groups.';
export const NOT_ALLOWED_TO_VIEW_TYPES_MESSAGE = 'You are not allowed to see the types and tasks groups of this organization.';

export type EquipmentTypeStatus = 'active' | 'paused' | 'disabled';
export const EQUIPMENT_TYPE_STATUSES: readonly EquipmentTypeStatus[] = ['active', 'paused', 'disabled'];
/** What the status select shows (section 4: disabled is shown Inactive). */
export const EQUIPMENT_TYPE_STATUS_LABELS: Record<EquipmentTypeStatus, string> = { active: 'Active', paused: 'Paused', disabled: 'Inactive' };

/** The types and tasks groups screens (section 6): administrators, organization and region users, canManageOrganization or canViewOrganization. */
export function canViewOrganizationTypes(
  viewer: { isAdmin: boolean; organizationId: string | number | null | undefined },
  permissions: Pick<Permissions, 'canManageOrganization' | 'canViewOrganization'>,
): boolean {
  return viewer.isAdmin || viewer.organizationId != null || permissions.canManageOrganization || permissions.canViewOrganization;
}

/** Add, save, reorder, status change and override editing (section 6): administrators or canManageOrganization. */
export function canManageOrganizationTypes(isAdmin: boolean, permissions: Pick<Permissions, 'canManageOrganization'>): boolean {
  return isAdmin || permissions.canManageOrganization;
}

export type ComponentGroupInput = { groupId: string | number | null | undefined; from?: number | null; to?: number | null };
export type ComponentInput = { name?: string | null; aliasName?: string | null; groups: readonly ComponentGroupInput[] };
export type EquipmentTypeInput = { name?: string | null; aliasName?: string | null; components: readonly ComponentInput[] };

/**
 * A type with no named component keeps its groups on one implicit component (no name): the modal then shows the
 * groups under the type itself.
 */
export function isImplicitComponentList(components: readonly ComponentInput[]): boolean {
  return components.length <= 1 && !(components[0]?.name ?? '').trim();
}

function validateBound(value: number | null | undefined): boolean {
  return value == null || (Number.isInteger(value) && value >= 1 && value <= 100_000);
}

/**
 * The Add/Edit Type modal (section 5). Fields: `name`, `aliasName`, `components` (no group at all),
 * `components.{i}.name`, `components.{i}.aliasName`, `components.{i}.groups`, `components.{i}.groups.{j}.groupId|from|to`.
 */
export function validateEquipmentType(input: EquipmentTypeInput): FieldError[] {
  const errors: FieldError[] = [];
  const name = validateRequiredName(input.name, EQUIPMENT_NAME_REQUIRED_MESSAGE, 'Equipment name');
  if (name) errors.push({ field: 'name', message: name });
  const alias = validateOptionalText(input.aliasName, 'Alias name');
  if (alias) errors.push({ field: 'aliasName', message: alias });
  const implicit = isImplicitComponentList(input.components);
  if (implicit && (input.components[0]?.groups.length ?? 0) === 0) {
    errors.push({ field: 'components', message: EQUIPMENT_GROUPS_REQUIRED_MESSAGE });
    return errors;
  }
  input.components.forEach((component, i) => {
    if (!implicit) {
      const componentName = validateRequiredName(component.name, EQUIPMENT_NAME_REQUIRED_MESSAGE, 'Component name');
      if (componentName) errors.push({ field: `components.${i}.name`, message: componentName });
    }
    const componentAlias = validateOptionalText(component.aliasName, 'Alias name');
    if (componentAlias) errors.push({ field: `components.${i}.aliasName`, message: componentAlias });
    if (component.groups.length === 0) errors.push({ field: `components.${i}.groups`, message: EQUIPMENT_GROUPS_REQUIRED_MESSAGE });
    const seen = new Set<string>();
    component.groups.forEach((group, j) => {
      const at = `components.${i}.groups.${j}`;
      if (group.groupId == null || group.groupId === '') {
        errors.push({ field: `${at}.groupId`, message: EQUIPMENT_GROUPS_REQUIRED_MESSAGE });
      } else if (seen.has(String(group.groupId))) {
        errors.push({ field: `${at}.groupId`, message: GROUP_CHOSEN_TWICE_MESSAGE });
      } else seen.add(String(group.groupId));
      if (!validateBound(group.from)) errors.push({ field: `${at}.from`, message: GROUP_BOUND_MESSAGE });
      else if (!validateBound(group.to)) errors.push({ field: `${at}.to`, message: GROUP_BOUND_MESSAGE });
      else if (group.from != null && group.to != null && group.from > group.to) errors.push({ field: `${at}.to`, message: GROUP_RANGE_MESSAGE });
    });
  });
  return errors;
}

/** '{name}' is chosen twice: one task per name in a group (section 4). */
export function taskNameTwiceMessage(name: string): string {
  return `Only one task named '${name}' may be in a tasks group. ${SAME_TASK_NAME_SELECTED_MESSAGE}.`;
}

export type GroupTaskInput = { id: string | number; label: string };

/** The Add/Edit Tasks Group modal (section 5). Fields: `name`, `tasks`, `tasks.{i}`. */
export function validateTaskGroup(input: { name?: string | null; tasks: readonly GroupTaskInput[] }): FieldError[] {
  const errors: FieldError[] = [];
  const name = validateRequiredName(input.name, TASKS_GROUP_NAME_REQUIRED_MESSAGE, 'Tasks group name');
  if (name) errors.push({ field: 'name', message: name });
  if (input.tasks.length === 0) errors.push({ field: 'tasks', message: TASKS_REQUIRED_MESSAGE });
  const names = new Set<string>();
  input.tasks.forEach((task, i) => {
    const key = task.label.trim().toLowerCase();
    if (names.has(key)) errors.push({ field: `tasks.${i}`, message: taskNameTwiceMessage(task.label.trim()) });
    names.add(key);
  });
  return errors;
}

/**
 * Whether a task can be picked in the tasks group modal (section 4): not when a selected task other than itself has
 * the same name, nor when an inactive task has its name (an inactive task included: an inactive name is not offered).
 * A task already selected is never refused, so it can always be removed. Answers the tooltip's words, or null when it
 * can be picked. `inactive` lists the tasks whose status is disabled (shown Inactive).
 */
export function sameNameRefusal(task: GroupTaskInput, selected: readonly GroupTaskInput[], inactive: readonly GroupTaskInput[] = []): string | null {
  if (selected.some((other) => String(other.id) === String(task.id))) return null;
  const key = task.label.trim().toLowerCase();
  const named = (other: GroupTaskInput) => other.label.trim().toLowerCase() === key;
  return selected.some(named) || inactive.some(named) ? SAME_TASK_NAME_SELECTED_MESSAGE : null;
}

/** The multi-select's search (section 5): the task's name or its group's name, case-insensitive. */
export function matchesTaskSearch(task: { label: string; groupName?: string | null }, search: string): boolean {
  const term = search.trim().toLowerCase();
  if (!term) return true;
  return task.label.toLowerCase().includes(term) || (task.groupName ?? '').toLowerCase().includes(term);
}
