import type { Static } from 'typebox';
import { resource, toMany, toOne, toOneOrNull } from '../../jsonapi/serializer';
import { signedPhotoUrl, signedUrlOf, type UrlSigner } from '../../storage/signed-urls';
import { contractAccepted } from './contract';
import type { BuildingView } from './repository';
import type { BuildingResource, FloorResource } from './schemas';

/**
 * A building as the API answers it. `signer` makes the signed URLs of the contract and of the fire safety plan
 * (storage/signed-urls.ts); the plan shows only once the contract is accepted, since the contract gate closes the
 * building's documents until then.
 */
export function buildingResource(b: BuildingView, signer: UrlSigner): Static<typeof BuildingResource> {
  const plan = contractAccepted(b) ? b.fireSafetyPlan : null;
  return resource(
    'buildings',
    b.id,
    {
      name: b.name,
      photoUrl: signedPhotoUrl(signer, b.photoUrl),
      order: b.order,
      version: b.version,
      timeZone: b.timeZone,
      contractUrl: b.contractUrl,
      contractFileUrl: signedUrlOf(signer, b.contractUrl, `${b.name} Contract`),
      organizationContract: b.organizationContract,
      contractAccepterUsername: b.contractAccepterUsername,
      contractAcceptedAt: b.contractAcceptedAt?.toISOString() ?? null,
      hasApplicableWalkaboutConditions: b.hasApplicableWalkaboutConditions,
      reportDefinitionIds: b.reportDefinitionIds,
      reportBookletTemplateIds: b.reportBookletTemplateIds,
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
      documentsCount: b.documentsCount,
      fireSafetyPlanId: plan?.id ?? null,
      fireSafetyPlanUrl: plan ? signedUrlOf(signer, `/files/${plan.uploadKey}`, plan.name) : null,
      fireSafetyPlanMimetype: plan?.mimetype ?? null,
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
      statusCycles: toMany('cycles', [...new Set(b.walkaboutStatus.statuses.map((status) => status.cycleId))]),
    },
  );
}

export function floorResource(f: { id: number; name: string; order: number; buildingId: number; locationsCount: number; version: number }): Static<typeof FloorResource> {
  return resource(
    'floors',
    f.id,
    { name: f.name, order: f.order, buildingId: f.buildingId, building_id: f.buildingId, locationsCount: f.locationsCount, version: f.version },
    { building: toOne('buildings', f.buildingId) },
  );
}
