/**
 * The backend's REST documents and resources as its OpenAPI document describes them
 * (backend/openapi.json, generated into generated/rest.ts by `npm run codegen`): nothing here is typed
 * by hand, so a change of the REST contract shows up as a type error in the loaders and resolvers
 * that read it. The resources are the codegen `mappers` of the GraphQL object types: a resolver's
 * parent is the REST resource itself.
 */
import type { components, paths } from './generated/rest';

type Method = 'get' | 'post' | 'patch' | 'put';
type JsonOf<TResponse> = TResponse extends { content: { 'application/json': infer TBody } } ? TBody : never;
type ItemOf<T> = T extends ReadonlyArray<infer TItem> ? TItem : T;

/** The JSON body of a route's successful answer (its 200 or 201), e.g. `RestBody<'/buildings'>`. */
export type RestBody<TPath extends keyof paths, TMethod extends Method = 'get'> =
  NonNullable<paths[TPath][TMethod]> extends { responses: infer TResponses }
    ? JsonOf<TResponses[Extract<keyof TResponses, 200 | 201>]>
    : never;

/** The JSON body a route takes, e.g. `RestRequestBody<'/walkabout-data', 'patch'>`; undefined for a route that takes none. */
export type RestRequestBody<TPath extends keyof paths, TMethod extends Method> = OrUndefined<
  NonNullable<paths[TPath][TMethod]> extends { requestBody?: infer TRequest } ? JsonOf<NonNullable<TRequest>> : never
>;
type OrUndefined<T> = [T] extends [never] ? undefined : T;

/** What a POST or PATCH of a route sends and answers: `rest.post<RestRoute<'/sessions', 'post'>>(…)`. */
export type RestRoute<TPath extends keyof paths, TMethod extends Method> = {
  body: RestRequestBody<TPath, TMethod>;
  answer: RestBody<TPath, TMethod>;
};

/** The primary data of a route's answer: a resource, or the item of a list. */
type DataOf<TPath extends keyof paths, TMethod extends Method = 'get'> = ItemOf<RestBody<TPath, TMethod>['data']>;

/** A resource of one type from a route's `included`. */
type IncludedOf<TPath extends keyof paths, TType extends string, TMethod extends Method = 'get'> = Extract<
  ItemOf<NonNullable<RestBody<TPath, TMethod>['included']>>,
  { type: TType }
>;

/** One JSON:API error object of a 4xx or 5xx answer: `source.pointer` names the input field, `code` the kind of mistake. */
export type JsonApiError = components['schemas']['ErrorDocument']['errors'][number];
/** The backend's machine-readable error codes. */
export type RestErrorCode = NonNullable<JsonApiError['code']>;

export type SessionResource = DataOf<'/sessions', 'post'>;
export type UserResource = DataOf<'/users/me'>;
export type OrganizationResource = DataOf<'/organizations'>;
export type RegionResource = DataOf<'/regions'>;
export type CycleResource = DataOf<'/cycles'>;

export type BuildingResource = DataOf<'/buildings'>;
type BuildingAttributes = BuildingResource['attributes'];
/** One entry of a building's `statuses`: the latest walkabout of one cycle. */
export type BuildingStatusRecord = ItemOf<BuildingAttributes['statuses']>;
export type BuildingOffsetRecord = ItemOf<BuildingAttributes['buildingOffsets']>;
export type BuildingInformationRecord = NonNullable<BuildingAttributes['information']>;
export type AddressInformationRecord = NonNullable<BuildingInformationRecord['addressInformation']>;

/** A walkabout as lists and GET /walkabouts/{id} answer it (the latter names its floors). */
export type WalkaboutResource = DataOf<'/walkabouts'> | DataOf<'/walkabouts/{id}'>;
/** The records of a walkabout's tree, from GET /walkabouts/{id}'s `included`. */
export type WalkaboutFloorResource = IncludedOf<'/walkabouts/{id}', 'walkabout-floors'>;
export type EntryResource = DataOf<'/entries'>;
export type SectionResource = IncludedOf<'/walkabouts/{id}', 'sections'>;
export type ConditionResource = IncludedOf<'/walkabouts/{id}', 'conditions'>;
export type ConditionOptionsRecord = NonNullable<ConditionResource['attributes']['options']>;
export type QrUnavailabilityRecord = NonNullable<EntryResource['attributes']['qrUnavailabilityReason']>;

export type LocationResource = DataOf<'/locations'>;
/** `GET /buildings/{id}/floors`: a building's floors, in order. */
export type FloorResource = DataOf<'/buildings/{id}/floors'>;
export type LocationCommentResource = DataOf<'/location-comments', 'post'>;
export type FireWatchResource = DataOf<'/fire-watches'>;

/** A report of a building (`GET /reports`, `GET /reports/{id}`): its rows and their follow-up items inline. */
export type ReportResource = DataOf<'/reports'>;
export type ReportRowRecord = ItemOf<ReportResource['attributes']['rows']>;
export type FailureItemRecord = NonNullable<ReportRowRecord['item']>;
/** A failure item's acknowledgement and repair, as `PUT /entries/{id}` and `PUT /location-comments/{id}` answer it. */
export type FollowUpResource = DataOf<'/entries/{id}', 'put'>;
export type ReportCommentResource = DataOf<'/comments', 'post'>;
export type EquipmentResource = DataOf<'/equipment'>;
export type WalkaboutReportResource = DataOf<'/walkabout-reports'>;
export type ReportDownloadResource = DataOf<'/walkabout-reports/{id}/download'>;
export type OnDemandReportResource = DataOf<'/on-demand-reports/{id}'>;
export type OnDemandBuildingDataResource = DataOf<'/on-demand-reports/building-data/{buildingId}'>;
export type WalkaboutReportEmailResource = DataOf<'/walkabout-report-emails', 'post'>;
export type UnassignedQrCodeResource = DataOf<'/organizations/{id}/unassigned_qr_codes'>;

// Documents (issue 11).
export type DocumentResource = DataOf<'/documents'>;
export type DocumentCategoryResource = DataOf<'/document-categories'>;
export type DocumentEmailResource = DataOf<'/document-emails', 'post'>;
export type CycleOverrideResource = DataOf<'/cycle-overrides'>;
