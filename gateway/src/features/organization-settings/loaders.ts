/**
 * Organization Settings and Manage Buildings (issue 12): an organization's buildings in order, the counters of an
 * organization and of a building, and the building mutations (mutations.ts).
 */
import DataLoader from 'dataloader';
import type { AssociationsCounters } from '../../generated/resolvers';
import { groupLoader, isRestId } from '../../loaders';
import type { RestClient } from '../../rest-client';
import type { RestBody } from '../../rest-types';
import { toBuilding, type BuildingModel } from '../buildings/model';
import { createBuildingMutations } from './mutations';

type OrganizationCounters = RestBody<'/organizations/{id}/associations-counters'>['data']['attributes'];
type BuildingCounters = RestBody<'/buildings/{id}/associations-counters'>['data']['attributes'];

const byOrderThenId = (a: BuildingModel, b: BuildingModel) => a.order - b.order || Number(a.id) - Number(b.id);

export function toOrganizationCounters(c: OrganizationCounters): AssociationsCounters {
  return {
    organizationName: c.organization_name,
    buildingName: null,
    buildingsCount: c.buildings_count,
    cyclesEquipmentConditionsCount: c.cycles_equipment_conditions_count,
    conditionGroupsCount: c.condition_groups_count,
    cyclesCount: c.cycles_count,
    equipmentsCount: c.equipments_count,
    unassignedQrCodesCount: c.unassigned_qr_codes_count,
    regionsCount: c.regions_count,
    usersCount: c.users_count,
    rolesCount: c.roles_count,
    reportDefinitionsCount: c.report_definitions_count,
    reportBookletTemplatesCount: c.report_booklet_templates_count,
    floorsCount: null,
    locationsCount: null,
    typesCount: null,
    tasksCount: null,
  };
}

export function toBuildingCounters(c: BuildingCounters): AssociationsCounters {
  return {
    organizationName: c.organization_name,
    buildingName: c.building_name,
    floorsCount: c.floors_count,
    locationsCount: c.locations_count,
    typesCount: c.types_count,
    tasksCount: c.tasks_count,
  };
}

/** One counters call per record asked for (the backend counts one record per statement). */
function countersLoader(rest: RestClient, path: (id: string) => string, map: (attributes: never) => AssociationsCounters) {
  return new DataLoader<string, AssociationsCounters>((ids) =>
    Promise.all(
      ids.map(async (id) => {
        if (!isRestId(id)) throw new Error(`No such record: ${id}`);
        const document = await rest.get<{ data: { attributes: never } }>(path(id));
        return map(document.data.attributes);
      }),
    ),
  );
}

export function createOrganizationSettingsLoaders(rest: RestClient) {
  const organizationCounters = countersLoader(rest, (id) => `/organizations/${id}/associations-counters`, toOrganizationCounters);
  const buildingCounters = countersLoader(rest, (id) => `/buildings/${id}/associations-counters`, toBuildingCounters);
  return {
    /** The buildings of each organization, by order then id: one call for every organization asked for. */
    buildingsOfOrganization: groupLoader<RestBody<'/buildings'>, BuildingModel>(
      rest,
      '/buildings',
      'organization',
      toBuilding,
      (building) => building.organizationId,
      (buildings) => [...buildings].sort(byOrderThenId),
    ),
    organizationCounters,
    buildingCounters,
    mutations: createBuildingMutations(rest, () => {
      organizationCounters.clearAll();
      buildingCounters.clearAll();
    }),
  };
}

export type OrganizationSettingsLoaders = ReturnType<typeof createOrganizationSettingsLoaders>;
