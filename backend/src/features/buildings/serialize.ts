import type { Static } from 'typebox';
import { resource, toOne, toOneOrNull } from '../../jsonapi/serializer';
import { signedUrlOf, type UrlSigner } from '../../storage/signed-urls';
import type { BuildingView } from './repository';
import type { BuildingResource, FloorResource } from './schemas';

/** A building as its routes answer it; `signer` makes the contract's signed URL (storage/signed-urls.ts). */
export function buildingResource(b: BuildingView, signer: UrlSigner): Static<typeof BuildingResource> {
  return resource(
    'buildings',
    b.id,
    {
      name: b.name,
      photoUrl: b.photoUrl,
      order: b.order,
      timeZone: b.timeZone,
      contractUrl: b.contractUrl,
      contractFileUrl: signedUrlOf(signer, b.contractUrl, `${b.name} Contract`),
      organizationContract: b.organizationContract,
      contractAccepterUsername: b.contractAccepterUsername,
      contractAcceptedAt: b.contractAcceptedAt?.toISOString() ?? null,
      hasApplicableWalkaboutConditions: b.hasApplicableWalkaboutConditions,
      // Report definitions and documents arrive with later features; until then these are empty.
      reportDefinitionIds: [],
      reportBookletTemplateIds: [],
      summaryFailureReportTotal: b.followUps.summaryFailureReportTotal,
      summaryFailureReportAcknowledgedTotal: b.followUps.summaryFailureReportAcknowledgedTotal,
      summaryNotesReportTotal: b.followUps.summaryNotesReportTotal,
      summaryNotesReportAcknowledgedTotal: b.followUps.summaryNotesReportAcknowledgedTotal,
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
      region: toOneOrNull('regions', b.regionId),
      fireWatchCycle: toOneOrNull('cycles', b.fireWatchCycleId),
    },
  );
}

export function floorResource(f: { id: number; name: string; order: number; buildingId: number; locationsCount: number }): Static<typeof FloorResource> {
  return resource(
    'floors',
    f.id,
    { name: f.name, order: f.order, buildingId: f.buildingId, building_id: f.buildingId, locationsCount: f.locationsCount },
    { building: toOne('buildings', f.buildingId) },
  );
}
