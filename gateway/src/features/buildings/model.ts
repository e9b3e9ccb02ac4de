import type { Building } from '../../generated/resolvers';
import type { CycleModel } from '../cycles/model';
import { idOf } from '../../json-api';
import type { PlainFields } from '../../models';
import type { BuildingInformationRecord, BuildingOffsetRecord, BuildingResource, BuildingStatusRecord } from '../../rest-types';

type PlainBuildingField =
  | 'id' | 'name' | 'photoUrl' | 'order' | 'version' | 'timeZone' | 'contractUrl' | 'contractFileUrl' | 'organizationContract'
  | 'contractAccepterUsername' | 'contractAcceptedAt'
  | 'floorDisplayName' | 'hasApplicableWalkaboutConditions' | 'summaryFailureReportTotal' | 'summaryFailureReportAcknowledgedTotal'
  | 'summaryNotesReportTotal' | 'summaryNotesReportAcknowledgedTotal' | 'walkaboutsCount' | 'floorsCount' | 'locationsCount'
  | 'usersCount' | 'usersWithNotificationsCount' | 'unsatisfactoryPhotosCount' | 'documentsCount' | 'fireSafetyPlanId'
  | 'fireSafetyPlanUrl' | 'fireSafetyPlanMimetype' | 'isFireWatchStarted' | 'fireWatchId' | 'hasActiveFireWatchWalkabout'
  | 'activeFireWatchWalkaboutId';

/** A building as GraphQL serves it (models.ts): its statuses, offsets and information are REST's records as they are. */
export type BuildingModel = PlainFields<Building, PlainBuildingField> & {
  /** The building form (issue 12, features/building-form): its toggles (null: every applicable one). */
  reportDefinitionIds: string[] | null;
  reportBookletTemplateIds: string[] | null;
  information: BuildingInformationRecord;
  buildingOffsets: BuildingOffsetRecord[];
  statuses: BuildingStatusRecord[];
  organizationId: string;
  regionId: string | null;
  fireWatchCycleId: string | null;
};

/** A status or an offset with the cycle it names, loaded for all of a building's at once (`loadEach`). */
export type WithCycle<TRecord> = TRecord & { cycle: CycleModel | Error | null };
export type BuildingStatusModel = WithCycle<BuildingStatusRecord>;
export type BuildingOffsetModel = WithCycle<BuildingOffsetRecord>;

/**
 * What each field of Building that the buildings page can answer from a sparse record (GET /buildings with
 * `fields[buildings]`, backend/src/jsonapi/sparse.ts) reads of the REST resource: the attributes and relationships
 * toBuilding and the resolvers below take it from. A field not listed here (the building form's, applicability, the
 * other features' fields of Building) makes the page ask for whole records.
 */
const SPARSE_SOURCES: Readonly<Record<string, readonly string[]>> = {
  __typename: [],
  id: [],
  ...Object.fromEntries(
    (
      [
        'name', 'photoUrl', 'order', 'version', 'timeZone', 'contractUrl', 'contractFileUrl', 'organizationContract', 'contractAccepterUsername',
        'contractAcceptedAt', 'floorDisplayName', 'hasApplicableWalkaboutConditions', 'summaryFailureReportTotal',
        'summaryFailureReportAcknowledgedTotal', 'summaryNotesReportTotal', 'summaryNotesReportAcknowledgedTotal', 'walkaboutsCount',
        'floorsCount', 'locationsCount', 'usersCount', 'usersWithNotificationsCount', 'unsatisfactoryPhotosCount', 'documentsCount',
        'fireSafetyPlanId', 'fireSafetyPlanUrl', 'fireSafetyPlanMimetype', 'isFireWatchStarted', 'fireWatchId', 'hasActiveFireWatchWalkabout',
        'activeFireWatchWalkaboutId', 'information', 'buildingOffsets', 'reportDefinitionIds', 'reportBookletTemplateIds', 'statuses',
      ] satisfies Array<PlainBuildingField | keyof BuildingResource['attributes']>
    ).map((name) => [name, [name]]),
  ),
  organization: ['organization'],
  region: ['region'],
  fireWatchCycle: ['fireWatchCycle'],
};

/**
 * The REST fields (`fields[buildings]`) that give every field of `read` (the names a query reads of each building),
 * sorted; null when one of them is not answered from a sparse record (then the whole record is asked for).
 */
export function sparseFieldsFor(read: Iterable<string>): string[] | null {
  const fields = new Set<string>();
  for (const name of read) {
    const sources = SPARSE_SOURCES[name];
    if (!sources) return null;
    for (const source of sources) fields.add(source);
  }
  return [...fields].sort();
}

/**
 * A building as GraphQL serves it. From a sparse record (sparseFieldsFor) the fields it was not asked for are
 * undefined: such a model answers only the query it was read for, and is never primed into the by-id loader.
 */
export function toBuilding(building: BuildingResource): BuildingModel {
  const attributes = building.attributes;
  const relationships = building.relationships ?? ({} as Partial<BuildingResource['relationships']>);
  return {
    id: building.id,
    name: attributes.name,
    photoUrl: attributes.photoUrl,
    order: attributes.order,
    version: attributes.version,
    timeZone: attributes.timeZone,
    contractUrl: attributes.contractUrl,
    contractFileUrl: attributes.contractFileUrl,
    organizationContract: attributes.organizationContract,
    contractAccepterUsername: attributes.contractAccepterUsername,
    contractAcceptedAt: attributes.contractAcceptedAt,
    // The label of floors defaults to 'Floor' when empty (spec section 3).
    floorDisplayName: attributes.floorDisplayName || 'Floor',
    hasApplicableWalkaboutConditions: attributes.hasApplicableWalkaboutConditions,
    summaryFailureReportTotal: attributes.summaryFailureReportTotal,
    summaryFailureReportAcknowledgedTotal: attributes.summaryFailureReportAcknowledgedTotal,
    summaryNotesReportTotal: attributes.summaryNotesReportTotal,
    summaryNotesReportAcknowledgedTotal: attributes.summaryNotesReportAcknowledgedTotal,
    walkaboutsCount: attributes.walkaboutsCount,
    floorsCount: attributes.floorsCount,
    locationsCount: attributes.locationsCount,
    usersCount: attributes.usersCount,
    usersWithNotificationsCount: attributes.usersWithNotificationsCount,
    unsatisfactoryPhotosCount: attributes.unsatisfactoryPhotosCount,
    documentsCount: attributes.documentsCount,
    fireSafetyPlanId: idOf(attributes.fireSafetyPlanId),
    fireSafetyPlanUrl: attributes.fireSafetyPlanUrl,
    fireSafetyPlanMimetype: attributes.fireSafetyPlanMimetype,
    isFireWatchStarted: attributes.isFireWatchStarted,
    fireWatchId: idOf(attributes.fireWatchId),
    hasActiveFireWatchWalkabout: attributes.hasActiveFireWatchWalkabout,
    activeFireWatchWalkaboutId: idOf(attributes.activeFireWatchWalkaboutId),
    information: attributes.information,
    buildingOffsets: attributes.buildingOffsets,
    reportDefinitionIds: attributes.reportDefinitionIds?.map(String) ?? null,
    reportBookletTemplateIds: attributes.reportBookletTemplateIds?.map(String) ?? null,
    statuses: attributes.statuses,
    organizationId: relationships.organization?.data.id as string,
    regionId: relationships.region?.data?.id ?? null,
    fireWatchCycleId: relationships.fireWatchCycle?.data?.id ?? null,
  };
}
