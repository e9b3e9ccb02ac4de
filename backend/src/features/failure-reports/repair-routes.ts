/**
 * GET /repair-reports (inspection.md sections 2, 5 and 7): the repair report as a PDF, for a caller with a
 * bearer token. GET /repair-report-downloads takes the same query and answers a short-lived signed URL of
 * the same PDF (stored like the report jobs' PDFs), which a browser opens in a new window without a session.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { requireAcceptedContractOf } from '../buildings/contract';
import { uploads } from '../../db/schema';
import { notFound } from '../../jsonapi/errors';
import { errorObject, resource, singleDocument } from '../../jsonapi/serializer';
import { requirePermission, scopeOf } from '../../plugins/authorization';
import { renderReportPdf } from '../../reports/pdf/render';
import { repairRange, repairReportDocument } from './repair-report';
import { buildingEquipment, itemComments, itemConditions, repairedItems, reportBuilding } from './repository';
import { parseDate } from './dates';
import { repairReportDownloadSchema, repairReportSchema } from './schemas';

dayjs.extend(utc);
dayjs.extend(timezone);

export const START_DATE_MESSAGE = 'A valid start date is required.';
export const END_DATE_MESSAGE = 'The end date must be a valid date on or after the start date.';
export const EQUIPMENT_MESSAGE = 'Choose at least one equipment.';

/** Equipment type ids of the repair report's `equipment_ids`: '[1,2]', '1,2' or '1'. */
function parseEquipmentIds(value: string | undefined): number[] {
  const text = (value ?? '').trim().replace(/^\[/, '').replace(/\]$/, '');
  if (!/^\s*\d{1,9}(\s*,\s*\d{1,9})*\s*$/.test(text)) return [];
  return [...new Set(text.split(',').map((p) => Number(p.trim())))];
}

/** A photo of a report: a file of this backend, read through its own route (which checks nothing more: the key is the secret); other hosts are not fetched. */
function imageLoader(app: FastifyInstance) {
  return async (url: string): Promise<Uint8Array | null> => {
    if (!url.startsWith('/files/')) return null;
    const response = await app.inject({ method: 'GET', url });
    return response.statusCode === 200 ? response.rawPayload : null;
  };
}

type RepairQuery = { building_id: string | number; start_date?: string; end_date?: string; equipment_ids?: string };

/** The repair report's PDF and file name, or null when a 422 was sent for the query's rules. */
async function renderRepairReport(
  app: FastifyInstance,
  request: FastifyRequest,
  q: RepairQuery,
  reply: FastifyReply,
): Promise<{ body: Buffer; filename: string } | null> {
  const scope = scopeOf(request);
  const building = await reportBuilding(app.db, scope, Number(q.building_id));
  if (!building) throw notFound('Building');
  await requireAcceptedContractOf(app.db, building.id);
  requirePermission(scope, scope.permissions.canViewRepairReports, 'You are not allowed to view repair reports.');
  const errors: { parameter: string; detail: string }[] = [];
  const start = parseDate(q.start_date);
  if (!start) errors.push({ parameter: 'start_date', detail: START_DATE_MESSAGE });
  const end = q.end_date === undefined || q.end_date.trim() === '' ? dayjs().tz(building.timeZone).format('YYYY-MM-DD') : parseDate(q.end_date);
  if (!end || (start && end < start)) errors.push({ parameter: 'end_date', detail: END_DATE_MESSAGE });
  const available = await buildingEquipment(app.db, building.id);
  const wanted = new Set(parseEquipmentIds(q.equipment_ids));
  const equipment = available.filter((e) => wanted.has(e.id));
  if (!equipment.length) errors.push({ parameter: 'equipment_ids', detail: EQUIPMENT_MESSAGE });
  if (errors.length) {
    await reply.code(422).send({ errors: errors.map((e) => errorObject(422, e.detail, { parameter: e.parameter }, 'VALIDATION_FAILED')) });
    return null;
  }
  const { from, to } = repairRange(start!, end!, building.timeZone);
  const items = await repairedItems(app.db, building.id, from, to, equipment.map((e) => e.id));
  const entryIds = items.flatMap((i) => (i.entryId === null ? [] : [i.entryId]));
  const commentIds = items.flatMap((i) => (i.locationCommentId === null ? [] : [i.locationCommentId]));
  const [conditions, comments] = await Promise.all([itemConditions(app.db, entryIds), itemComments(app.db, entryIds, commentIds)]);
  const document = repairReportDocument({ building, start: start!, end: end!, equipment, items, conditions, comments });
  const { bytes } = await renderReportPdf(document, { loadImage: imageLoader(app) });
  return { body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), filename: `repair-report-${building.id}-${start}-${end}.pdf` };
}

const repairRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/repair-reports', { schema: repairReportSchema }, async (request, reply) => {
    const made = await renderRepairReport(app, request, request.query, reply);
    if (!made) return reply;
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${made.filename}"`)
      .header('cache-control', 'private, no-store')
      .send(made.body);
  });

  app.get('/repair-report-downloads', { schema: repairReportDownloadSchema }, async (request, reply) => {
    const made = await renderRepairReport(app, request, request.query, reply);
    if (!made) return reply;
    // An unguessable key, as the report jobs' PDFs have; only the signed URL (or the key itself) reaches it.
    const key = `${randomBytes(24).toString('base64url')}.pdf`;
    await app.storage.put(key, made.body, 'application/pdf');
    await app.db.insert(uploads).values({ key, mimetype: 'application/pdf', size: made.body.length, originalName: made.filename });
    const { url, expiresAt } = app.urlSigner.fileUrl({ key, filename: made.filename, contentType: 'application/pdf' });
    return singleDocument(
      resource('repair-report-downloads', Number(request.query.building_id), { download_url: url, filename: made.filename, expiresAt: expiresAt.toISOString() }),
    );
  });
};

export default repairRoutes;
