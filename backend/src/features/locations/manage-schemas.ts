/**
 * The REST contract of Manage Locations (admin-organizations-buildings.md section 7): the payload keys as the spec
 * writes them, quirks included (a trailing slash on the order calls, the building in the body of DELETE), plus the
 * `version` of each location an edit or a reorder was made on (an older one is refused with 409 STALE).
 */
import Type from 'typebox';
import { IdParams, SingleId } from '../../jsonapi/query';
import { errorResponses, Int, ListDocument, Named, ref, SingleDocument, Str, StrNull } from '../../jsonapi/schemas';
import { LocationResource } from './schemas';

// Ids are numbers; a digit string is taken as its number (the route schemas coerce).
const BuildingId = Type.Integer({ minimum: 1, maximum: 2147483647, description: 'The building of the locations' });
const EquipmentId = Type.Integer({ minimum: 1, maximum: 2147483647 });
const Version = Type.Integer({ minimum: 1, description: 'The version of the location the change was made on (GET /locations)' });
/** One equipment's secondary data; the keys and value types of @fsi/shared secondary-data.ts (others are refused with 422). */
const Metadata = Type.Record(
  Type.String({ maxLength: 100 }),
  // Checked by validateSecondaryData (422 with the field's pointer), not coerced here: a String field's '12' stays text.
  Type.Unknown({ description: 'A string, a finite number, a boolean, a yyyy-mm-dd date or null, by the field type' }),
);
/** A location is named by its uuids, as the QR code knows it. */
const Uuid = Type.String({ minLength: 1, maxLength: 100 });
const TemporaryUuid = Type.Union([Type.String({ maxLength: 100 }), Type.Null()]);

export const createLocationsSchema = {
  tags: ['locations'],
  summary: 'Add locations to a building (can-create-location, manage-organization, manage-buildings or admin)',
  body: Type.Object({
    building_id: BuildingId,
    locations_attributes: Type.Array(
      Type.Object({
        name: Str,
        hint: Type.Optional(StrNull),
        /** One relation per equipment: the floor (the same on each) and the equipment type. */
        /** The floor, also given here so that a location without equipment still names its floor (its relations name it too). */
        building_floor_id: Type.Optional(Type.Union([EquipmentId, Type.Null()])),
        relations: Type.Array(Type.Object({ building_floor_id: Type.Union([EquipmentId, Type.Null()]), equipment_id: EquipmentId }), { maxItems: 200 }),
        /** The secondary data by equipment id: `{ "12": { "equipmentManufacturer": "Acme" } }`. */
        metadata: Type.Optional(Type.Record(Type.String({ pattern: '^\\d{1,9}$' }), Metadata)),
      }),
      { minItems: 1, maxItems: 100 },
    ),
  }),
  response: { 201: ListDocument(ref(LocationResource)), ...errorResponses },
};

export const updateLocationSchema = {
  tags: ['locations'],
  summary:
    "Edit a location: name and hint and its equipment (can-update-location or can-create-location), the equipment's secondary data (can-manage-secondary-data)",
  body: Type.Object({
    building_id: BuildingId,
    uuids: Type.Object({ uuid: Uuid, temporary_uuid: Type.Optional(TemporaryUuid) }),
    location_name: Str,
    location_hint: Type.Optional(StrNull),
    version: Version,
    /** The whole equipment list after the edit: a type left out is removed (kept disabled when results refer to it). */
    equipments_on_locations_attributes: Type.Array(Type.Object({ equipment_id: EquipmentId, metadata: Type.Optional(Metadata) }), { maxItems: 200 }),
  }),
  response: { 200: SingleDocument(ref(LocationResource)), ...errorResponses },
};

export const deleteLocationSchema = {
  tags: ['locations'],
  summary: 'Delete a location (can-delete-location): it leaves every list; walkabouts and reports that recorded it keep it',
  description: 'The body may name the building as the spec sends it, `{ "building_id": 12 }`: the location must then be of that building. A DELETE without a body is as good.',
  params: IdParams,
  response: { 204: Type.Null({ description: 'Deleted' }), ...errorResponses },
};

export const reorderLocationsSchema = {
  tags: ['locations'],
  summary: 'Move locations within their floor (can-update-location): only the changed ones are sent; one transaction',
  body: Type.Object({
    building_id: BuildingId,
    locations: Type.Array(Type.Object({ order: Type.Integer({ minimum: 0, maximum: 100000 }), uuid: Uuid, temporary_uuid: Type.Optional(TemporaryUuid), version: Version }), {
      minItems: 1,
      maxItems: 1000,
    }),
  }),
  response: { 200: ListDocument(ref(LocationResource)), ...errorResponses },
};

export const reorderLocationEquipmentSchema = {
  tags: ['locations'],
  summary: "Order the equipment of locations (can-update-location): only the changed ones are sent, each with its location's version",
  body: Type.Object({
    building_id: BuildingId,
    equipments_on_locations: Type.Array(
      Type.Object({
        type_order: Type.Integer({ minimum: 0, maximum: 100000 }),
        uuid: Uuid,
        temporary_uuid: Type.Optional(TemporaryUuid),
        equipment_id: EquipmentId,
        version: Version,
      }),
      { minItems: 1, maxItems: 1000 },
    ),
  }),
  response: { 200: ListDocument(ref(LocationResource)), ...errorResponses },
};

export const EquipmentStateResource = Named(
  'EquipmentStateResource',
  Type.Object({
    type: Type.Literal('equipment-states'),
    id: Str,
    attributes: Type.Object({
      location: Type.Object({ id: Int }),
      equipment: Type.Object({ id: Int }),
      cycle_name: Str,
      /** The state in the latest walkabout of that cycle; a pair with nothing recorded there has no record (unscanned). */
      state: Type.Union([Type.Literal('satisfactory'), Type.Literal('unsatisfactory'), Type.Literal('not_applicable'), Type.Literal('incomplete')]),
    }),
  }),
);

export const equipmentStatesSchema = {
  tags: ['locations'],
  summary: "The inspection state of each equipment at each location of a building, in each cycle's latest walkabout",
  params: Type.Object({ buildingId: SingleId }),
  response: { 200: Type.Object({ data: Type.Array(ref(EquipmentStateResource)), meta: Type.Object({ total: Int }) }), ...errorResponses },
};

export const EquipmentChoiceResource = Named(
  'EquipmentChoiceResource',
  Type.Object({
    type: Type.Literal('equipment'),
    id: Str,
    attributes: Type.Object({
      name: Str,
      alias_name: StrNull,
      order: Int,
      /** Only active equipment can be added to a location; the others are shown disabled. */
      status: Type.Union([Type.Literal('active'), Type.Literal('disabled'), Type.Literal('paused')]),
    }),
  }),
);

export const equipmentChoicesSchema = {
  tags: ['locations'],
  summary: "The equipment types a location of the building can be given (the organization's, in their order, with their status)",
  params: Type.Object({ buildingId: SingleId }),
  response: { 200: Type.Object({ data: Type.Array(ref(EquipmentChoiceResource)), meta: Type.Object({ total: Int }) }), ...errorResponses },
};
