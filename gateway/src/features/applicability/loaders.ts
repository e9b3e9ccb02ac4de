/**
 * The building walkabout applicability screen over REST (issue 12; admin-organizations-buildings.md sections 2, 6 and
 * 7): GET /equipment?filter[building]={id}&include=equipment-equipment-conditions and PUT /equipment, both for
 * administrators. Types and tasks get ids of their building's ('{buildingId}:{id}'): whether a task applies is the
 * building's, so two buildings' answers must not share one normalized cache entry.
 */
import DataLoader from 'dataloader';
import type { WalkaboutApplicabilityInput, WalkaboutApplicabilityType } from '../../generated/resolvers';
import { withPayloadErrors, type FieldErrorRecord } from '../../errors';
import { isRestId } from '../../loaders';
import { MAX_PAGE_SIZE, RestError, type RestClient } from '../../rest-client';
import type { RestBody, RestRoute } from '../../rest-types';

type EquipmentDocument = RestBody<'/equipment'>;
type EquipmentItem = EquipmentDocument['data'][number];
type TaskItem = NonNullable<EquipmentDocument['included']>[number];

export type ApplicabilityResult = { types: WalkaboutApplicabilityType[]; errors: FieldErrorRecord[] };

const STATUS_LABELS: Record<string, string> = { active: 'Active', disabled: 'Inactive', paused: 'Paused' };

export function toApplicabilityTypes(buildingId: string, types: readonly EquipmentItem[], tasks: readonly TaskItem[]): WalkaboutApplicabilityType[] {
  const taskById = new Map(tasks.map((task) => [Number(task.id), task]));
  return types.map((type) => {
    const applicable = new Set(type.attributes.applicableWalkaboutEquipmentConditionIds);
    return {
      id: `${buildingId}:${type.id}`,
      equipmentTypeId: type.id,
      name: type.attributes.name,
      aliasName: type.attributes.aliasName,
      status: STATUS_LABELS[type.attributes.status] ?? type.attributes.status,
      tasks: type.attributes.allEquipmentConditionIds.flatMap((taskId) => {
        const task = taskById.get(taskId);
        if (!task) return [];
        return [
          {
            id: `${buildingId}:${task.id}`,
            taskId: task.id,
            label: task.attributes.label,
            cycleName: task.attributes.cycleName,
            componentName: task.attributes.componentName,
            status: STATUS_LABELS[task.attributes.status] ?? task.attributes.status,
            applicable: applicable.has(taskId),
          },
        ];
      }),
    };
  });
}

export function createApplicabilityLoaders(rest: RestClient) {
  return {
    /** A building's types with their tasks (every page: a building uses at most a few dozen types). */
    ofBuilding: new DataLoader<string, WalkaboutApplicabilityType[]>((buildingIds) =>
      Promise.all(
        buildingIds.map(async (buildingId) => {
          if (!isRestId(buildingId)) return [];
          const types: EquipmentItem[] = [];
          const tasks: TaskItem[] = [];
          for (let page = 1; ; page += 1) {
            const document = await rest.get<EquipmentDocument>('/equipment', {
              'filter[building]': buildingId,
              include: 'equipment-equipment-conditions',
              'page[number]': page,
              'page[size]': MAX_PAGE_SIZE,
            });
            types.push(...document.data);
            tasks.push(...(document.included ?? []));
            if (!document.links?.next) break;
          }
          return toApplicabilityTypes(buildingId, types, tasks);
        }),
      ),
    ),

    /** PUT /equipment: the chosen tasks of each type sent. */
    async set(buildingId: string, choices: readonly WalkaboutApplicabilityInput[]): Promise<ApplicabilityResult> {
      const failed = (errors: FieldErrorRecord[]): ApplicabilityResult => ({ types: [], errors });
      if (choices.length === 0) return { types: [], errors: [] };
      const ids = [buildingId, ...choices.flatMap((choice) => [choice.equipmentTypeId, ...choice.applicableTaskIds])];
      if (ids.some((id) => !isRestId(id))) return failed([{ field: 'types', message: 'There is no such equipment type or task.', code: 'NOT_FOUND' }]);
      try {
        return await withPayloadErrors(async () => {
          const document = await rest.put<RestRoute<'/equipment', 'put'>>('/equipment', {
            data: choices.map((choice) => ({
              id: Number(choice.equipmentTypeId),
              type: 'equipment',
              attributes: { applicableWalkaboutEquipmentConditionIds: choice.applicableTaskIds.map(Number) },
              relationships: { building: { data: { type: 'buildings', id: Number(buildingId) } } },
            })),
          });
          return { types: toApplicabilityTypes(buildingId, document.data, document.included ?? []), errors: [] };
        }, failed);
      } catch (error) {
        if (error instanceof RestError && error.status === 404) return failed([{ field: 'buildingId', message: 'There is no such building.', code: 'NOT_FOUND' }]);
        throw error;
      }
    },
  };
}

export type ApplicabilityLoaders = ReturnType<typeof createApplicabilityLoaders>;
