/** The REST contract of locations and location comments (docs/REST.md "Walkabout calls"). */
import Type from 'typebox';
import { IdList, IdParams, ListQuery, SingleId } from '../../jsonapi/query';
import { Bool, errorResponses, Int, IntArray, ListDocument, Named, ref, Resource, SingleDocument, Str, StringEnum, StringOrNull, StrNull, ToOne } from '../../jsonapi/schemas';

const EquipmentStatus = StringEnum(['active', 'disabled', 'paused'] as const);

/** A location-equipment link (admin-organizations-buildings.md section 3), with the spec's spelling. */
export const LocationEquipment = Named(
  'LocationEquipment',
  Type.Object({
    id: Int,
    equipment: Type.Object({ id: Int, name: Str, status: EquipmentStatus, order: Int }),
    type_order: Int,
    state: EquipmentStatus,
    /** The secondary data of the equipment at this location: keys of the catalogue in @fsi/shared secondary-data.ts. */
    metadata: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number(), Type.Boolean(), Type.Null()])),
    disabled: Bool,
  }),
);

/** A building-level pause or deactivation of one of the location's equipment types (section 3 "Building status record"). */
export const EquipmentBuildingStatus = Named(
  'EquipmentBuildingStatus',
  Type.Object({
    equipment_id: Int,
    suspension_id: Int,
    building_level_status: StringEnum(['disabled', 'paused'] as const),
    suspension_short_name: Str,
    suspension_description: StrNull,
  }),
);

export const LocationResource = Resource(
  'LocationResource',
  'locations',
  {
    name: Str,
    label: StrNull,
    hint: StrNull,
    url: StrNull,
    /** `{PUBLIC_URL}/q/{uuid}`: what the location's QR code encodes (its temporary uuid when one was assigned, else its regular uuid). */
    universalLink: Str,
    /** A signed URL path of that QR code's PNG, valid for at least ten minutes. */
    qrImageUrl: Str,
    regularUuid: Str,
    temporaryUuid: StrNull,
    floorId: Int,
    floorName: Str,
    buildingId: Int,
    buildingFloorOrder: Int,
    order: Int,
    alias_ids: IntArray,
    /** Raised by every change of the location (its order and its equipment's order included): edits and reorders send it back. */
    version: Int,
    location_equipments: Type.Array(ref(LocationEquipment)),
    equipment_building_statuses: Type.Array(ref(EquipmentBuildingStatus)),
  },
  { floor: ToOne('floors'), building: ToOne('buildings') },
);

export const LocationCommentResource = Resource(
  'LocationCommentResource',
  'location-comments',
  { body: StrNull, photoUrl: StrNull, createdAt: Str, creatorUsername: Str, locationId: Int },
  { location: ToOne('locations') },
);

export const listLocationsSchema = {
  tags: ['locations'],
  summary: "Locations of the caller's buildings: by building, by QR uuid (regular or temporary), or searched",
  querystring: ListQuery({
    'filter[building]': Type.Optional(IdList),
    'filter[uuid]': Type.Optional(Type.String({ maxLength: 100 })),
    'filter[search]': Type.Optional(
      Type.String({ maxLength: 200, description: "'a-b': a range of ids; '1,2': alias ids; else a part of the name" }),
    ),
  }),
  response: { 200: ListDocument(ref(LocationResource)), ...errorResponses },
};

export const getLocationSchema = {
  tags: ['locations'],
  summary: 'One location',
  params: IdParams,
  response: { 200: SingleDocument(ref(LocationResource)), ...errorResponses },
};

export const createLocationCommentSchema = {
  tags: ['locations'],
  summary: 'An off-cycle remark about a location (canCreateOffCycleRemarks)',
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      attributes: Type.Optional(
        Type.Object({ body: Type.Optional(StrNull), photoUrl: Type.Optional(StringOrNull({ maxLength: 2048 })) }),
      ),
      relationships: Type.Object({
        location: Type.Object({ data: Type.Object({ type: Type.Optional(Str), id: SingleId }) }),
      }),
    }),
  }),
  response: { 201: SingleDocument(ref(LocationCommentResource)), ...errorResponses },
};
