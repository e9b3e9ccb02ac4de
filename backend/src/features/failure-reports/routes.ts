/**
 * Failure and notes follow-up (inspection.md sections 2-8): the building's reports, acknowledge and
 * repair, comments, the building's equipment and the repair report PDF. Each handler finds the
 * building or item in the caller's scope first (404 outside it), then checks the permission (403).
 */
import { REMARKS_MAX_LENGTH, validateText } from '@fsi/shared';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cycles } from '../../db/schema';
import { requireAcceptedContractOf } from '../buildings/contract';
import { badParameter, FieldErrors, forbidden, notFound, type FieldError } from '../../jsonapi/errors';
import { organizationTypesList } from '../equipment-types/routes';
import { parseInclude, parsePage } from '../../jsonapi/query';
import { applicabilityList } from '../applicability/routes';
import { APPLICABILITY_INCLUDES } from '../applicability/schemas';
import { listDocument, requestUrl, singleDocument } from '../../jsonapi/serializer';
import { requirePermission, scopeOf, type Scope } from '../../plugins/authorization';
import { buildReports, listedKeys, mayView, parseReportId, type ReportKey } from './reports';
import {
  addComment,
  buildingEquipment,
  findTarget,
  recordFollowUp,
  reportBuilding,
  reportedWalkabouts,
  type FollowUpTarget,
} from './repository';
import {
  createCommentSchema,
  getReportSchema,
  listEquipmentSchema,
  listReportsSchema,
  putEntrySchema,
  putLocationCommentSchema,
} from './schemas';
import { parseDateTime } from './dates';
import repairRoutes from './repair-routes';
import { buildingLevelList } from '../building-types/routes';
import { BUILDING_LEVEL_VIEW } from '../building-types/schemas';
import { commentResource, equipmentResource, followUpResource } from './serialize';
import { storedReferenceOf, type UrlSigner } from '../../storage/signed-urls';
import { withSignedPhotos } from './reports';

export const COMMENT_REQUIRED_MESSAGE = 'Comment body is required.';
export const COMMENT_NEEDS_ACKNOWLEDGEMENT_MESSAGE = 'Only an acknowledged item can be commented on: acknowledge it first.';
export const ONE_RELATIONSHIP_MESSAGE = 'A comment names one item: a relationship entry or location-comment.';
export const NOT_AN_ITEM_MESSAGE = 'This entry has no failure or note to follow up.';
export const CLOSED_ITEM_MESSAGE = 'This item is closed as repaired: it can no longer be acknowledged.';
export const ACKNOWLEDGED_AT_MESSAGE = 'A valid acknowledged date is required.';
export const REPAIRED_AT_MESSAGE = 'A valid repaired date is required.';

/** Free text of a sheet (notes, repair comments, a comment): trimmed, empty as null, under the text rule. */
function freeText(value: string | null | undefined, pointer: string, errors: FieldError[]): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  const error = text.length > REMARKS_MAX_LENGTH ? `The text is longer than ${REMARKS_MAX_LENGTH} characters` : validateText(text);
  if (error) errors.push({ pointer, detail: error });
  return text;
}

function photoUrl(value: string | null | undefined, errors: FieldError[]): string | null {
  const url = value?.trim() ? value.trim() : null;
  if (url !== null && !/^(https?:\/\/\S+|\/\S*)$/i.test(url)) {
    errors.push({ pointer: '/data/attributes/photoUrl', detail: 'Photo URL must be an http(s) URL or a path on this server' });
  }
  return url;
}

type FollowUpAttributes = {
  acknowledgedAt?: string | null;
  acknowledgedNotes?: string | null;
  repairedAt?: string | null;
  repairedComments?: string | null;
  photoUrl?: string | null;
};

/** PUT /entries/{id} and PUT /location-comments/{id}: acknowledge, or close as repaired when a repair attribute is sent. */
async function followUp(db: Database, scope: Scope, target: FollowUpTarget, attributes: FollowUpAttributes, signer: UrlSigner) {
  const row = await findTarget(db, scope, target);
  if (!row) throw notFound(target.kind === 'entries' ? 'Entry' : 'Location comment');
  const isRepair = attributes.repairedAt !== undefined || attributes.repairedComments !== undefined;
  if (isRepair) requirePermission(scope, scope.permissions.canRepairFailureReport, 'You are not allowed to close failure items as repaired.');
  else requirePermission(scope, scope.permissions.canAcknowledgeFailureReport, 'You are not allowed to acknowledge failure items.');
  if (!row.isItem) throw new FieldErrors([{ pointer: '/data', detail: NOT_AN_ITEM_MESSAGE }]);
  const errors: FieldError[] = [];
  const at = parseDateTime(isRepair ? attributes.repairedAt : attributes.acknowledgedAt, row.timeZone);
  if (!at) errors.push(isRepair ? { pointer: '/data/attributes/repairedAt', detail: REPAIRED_AT_MESSAGE } : { pointer: '/data/attributes/acknowledgedAt', detail: ACKNOWLEDGED_AT_MESSAGE });
  const text = isRepair
    ? freeText(attributes.repairedComments, '/data/attributes/repairedComments', errors)
    : freeText(attributes.acknowledgedNotes, '/data/attributes/acknowledgedNotes', errors);
  const sent = photoUrl(attributes.photoUrl, errors);
  // A photo sent back as the signed URL it was shown under is kept as its stored reference.
  const photo = sent === null ? null : storedReferenceOf(signer, sent);
  if (errors.length) throw new FieldErrors(errors);
  if (!isRepair && row.repairedAt) throw new FieldErrors([{ pointer: '/data', detail: CLOSED_ITEM_MESSAGE }]);
  await recordFollowUp(
    db,
    scope,
    target,
    isRepair ? { kind: 'repair', at: at!, comments: text, photoUrl: photo } : { kind: 'acknowledge', at: at!, notes: text, photoUrl: photo },
  );
  const saved = (await findTarget(db, scope, target))!;
  return followUpResource(target, saved, signer);
}

/** The organization's cycles by id, for report names and to refuse another organization's cycle. */
async function cycleNamesOf(db: Database, organizationId: number): Promise<Map<number, string>> {
  const rows = await db.select({ id: cycles.id, name: cycles.name }).from(cycles).where(eq(cycles.organizationId, organizationId)).orderBy(asc(cycles.id));
  return new Map(rows.map((c) => [c.id, c.name]));
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(repairRoutes);

  app.get('/reports', { schema: listReportsSchema }, async (request) => {
    const scope = scopeOf(request);
    const q = request.query;
    const building = await reportBuilding(app.db, scope, Number(q['filter[building]']));
    if (!building) throw notFound('Building');
    await requireAcceptedContractOf(app.db, building.id);
    if (!mayView(scope, 'failure') && !mayView(scope, 'default')) throw forbidden('You are not allowed to view reports.');
    const cycleNames = await cycleNamesOf(app.db, building.organizationId);
    const cycleId = q['filter[cycle]'] === undefined ? undefined : Number(q['filter[cycle]']);
    if (cycleId !== undefined && !cycleNames.has(cycleId)) throw notFound('Cycle');
    const now = new Date();
    const reported = cycleId === undefined ? await reportedWalkabouts(app.db, building.id, now) : [];
    const keys = listedKeys(scope, building.id, reported.map((w) => w.cycleId), cycleId);
    const page = parsePage(q);
    const reports = await buildReports(app.db, building, keys.slice(page.offset, page.offset + page.size), now, cycleNames);
    return listDocument(reports.map((report) => withSignedPhotos(report, app.urlSigner)), { total: keys.length, page, url: requestUrl(request) });
  });

  app.get('/reports/:id', { schema: getReportSchema }, async (request) => {
    const scope = scopeOf(request);
    const key: ReportKey | null = parseReportId(request.params.id);
    if (!key) throw notFound('Report');
    const building = await reportBuilding(app.db, scope, key.buildingId);
    if (!building) throw notFound('Report');
    await requireAcceptedContractOf(app.db, building.id);
    if (!mayView(scope, key.type)) {
      throw forbidden(key.type === 'default' ? 'You are not allowed to view walkabout reports.' : 'You are not allowed to view failure and notes reports.');
    }
    const cycleNames = await cycleNamesOf(app.db, building.organizationId);
    if (key.cycleId !== null && !cycleNames.has(key.cycleId)) throw notFound('Report');
    const [report] = await buildReports(app.db, building, [key], new Date(), cycleNames);
    return singleDocument(withSignedPhotos(report!, app.urlSigner));
  });

  app.put('/entries/:id', { schema: putEntrySchema }, async (request) =>
    singleDocument(await followUp(app.db, scopeOf(request), { kind: 'entries', id: Number(request.params.id) }, request.body.data.attributes, app.urlSigner)),
  );

  app.put('/location-comments/:id', { schema: putLocationCommentSchema }, async (request) =>
    singleDocument(await followUp(app.db, scopeOf(request), { kind: 'location-comments', id: Number(request.params.id) }, request.body.data.attributes, app.urlSigner)),
  );

  app.post('/comments', { schema: createCommentSchema }, async (request, reply) => {
    const scope = scopeOf(request);
    const { attributes, relationships } = request.body.data;
    const named = (['entry', 'location-comment'] as const).filter((name) => relationships[name] !== undefined);
    if (named.length !== 1) throw new FieldErrors([{ pointer: '/data/relationships', detail: ONE_RELATIONSHIP_MESSAGE }]);
    const name = named[0]!;
    const target: FollowUpTarget = { kind: name === 'entry' ? 'entries' : 'location-comments', id: Number(relationships[name]!.data.id) };
    const row = await findTarget(app.db, scope, target);
    if (!row) throw notFound(name === 'entry' ? 'Entry' : 'Location comment');
    requirePermission(scope, scope.permissions.canCommentFailureReport, 'You are not allowed to comment on failure items.');
    const errors: FieldError[] = [];
    const body = freeText(attributes?.body, '/data/attributes/body', errors);
    if (body === null) errors.push({ pointer: '/data/attributes/body', detail: COMMENT_REQUIRED_MESSAGE });
    if (errors.length) throw new FieldErrors(errors);
    if (!row.acknowledgedAt) throw new FieldErrors([{ pointer: `/data/relationships/${name}`, detail: COMMENT_NEEDS_ACKNOWLEDGEMENT_MESSAGE }]);
    const comment = await addComment(app.db, scope, target, body!);
    reply.code(201);
    return singleDocument(commentResource(comment));
  });

  app.get('/equipment', { schema: listEquipmentSchema }, async (request) => {
    const scope = scopeOf(request);
    // Issue 13, Manage Types at organization level: the organization's types with their components and groups.
    if (request.query['filter[organization]'] !== undefined) {
      return organizationTypesList(app.db, scope, Number(request.query['filter[organization]']), parsePage(request.query), requestUrl(request));
    }
    if (request.query['filter[building]'] === undefined) throw badParameter('filter[building]', 'Name the building (filter[building]) or the organization (filter[organization]) whose equipment types to list.');
    // view=building-level: the Manage Types and Manage Tasks at building level screens (issue 13), with building statuses.
    if (request.query.view === BUILDING_LEVEL_VIEW) {
      const withTasks = parseInclude(request.query.include, APPLICABILITY_INCLUDES).size > 0;
      const url = requestUrl(request);
      return buildingLevelList(app.db, scope, Number(request.query['filter[building]']), request.query['status[]'], withTasks, parsePage(request.query), url);
    }
    // With the tasks included it is the building walkabout applicability screen's list (issue 12), administrators'.
    if (parseInclude(request.query.include, APPLICABILITY_INCLUDES).size) {
      const url = requestUrl(request);
      return applicabilityList(app.db, scope, Number(request.query['filter[building]']), request.query['status[]'], parsePage(request.query), url);
    }
    const building = await reportBuilding(app.db, scope, Number(request.query['filter[building]']));
    if (!building) throw notFound('Building');
    await requireAcceptedContractOf(app.db, building.id);
    requirePermission(scope, scope.permissions.canViewRepairReports, 'You are not allowed to view repair reports.');
    const page = parsePage(request.query);
    const rows = await buildingEquipment(app.db, building.id);
    return listDocument(rows.slice(page.offset, page.offset + page.size).map(equipmentResource), { total: rows.length, page, url: requestUrl(request) });
  });
};

export default routes;
