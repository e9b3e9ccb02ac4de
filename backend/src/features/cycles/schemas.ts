/** The REST contract of cycles (docs/REST.md "Foundation calls"). */
import { FREQUENCIES } from '@fsi/shared';
import Type from 'typebox';
import { IdList, IdParams, IncludeQuery, ListQuery, SingleId } from '../../jsonapi/query';
import { Bool, errorResponses, Included, Int, IntNull, ListDocument, Nullable, ref, Resource, SingleDocument, Str, StringEnum, StringOrNull, StrNull, ToOne } from '../../jsonapi/schemas';
import { OrganizationResource } from '../organizations/schemas';

export const cycleIncludes = ['organization'] as const;
export const Frequency = StringEnum(FREQUENCIES);

export const CycleResource = Resource(
  'CycleResource',
  'cycles',
  {
    name: Str,
    abbreviation: Str,
    /** null: a non-repeating cycle. */
    frequency: Nullable(Frequency),
    every: IntNull,
    /** YYYY-MM-DD */
    start: StrNull,
    organizationId: Int,
    /** No walkabouts, and not a building's fire watch cycle (its tasks would go with it). */
    isDeletable: Bool,
    /** 'Daily', 'Every 2 Weeks', … ('On Demand' without a repeat): admin-people-schedules.md section 9. */
    occurrence: Str,
    /** Raised by every change; send it back with a change, an older one is refused (409 STALE). */
    version: Int,
  },
  { organization: ToOne('organizations') },
);

export const listCyclesSchema = {
  tags: ['cycles'],
  summary: "Cycles of the caller's organization; all=true answers every match in one page",
  querystring: ListQuery(
    {
      all: Type.Optional(Type.Boolean({ description: 'Every matching cycle in one page' })),
      buildingId: Type.Optional(SingleId),
      organizationId: Type.Optional(SingleId),
      'filter[organization]': Type.Optional(IdList),
      'filter[repeating]': Type.Optional(Type.Boolean()),
      'filter[search]': Type.Optional(
        Type.String({ maxLength: 256, description: 'A case-insensitive part of the name, matched literally (%, _, (, [, * and \\ are plain characters)' }),
      ),
    },
    cycleIncludes,
  ),
  response: { 200: ListDocument(ref(CycleResource), { included: Included(OrganizationResource) }), ...errorResponses },
};

const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The version the cycle was read at; an older one than stored is refused (409 STALE)' });
const Every = Type.Union([Type.Null(), Type.Integer({ minimum: -2_147_483_648, maximum: 2_147_483_647 })], {
  description: 'Daily 1-31, weekly 1-52, monthly 1-12, yearly 1-10; null without a repeat',
});
const CycleAttributes = {
  name: Type.Optional(StringOrNull({ maxLength: 1000, description: "Required; 'Name has already been taken' when another cycle of the organization has it" })),
  abbreviation: Type.Optional(StringOrNull({ maxLength: 1000 })),
  frequency: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 100 })], { description: 'daily, weekly, monthly or yearly; null: no repeat' })),
  every: Type.Optional(Every),
  start: Type.Optional(StringOrNull({ maxLength: 100, description: 'YYYY-MM-DD; null without a repeat' })),
};

export const getCycleSchema = {
  tags: ['cycles'],
  summary: 'One cycle of the caller\'s organization',
  params: IdParams,
  querystring: IncludeQuery(cycleIncludes),
  response: { 200: SingleDocument(ref(CycleResource), { included: Included(OrganizationResource) }), ...errorResponses },
};

export const createCycleSchema = {
  tags: ['cycles'],
  summary: 'Add a cycle (administrators and canManageOrganization); organizationId defaults to the caller\'s organization',
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      attributes: Type.Object({ ...CycleAttributes, organizationId: Type.Optional(Type.Union([Type.Null(), SingleId, Type.Integer({ minimum: 1, maximum: 2_147_483_647 })])) }),
    }),
  }),
  response: { 201: SingleDocument(ref(CycleResource)), ...errorResponses },
};

export const updateCycleSchema = {
  tags: ['cycles'],
  summary:
    'Change a cycle (administrators and canManageOrganization): the abbreviation; a repeating cycle\'s name, frequency, every and start are locked (422). With version, a stale edit is refused (409 STALE)',
  params: IdParams,
  body: Type.Object({ data: Type.Object({ type: Type.Optional(Str), id: Type.Optional(Str), attributes: Type.Object({ ...CycleAttributes, version: Type.Optional(Version) }) }) }),
  response: { 200: SingleDocument(ref(CycleResource)), ...errorResponses },
};

export const deleteCycleSchema = {
  tags: ['cycles'],
  summary: "Delete a cycle with its tasks (administrators and canManageOrganization); refused (422) while it has walkabouts or is a building's fire watch cycle",
  params: IdParams,
  response: { 204: Type.Null(), ...errorResponses },
};
