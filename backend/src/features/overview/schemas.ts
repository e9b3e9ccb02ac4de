/** The REST contract of the overview dashboards (admin-organizations-buildings.md sections 3 and 7). */
import { OVERVIEW_STATES, WALKABOUT_FILTER_TYPES } from '@fsi/shared/overview';
import Type from 'typebox';
import { IdParams, MAX_PAGE_SIZE } from '../../jsonapi/query';
import { errorResponses, Int, IntNull, ListLinks, Named, ref, SingleDocument, Str, StringEnum, StrNull } from '../../jsonapi/schemas';

const WHO =
  'Administrators (any organization), and users with the organization or building overview permission (their organization, narrowed to the buildings they may see: a region user their region’s, a user with building permissions those buildings)';
const CURRENT =
  "Counted from each building's current walkabout of each cycle: the latest opened one (fire watches aside) that is not closed, locked or not; an entry is unscanned when nothing was scanned or answered, unsatisfactory when a condition is, incomplete while one is unanswered, not_applicable when every one is answered N/A, else satisfactory";

const Ids = (description: string) => Type.Array(Int, { description });

const FilterUser = Type.Object({ id: Int, name: Str, username: Str, building_ids: Ids('The buildings (of the ones listed) this user may see') });
const FilterBuilding = Type.Object({
  id: Int,
  name: Str,
  region_id: IntNull,
  user_ids: Ids('The users listed who may see this building'),
  equipment_ids: Ids('The equipment types at a location of this building'),
});
const FilterRegion = Type.Object({ id: Int, name: Str, parent_id: IntNull, building_ids: Ids('The buildings listed in this region or one of its sub-regions') });
const FilterCycle = Type.Object({ id: Int, name: Str, equipment_ids: Ids('The equipment types with tasks in this cycle') });
const FilterEquipment = Type.Object({
  id: Int,
  name: Str,
  alias_name: StrNull,
  status: Str,
  building_ids: Ids('The buildings listed where this type is at a location'),
  cycle_ids: Ids('The cycles this type has tasks in'),
  components: Type.Array(Type.Object({ id: Int, name: Str, alias_name: StrNull })),
});

export const OverviewFiltersResource = Named(
  'OverviewFiltersResource',
  Type.Object({
    type: Type.Literal('overview-filters'),
    id: Str,
    attributes: Type.Object({
      organization_id: Int,
      users: Type.Array(FilterUser),
      buildings: Type.Array(FilterBuilding),
      regions: Type.Array(FilterRegion),
      cycles: Type.Array(FilterCycle),
      equipments: Type.Array(FilterEquipment),
    }),
  }),
);

export const organizationOverviewFiltersSchema = {
  tags: ['overview'],
  summary: `The filter data of an organization's overview: users with their buildings, buildings, regions, cycles and equipment types with components, cross-linked by id lists. ${WHO}`,
  params: IdParams,
  response: { 200: SingleDocument(ref(OverviewFiltersResource)), ...errorResponses },
};

export const buildingOverviewFiltersSchema = {
  tags: ['overview'],
  summary: `The filter data of a building's overview: as the organization's, narrowed to that building. ${WHO}`,
  params: IdParams,
  response: { 200: SingleDocument(ref(OverviewFiltersResource)), ...errorResponses },
};

export const StateCounters = Named(
  'EntryStateCounters',
  Type.Object({ total: Int, ...Object.fromEntries(OVERVIEW_STATES.map((state) => [state, Int])) } as {
    total: typeof Int;
    satisfactory: typeof Int;
    unsatisfactory: typeof Int;
    not_applicable: typeof Int;
    incomplete: typeof Int;
    unscanned: typeof Int;
  }),
);

const CycleCounters = Type.Object({
  id: Int,
  name: Str,
  /** complete when every condition of the walkabout is answered. */
  status: StringEnum(WALKABOUT_FILTER_TYPES),
  walkabout_id: Int,
  entries: ref(StateCounters),
});

export const BuildingCountersResource = Named(
  'BuildingEntryStateCountersResource',
  Type.Object({
    type: Type.Literal('building-entry-state-counters'),
    id: Str,
    attributes: Type.Object({
      name: Str,
      photo_url: StrNull,
      region_id: IntNull,
      order: Int,
      counters: ref(StateCounters),
      equipments: Type.Array(Type.Object({ id: Int, name: Str, alias_name: StrNull, cycles: Type.Array(CycleCounters) })),
    }),
  }),
);

const CountersPage = Type.Object({
  'page[number]': Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  'page[size]': Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: 50 })),
});

const CountersDocument = Type.Object({
  data: Type.Array(ref(BuildingCountersResource)),
  meta: Type.Object({ total: Type.Integer({ description: 'Every matching building, on all pages' }), counters: ref(StateCounters) }),
  links: ListLinks,
});

export const entryStateCountersSchema = {
  tags: ['overview'],
  summary: `The organization overview: totals of every building (meta.counters) and a page of buildings, each with its equipment types, their cycles, status and entry counters. ${CURRENT}. ${WHO}`,
  params: IdParams,
  querystring: CountersPage,
  response: { 200: CountersDocument, ...errorResponses },
};

const IdValue = Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.String({ pattern: '^\\d{1,9}$' })]);

export const entryFilteredStateCountersSchema = {
  tags: ['overview'],
  summary: `The organization overview narrowed by its filters (an empty or absent list does not narrow): buildings, cycles, walkabout completeness and equipment types (whole, or one component: its conditions only). Same document as entry-state-counters. ${CURRENT}. ${WHO}`,
  params: IdParams,
  querystring: CountersPage,
  body: Type.Object({
    building_ids: Type.Optional(Type.Array(IdValue, { maxItems: 5_000 })),
    walkabout_cycle_ids: Type.Optional(Type.Array(IdValue, { maxItems: 500 })),
    walkabout_types: Type.Optional(Type.Array(StringEnum(WALKABOUT_FILTER_TYPES), { maxItems: 2 })),
    equipment_ids: Type.Optional(
      Type.Array(Type.Object({ id: IdValue, componentId: Type.Optional(Type.Union([Type.Null(), IdValue], { description: 'null (first, so that the coercing validator keeps it null): the whole type' })) }), { maxItems: 1_000 }),
    ),
  }),
  response: { 200: CountersDocument, ...errorResponses },
};
