/** The REST contract of regions (docs/REST.md "Foundation calls"). */
import Type from 'typebox';
import { IdList, IdParams, IncludeQuery, ListQuery, SingleId } from '../../jsonapi/query';
import { Bool, errorResponses, Included, Int, IntArray, IntNull, ListDocument, ref, Resource, SingleDocument, Str, StrArray, StringOrNull, ToMany, ToOne, ToOneOrNull } from '../../jsonapi/schemas';
import { OrganizationResource } from '../organizations/schemas';

export const regionIncludes = ['organization', 'parent'] as const;

export const CycleOverride = Type.Object({
  id: Int,
  regionId: Int,
  cycleId: Int,
  monday: Bool,
  tuesday: Bool,
  wednesday: Bool,
  thursday: Bool,
  friday: Bool,
  saturday: Bool,
  sunday: Bool,
  /** YYYY-MM-DD */
  blackoutDates: StrArray,
});

export const RegionResource = Resource(
  'RegionResource',
  'regions',
  {
    name: Str,
    organizationId: Int,
    parentId: IntNull,
    /** Ancestors, nearest last. */
    parentIds: IntArray,
    /** 0 for a top-level region. */
    level: Int,
    children_ids: IntArray,
    /** No sub-regions, users, buildings, report definitions or booklet templates. */
    isDeletable: Bool,
    /** Raised by every change; send it back with a rename, an older one is refused (409 STALE). */
    version: Int,
    cycleOverrides: Type.Array(CycleOverride),
  },
  { organization: ToOne('organizations'), parent: ToOneOrNull('regions'), children: ToMany('regions') },
);

export const listRegionsSchema = {
  tags: ['regions'],
  summary: "Regions of the caller's scope (region users: their region and its sub-regions)",
  querystring: ListQuery(
    {
      'filter[organization]': Type.Optional(IdList),
      'filter[parent]': Type.Optional(Type.String({ pattern: '^(\\d+|null)$', description: 'A region id, or null for top-level regions' })),
    },
    regionIncludes,
  ),
  response: { 200: ListDocument(ref(RegionResource), { included: Included(OrganizationResource, RegionResource) }), ...errorResponses },
};

const OrganizationRegionParams = Type.Object({ organizationId: SingleId, regionId: SingleId });
const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The version the region was read at; an older one than stored is refused (409 STALE)' });
const RegionName = Type.Optional(StringOrNull({ maxLength: 1000, description: 'Required, at most 256 characters' }));

export const getOrganizationRegionSchema = {
  tags: ['regions'],
  summary: "One region of the organization, in the caller's scope",
  params: OrganizationRegionParams,
  querystring: IncludeQuery(regionIncludes),
  response: { 200: SingleDocument(ref(RegionResource), { included: Included(OrganizationResource, RegionResource) }), ...errorResponses },
};

export const createRegionSchema = {
  tags: ['regions'],
  summary: 'Add a region (parentId null) or a sub-region (administrators and canManageOrganization; a region user only inside their region)',
  params: Type.Object({ organizationId: SingleId }),
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      attributes: Type.Object({
        name: RegionName,
        parentId: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), SingleId], { description: 'null for a top-level region' })),
      }),
    }),
  }),
  response: { 201: SingleDocument(ref(RegionResource), { included: Included(OrganizationResource, RegionResource) }), ...errorResponses },
};

export const renameRegionSchema = {
  tags: ['regions'],
  summary: 'Rename a region with PATCH /regions/{id} (administrators and canManageOrganization); with version, a stale edit is refused (409 STALE)',
  params: IdParams,
  body: Type.Object({ data: Type.Object({ type: Type.Optional(Str), id: Type.Optional(Str), attributes: Type.Object({ name: RegionName, version: Type.Optional(Version) }) }) }),
  response: { 200: SingleDocument(ref(RegionResource)), ...errorResponses },
};

export const deleteRegionSchema = {
  tags: ['regions'],
  summary: 'Delete a region (administrators and canManageOrganization); refused (422, naming what blocks it) while it has sub-regions, users, buildings, report definitions or booklets',
  params: OrganizationRegionParams,
  response: { 204: Type.Null(), ...errorResponses },
};
