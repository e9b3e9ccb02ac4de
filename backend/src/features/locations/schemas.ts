/** The REST contract of locations and location comments (docs/REST.md "Walkabout calls"). */
import Type from 'typebox';
import { IdList, IdParams, ListQuery, SingleId } from '../../jsonapi/query';
import { errorResponses, Int, IntArray, ListDocument, ref, Resource, SingleDocument, Str, StringOrNull, StrNull, ToOne } from '../../jsonapi/schemas';

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
