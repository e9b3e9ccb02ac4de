/**
 * Walkabout reports (spec inspection.md sections 2, 3, 6, 7 and 9): the reports list by group, the latest
 * completed reports, the download URL, on-demand reports and what a building offers on demand.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import dayjs from 'dayjs';
import { requireAcceptedContractOf } from '../buildings/contract';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { eq } from 'drizzle-orm';
import { users, type GeneratedReportKind } from '../../db/schema';
import { badParameter, HttpError, notFound } from '../../jsonapi/errors';
import { parseIds, parseInclude, parsePage } from '../../jsonapi/query';
import { listDocument, requestUrl, resource, singleDocument, toOne } from '../../jsonapi/serializer';
import { requirePermission, scopeOf, type Scope } from '../../plugins/authorization';
import {
  ALL_KINDS,
  applicableBooklets,
  applicableDefinitions,
  findBuilding,
  findOnDemandReport,
  findReport,
  KIND_OF_REPORT_TYPE,
  buildingIdsInScope,
  latestReports,
  latestReportsOf,
  listReports,
  maySeeKind,
  ofCallerDefinitions,
  organizationCycles,
  recentWalkabouts,
  type ReportBuilding,
  type ReportRow,
  type ReportFilters,
} from './repository';
import {
  downloadWalkaboutReportSchema,
  getOnDemandReportSchema,
  initOnDemandReportSchema,
  latestWalkaboutReportsOfBuildingsSchema,
  latestWalkaboutReportsSchema,
  LATEST_BUILDINGS_MAX,
  listWalkaboutReportsSchema,
  onDemandBuildingDataSchema,
  sendWalkaboutReportEmailSchema,
  REPORT_TYPES,
  type OnDemandReportType,
  type ReportGroup,
  type ReportType,
} from './schemas';
import { displayName, parseRecipients, registerReportEmailJobs, sendReportEmail } from './emails';
import { initOnDemandReport } from './on-demand';
import { latestReportsResource, onDemandReportResource, reportFilename, walkaboutReportResource, type LatestGroups } from './serialize';
import { lastDayOf } from '../reports/content';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The longest historical search (spec section 9: historical range max 30 days). */
export const HISTORICAL_RANGE_MAX_DAYS = 30;
export const REPORT_NOT_READY_MESSAGE = 'This report is still being generated: try again in a moment.';

const KIND_NAMES: Record<GeneratedReportKind, string> = {
  walkabout: 'walkabout reports',
  audit: 'walkabout audit reports',
  booklet: 'report booklets',
  fire_watch: 'fire watch reports',
  adhoc: 'on-demand reports',
};

function requireKind(scope: Scope, kind: GeneratedReportKind): void {
  requirePermission(scope, maySeeKind(scope, kind), `You are not allowed to see ${KIND_NAMES[kind]}.`);
}

/** The kinds of report the caller may see; none at all is refused as walkabout reports are. */
function visibleKinds(scope: Scope): GeneratedReportKind[] {
  const kinds = ALL_KINDS.filter((k) => maySeeKind(scope, k));
  if (!kinds.length) requireKind(scope, 'walkabout');
  return kinds;
}

/** The latest reports of one building by the group the answer names them in. */
function latestGroups(rows: ReportRow[]): LatestGroups {
  const of = (kind: GeneratedReportKind) => rows.filter((r) => r.kind === kind);
  return {
    walkaboutReports: of('walkabout'),
    walkaboutAuditReports: of('audit'),
    reportBooklets: of('booklet'),
    fireWatchReports: of('fire_watch'),
    adhocReports: of('adhoc'),
  };
}

async function buildingOf(app: { db: Parameters<typeof findBuilding>[0] }, scope: Scope, id: string): Promise<ReportBuilding> {
  const building = await findBuilding(app.db, scope, Number(id));
  if (!building) throw notFound('Building');
  // The contract gate (inspection.md section 2): a building's reports wait for its accepted contract.
  await requireAcceptedContractOf(app.db, building.id);
  return building;
}

function parseTypes(value: string | undefined): ReportType[] | undefined {
  if (value === undefined) return undefined;
  const types = value.split(',').map((t) => t.trim()).filter((t) => t !== '');
  for (const type of types) {
    if (!(REPORT_TYPES as readonly string[]).includes(type)) {
      throw badParameter('filter[type]', `'${type}' is not a report type; report types are ${REPORT_TYPES.join(', ')}.`);
    }
  }
  return types as ReportType[];
}

/** A real calendar date (the schema checked the shape; 2026-02-31 is refused here). */
function calendarDate(value: string, parameter: string): dayjs.Dayjs {
  const date = dayjs.utc(value);
  if (!date.isValid() || date.format('YYYY-MM-DD') !== value) throw badParameter(parameter, `${parameter} must be a date (YYYY-MM-DD); ${value} is not one.`);
  return date;
}

/**
 * The historical search's range (spec sections 5 and 9): by default the last 30 days up to today at the building;
 * the end may be at most 30 days after the start.
 */
export function historicalRange(from: string | undefined, to: string | undefined, timeZone: string, now = new Date()): { from: string; to: string } {
  const end = to !== undefined ? calendarDate(to, 'filter[date_to]') : dayjs.utc(dayjs(now).tz(timeZone).format('YYYY-MM-DD'));
  const start = from !== undefined ? calendarDate(from, 'filter[date_from]') : end.subtract(HISTORICAL_RANGE_MAX_DAYS, 'day');
  const days = end.diff(start, 'day');
  if (days < 0) {
    throw new HttpError(422, `The end date (${end.format('YYYY-MM-DD')}) is before the start date (${start.format('YYYY-MM-DD')}).`, { parameter: 'filter[date_to]' });
  }
  if (days > HISTORICAL_RANGE_MAX_DAYS) {
    throw new HttpError(
      422,
      `Historical reports can be searched over at most ${HISTORICAL_RANGE_MAX_DAYS} days: the end date is ${days} days after the start date.`,
      { parameter: 'filter[date_to]' },
    );
  }
  return { from: start.format('YYYY-MM-DD'), to: end.format('YYYY-MM-DD') };
}

/** What a group lists and who may list it (spec section 2 "Report groups"; section 6). */
function groupFilters(scope: Scope, group: ReportGroup | undefined, types: ReportType[] | undefined): ReportFilters {
  const requested = types?.map((t) => KIND_OF_REPORT_TYPE[t]);
  const restrict = (kinds: GeneratedReportKind[]) => (requested ? kinds.filter((k) => requested.includes(k)) : kinds);
  switch (group) {
    case 'interim':
    case 'completed-walkabout':
      requireKind(scope, 'walkabout');
      return { kinds: restrict(['walkabout', 'booklet']), interim: group === 'interim' };
    case 'audit':
      requireKind(scope, 'audit');
      return { kinds: restrict(['audit']) };
    default: {
      // Historical and ungrouped: every kind asked for must be allowed; without a type, the kinds the caller may see.
      for (const kind of requested ?? []) requireKind(scope, kind);
      const kinds = requested ?? ALL_KINDS.filter((k) => maySeeKind(scope, k));
      if (!kinds.length) requireKind(scope, 'walkabout');
      return { kinds, interim: group === 'historical' ? false : undefined };
    }
  }
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  registerReportEmailJobs(app);

  app.get('/walkabout-reports', { schema: listWalkaboutReportsSchema }, async (request) => {
    const scope = scopeOf(request);
    const q = request.query;
    parseInclude(q.include, []);
    const building = await buildingOf(app, scope, q['filter[building]']);
    const group = q['filter[group]'] as ReportGroup | undefined;
    const filters = groupFilters(scope, group, parseTypes(q['filter[type]']));
    if (group === 'historical') {
      filters.period = historicalRange(q['filter[date_from]'], q['filter[date_to]'], building.timeZone);
    } else {
      for (const parameter of ['filter[date_from]', 'filter[date_to]'] as const) {
        if (q[parameter] !== undefined) throw badParameter(parameter, `${parameter} applies to historical reports only (filter[group]=historical).`);
      }
    }
    const page = parsePage(q);
    const { rows, total } = await listReports(app.db, scope, building.id, filters, page);
    return listDocument(rows.map(walkaboutReportResource), { total, page, url: requestUrl(request) });
  });

  app.get('/walkabout-reports/latest/:buildingId', { schema: latestWalkaboutReportsSchema }, async (request) => {
    const scope = scopeOf(request);
    const building = await buildingOf(app, scope, request.params.buildingId);
    const kinds = visibleKinds(scope);
    const rows = await latestReports(app.db, scope, building.id, kinds);
    return singleDocument(latestReportsResource(building.id, latestGroups(rows)), { included: rows.map(walkaboutReportResource) });
  });

  app.get('/walkabout-reports/latest', { schema: latestWalkaboutReportsOfBuildingsSchema }, async (request) => {
    const scope = scopeOf(request);
    const asked = [...new Set(parseIds(request.query['filter[building]']))];
    if (asked.length > LATEST_BUILDINGS_MAX) throw badParameter('filter[building]', `Ask for at most ${LATEST_BUILDINGS_MAX} buildings at once.`);
    const kinds = visibleKinds(scope);
    const visible = new Set(await buildingIdsInScope(app.db, scope, asked));
    const ids = asked.filter((id) => visible.has(id));
    const rows = await latestReportsOf(app.db, scope, ids, kinds);
    return {
      data: ids.map((id) => latestReportsResource(id, latestGroups(rows.filter((r) => r.buildingId === id)))),
      included: rows.map(walkaboutReportResource),
    };
  });

  app.get('/walkabout-reports/:id/download', { schema: downloadWalkaboutReportSchema }, async (request) => {
    const scope = scopeOf(request);
    const report = await findReport(app.db, scope, Number(request.params.id));
    if (!report) throw notFound('Report');
    requireKind(scope, report.kind);
    await requireAcceptedContractOf(app.db, report.buildingId);
    if (!report.uploadKey) throw new HttpError(409, REPORT_NOT_READY_MESSAGE);
    const filename = reportFilename(report);
    const { url, expiresAt } = app.urlSigner.fileUrl({ key: report.uploadKey, filename, contentType: 'application/pdf' });
    return singleDocument(resource('report-downloads', report.id, { download_url: url, filename, expiresAt: expiresAt.toISOString() }));
  });

  app.get('/on-demand-reports/building-data/:buildingId', { schema: onDemandBuildingDataSchema }, async (request) => {
    const scope = scopeOf(request);
    const building = await buildingOf(app, scope, request.params.buildingId);
    requirePermission(scope, scope.permissions.canCreateWalkaboutReports, 'You are not allowed to create on-demand reports.');
    const [definitions, booklets, cycles, walkabouts] = await Promise.all([
      applicableDefinitions(app.db, building).then((rows) => ofCallerDefinitions(scope.walkaboutReportDefinitionIds, rows)),
      applicableBooklets(app.db, building).then((rows) => rows.filter((r) => ofCallerDefinitions(scope.walkaboutReportBookletIds, [r.booklet]).length)),
      organizationCycles(app.db, building.organizationId),
      recentWalkabouts(app.db, building.id),
    ]);
    const now = Date.now();
    return singleDocument(
      resource(
        'on-demand-building-data',
        building.id,
        {
          report_definitions: definitions.map((d) => ({ id: d.id, name: d.name, cycle_id: d.cycleId, is_active: d.isActive })),
          cycles: cycles.map((c) => ({ id: c.id, name: c.name, abbreviation: c.abbreviation, frequency: c.frequency })),
          walkabouts: walkabouts.map((w) => ({
            id: w.id,
            cycle_id: w.cycleId,
            date: w.date,
            start_date: w.date,
            end_date: lastDayOf(w),
            lockedAt: w.lockedAt?.toISOString() ?? null,
            isLocked: w.lockedAt !== null && w.lockedAt.getTime() <= now,
            inspectors_present: w.inspectors,
          })),
          report_booklet_templates: booklets.map(({ booklet, cycleId }) => ({
            id: booklet.id,
            name: booklet.name,
            is_active: booklet.isActive,
            primary_report_definition_id: booklet.primaryReportDefinitionId,
            template_name: booklet.templateName,
            cycle_id: cycleId,
          })),
        },
        { building: { data: { type: 'buildings' as const, id: String(building.id) } } },
      ),
    );
  });

  app.post('/walkabout-report-emails', { schema: sendWalkaboutReportEmailSchema }, async (request, reply) => {
    const scope = scopeOf(request);
    const { id, recipients, message } = request.body.data.attributes;
    const to = parseRecipients(recipients);
    const report = await findReport(app.db, scope, Number(id));
    if (!report) throw notFound('Report');
    requireKind(scope, report.kind);
    await requireAcceptedContractOf(app.db, report.buildingId);
    const uploadKey = report.uploadKey;
    if (!uploadKey) throw new HttpError(409, REPORT_NOT_READY_MESSAGE);
    const [sender] = await app.db
      .select({ firstname: users.firstname, lastname: users.lastname, username: users.username })
      .from(users)
      .where(eq(users.id, scope.userId));
    // Sent as written; only a message of white space is none (spec section 5: sent only if non-empty).
    const text = message && message.trim() !== '' ? message : null;
    const outbox = await sendReportEmail(app, { ...report, uploadKey }, to, { sender: sender ? displayName(sender) : null, message: text });
    reply.code(201);
    return singleDocument(
      resource(
        'walkabout-report-emails',
        outbox[0]!,
        { recipients: to, message: text, createdAt: new Date().toISOString() },
        { report: toOne('walkabout-reports', report.id) },
      ),
    );
  });

  app.post('/on-demand-reports/init-creation', { schema: initOnDemandReportSchema }, async (request, reply) => {
    const scope = scopeOf(request);
    const a = request.body.data.attributes;
    const building = await buildingOf(app, scope, String(a.building_id));
    requirePermission(scope, scope.permissions.canCreateWalkaboutReports, 'You are not allowed to create on-demand reports.');
    requireKind(scope, KIND_OF_REPORT_TYPE[a.report_type as ReportType]);
    const id = (value: string | number | null | undefined) => (value === null || value === undefined ? null : Number(value));
    const created = await initOnDemandReport(app, scope, building, {
      reportType: a.report_type as OnDemandReportType,
      cycleId: id(a.cycle_id),
      walkaboutId: id(a.walkabout_id),
      reportDefinitionId: id(a.report_definition_id),
      templateId: id(a.template_id),
    });
    reply.code(201);
    return singleDocument(onDemandReportResource(created));
  });

  app.get('/on-demand-reports/:id', { schema: getOnDemandReportSchema }, async (request) => {
    const scope = scopeOf(request);
    const found = await findOnDemandReport(app.db, scope, request.params.id);
    if (!found) throw notFound('On-demand report');
    requirePermission(scope, scope.permissions.canCreateWalkaboutReports, 'You are not allowed to create on-demand reports.');
    requireKind(scope, KIND_OF_REPORT_TYPE[found.reportType as ReportType] ?? 'walkabout');
    return singleDocument(onDemandReportResource(found));
  });
};

export default routes;
