/**
 * Types and tasks at building level over REST (issue 13; admin-organizations-buildings.md sections 2-7): the list is
 * GET /equipment?filter[building]={id}&view=building-level&include=equipment-equipment-conditions, the suspensions
 * POST and DELETE /building_{equipment|condition}_suspensions, and 'Print Types' the equipments-on-locations reports.
 * Types and tasks get ids of their building's ('{buildingId}:{id}'): their status is the building's, so two buildings'
 * answers must not share one normalized cache entry.
 */
import DataLoader from 'dataloader';
import type { BuildingEquipmentType, BuildingLevelStatus, BuildingTask, EquipmentStateFilter, EquipmentStatus, ReportStatus, SuspensionShortName, TypesReport } from '../../generated/resolvers';
import { withPayloadErrors, type FieldErrorRecord } from '../../errors';
import { isRestId } from '../../loaders';
import { MAX_PAGE_SIZE, RestError, type RestClient } from '../../rest-client';
import type { RestBody, RestRoute } from '../../rest-types';

type EquipmentDocument = RestBody<'/equipment'>;
type EquipmentItem = EquipmentDocument['data'][number];
type TaskItem = NonNullable<EquipmentDocument['included']>[number];
type TypesReportItem = RestBody<'/equipments-on-locations/reports/{reportIdentificator}'>['data'];

/** A type's list entry without its tasks (the resolver of `tasks` adds them). */
export type BuildingTypeModel = Omit<BuildingEquipmentType, 'tasks'>;
export type BuildingTypes = { types: BuildingTypeModel[]; tasks: BuildingTask[] };
export type TypeResult = { equipmentType: BuildingTypeModel | null; errors: FieldErrorRecord[] };
export type TaskResult = { task: BuildingTask | null; errors: FieldErrorRecord[] };
export type StartReportResult = { report: TypesReport | null; errors: FieldErrorRecord[] };

const status = (value: string) => value.toUpperCase() as EquipmentStatus;
const buildingStatus = (value: string | undefined): BuildingLevelStatus => (value === 'paused' ? 'PAUSED' : 'ACTIVE');
const idOrNull = (value: number | null | undefined) => (value === null || value === undefined ? null : String(value));

/** The REST names of the inputs, as the GraphQL arguments call them. */
const FIELD_NAMES: Record<string, string> = { short_name: 'shortName', equipment_id: 'equipmentTypeId', equipment_condition_id: 'taskId', building_id: 'buildingId' };
const renamed = (errors: FieldErrorRecord[]) => errors.map((e) => ({ ...e, field: e.field ? (FIELD_NAMES[e.field] ?? e.field) : e.field }));

type SuspensionAttributes = { status: string; building_level_status?: string; suspension_id?: number | null; suspension_short_name?: string | null; suspension_description?: string | null };

/** What a type and a task have of their building: an id of the building's, the organization's status and the building's suspension. */
function atBuilding(buildingId: string, item: { id: string; attributes: SuspensionAttributes }) {
  const a = item.attributes;
  return {
    id: `${buildingId}:${item.id}`,
    buildingId,
    status: status(a.status),
    buildingLevelStatus: buildingStatus(a.building_level_status),
    suspensionId: idOrNull(a.suspension_id),
    suspensionShortName: a.suspension_short_name ?? null,
    suspensionDescription: a.suspension_description ?? null,
  };
}

export function toBuildingType(buildingId: string, item: EquipmentItem): BuildingTypeModel {
  const a = item.attributes;
  return { ...atBuilding(buildingId, item), equipmentTypeId: item.id, name: a.name, aliasName: a.aliasName, order: a.order };
}

export function toBuildingTask(buildingId: string, item: TaskItem): BuildingTask {
  const a = item.attributes;
  return {
    ...atBuilding(buildingId, item),
    taskId: item.id,
    equipmentTypeId: String(a.equipmentTypeId),
    label: a.label,
    description: a.description ?? null,
    hint: a.hint ?? null,
    cycleId: String(a.cycleId),
    cycleName: a.cycleName,
    componentId: idOrNull(a.componentId),
    componentName: a.componentName,
    groupName: a.groupName ?? null,
    order: a.order,
  };
}

function toTypesReport(item: TypesReportItem): TypesReport {
  const a = item.attributes;
  return {
    identificator: a.report_identificator,
    buildingId: String(a.building_id),
    status: a.status.toUpperCase() as ReportStatus,
    pdfUrl: a.pdf_url,
    reportId: idOrNull(a.report_id),
    error: a.error,
  };
}

/** The short names of the building's suspensions, each once (by name, case aside), with their reason. */
export function shortNamesOf(list: BuildingTypes): SuspensionShortName[] {
  const byName = new Map<string, SuspensionShortName>();
  for (const item of [...list.types, ...list.tasks]) {
    if (item.suspensionShortName && !byName.has(item.suspensionShortName.toUpperCase())) {
      byName.set(item.suspensionShortName.toUpperCase(), { shortName: item.suspensionShortName, description: item.suspensionDescription ?? null });
    }
  }
  return [...byName.values()].sort((a, b) => a.shortName.localeCompare(b.shortName));
}

const noSuch = (what: string, field: string): FieldErrorRecord => ({ field, message: `There is no such ${what}.`, code: 'NOT_FOUND' });

/** Payload errors for 409 and 422 (fields named as the arguments) and for a record out of scope (404). */
async function onRecord<T>(what: string, field: string, ids: string[], call: () => Promise<T>, failed: (errors: FieldErrorRecord[]) => T): Promise<T> {
  if (ids.some((id) => !isRestId(id))) return failed([noSuch(what, field)]);
  try {
    return await withPayloadErrors(call, (errors) => failed(renamed(errors)));
  } catch (error) {
    if (error instanceof RestError && error.status === 404) return failed([noSuch(what, field)]);
    throw error;
  }
}

export function createBuildingTypeLoaders(rest: RestClient) {
  const ofBuilding = new DataLoader<string, BuildingTypes>((buildingIds) =>
    Promise.all(
      buildingIds.map(async (buildingId) => {
        if (!isRestId(buildingId)) return { types: [], tasks: [] };
        const types: BuildingTypeModel[] = [];
        const tasks: BuildingTask[] = [];
        for (let page = 1; ; page += 1) {
          const document = await rest.get<EquipmentDocument>('/equipment', {
            'filter[building]': buildingId,
            view: 'building-level',
            include: 'equipment-equipment-conditions',
            'page[number]': page,
            'page[size]': MAX_PAGE_SIZE,
          });
          types.push(...document.data.map((item) => toBuildingType(buildingId, item)));
          tasks.push(...(document.included ?? []).map((item) => toBuildingTask(buildingId, item)));
          if (!document.links?.next) break;
        }
        return { types, tasks };
      }),
    ),
  );

  /** The building's list read again (after a change), and one item of it. */
  async function reread(buildingId: string): Promise<BuildingTypes> {
    ofBuilding.clear(buildingId);
    return ofBuilding.load(buildingId);
  }

  /** Creates a suspension (a pause) with its short name and reason; the building's list is read anew next time. */
  async function suspend<T>(buildingId: string, post: (attributes: { short_name: string | null; description: string | null }) => Promise<T>, shortName: string | null | undefined, description: string | null | undefined): Promise<T> {
    const created = await post({ short_name: shortName ?? null, description: description ?? null });
    ofBuilding.clear(buildingId);
    return created;
  }

  /** Deletes a suspension (REST `path`); the type or task it held, as the building's list reads after. */
  async function resume<T extends { id: string; suspensionId?: string | null }>(buildingId: string, path: string, suspensionId: string, items: (list: BuildingTypes) => T[]): Promise<T | null> {
    const before = items(await ofBuilding.load(buildingId)).find((item) => item.suspensionId === suspensionId);
    await rest.delete(`${path}/${suspensionId}`);
    return items(await reread(buildingId)).find((item) => item.id === before?.id) ?? null;
  }

  const typeFailed = (errors: FieldErrorRecord[]): TypeResult => ({ equipmentType: null, errors });
  const taskFailed = (errors: FieldErrorRecord[]): TaskResult => ({ task: null, errors });

  return {
    ofBuilding,

    /** POST /building_equipment_suspensions. */
    pauseType(buildingId: string, equipmentTypeId: string, shortName: string | null | undefined, description: string | null | undefined): Promise<TypeResult> {
      return onRecord('building or equipment type', 'equipmentTypeId', [buildingId, equipmentTypeId], async () => {
        const document = await suspend(buildingId, (attributes) =>
          rest.post<RestRoute<'/building_equipment_suspensions', 'post'>>('/building_equipment_suspensions', { building_id: Number(buildingId), equipment_id: Number(equipmentTypeId), attributes }),
          shortName, description,
        );
        return { equipmentType: toBuildingType(buildingId, document.data), errors: [] };
      }, typeFailed);
    },

    /** DELETE /building_equipment_suspensions/{id}; the type as the building's list now shows it. */
    resumeType(buildingId: string, suspensionId: string): Promise<TypeResult> {
      return onRecord('suspension', 'suspensionId', [buildingId, suspensionId], async () => {
        const equipmentType = await resume(buildingId, '/building_equipment_suspensions', suspensionId, (list) => list.types);
        return { equipmentType, errors: [] };
      }, typeFailed);
    },

    /** POST /building_condition_suspensions. */
    pauseTask(buildingId: string, taskId: string, shortName: string | null | undefined, description: string | null | undefined): Promise<TaskResult> {
      return onRecord('building or task', 'taskId', [buildingId, taskId], async () => {
        const document = await suspend(buildingId, (attributes) =>
          rest.post<RestRoute<'/building_condition_suspensions', 'post'>>('/building_condition_suspensions', { building_id: Number(buildingId), equipment_condition_id: Number(taskId), attributes }),
          shortName, description,
        );
        return { task: toBuildingTask(buildingId, document.data), errors: [] };
      }, taskFailed);
    },

    /** DELETE /building_condition_suspensions/{id}; the task as the building's list now shows it. */
    resumeTask(buildingId: string, suspensionId: string): Promise<TaskResult> {
      return onRecord('suspension', 'suspensionId', [buildingId, suspensionId], async () => {
        const task = await resume(buildingId, '/building_condition_suspensions', suspensionId, (list) => list.tasks);
        return { task, errors: [] };
      }, taskFailed);
    },

    /** POST /equipments-on-locations/reports/init-creation. */
    startReport(buildingId: string, locationId: string | null | undefined, equipmentTypeId: string | null | undefined, state: EquipmentStateFilter | null | undefined): Promise<StartReportResult> {
      const failed = (errors: FieldErrorRecord[]): StartReportResult => ({ report: null, errors });
      const ids = [buildingId, ...(locationId ? [locationId] : []), ...(equipmentTypeId ? [equipmentTypeId] : [])];
      return onRecord('building', 'buildingId', ids, async () => {
        const document = await rest.post<RestRoute<'/equipments-on-locations/reports/init-creation', 'post'>>('/equipments-on-locations/reports/init-creation', {
          building_id: Number(buildingId),
          selectedLocation: locationId ? Number(locationId) : null,
          selectedType: equipmentTypeId ? Number(equipmentTypeId) : null,
          selectedState: state ? (state.toLowerCase() as 'unscanned') : null,
        });
        return { report: toTypesReport(document.data), errors: [] };
      }, failed);
    },

    /** GET /equipments-on-locations/reports/{identificator}; null when there is none the caller may see. */
    async report(identificator: string): Promise<TypesReport | null> {
      if (!/^[0-9a-f-]{36}$/.test(identificator)) return null;
      try {
        const document = await rest.get<RestBody<'/equipments-on-locations/reports/{reportIdentificator}'>>(`/equipments-on-locations/reports/${identificator}`);
        return toTypesReport(document.data);
      } catch (error) {
        if (error instanceof RestError && error.status === 404) return null;
        throw error;
      }
    },
  };
}

export type BuildingTypeLoaders = ReturnType<typeof createBuildingTypeLoaders>;
