import { bool, freeArray, freeObject, int, intArray, intNull, resourceSchema, str, strNull } from '../../jsonapi/schemas';
import { resource, toOne, type Resource } from '../../jsonapi/serializer';
import type { BuildingView } from './repository';

export const buildingResourceSchema = resourceSchema(
  'buildings',
  {
    name: str,
    photoUrl: strNull,
    order: int,
    timeZone: str,
    contractUrl: strNull,
    contractAccepterUsername: strNull,
    contractAcceptedAt: strNull,
    hasApplicableWalkaboutConditions: bool,
    reportDefinitionIds: intArray,
    reportBookletTemplateIds: intArray,
    summaryFailureReportTotal: int,
    summaryFailureReportAcknowledgedTotal: int,
    summaryNotesReportTotal: int,
    summaryNotesReportAcknowledgedTotal: int,
    statuses: freeArray,
    walkaboutsCount: int,
    floorsCount: int,
    usersCount: int,
    usersWithNotificationsCount: int,
    locationsCount: int,
    unsatisfactoryPhotosCount: int,
    documentsCount: int,
    fireSafetyPlanId: intNull,
    fireSafetyPlanUrl: strNull,
    fireSafetyPlanMimetype: strNull,
    fireWatchCycleId: intNull,
    isFireWatchStarted: bool,
    fireWatchId: intNull,
    hasActiveFireWatchWalkabout: bool,
    activeFireWatchWalkaboutId: intNull,
    organizationId: int,
    organization_id: int,
    organizationName: str,
    regionId: intNull,
    region_id: intNull,
    floorDisplayName: strNull,
    information: freeObject,
    allScopeEquipmentConditionCycles: freeArray,
    buildingOffsets: freeArray,
  },
  ['organization', 'region', 'fireWatchCycle'],
);

export function buildingResource(b: BuildingView): Resource {
  return resource(
    'buildings',
    b.id,
    {
      name: b.name,
      photoUrl: b.photoUrl,
      order: b.order,
      timeZone: b.timeZone,
      contractUrl: b.contractUrl,
      contractAccepterUsername: b.contractAccepterUsername,
      contractAcceptedAt: b.contractAcceptedAt?.toISOString() ?? null,
      hasApplicableWalkaboutConditions: b.hasApplicableWalkaboutConditions,
      // Reports and documents arrive with later features; until then these are empty.
      reportDefinitionIds: [],
      reportBookletTemplateIds: [],
      summaryFailureReportTotal: 0,
      summaryFailureReportAcknowledgedTotal: 0,
      summaryNotesReportTotal: 0,
      summaryNotesReportAcknowledgedTotal: 0,
      statuses: b.walkaboutStatus.statuses,
      walkaboutsCount: b.walkaboutStatus.walkaboutsCount,
      floorsCount: b.floorsCount,
      usersCount: b.usersCount,
      usersWithNotificationsCount: b.usersWithNotificationsCount,
      locationsCount: b.locationsCount,
      unsatisfactoryPhotosCount: b.walkaboutStatus.unsatisfactoryPhotosCount,
      documentsCount: 0,
      fireSafetyPlanId: null,
      fireSafetyPlanUrl: null,
      fireSafetyPlanMimetype: null,
      fireWatchCycleId: b.fireWatchCycleId,
      isFireWatchStarted: b.walkaboutStatus.fireWatchId !== null,
      fireWatchId: b.walkaboutStatus.fireWatchId,
      hasActiveFireWatchWalkabout: b.walkaboutStatus.activeFireWatchWalkaboutId !== null,
      activeFireWatchWalkaboutId: b.walkaboutStatus.activeFireWatchWalkaboutId,
      organizationId: b.organizationId,
      organization_id: b.organizationId,
      organizationName: b.organizationName,
      regionId: b.regionId,
      region_id: b.regionId,
      floorDisplayName: b.floorDisplayName,
      information: b.information,
      allScopeEquipmentConditionCycles: b.conditionCycles,
      buildingOffsets: b.buildingOffsets,
    },
    {
      organization: toOne('organizations', b.organizationId),
      region: toOne('regions', b.regionId),
      fireWatchCycle: toOne('cycles', b.fireWatchCycleId),
    },
  );
}

export const floorResourceSchema = resourceSchema(
  'floors',
  { name: str, order: int, buildingId: int, building_id: int, locationsCount: int },
  ['building'],
);

export function floorResource(f: { id: number; name: string; order: number; buildingId: number; locationsCount: number }): Resource {
  return resource(
    'floors',
    f.id,
    { name: f.name, order: f.order, buildingId: f.buildingId, building_id: f.buildingId, locationsCount: f.locationsCount },
    { building: toOne('buildings', f.buildingId) },
  );
}
