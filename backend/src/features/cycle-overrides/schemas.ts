/** The REST contract of cycle overrides (admin-people-schedules.md section 7). */
import Type from 'typebox';
import { IdList, IdParams } from '../../jsonapi/query';
import { Bool, errorResponses, Int, ListDocument, ref, Resource, SingleDocument, Str, StrArray, ToOne } from '../../jsonapi/schemas';

export const CycleOverrideResource = Resource(
  'CycleOverrideResource',
  'cycle-overrides',
  {
    regionId: Int,
    cycleId: Int,
    /** The name of the override's region ('Added in {region}' beside an ancestor's blackout dates). */
    regionName: Str,
    monday: Bool,
    tuesday: Bool,
    wednesday: Bool,
    thursday: Bool,
    friday: Bool,
    saturday: Bool,
    sunday: Bool,
    /** YYYY-MM-DD, sorted */
    blackoutDates: StrArray,
    /** The skipped weekdays and the blackout dates, in words. */
    description: Str,
    /** Raised by every change; send it back with a change, an older one is refused (409 STALE). */
    version: Int,
  },
  { region: ToOne('regions'), cycle: ToOne('cycles') },
);

const Day = Type.Optional(Type.Boolean());
const Days = { monday: Day, tuesday: Day, wednesday: Day, thursday: Day, friday: Day, saturday: Day, sunday: Day };
const BlackoutDates = Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 1000, description: 'YYYY-MM-DD dates whose periods are skipped' }));
const Relationship = Type.Object({ data: Type.Object({ type: Type.Optional(Str), id: Type.Union([Type.String({ pattern: '^\\d{1,9}$' }), Type.Integer({ minimum: 1, maximum: 2_147_483_647 })]) }) });
const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The version the override was read at; an older one than stored is refused (409 STALE)' });

export const listCycleOverridesSchema = {
  tags: ['cycle-overrides'],
  summary: "Cycle overrides of the caller's regions; with filter[ancestors]=true also those of the regions' ancestors (up to 5 levels), which apply to them too",
  querystring: Type.Object({
    'filter[region]': Type.Optional(IdList),
    'filter[cycle]': Type.Optional(IdList),
    'filter[ancestors]': Type.Optional(Type.Boolean()),
  }),
  response: { 200: ListDocument(ref(CycleOverrideResource)), ...errorResponses },
};

export const getCycleOverrideSchema = {
  tags: ['cycle-overrides'],
  summary: 'One cycle override',
  params: IdParams,
  response: { 200: SingleDocument(ref(CycleOverrideResource)), ...errorResponses },
};

export const createCycleOverrideSchema = {
  tags: ['cycle-overrides'],
  summary: 'Override a cycle in a region (administrators and canManageOrganization); a cycle is overridden once per region (422)',
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      attributes: Type.Object({ ...Days, blackoutDates: BlackoutDates }),
      relationships: Type.Object({ region: Relationship, cycle: Relationship }),
    }),
  }),
  response: { 201: SingleDocument(ref(CycleOverrideResource)), ...errorResponses },
};

export const updateCycleOverrideSchema = {
  tags: ['cycle-overrides'],
  summary: "Change a cycle override's weekdays and blackout dates (administrators and canManageOrganization); with version, a stale edit is refused (409 STALE)",
  params: IdParams,
  body: Type.Object({
    data: Type.Object({ type: Type.Optional(Str), id: Type.Optional(Str), attributes: Type.Object({ ...Days, blackoutDates: BlackoutDates, version: Type.Optional(Version) }) }),
  }),
  response: { 200: SingleDocument(ref(CycleOverrideResource)), ...errorResponses },
};

export const deleteCycleOverrideSchema = {
  tags: ['cycle-overrides'],
  summary: 'Delete a cycle override (administrators and canManageOrganization)',
  params: IdParams,
  response: { 204: Type.Null(), ...errorResponses },
};
