/**
 * The REST contract of QR codes (inspection.md section 7; admin-organizations-buildings.md section 7):
 * unassigned codes, their batch generation, the scanned-URL check and the assignment to a location, and the
 * printable sheets. Payload keys are the specification's (snake_case), as the existing API has them.
 */
import Type from 'typebox';
import { IdParams, ListQuery, SingleId } from '../../jsonapi/query';
import { errorResponses, Int, ListDocument, PlainResource, ref, Resource, SingleDocument, Str, ToOne } from '../../jsonapi/schemas';
import { LocationResource } from '../locations/schemas';

const Uuid = Type.String({ maxLength: 64 });
/** An id as the web sends it: a number or its text. */
const IdValue = Type.Union([SingleId, Type.Integer({ minimum: 1, maximum: 999_999_999 })]);

export const UnassignedQrCodeResource = Resource(
  'UnassignedQrCodeResource',
  'unassigned_qr_codes',
  {
    uuid: Str,
    /** `{PUBLIC_URL}/q/{uuid}`: what the printed code encodes. */
    universalLink: Str,
    /** A signed URL path of the code's PNG, valid for at least ten minutes. */
    qrImageUrl: Str,
    organizationId: Int,
    createdAt: Str,
  },
  { organization: ToOne('organizations') },
);

export const QrCodeSheetResource = PlainResource('QrCodeSheetResource', 'qr-code-sheets', {
  /** A signed URL path of the PDF that works without a session until expiresAt. */
  download_url: Str,
  filename: Str,
  expiresAt: Str,
  /** How many codes the sheet holds, and on how many pages. */
  codeCount: Int,
  pageCount: Int,
});

export const listUnassignedSchema = {
  tags: ['qr-codes'],
  summary: "The organization's unassigned QR codes, newest first (administrators only)",
  params: IdParams,
  querystring: ListQuery(),
  response: { 200: ListDocument(ref(UnassignedQrCodeResource)), ...errorResponses },
};

export const batchSchema = {
  tags: ['qr-codes'],
  summary: 'Generates 1 to 50 unassigned QR codes for an organization (administrators only)',
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      attributes: Type.Object({
        // Checked by the shared rule (qrCountError), so that a missing or out-of-range count gets the screen's words.
        // Text first: the validator coerces types, and a number or null first would read null or '' as 0, or 0 as null.
        count: Type.Optional(Type.Union([Type.String({ maxLength: 20 }), Type.Number(), Type.Null()])),
        organization_id: IdValue,
      }),
    }),
  }),
  response: { 201: ListDocument(ref(UnassignedQrCodeResource)), ...errorResponses },
};

export const validateUrlSchema = {
  tags: ['qr-codes'],
  summary:
    "Checks a scanned QR code for assignment at a building: its text must be a universal link `{origin}/q/{uuid}` of an unassigned code of the building's organization (canAssignQrCode)",
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      attributes: Type.Object({ url: Type.String({ maxLength: 2048 }), building_id: IdValue }),
    }),
  }),
  response: { 200: SingleDocument(ref(UnassignedQrCodeResource)), ...errorResponses },
};

export const assignSchema = {
  tags: ['qr-codes'],
  summary:
    "Gives a location (found by its regular uuid) an unassigned code as its temporary uuid, or replaces the temporary uuid it has; existing_temporary_uuid must be the one it has now (empty or null for none) (canAssignQrCode)",
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      attributes: Type.Object({
        building_id: IdValue,
        new_uuid: Uuid,
        existing_uuid: Uuid,
        existing_temporary_uuid: Type.Optional(Type.Union([Uuid, Type.Null()])),
      }),
    }),
  }),
  response: { 200: SingleDocument(ref(LocationResource)), ...errorResponses },
};

export const buildingSheetSchema = {
  tags: ['qr-codes'],
  summary:
    "A printable PDF of the building's location QR codes, as a short-lived signed URL; filter[search] as the QR codes list's search ('a-b' a range of ids, '1,2' alias ids, else part of the name) (administrators, canManageOrganization or canManageBuildings)",
  params: IdParams,
  querystring: Type.Object({
    'filter[search]': Type.Optional(Type.String({ maxLength: 200, description: "'a-b': a range of ids; '1,2': alias ids; else a part of the name" })),
  }),
  response: { 200: SingleDocument(ref(QrCodeSheetResource)), ...errorResponses },
};

export const unassignedSheetSchema = {
  tags: ['qr-codes'],
  summary: "A printable PDF of the organization's unassigned QR codes (all, or those of filter[id]), as a short-lived signed URL (administrators only)",
  params: IdParams,
  querystring: Type.Object({
    'filter[id]': Type.Optional(Type.String({ pattern: '^\\s*\\d{1,9}(\\s*,\\s*\\d{1,9})*\\s*$', maxLength: 4000, description: 'Comma-separated ids of unassigned codes' })),
  }),
  response: { 200: SingleDocument(ref(QrCodeSheetResource)), ...errorResponses },
};
