/**
 * QR codes (inspection.md sections 2, 5-8; admin-organizations-buildings.md sections 2, 5-7): an
 * organization's unassigned codes and their batch generation (administrators only), the check of a scanned
 * code and its assignment to a location (canAssignQrCode), each code's image, and the printable sheets.
 * Records of a building or organization the caller may not see answer 404; a missing permission 403.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parseQrCode, qrCountError } from '@fsi/shared';
import { FieldErrors, HttpError, notFound } from '../../jsonapi/errors';
import { parsePage } from '../../jsonapi/query';
import { listDocument, requestUrl, resource, singleDocument } from '../../jsonapi/serializer';
import { requireAdmin, requirePermission, scopeOf, type Scope } from '../../plugins/authorization';
import { findLocation, listLocations } from '../locations/repository';
import { locationResource } from '../locations/serialize';
import { activeUuid, universalLink } from './encode';
import { registerQrImageRoute } from './images';
import { assignCode, buildingInScope, createBatch, findUnassigned, listUnassigned, locationByRegularUuid, organizationName } from './repository';
import { assignSchema, batchSchema, QrCodeSheetResource, buildingSheetSchema, listUnassignedSchema, unassignedSheetSchema, validateUrlSchema } from './schemas';
import { unassignedQrCodeResource } from './serialize';
import { renderQrSheet, type SheetLabel } from './sheet';

/** The validation failure of a scanned code (inspection.md section 8). */
export const QR_NOT_SUPPORTED_MESSAGE = 'QR code not supported.';
export const LOCATION_CODE_CHANGED_MESSAGE = "This location's QR code was changed meanwhile: reload the location and assign again.";
/** The QR codes list's empty state (inspection.md section 8). */
export const NO_CODES_MESSAGE = 'No results found';
/** The most codes one sheet holds: 84 pages, which prints in one go. */
export const SHEET_MAX_CODES = 1000;
export const SHEET_TOO_LARGE_MESSAGE = `A sheet holds at most ${SHEET_MAX_CODES} QR codes: narrow the search.`;

/** An id sent as a number or as its text. */
const idOf = (value: string | number) => Number(value);

/** Who may print a building's codes (inspection.md section 6: admin; manage also by building permissions). */
function requireSheetPermission(scope: Scope): void {
  requirePermission(scope, scope.permissions.canManageOrganization || scope.permissions.canManageBuildings, 'You are not allowed to print QR codes.');
}

/**
 * Stores the PDF under an unguessable key and answers its signed URL. Unlike an upload it gets no uploads row,
 * so GET /files/{key} does not serve it: only the signed URL does, until it expires.
 */
async function sheetDocument(
  app: FastifyInstance,
  id: number,
  filename: string,
  pdf: { bytes: Uint8Array; pageCount: number },
  codeCount: number,
): Promise<{ data: Static<typeof QrCodeSheetResource> }> {
  const body = Buffer.from(pdf.bytes.buffer, pdf.bytes.byteOffset, pdf.bytes.byteLength);
  const key = `${randomBytes(24).toString('base64url')}.pdf`;
  await app.storage.put(key, body, 'application/pdf');
  const { url, expiresAt } = app.urlSigner.fileUrl({ key, filename, contentType: 'application/pdf' });
  return singleDocument(
    resource('qr-code-sheets', id, { download_url: url, filename, expiresAt: expiresAt.toISOString(), codeCount, pageCount: pdf.pageCount }),
  );
}

const routes: FastifyPluginAsyncTypebox<{ publicUrl: string }> = async (app, options) => {
  const { publicUrl } = options;
  registerQrImageRoute(app, publicUrl);

  /** The organization for an administrator's call (administrators see every organization). */
  async function adminOrganization(scope: Scope, id: number): Promise<string> {
    requireAdmin(scope);
    const name = await organizationName(app.db, id);
    if (name === undefined) throw notFound('Organization');
    return name;
  }

  app.get('/organizations/:id/unassigned_qr_codes', { schema: listUnassignedSchema }, async (request) => {
    const organizationId = Number(request.params.id);
    await adminOrganization(scopeOf(request), organizationId);
    const page = parsePage(request.query);
    const { rows, total } = await listUnassigned(app.db, organizationId, page);
    return listDocument(
      rows.map((code) => unassignedQrCodeResource(code, publicUrl, app.urlSigner)),
      { total, page, url: requestUrl(request) },
    );
  });

  app.post('/unassigned_qr_codes/batch', { schema: batchSchema }, async (request, reply) => {
    const { count, organization_id } = request.body.data.attributes;
    const organizationId = idOf(organization_id);
    await adminOrganization(scopeOf(request), organizationId);
    const error = qrCountError(count);
    if (error) throw new FieldErrors([{ pointer: '/data/attributes/count', detail: error }]);
    const rows = await createBatch(app.db, organizationId, Number(count));
    reply.code(201);
    const page = { number: 1, size: rows.length, offset: 0 };
    return listDocument(
      rows.map((code) => unassignedQrCodeResource(code, publicUrl, app.urlSigner)),
      { total: rows.length, page, url: requestUrl(request) },
    );
  });

  app.post('/unassigned_qr_codes/validate_url', { schema: validateUrlSchema }, async (request) => {
    const scope = scopeOf(request);
    const { url, building_id } = request.body.data.attributes;
    const building = await buildingInScope(app.db, scope, idOf(building_id));
    if (!building) throw notFound('Building');
    requirePermission(scope, scope.permissions.canAssignQrCode, 'You are not allowed to assign QR codes.');
    const uuid = parseQrCode(url);
    const code = uuid === null ? undefined : await findUnassigned(app.db, building.organizationId, uuid);
    if (!code) throw new FieldErrors([{ pointer: '/data/attributes/url', detail: QR_NOT_SUPPORTED_MESSAGE }]);
    return singleDocument(unassignedQrCodeResource(code, publicUrl, app.urlSigner));
  });

  app.post('/unassigned_qr_codes/assign', { schema: assignSchema }, async (request) => {
    const scope = scopeOf(request);
    const { building_id, new_uuid, existing_uuid, existing_temporary_uuid } = request.body.data.attributes;
    const building = await buildingInScope(app.db, scope, idOf(building_id));
    if (!building) throw notFound('Building');
    requirePermission(scope, scope.permissions.canAssignQrCode, 'You are not allowed to assign QR codes.');
    const location = await locationByRegularUuid(app.db, building.id, existing_uuid);
    if (!location) throw notFound('Location');
    const newUuid = new_uuid.trim().toLowerCase();
    const code = await findUnassigned(app.db, building.organizationId, newUuid);
    if (!code) throw new FieldErrors([{ pointer: '/data/attributes/new_uuid', detail: QR_NOT_SUPPORTED_MESSAGE }]);
    const expected = existing_temporary_uuid?.trim() ? existing_temporary_uuid.trim() : null;
    const outcome = await assignCode(app.db, { organizationId: building.organizationId, locationId: location.id, uuid: code.uuid, expected });
    if (outcome === 'code-gone') throw new FieldErrors([{ pointer: '/data/attributes/new_uuid', detail: QR_NOT_SUPPORTED_MESSAGE }]);
    if (outcome === 'location-changed') throw new HttpError(409, LOCATION_CODE_CHANGED_MESSAGE, { pointer: '/data/attributes/existing_temporary_uuid' });
    const saved = (await findLocation(app.db, scope, location.id))!;
    return singleDocument(locationResource(saved, publicUrl, app.urlSigner));
  });

  app.get('/buildings/:id/qr_code_sheet', { schema: buildingSheetSchema }, async (request) => {
    const scope = scopeOf(request);
    const building = await buildingInScope(app.db, scope, Number(request.params.id));
    if (!building) throw notFound('Building');
    requireSheetPermission(scope);
    const search = request.query['filter[search]'];
    const { rows, total } = await listLocations(app.db, scope, { buildingIds: [building.id], search }, { number: 1, size: SHEET_MAX_CODES, offset: 0 });
    if (total === 0) throw new HttpError(422, NO_CODES_MESSAGE, { parameter: 'filter[search]' });
    if (total > SHEET_MAX_CODES) throw new HttpError(422, SHEET_TOO_LARGE_MESSAGE, { parameter: 'filter[search]' });
    const labels: SheetLabel[] = rows.map((l) => ({
      text: universalLink(publicUrl, activeUuid(l)),
      lines: [
        { text: l.label?.trim() || l.name, style: 'title' },
        ...(l.label?.trim() && l.label.trim() !== l.name ? [{ text: l.name, style: 'detail' as const }] : []),
        { text: `${l.floorName} · ID ${l.id}`, style: 'detail' },
        ...(l.hint?.trim() ? [{ text: l.hint, style: 'hint' as const }] : []),
      ],
    }));
    const searchText = search?.trim() ? ` · Search: ${search.trim()}` : '';
    const pdf = await renderQrSheet({
      title: `${building.name} – QR codes`,
      subtitle: `${building.organizationName} · ${total} ${total === 1 ? 'location' : 'locations'}${searchText}`,
      author: building.organizationName,
      labels,
    });
    return sheetDocument(app, building.id, `qr-codes-building-${building.id}.pdf`, pdf, total);
  });

  app.get('/organizations/:id/unassigned_qr_codes/sheet', { schema: unassignedSheetSchema }, async (request) => {
    const organizationId = Number(request.params.id);
    const name = await adminOrganization(scopeOf(request), organizationId);
    const idsText = request.query['filter[id]'];
    const ids = idsText === undefined ? undefined : [...new Set(idsText.split(',').map((part) => Number(part.trim())))];
    const { rows, total } = await listUnassigned(app.db, organizationId, { number: 1, size: SHEET_MAX_CODES, offset: 0 }, ids);
    if (total === 0) throw new HttpError(422, NO_CODES_MESSAGE, { parameter: 'filter[id]' });
    if (total > SHEET_MAX_CODES) throw new HttpError(422, SHEET_TOO_LARGE_MESSAGE, { parameter: 'filter[id]' });
    // Oldest first on paper, as they were made.
    const labels: SheetLabel[] = [...rows].reverse().map((code) => ({
      text: universalLink(publicUrl, code.uuid),
      lines: [
        { text: 'Unassigned QR code', style: 'title' },
        { text: `${code.uuid.slice(0, 8)} · ${name}`, style: 'detail' },
      ],
    }));
    const pdf = await renderQrSheet({
      title: `${name} – Unassigned QR codes`,
      subtitle: `${total} ${total === 1 ? 'code' : 'codes'}: scan one with Assign QR Code on a location to give it that code.`,
      author: name,
      labels,
    });
    return sheetDocument(app, organizationId, `qr-codes-unassigned-${organizationId}.pdf`, pdf, total);
  });
};

export default routes;
