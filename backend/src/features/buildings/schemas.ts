/** The REST contract of buildings and their floors (docs/REST.md "Foundation calls"). */
import { OFFSET_UNITS } from '@fsi/shared';
import Type from 'typebox';
import { IdList, IdParams, IncludeParameter, ListQuery } from '../../jsonapi/query';
import { FieldsParameter } from '../../jsonapi/sparse';
import {
  Bool,
  errorResponses,
  Included,
  Int,
  IntArray,
  IntNull,
  ListDocument,
  Nullable,
  ref,
  Resource,
  SingleDocument,
  Str,
  StringEnum,
  StrNull,
  ToMany,
  ToOne,
  ToOneOrNull,
} from '../../jsonapi/schemas';
import { CycleResource } from '../cycles/schemas';
import { OrganizationResource } from '../organizations/schemas';
import { RegionResource } from '../regions/schemas';

/** statusCycles: the cycles of the building's `statuses` (its latest walkabout of each cycle), for their badges. */
export const buildingIncludes = ['organization', 'region', 'fireWatchCycle', 'statusCycles'] as const;

export const OffsetUnit = StringEnum(OFFSET_UNITS);

/** One entry of `statuses`: the latest walkabout of one cycle (inspection.md section 2, Buildings). */
export const BuildingStatus = Type.Object({
  cycleId: Int,
  isLastWalkaboutComplete: Bool,
  lastWalkaboutUnsatisfactoryTotal: Int,
  lockedAt: StrNull,
  openedAt: StrNull,
  closedAt: StrNull,
});

/** One entry of `buildingOffsets`: a repeating cycle's open and close offsets (0 hour when never set). */
export const BuildingOffset = Type.Object({
  cycleId: Int,
  cycleName: Str,
  cycleShortName: Str,
  openOffsetValue: Int,
  openOffsetUnit: OffsetUnit,
  closeOffsetValue: Int,
  closeOffsetUnit: OffsetUnit,
});

/** An address block, with the spec's capitalised keys (admin-organizations-buildings.md section 3). */
export const AddressInformation = Type.Object({
  Address1: Type.Optional(Str),
  Address2: Type.Optional(Str),
  City: Type.Optional(Str),
  State: Type.Optional(Str),
  PostalCode: Type.Optional(Str),
  Email: Type.Optional(Str),
  Phone: Type.Optional(Str),
  ContactName: Type.Optional(Str),
  ContactPhone: Type.Optional(Str),
  ContactEmail: Type.Optional(Str),
});

/** The building's "information" block; every member may be left out. */
export const BuildingInformation = Type.Object({
  occupancyType: Type.Optional(StrNull),
  note1: Type.Optional(StrNull),
  note2: Type.Optional(StrNull),
  addressInformation: Type.Optional(AddressInformation),
  managementCompanyName: Type.Optional(StrNull),
  managementCompanyAddressInformation: Type.Optional(AddressInformation),
  monitoringCompanyName: Type.Optional(StrNull),
  monitoringCompanyPhone: Type.Optional(StrNull),
  monitoringCompanyAccountNumber: Type.Optional(StrNull),
  monitoringCompanyPassCode: Type.Optional(StrNull),
});

export const BuildingResource = Resource(
  'BuildingResource',
  'buildings',
  {
    name: Str,
    photoUrl: StrNull,
    order: Int,
    /** Raised by every change; renames and reorders send it back, and an older one is refused with 409 STALE. */
    version: Int,
    timeZone: Str,
    /** The contract as stored: `/files/{key}` of a PDF upload (what PATCH takes), or null: 'Contract Missing'. */
    contractUrl: StrNull,
    /** A short-lived signed URL that opens the contract without a session, or null. */
    contractFileUrl: StrNull,
    /** The contract is the organization's: 'Contract is managed on organization level.' and it is accepted with the organization's. */
    organizationContract: Bool,
    /** Who accepted the contract, and when (null until accepted: 'Contract has not been accepted.'). */
    contractAccepterUsername: StrNull,
    contractAcceptedAt: StrNull,
    hasApplicableWalkaboutConditions: Bool,
    /** The report definitions switched on in the building form; null: every one that applies to the building. */
    reportDefinitionIds: Nullable(IntArray),
    /** The booklet templates switched on in the building form; null: every one that applies to the building. */
    reportBookletTemplateIds: Nullable(IntArray),
    summaryFailureReportTotal: Int,
    summaryFailureReportAcknowledgedTotal: Int,
    summaryNotesReportTotal: Int,
    summaryNotesReportAcknowledgedTotal: Int,
    statuses: Type.Array(BuildingStatus),
    walkaboutsCount: Int,
    floorsCount: Int,
    usersCount: Int,
    usersWithNotificationsCount: Int,
    locationsCount: Int,
    unsatisfactoryPhotosCount: Int,
    documentsCount: Int,
    fireSafetyPlanId: IntNull,
    fireSafetyPlanUrl: StrNull,
    fireSafetyPlanMimetype: StrNull,
    fireWatchCycleId: IntNull,
    isFireWatchStarted: Bool,
    fireWatchId: IntNull,
    hasActiveFireWatchWalkabout: Bool,
    activeFireWatchWalkaboutId: IntNull,
    organizationId: Int,
    organization_id: Int,
    organizationName: Str,
    regionId: IntNull,
    region_id: IntNull,
    floorDisplayName: StrNull,
    information: BuildingInformation,
    allScopeEquipmentConditionCycles: Type.Array(Type.Object({ cycleId: Int, cycleName: Str })),
    buildingOffsets: Type.Array(BuildingOffset),
  },
  { organization: ToOne('organizations'), region: ToOneOrNull('regions'), fireWatchCycle: ToOneOrNull('cycles'), statusCycles: ToMany('cycles') },
);

export const FloorResource = Resource(
  'FloorResource',
  'floors',
  {
    name: Str,
    order: Int,
    buildingId: Int,
    building_id: Int,
    locationsCount: Int,
    /** Raised by every change, order included: an edit or reorder naming an older one is refused (409 STALE). */
    version: Int,
  },
  { building: ToOne('buildings') },
);

export const buildingIncluded = Included(OrganizationResource, RegionResource, CycleResource);

/** `fields[buildings]` (JSON:API sparse fieldsets, jsonapi/sparse.ts), taken by the list and by one building. */
const buildingFieldsQuery = { 'fields[buildings]': Type.Optional(FieldsParameter(BuildingResource)) };

const listBuildingsSchema = (summary: string) => ({
  tags: ['buildings'],
  summary,
  querystring: ListQuery(
    {
      'filter[organization]': Type.Optional(IdList),
      'filter[region]': Type.Optional(Type.String({ ...IdList, description: 'Region ids; each includes its sub-regions' })),
      ...buildingFieldsQuery,
    },
    buildingIncludes,
  ),
  response: { 200: ListDocument(ref(BuildingResource), { included: buildingIncluded }), ...errorResponses },
});

export const currentUserBuildingsSchema = listBuildingsSchema('The buildings the caller may access (administrators: all)');
export const buildingsSchema = listBuildingsSchema("Buildings, filtered within the caller's scope (administrators: all organizations)");

export const getBuildingSchema = {
  tags: ['buildings'],
  summary: 'One building',
  params: IdParams,
  querystring: Type.Object({ include: Type.Optional(IncludeParameter(buildingIncludes)), ...buildingFieldsQuery }),
  response: { 200: SingleDocument(ref(BuildingResource), { included: buildingIncluded }), ...errorResponses },
};

export const buildingFloorsSchema = {
  tags: ['buildings'],
  summary: 'The floors of a building, in order',
  params: IdParams,
  querystring: ListQuery(),
  response: { 200: ListDocument(ref(FloorResource)), ...errorResponses },
};
