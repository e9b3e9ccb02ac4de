/**
 * Equipment types and tasks groups at organization level (issue 13; admin-organizations-buildings.md sections 2-8):
 * the organization's lists (one REST call per organization asked for), a type by id, and the mutations. A 409 or 422
 * becomes the payload's errors, each naming the modal's field (components.1.name…) rather than the REST pointer, and
 * a record out of scope (404) a NOT_FOUND error; 401 and 403 stay GraphQL errors.
 */
import DataLoader from 'dataloader';
import type {
  ConditionOverridesInput,
  CreateEquipmentTypeInput,
  EquipmentComponentInput,
  EquipmentStatus,
  EquipmentType,
  EquipmentTypeOrderInput,
  TaskGroup,
  TaskGroupInput,
  TaskGroupTask,
} from '../../generated/resolvers';
import { fieldErrorCodeOf, type FieldErrorRecord } from '../../errors';
import { isRestId, nullWhenNotFound } from '../../loaders';
import { RestError, type RestClient } from '../../rest-client';
import type { JsonApiError, RestBody, RestRoute } from '../../rest-types';
import { toEquipmentType, toTaskChoice, toTaskGroup } from './model';

export type TypeResult = { equipmentType: EquipmentType | null; errors: FieldErrorRecord[] };
export type GroupResult = { taskGroup: TaskGroup | null; errors: FieldErrorRecord[] };

const REST_FIELDS: Record<string, string> = {
  alias_name: 'aliasName',
  equipment_components: 'components',
  equipment_component_condition_groups: 'groups',
  condition_group_id: 'taskGroupId',
  equipment_condtions: 'tasks',
};

/**
 * The modal's field of a REST pointer: /equipment/name is name, /equipment_components/1/equipment_component_condition_groups/0/to
 * is components.1.groups.0.to, /attributes/equipment_condtions/2/id is tasks.2.
 */
export function modalFieldOf(pointer: string | undefined): string | null {
  if (!pointer) return null;
  const parts = pointer.split('/').filter((part) => part && part !== 'equipment' && part !== 'attributes' && part !== 'options' && part !== 'data');
  if (parts[0] === 'equipment_condtions' && parts.at(-1) === 'id') parts.pop();
  const field = parts.map((part) => REST_FIELDS[part] ?? part).join('.');
  return field || null;
}

/** A mutation's REST call, its user-facing refusals as payload errors. */
async function refusals<T>(what: string, call: () => Promise<T>, failed: (errors: FieldErrorRecord[]) => T): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof RestError)) throw error;
    if (error.status === 404) return failed([{ field: 'id', message: `There is no such ${what}.`, code: 'NOT_FOUND' }]);
    if (error.status !== 409 && error.status !== 422) throw error;
    const items: Array<Partial<JsonApiError>> = error.errors.length ? error.errors : [{ detail: error.message }];
    return failed(items.map((item) => ({ field: modalFieldOf(item.source?.pointer), message: item.detail ?? error.message, code: fieldErrorCodeOf(item, error.status) })));
  }
}

const componentsBody = (components: readonly EquipmentComponentInput[]) =>
  components.map((c, order) => ({
    ...(c.id && isRestId(c.id) ? { id: Number(c.id) } : {}),
    name: c.name ?? null,
    alias_name: c.aliasName ?? null,
    order,
    disabled: c.disabled ?? false,
    equipment_component_condition_groups: c.taskGroups.map((g, groupOrder) => ({
      condition_group_id: g.taskGroupId && isRestId(g.taskGroupId) ? Number(g.taskGroupId) : null,
      from: g.from ?? null,
      to: g.to ?? null,
      order: groupOrder,
    })),
  }));

type GroupsDocument = RestBody<'/organizations/{id}/tasks-groups'>;

export function createEquipmentTypeLoaders(rest: RestClient) {
  const typesOfOrganization = new DataLoader<string, EquipmentType[]>((ids) =>
    Promise.all(
      ids.map(async (id) => {
        const records = await rest.getAll<RestBody<'/equipment'>>('/equipment', { 'filter[organization]': id });
        return records.map((record) => toEquipmentType(record as Parameters<typeof toEquipmentType>[0]));
      }),
    ),
  );
  const typeById = new DataLoader<string, EquipmentType | null>((ids) =>
    Promise.all(
      ids.map(async (id) => {
        if (!isRestId(id)) return null;
        const document = await nullWhenNotFound(rest.get<RestBody<'/equipments/{id}'>>(`/equipments/${id}`));
        return document ? toEquipmentType(document.data) : null;
      }),
    ),
  );
  const groupsOfOrganization = new DataLoader<string, { groups: TaskGroup[]; choices: TaskGroupTask[] }>((ids) =>
    Promise.all(
      ids.map(async (id) => {
        const document = await rest.get<GroupsDocument>(`/organizations/${id}/tasks-groups`, { include: 'equipment-conditions', 'page[size]': 500 });
        return { groups: document.data.map(toTaskGroup), choices: (document.included ?? []).map(toTaskChoice) };
      }),
    ),
  );

  const typeFailed = (errors: FieldErrorRecord[]): TypeResult => ({ equipmentType: null, errors });
  const saved = (id: string, document: RestBody<'/equipments/{id}'>): TypeResult => {
    const equipmentType = toEquipmentType(document.data);
    typeById.clear(id).prime(id, equipmentType);
    typesOfOrganization.clearAll();
    return { equipmentType, errors: [] };
  };
  const putType = (id: string, body: RestRoute<'/equipments/{id}', 'put'>['body']) =>
    rest.put<RestRoute<'/equipments/{id}', 'put'>>(`/equipments/${id}`, body);
  const groupFailed = (errors: FieldErrorRecord[]): GroupResult => ({ taskGroup: null, errors });
  const groupBody = (input: TaskGroupInput, version?: number) => ({
    attributes: { name: input.name ?? null, equipment_condtions: input.tasks.map((t) => ({ id: isRestId(t.id) ? Number(t.id) : 0, order: t.order })), version },
  });

  return {
    typesOfOrganization,
    typeById,
    groupsOfOrganization,

    createType(input: CreateEquipmentTypeInput): Promise<TypeResult> {
      if (!isRestId(input.organizationId)) return Promise.resolve(typeFailed([{ field: 'organizationId', message: 'There is no such organization.', code: 'NOT_FOUND' }]));
      return refusals('organization', async () => {
        const document = await rest.post<RestRoute<'/equipments', 'post'>>('/equipments', {
          equipment: { name: input.name ?? null, alias_name: input.aliasName ?? null },
          equipment_components: componentsBody(input.components),
          organization_id: Number(input.organizationId),
        });
        return saved(document.data.id, document);
      }, typeFailed);
    },

    updateType(id: string, version: number, components: readonly EquipmentComponentInput[]): Promise<TypeResult> {
      if (!isRestId(id)) return Promise.resolve(typeFailed([{ field: 'id', message: 'There is no such equipment type.', code: 'NOT_FOUND' }]));
      return refusals('equipment type', async () => saved(id, await putType(id, { equipment: { version }, equipment_components: componentsBody(components) })), typeFailed);
    },

    setStatus(id: string, value: EquipmentStatus, version: number): Promise<TypeResult> {
      if (!isRestId(id)) return Promise.resolve(typeFailed([{ field: 'id', message: 'There is no such equipment type.', code: 'NOT_FOUND' }]));
      const status = value.toLowerCase() as 'active' | 'paused' | 'disabled';
      return refusals('equipment type', async () => saved(id, await putType(id, { equipment: { status, version } })), typeFailed);
    },

    /** One PUT /equipments/reorder for the types that moved: the backend saves them all or none. */
    async reorder(types: readonly EquipmentTypeOrderInput[]): Promise<{ equipmentTypes: EquipmentType[]; errors: FieldErrorRecord[] }> {
      if (types.some((type) => !isRestId(type.id))) return { equipmentTypes: [], errors: [{ field: 'id', message: 'There is no such equipment type.', code: 'NOT_FOUND' }] };
      if (!types.length) return { equipmentTypes: [], errors: [] };
      return refusals(
        'equipment type',
        async () => {
          const document = await rest.put<RestRoute<'/equipments/reorder', 'put'>>('/equipments/reorder', {
            attributes: types.map((type) => ({ id: Number(type.id), order: type.order, version: type.version })),
          });
          const equipmentTypes = document.data.map((record) => toEquipmentType(record as Parameters<typeof toEquipmentType>[0]));
          for (const type of equipmentTypes) typeById.clear(type.id).prime(type.id, type);
          typesOfOrganization.clearAll();
          return { equipmentTypes, errors: [] as FieldErrorRecord[] };
        },
        // '/attributes/{index}/version' names the version of one of the types: the input's field is its last segment.
        (errors) => ({ equipmentTypes: [], errors: errors.map((e) => ({ ...e, field: e.field ? (e.field.split('.').at(-1) ?? e.field) : e.field })) }),
      );
    },

    updateOverrides(id: string, overrides: ConditionOverridesInput): Promise<TypeResult> {
      if (!isRestId(id)) return Promise.resolve(typeFailed([{ field: 'id', message: 'There is no such component group.', code: 'NOT_FOUND' }]));
      return refusals('component group', async () => {
        const document = await rest.put<RestRoute<'/equipment_component_condition_groups/{id}', 'put'>>(`/equipment_component_condition_groups/${id}`, { options: { overrides } });
        return saved(document.data.id, document);
      }, typeFailed);
    },

    createGroup(organizationId: string, input: TaskGroupInput): Promise<GroupResult> {
      if (!isRestId(organizationId)) return Promise.resolve(groupFailed([{ field: 'organizationId', message: 'There is no such organization.', code: 'NOT_FOUND' }]));
      return refusals('organization', async () => {
        const document = await rest.post<RestRoute<'/organizations/{id}/tasks-groups', 'post'>>(`/organizations/${organizationId}/tasks-groups`, groupBody(input));
        groupsOfOrganization.clear(organizationId);
        return { taskGroup: toTaskGroup(document.data), errors: [] };
      }, groupFailed);
    },

    updateGroup(organizationId: string, id: string, version: number, input: TaskGroupInput): Promise<GroupResult> {
      if (!isRestId(organizationId) || !isRestId(id)) return Promise.resolve(groupFailed([{ field: 'id', message: 'There is no such tasks group.', code: 'NOT_FOUND' }]));
      return refusals('tasks group', async () => {
        const document = await rest.put<RestRoute<'/organizations/{id}/tasks-groups/{groupId}', 'put'>>(`/organizations/${organizationId}/tasks-groups/${id}`, groupBody(input, version));
        groupsOfOrganization.clear(organizationId);
        return { taskGroup: toTaskGroup(document.data), errors: [] };
      }, groupFailed);
    },
  };
}

export type EquipmentTypeLoaders = ReturnType<typeof createEquipmentTypeLoaders>;
