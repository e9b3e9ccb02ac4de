/** The REST contract of adding, renaming and reordering floors (admin-organizations-buildings.md section 7). */
import Type from 'typebox';
import { IdParams } from '../../jsonapi/query';
import { errorResponses, ListDocument, ref, SingleDocument, Str, StringOrNull } from '../../jsonapi/schemas';
import { FloorResource } from '../buildings/schemas';

/** A number, or digits as a string (the old client sends ids both ways). */
const IdValue = Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.String({ pattern: '^\\d{1,9}$' })]);
const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The version the floor was read at; an older one than stored is refused (409 STALE)' });
/** The spec sends `order: null` (the server decides); a number is taken as given by nobody and ignored likewise. */
const IgnoredOrder = Type.Optional(Type.Union([Type.Null(), Type.Integer()], { description: 'Ignored: a new floor goes last, an edit keeps its place' }));
const FloorName = Type.Optional(StringOrNull({ maxLength: 1000, description: "Required ('Floor name is required field'), at most 256 characters" }));

export const createFloorSchema = {
  tags: ['floors'],
  summary: 'Add a floor to a building, after its last floor (administrators and canManageBuildings)',
  params: IdParams,
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      attributes: Type.Object({ name: FloorName, building_id: Type.Optional(IdValue), order: IgnoredOrder }),
    }),
  }),
  response: { 201: SingleDocument(ref(FloorResource)), ...errorResponses },
};

export const renameFloorSchema = {
  tags: ['floors'],
  summary: "Rename one of the building's floors (administrators and canManageBuildings); with version, a stale edit is refused (409 STALE)",
  params: IdParams,
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      attributes: Type.Object({ id: IdValue, name: FloorName, order: IgnoredOrder, version: Type.Optional(Version) }),
    }),
  }),
  response: { 200: SingleDocument(ref(FloorResource)), ...errorResponses },
};

export const reorderFloorsSchema = {
  tags: ['floors'],
  summary:
    'Set the order of the floors whose order changed (administrators and canManageBuildings), in one transaction: one stale version refuses them all (409 STALE). Answers the changed floors',
  body: Type.Object({
    batch_update_attributes: Type.Array(
      Type.Object({ floor_id: IdValue, order: Type.Integer({ minimum: 0, maximum: 100_000 }), version: Type.Optional(Version) }),
      { minItems: 1, maxItems: 500 },
    ),
  }),
  response: { 200: ListDocument(ref(FloorResource)), ...errorResponses },
};
