/** The REST contract of regions (docs/REST.md "Foundation calls"). */
import Type from 'typebox';
import { IdList, ListQuery } from '../../jsonapi/query';
import { Bool, errorResponses, Included, Int, IntArray, IntNull, ListDocument, ref, Resource, Str, StrArray, ToMany, ToOne, ToOneOrNull } from '../../jsonapi/schemas';
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
    /** No sub-regions, buildings or users. */
    isDeletable: Bool,
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
