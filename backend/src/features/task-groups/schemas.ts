/**
 * The REST contract of Manage Tasks Groups (admin-organizations-buildings.md section 7): the organization's tasks
 * groups with their tasks (the listing call the spec does not show), adding one and changing one. The body keeps the
 * spec's spelling, `equipment_condtions`.
 */
import Type from 'typebox';
import { ListQuery, SingleId } from '../../jsonapi/query';
import { Bool, errorResponses, Included, Int, IntNull, ListDocument, Named, ref, Resource, SingleDocument, Str, StrNull, StringOrNull, ToMany } from '../../jsonapi/schemas';
import { TypeStatus } from '../applicability/schemas';

export const TASK_GROUP_INCLUDES = ['equipment-conditions'] as const;

/** A task as the tasks group screen shows it (section 3, Tasks group equipmentConditions). */
const taskFields = {
  label: Str,
  status: TypeStatus,
  /** True when the status is active. */
  active: Bool,
  /** Its place in its tasks group. */
  order: Int,
  cycleId: Int,
  cycleName: Str,
  /** The tasks group it is in, if any. */
  groupId: IntNull,
  groupName: StrNull,
  /** Active, Paused or Inactive. */
  statusDisplayName: Str,
  equipmentTypeId: Int,
  equipmentName: Str,
};

export const GroupTask = Named('GroupTask', Type.Object({ id: Int, ...taskFields }));

export const TaskGroupResource = Resource(
  'TaskGroupResource',
  'tasks-groups',
  {
    name: Str,
    organization_name: Str,
    /** Raised by every change; a change naming an older one is refused (409 STALE). */
    version: Int,
    /** Its tasks in order. */
    equipmentConditions: Type.Array(ref(GroupTask)),
  },
  { 'equipment-conditions': ToMany('equipment-conditions') },
);

/** A task of the organization the modal can choose (include=equipment-conditions): the same fields as GroupTask. */
export const TaskChoiceResource = Resource('TaskChoiceResource', 'equipment-conditions', taskFields, {});

const IdValue = Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.String({ pattern: '^\\d{1,9}$' })]);

const GroupBody = Type.Object({
  attributes: Type.Object({
    name: Type.Optional(StringOrNull({ maxLength: 1000, description: "Required ('Tasks group name is required field'), at most 256 characters" })),
    organization_name: Type.Optional(StringOrNull({ maxLength: 1000, description: "The organization's name, as the spec's client sends it; not used" })),
    equipment_condtions: Type.Array(Type.Object({ id: IdValue, order: Type.Integer({ minimum: 0, maximum: 100_000 }) }), {
      maxItems: 2000,
      description: "The group's tasks with their order; at least one ('Please add tasks'), one per task name",
    }),
    version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The version the group was read at (409 STALE when older)' })),
  }),
});

export const listTaskGroupsSchema = {
  tags: ['tasks-groups'],
  summary:
    "The organization's tasks groups by name with their tasks in order (administrators, the organization's users, canManageOrganization or canViewOrganization); with include=equipment-conditions, every task of the organization as the modal's choices",
  params: Type.Object({ id: SingleId }),
  querystring: ListQuery({}, TASK_GROUP_INCLUDES),
  response: { 200: ListDocument(ref(TaskGroupResource), { included: Included(TaskChoiceResource) }), ...errorResponses },
};

export const createTaskGroupSchema = {
  tags: ['tasks-groups'],
  summary: 'Add a tasks group with its tasks in order (administrators and canManageOrganization); a task moves to it from any other group',
  params: Type.Object({ id: SingleId }),
  body: GroupBody,
  response: { 201: SingleDocument(ref(TaskGroupResource)), ...errorResponses },
};

export const updateTaskGroupSchema = {
  tags: ['tasks-groups'],
  summary:
    "Rename a tasks group and set its tasks in order (administrators and canManageOrganization): tasks left out leave the group; with version, a change over an older version is refused (409 STALE)",
  params: Type.Object({ id: SingleId, groupId: SingleId }),
  body: GroupBody,
  response: { 200: SingleDocument(ref(TaskGroupResource)), ...errorResponses },
};

