/**
 * The per-request data source: one REST client (the caller's token) and the
 * DataLoaders of every feature. Made in the context function for each GraphQL
 * request, never at module scope, so no cache or token outlives its request.
 */
import type { RestClient } from './rest-client';
import { createAuthLoaders } from './features/auth/loaders';
import { createBuildingLoaders } from './features/buildings/loaders';
import { createBuildingFormLoaders } from './features/building-form/loaders';
import { createCycleLoaders } from './features/cycles/loaders';
import { createCurrentWalkaboutMutations } from './features/current-walkabouts/mutations';
import { createDocumentLoaders } from './features/documents/loaders';
import { createFireWatchLoaders } from './features/fire-watches/loaders';
import { createLocationLoaders } from './features/locations/loaders';
import { createLocationAdminLoaders } from './features/location-admin/loaders';
import { createMailOutboxLoaders } from './features/mail-outbox/loaders';
import { createOrganizationLoaders } from './features/organizations/loaders';
import { createOrganizationSettingsLoaders } from './features/organization-settings/loaders';
import { createQrCodeLoaders } from './features/qr-codes/loaders';
import { createRegionLoaders } from './features/regions/loaders';
import { createReportLoaders } from './features/reports/loaders';
import { createWalkaboutLoaders } from './features/walkabouts/loaders';
// Issue 12: floors and the building walkabout applicability.
import { createApplicabilityLoaders } from './features/applicability/loaders';
import { createFloorLoaders } from './features/floors/loaders';
// Issue 13: the overview dashboards.
import { createOverviewLoaders } from './features/overview/loaders';
// Issue 13: organization usage, import and export.
import { createUsageLoaders } from './features/usage/loaders';
import { createImportExportLoaders } from './features/import-export/loaders';
// Issue 13: equipment types and tasks groups at organization level.
import { createEquipmentTypeLoaders } from './features/equipment-types/loaders';
// Issue 13: tasks at organization level.
import { createTaskLoaders } from './features/tasks/loaders';
// Issue 13: types and tasks at building level.
import { createBuildingTypeLoaders } from './features/building-types/loaders';
// Issue 14: regions, cycles and cycle overrides.
import { createCycleMutations } from './features/cycles/mutations';
import { createCycleOverrideLoaders } from './features/regions/cycle-overrides';
import { createRegionMutations } from './features/regions/mutations';
// Issue 14: API tokens.
import { createApiTokenLoaders } from './features/api-tokens/loaders';
// Issue 14: users and roles.
import { createPeopleLoaders } from './features/people/loaders';
// Issue 14: report definitions and booklet templates administration.
import { createReportAdministrationLoaders } from './features/report-administration/loaders';

/** How each part of a data source is made, from the request's REST client and the other parts it fills or reads. */
const parts: { [K in keyof DataSource]: (rest: RestClient, data: DataSource) => DataSource[K] } = {
  // A sign-in reads its payload through a data source of its own, with the new token: this one's client never changes.
  auth: (rest, data) => createAuthLoaders(rest, (token) => createDataSource(rest.withToken(token)), { organizations: data.organizations.byId, regions: data.regions.byId }),
  organizations: (rest) => createOrganizationLoaders(rest),
  regions: (rest) => createRegionLoaders(rest),
  cycles: (rest) => createCycleLoaders(rest),
  buildings: (rest, data) => createBuildingLoaders(rest, { organizations: data.organizations.byId, regions: data.regions.byId, cycles: data.cycles.byId }),
  walkabouts: (rest, data) => createWalkaboutLoaders(rest, { buildings: data.buildings, cycles: data.cycles }),
  // Create Current Walkabouts (issue 12): fills the buildings' and walkabouts' loaders with what it answers.
  currentWalkabouts: (rest, data) => createCurrentWalkaboutMutations(rest, { buildings: data.buildings, walkabouts: data.walkabouts }),
  locations: (rest) => createLocationLoaders(rest),
  locationAdmin: (rest, data) => createLocationAdminLoaders(rest, data.locations),
  fireWatches: (rest, data) => createFireWatchLoaders(rest, data.buildings),
  reports: (rest) => createReportLoaders(rest),
  mailOutbox: (rest) => createMailOutboxLoaders(rest),
  qrCodes: (rest) => createQrCodeLoaders(rest),
  documents: (rest) => createDocumentLoaders(rest),
  organizationSettings: (rest) => createOrganizationSettingsLoaders(rest),
  floors: (rest) => createFloorLoaders(rest),
  applicability: (rest) => createApplicabilityLoaders(rest),
  // Issue 12: the building form; the building read earlier in the request is stale after a save.
  buildingForm: (rest, data) => createBuildingFormLoaders(rest, (id) => data.buildings.byId.clear(id)),
  // Issue 13: the overview dashboards.
  overview: (rest) => createOverviewLoaders(rest),
  // Issue 13: organization usage, import and export.
  usage: (rest) => createUsageLoaders(rest),
  importExport: (rest) => createImportExportLoaders(rest),
  // Issue 13: equipment types and tasks groups at organization level.
  equipmentTypes: (rest) => createEquipmentTypeLoaders(rest),
  // Issue 13: tasks at organization level.
  tasks: (rest) => createTaskLoaders(rest),
  buildingTypes: (rest) => createBuildingTypeLoaders(rest),
  // Issue 14: regions, cycles and cycle overrides.
  regionMutations: (rest, data) => createRegionMutations(rest, data.regions),
  cycleMutations: (rest, data) => createCycleMutations(rest, data.cycles),
  cycleOverrides: (rest) => createCycleOverrideLoaders(rest),
  // Issue 14: API tokens.
  apiTokens: (rest) => createApiTokenLoaders(rest),
  // Issue 14: users and roles.
  people: (rest) => createPeopleLoaders(rest),
  // Issue 14: report definitions and booklet templates administration.
  reportAdministration: (rest) => createReportAdministrationLoaders(rest),
};

const REST = Symbol('rest');
type Made = DataSource & { [REST]: RestClient };

/**
 * What every data source inherits: a getter per part that makes the part the first time a request reads it and keeps
 * it on the data source itself. A request reads a few of some thirty features, and making all of their DataLoaders
 * for every request was a share of the gateway's own CPU per query (about 50 µs of ~2-4 ms).
 */
const prototype: object = Object.create(
  null,
  Object.fromEntries(
    (Object.keys(parts) as (keyof DataSource)[]).map((key) => [
      key,
      {
        get(this: Made) {
          const part = parts[key](this[REST], this);
          Object.defineProperty(this, key, { value: part, enumerable: true, writable: true, configurable: true });
          return part;
        },
      },
    ]),
  ),
);

export function createDataSource(rest: RestClient): DataSource {
  const data = Object.create(prototype) as Made;
  data[REST] = rest;
  return data;
}

export type DataSource = {
  auth: ReturnType<typeof createAuthLoaders>;
  organizations: ReturnType<typeof createOrganizationLoaders>;
  regions: ReturnType<typeof createRegionLoaders>;
  cycles: ReturnType<typeof createCycleLoaders>;
  buildings: ReturnType<typeof createBuildingLoaders>;
  walkabouts: ReturnType<typeof createWalkaboutLoaders>;
  currentWalkabouts: ReturnType<typeof createCurrentWalkaboutMutations>;
  locations: ReturnType<typeof createLocationLoaders>;
  locationAdmin: ReturnType<typeof createLocationAdminLoaders>;
  fireWatches: ReturnType<typeof createFireWatchLoaders>;
  reports: ReturnType<typeof createReportLoaders>;
  mailOutbox: ReturnType<typeof createMailOutboxLoaders>;
  qrCodes: ReturnType<typeof createQrCodeLoaders>;
  documents: ReturnType<typeof createDocumentLoaders>;
  organizationSettings: ReturnType<typeof createOrganizationSettingsLoaders>;
  floors: ReturnType<typeof createFloorLoaders>;
  applicability: ReturnType<typeof createApplicabilityLoaders>;
  buildingForm: ReturnType<typeof createBuildingFormLoaders>;
  overview: ReturnType<typeof createOverviewLoaders>;
  usage: ReturnType<typeof createUsageLoaders>;
  importExport: ReturnType<typeof createImportExportLoaders>;
  equipmentTypes: ReturnType<typeof createEquipmentTypeLoaders>;
  tasks: ReturnType<typeof createTaskLoaders>;
  buildingTypes: ReturnType<typeof createBuildingTypeLoaders>;
  // Issue 14.
  regionMutations: ReturnType<typeof createRegionMutations>;
  cycleMutations: ReturnType<typeof createCycleMutations>;
  cycleOverrides: ReturnType<typeof createCycleOverrideLoaders>;
  // Issue 14: API tokens.
  apiTokens: ReturnType<typeof createApiTokenLoaders>;
  people: ReturnType<typeof createPeopleLoaders>;
  // Issue 14: report definitions and booklet templates administration.
  reportAdministration: ReturnType<typeof createReportAdministrationLoaders>;
};
