/**
 * Tasks at organization level over REST (issue 13; admin-organizations-buildings.md section 7): the listing, the
 * Add Task modal's equipment types, and the spec's calls behind typed GraphQL inputs. The user's mistakes and refusals
 * (409 STALE, 422, and 404 for a record out of scope) are payload errors named by the GraphQL input's fields; 401 and
 * 403 stay GraphQL errors.
 */
import { hasValueSeparator, TASK_VALUE_SEPARATOR_MESSAGE } from '@fsi/shared/tasks';
import type { CreateTaskInput, Task, TaskOrderInput, TaskStatus, UpdateTaskInput } from '../../generated/resolvers';
import { withPayloadErrors, type FieldErrorRecord } from '../../errors';
import { isRestId, memoizeByArgs, pageQuery, toConnection, type PageArgs } from '../../loaders';
import { RestError, type RestClient } from '../../rest-client';
import type { RestBody, RestRoute } from '../../rest-types';
import { classificationToWire, statusToWire, taskTypeToWire, toTask, toTaskEquipmentChoice } from './model';

export type TaskResult = { task: Task | null; errors: FieldErrorRecord[] };
export type ReorderTasksResult = { tasks: Task[]; errors: FieldErrorRecord[] };
export type TaskListArgs = PageArgs & { organizationId: string; cycleId?: string | null; equipmentTypeId?: string | null };

const noSuch = (what: string, field: string): FieldErrorRecord => ({ field, message: `There is no such ${what}.`, code: 'NOT_FOUND' });

/** The REST body's names of the fields (the last segment of each error's pointer), as the GraphQL inputs call them. */
const fieldNames: Record<string, string> = {
  reference_name: 'referenceName',
  reference_description: 'referenceDescription',
  typeValue: 'values',
  typeSatisfactoryValue: 'satisfactoryValues',
  typeUnsatisfactoryValue: 'unsatisfactoryValues',
  typeRecordValue: 'recordValues',
  cycle_id: 'cycleId',
  equipment_id: 'equipmentTypeId',
  component_id: 'componentId',
  group_id: 'groupId',
  organization_id: 'organizationId',
};
const renamed = (errors: FieldErrorRecord[]) => errors.map((e) => ({ ...e, field: e.field ? (fieldNames[e.field] ?? e.field) : e.field }));

/** A list input as the REST contract's one comma-separated text; null when not given. */
const joined = (values: readonly string[] | null | undefined) => (values ? values.map((value) => value.trim()).join(',') : null);

export function createTaskLoaders(rest: RestClient) {
  /** Runs a change: 409 and 422 as payload errors with the input's field names, 404 as NOT_FOUND at `field`. */
  async function change<T>(call: () => Promise<T>, failed: (errors: FieldErrorRecord[]) => T, what: string, field: string): Promise<T> {
    try {
      return await withPayloadErrors(call, (errors) => failed(renamed(errors)));
    } catch (error) {
      if (error instanceof RestError && error.status === 404) return failed([noSuch(what, field)]);
      throw error;
    }
  }
  const taskFailed = (errors: FieldErrorRecord[]): TaskResult => ({ task: null, errors });

  return {
    /** GET /equipment_conditions of one organization: one REST call per distinct arguments in a request. */
    ofOrganization: memoizeByArgs(async (args: TaskListArgs) => {
      const { page, pageSize, query } = pageQuery(args, 500);
      const unknown = [args.organizationId, args.cycleId, args.equipmentTypeId].some((id) => id != null && !isRestId(id));
      if (unknown) return { nodes: [], pageInfo: { page, pageSize, totalCount: 0, hasNextPage: false } };
      const document = await rest.get<RestBody<'/equipment_conditions'>>('/equipment_conditions', {
        ...query,
        'filter[organization]': args.organizationId,
        'filter[cycle]': args.cycleId ?? undefined,
        'filter[equipment]': args.equipmentTypeId ?? undefined,
      });
      return toConnection(document, page, pageSize, toTask);
    }),

    /** GET /organizations/{id}/equipment-choices: the Add Task modal's equipment types with their components. */
    equipmentChoices: memoizeByArgs(async (organizationId: string) => {
      if (!isRestId(organizationId)) return [];
      const document = await rest.get<RestBody<'/organizations/{organizationId}/equipment-choices'>>(`/organizations/${organizationId}/equipment-choices`);
      return document.data.map(toTaskEquipmentChoice);
    }),

    /** POST /cycles/{cycleId}/equipment_conditions; a missing cycle goes as 'null', which the backend answers with the spec's message. */
    create(input: CreateTaskInput): Promise<TaskResult> {
      const ids: Array<[string | null | undefined, string, string]> = [
        [input.organizationId, 'organization', 'organizationId'],
        [input.cycleId, 'cycle', 'cycleId'],
        [input.equipmentTypeId, 'equipment type', 'equipmentTypeId'],
        [input.componentId, 'component', 'componentId'],
        [input.groupId, 'task group', 'groupId'],
      ];
      const unknown = ids.find(([id]) => id != null && id !== '' && !isRestId(id));
      if (unknown) return Promise.resolve(taskFailed([noSuch(unknown[1], unknown[2])]));
      const lists = (['values', 'satisfactoryValues', 'unsatisfactoryValues', 'recordValues'] as const).filter((field) => hasValueSeparator(input[field] ?? []));
      if (lists.length) return Promise.resolve(taskFailed(lists.map((field) => ({ field, message: TASK_VALUE_SEPARATOR_MESSAGE, code: 'VALIDATION_FAILED' as const }))));
      const id = (value: string | null | undefined) => (value ? Number(value) : null);
      return change(
        async () => {
          const document = await rest.post<RestRoute<'/cycles/{cycleId}/equipment_conditions', 'post'>>(`/cycles/${input.cycleId || 'null'}/equipment_conditions`, {
            organization_id: Number(input.organizationId),
            equipment_id: id(input.equipmentTypeId),
            component_id: id(input.componentId),
            group_id: id(input.groupId),
            attributes: {
              label: input.label ?? null,
              type: input.type ? taskTypeToWire(input.type) : null,
              classification: input.classification ? classificationToWire(input.classification) : null,
              description: input.description ?? null,
              hint: input.hint ?? null,
              reference_name: input.referenceName ?? null,
              reference_description: input.referenceDescription ?? null,
              rangeFrom: input.rangeFrom ?? null,
              rangeTo: input.rangeTo ?? null,
              typeValue: joined(input.values),
              typeSatisfactoryValue: joined(input.satisfactoryValues),
              typeUnsatisfactoryValue: joined(input.unsatisfactoryValues),
              typeRecordValue: joined(input.recordValues),
            },
          });
          return { task: toTask(document.data), errors: [] };
        },
        taskFailed,
        'organization',
        'organizationId',
      );
    },

    /** PUT /equipment_conditions/{id} with the texts and classification given, over the version read. */
    update(id: string, input: UpdateTaskInput): Promise<TaskResult> {
      if (!isRestId(id)) return Promise.resolve(taskFailed([noSuch('task', 'id')]));
      const attributes: RestRoute<'/equipment_conditions/{id}', 'put'>['body']['attributes'] = { version: input.version };
      if (input.description !== undefined) attributes.description = input.description;
      if (input.hint !== undefined) attributes.hint = input.hint;
      if (input.referenceName !== undefined) attributes.reference_name = input.referenceName;
      if (input.referenceDescription !== undefined) attributes.reference_description = input.referenceDescription;
      if (input.classification) attributes.classification = classificationToWire(input.classification);
      return change(
        async () => {
          const document = await rest.put<RestRoute<'/equipment_conditions/{id}', 'put'>>(`/equipment_conditions/${id}`, { attributes });
          return { task: toTask(document.data), errors: [] };
        },
        taskFailed,
        'task',
        'id',
      );
    },

    /** PUT /equipment_conditions/{id} with the status, over the version read. */
    setStatus(id: string, status: TaskStatus, version: number): Promise<TaskResult> {
      if (!isRestId(id)) return Promise.resolve(taskFailed([noSuch('task', 'id')]));
      return change(
        async () => {
          const document = await rest.put<RestRoute<'/equipment_conditions/{id}', 'put'>>(`/equipment_conditions/${id}`, { attributes: { status: statusToWire(status), version } });
          return { task: toTask(document.data), errors: [] };
        },
        taskFailed,
        'task',
        'id',
      );
    },

    /** PUT /equipment_conditions/reorder with the tasks that moved. */
    reorder(tasks: readonly TaskOrderInput[]): Promise<ReorderTasksResult> {
      const failed = (errors: FieldErrorRecord[]): ReorderTasksResult => ({ tasks: [], errors });
      if (tasks.length === 0) return Promise.resolve({ tasks: [], errors: [] });
      if (tasks.some((task) => !isRestId(task.id))) return Promise.resolve(failed([noSuch('task', 'tasks')]));
      return change(
        async () => {
          const document = await rest.put<RestRoute<'/equipment_conditions/reorder', 'put'>>('/equipment_conditions/reorder', {
            attributes: tasks.map((task) => ({ id: Number(task.id), order: task.order, version: task.version })),
          });
          return { tasks: document.data.map(toTask), errors: [] };
        },
        failed,
        'task',
        'tasks',
      );
    },
  };
}

export type TaskLoaders = ReturnType<typeof createTaskLoaders>;
