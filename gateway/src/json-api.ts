/**
 * The backend's JSON:API resources as the gateway reads them (docs/REST.md).
 * They are the codegen `mappers` of the GraphQL object types: a resolver's
 * parent is the REST resource itself, so a field resolver reads its attribute
 * or follows its relationship without copying records into GraphQL shapes.
 */
import type { Frequency, OffsetUnit } from '@fsi/shared';
import type { DataSource } from './data-source';

export type ResourceIdentifier = { type: string; id: string };

export type Relationship = { data: ResourceIdentifier | ResourceIdentifier[] | null };

export type JsonApiResource<TType extends string, TAttributes> = {
  type: TType;
  id: string;
  attributes: TAttributes;
  relationships?: Record<string, Relationship>;
};

/** One JSON:API error object; `source.pointer` names the input field of a 422, `code` the kind of mistake. */
export type JsonApiError = {
  status?: string;
  code?: string;
  title?: string;
  detail?: string;
  source?: { pointer?: string; parameter?: string };
};

export type JsonApiDocument<TData> = {
  data: TData;
  included?: AnyResource[];
  meta?: Record<string, unknown>;
  links?: { self?: string; first?: string; last?: string; next?: string | null; prev?: string | null };
};

export type AnyResource = JsonApiResource<string, Record<string, unknown>>;

export type OrganizationAttributes = {
  name: string;
  logoUrl: string | null;
  displayLogoUrl?: string | null;
  contractUrl: string | null;
  contractAcceptedAt: string | null;
  contractAcceptedBy: string | null;
  /** REST spelling: active, disabled or paused. */
  status: string;
  timeZone?: string;
};
export type OrganizationResource = JsonApiResource<'organizations', OrganizationAttributes>;

/** Ids inside attributes are numbers (the backend's spelling); resource ids and relationships are strings. */
export type RegionAttributes = {
  name: string;
  organizationId: number;
  parentId: number | null;
  /** Ancestors, nearest last. */
  parentIds: number[];
  level: number;
  children_ids?: number[];
  isDeletable?: boolean;
};
export type RegionResource = JsonApiResource<'regions', RegionAttributes>;

export type CycleAttributes = {
  name: string;
  abbreviation: string | null;
  frequency: Frequency | null;
  every: number | null;
  start: string | null;
  organizationId: number;
  isDeletable?: boolean;
};
export type CycleResource = JsonApiResource<'cycles', CycleAttributes>;

/** One entry of a building's `statuses`: the latest walkabout of one cycle. */
export type BuildingStatusRecord = {
  cycleId: number;
  isLastWalkaboutComplete: boolean;
  lastWalkaboutUnsatisfactoryTotal: number;
  lockedAt: string | null;
  openedAt: string | null;
  closedAt: string | null;
};

/** One entry of a building's `buildingOffsets`. */
export type BuildingOffsetRecord = {
  cycleId: number;
  cycleName?: string;
  cycleShortName?: string | null;
  openOffsetValue: number;
  openOffsetUnit: OffsetUnit;
  closeOffsetValue: number;
  closeOffsetUnit: OffsetUnit;
};

export type AddressInformationRecord = {
  address1?: string | null;
  address2?: string | null;
  city?: string | null;
  state?: string | null;
  postalCode?: string | null;
  email?: string | null;
  phone?: string | null;
  contactName?: string | null;
  contactPhone?: string | null;
  contactEmail?: string | null;
};

export type BuildingInformationRecord = {
  occupancyType?: string | null;
  note1?: string | null;
  note2?: string | null;
  addressInformation?: AddressInformationRecord | null;
  managementCompanyName?: string | null;
  managementCompanyAddressInformation?: AddressInformationRecord | null;
  monitoringCompanyName?: string | null;
  monitoringCompanyPhone?: string | null;
  monitoringCompanyAccountNumber?: string | null;
  monitoringCompanyPassCode?: string | null;
};

/** Spec inspection.md section 3 "Building", with its own spelling (organization_id, region_id). */
export type BuildingAttributes = {
  name: string;
  photoUrl: string | null;
  order: number;
  timeZone: string;
  organizationId: number;
  organization_id?: number;
  organizationName?: string;
  regionId: number | null;
  region_id?: number | null;
  contractUrl: string | null;
  contractAccepterUsername: string | null;
  contractAcceptedAt: string | null;
  floorDisplayName: string | null;
  hasApplicableWalkaboutConditions: boolean;
  information: BuildingInformationRecord | null;
  buildingOffsets: BuildingOffsetRecord[];
  statuses: BuildingStatusRecord[];
  summaryFailureReportTotal: number;
  summaryFailureReportAcknowledgedTotal: number;
  summaryNotesReportTotal: number;
  summaryNotesReportAcknowledgedTotal: number;
  walkaboutsCount: number;
  floorsCount: number;
  locationsCount: number;
  usersCount: number;
  usersWithNotificationsCount: number;
  unsatisfactoryPhotosCount: number;
  documentsCount: number;
  fireSafetyPlanId: number | null;
  fireSafetyPlanUrl: string | null;
  fireSafetyPlanMimetype: string | null;
  fireWatchCycleId: number | null;
  isFireWatchStarted: boolean;
  fireWatchId: number | null;
  hasActiveFireWatchWalkabout: boolean;
  activeFireWatchWalkaboutId: number | null;
};
export type BuildingResource = JsonApiResource<'buildings', BuildingAttributes>;

export type UserAttributes = {
  username: string;
  firstname: string | null;
  lastname: string | null;
  email?: string | null;
  organizationId: number | null;
  regionId: number | null;
  permissions: Partial<Record<string, boolean>>;
  walkaboutAutoSavePeriodMins: number | null;
  debugModeEnabled: boolean;
  networkSpeedMeasurementEnabled: boolean;
};
export type UserResource = JsonApiResource<'users', UserAttributes>;

/**
 * The signed-in user: the user resource plus `meta.isAdmin`, which REST sends beside it. A signIn's
 * viewer carries the data source of its new token (`data`), through which its relationships are read.
 */
export type ViewerRecord = { user: UserResource; isAdmin: boolean; data?: DataSource };

export type SessionResource = JsonApiResource<'sessions', { accessToken: string; expiresAt: string | null }>;

/**
 * The id of a to-one relationship: `relationships.{name}.data.id`, else the
 * attribute `{name}Id` (spec section 3: "A relationship is exposed as {name}Id").
 */
export function relatedId(resource: AnyResource | JsonApiResource<string, object>, name: string): string | null {
  const data = resource.relationships?.[name]?.data;
  if (data && !Array.isArray(data)) return data.id;
  const attributes = resource.attributes as Record<string, unknown>;
  const value = attributes[`${name}Id`] ?? attributes[`${name}_id`];
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** An id attribute (a number in the backend's attributes) as a GraphQL ID. */
export function idOf(value: number | string | null | undefined): string | null {
  return value === null || value === undefined ? null : String(value);
}
