/** The REST contract of cycles (docs/REST.md "Foundation calls"). */
import { FREQUENCIES } from '@fsi/shared';
import Type from 'typebox';
import { IdList, ListQuery, SingleId } from '../../jsonapi/query';
import { Bool, errorResponses, Included, Int, IntNull, ListDocument, Nullable, ref, Resource, Str, StringEnum, StrNull, ToOne } from '../../jsonapi/schemas';
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
    /** No tasks, and not a building's fire watch cycle. */
    isDeletable: Bool,
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
    },
    cycleIncludes,
  ),
  response: { 200: ListDocument(ref(CycleResource), { included: Included(OrganizationResource) }), ...errorResponses },
};
