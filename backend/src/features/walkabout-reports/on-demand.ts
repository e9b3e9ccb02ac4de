/**
 * Reports asked for on demand (spec inspection.md sections 2, 4 and 7): POST /on-demand-reports/init-creation
 * records the request under an unguessable identificator and asks report generation for its report; the client
 * then polls GET /on-demand-reports/{identificator} each second until pdf_url is set.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { onDemandReports, walkabouts } from '../../db/schema';
import { FieldErrors, notFound } from '../../jsonapi/errors';
import type { Scope } from '../../plugins/authorization';
import { ReportSourceNotFound, requestReport, type ReportSource } from '../reports/generate';
import { applicableBooklets, applicableDefinitions, findOnDemandReport, ofCallerDefinitions, type OnDemandRow, type ReportBuilding } from './repository';
import type { OnDemandReportType } from './schemas';

/** Refused with 422, not 403: a 403 ends the session (DESIGN.md section 4), and choosing a report is not an attack. */
export const NOT_YOUR_REPORT_MESSAGE = 'Your roles do not give you this report.';

export type OnDemandRequest = {
  reportType: OnDemandReportType;
  cycleId: number | null;
  walkaboutId: number | null;
  reportDefinitionId: number | null;
  templateId: number | null;
};

const pointer = (name: string) => `/data/attributes/${name}`;
const refuse = (name: string, detail: string): never => {
  throw new FieldErrors([{ pointer: pointer(name), detail }]);
};

/** The walkabout to report: the one named (of this building), else the latest opened of the cycle at the building. */
async function walkaboutToReport(app: FastifyInstance, building: ReportBuilding, walkaboutId: number | null, cycleId: number | null): Promise<number> {
  if (walkaboutId !== null) {
    const [w] = await app.db
      .select({ id: walkabouts.id })
      .from(walkabouts)
      .where(and(eq(walkabouts.id, walkaboutId), eq(walkabouts.buildingId, building.id)));
    if (!w) throw notFound('Walkabout');
    return w.id;
  }
  if (cycleId === null) return refuse('walkabout_id', 'Choose the walkabout to report.');
  const [latest] = await app.db
    .select({ id: walkabouts.id })
    .from(walkabouts)
    .where(and(eq(walkabouts.buildingId, building.id), eq(walkabouts.cycleId, cycleId), sql`${walkabouts.openedAt} <= now()`))
    .orderBy(desc(walkabouts.openedAt), desc(walkabouts.id))
    .limit(1);
  if (!latest) return refuse('walkabout_id', 'This building has no walkabout of this cycle to report yet.');
  return latest.id;
}

/** What the request is made from, checked against what applies to the building (a 422 with its pointer otherwise). */
async function sourceOf(app: FastifyInstance, scope: Scope, building: ReportBuilding, request: OnDemandRequest, identificator: string): Promise<ReportSource> {
  if (request.reportType === 'walkabout_audit_reports') {
    return { kind: 'audit', walkaboutId: await walkaboutToReport(app, building, request.walkaboutId, request.cycleId) };
  }
  if (request.reportType === 'report_booklets') {
    if (request.templateId === null) return refuse('template_id', 'Choose the report booklet.');
    const booklet = (await applicableBooklets(app.db, building)).find((b) => b.booklet.id === request.templateId);
    if (booklet && !ofCallerDefinitions(scope.walkaboutReportBookletIds, [booklet.booklet]).length) return refuse('template_id', NOT_YOUR_REPORT_MESSAGE);
    if (!booklet) return refuse('template_id', 'This report booklet does not apply to this building.');
    if (!booklet.booklet.isActive) return refuse('template_id', 'This report booklet is inactive.');
    const walkaboutId = await walkaboutToReport(app, building, request.walkaboutId, booklet.cycleId ?? request.cycleId);
    return { kind: 'adhoc', identificator, walkaboutId, bookletTemplateId: booklet.booklet.id };
  }
  if (request.reportDefinitionId === null) return refuse('report_definition_id', 'Choose the report definition.');
  const definition = (await applicableDefinitions(app.db, building)).find((d) => d.id === request.reportDefinitionId);
  if (!definition) return refuse('report_definition_id', 'This report definition does not apply to this building.');
  if (!ofCallerDefinitions(scope.walkaboutReportDefinitionIds, [definition]).length) return refuse('report_definition_id', NOT_YOUR_REPORT_MESSAGE);
  if (!definition.isActive) return refuse('report_definition_id', 'This report definition is inactive.');
  const walkaboutId = await walkaboutToReport(app, building, request.walkaboutId, definition.cycleId);
  return { kind: 'adhoc', identificator, walkaboutId, reportDefinitionId: definition.id };
}

/** Records an on-demand request and asks for its report; answers the request as GET /on-demand-reports/{id} does. */
export async function initOnDemandReport(app: FastifyInstance, scope: Scope, building: ReportBuilding, request: OnDemandRequest): Promise<OnDemandRow> {
  const identificator = randomUUID();
  const source = await sourceOf(app, scope, building, request, identificator);
  const [row] = await app.db
    .insert(onDemandReports)
    .values({
      identificator,
      requesterId: scope.userId,
      buildingId: building.id,
      reportType: request.reportType,
      cycleId: request.cycleId,
      walkaboutId: 'walkaboutId' in source ? source.walkaboutId : null,
      reportDefinitionId: source.kind === 'adhoc' ? (source.reportDefinitionId ?? null) : null,
      bookletTemplateId: source.kind === 'adhoc' ? (source.bookletTemplateId ?? null) : null,
    })
    .returning({ id: onDemandReports.id });
  try {
    const report = await requestReport(app, source);
    await app.db.update(onDemandReports).set({ generatedReportId: report.id }).where(eq(onDemandReports.id, row!.id));
  } catch (error) {
    // What it was to be made from went away in between: the request says so rather than polling forever.
    if (!(error instanceof ReportSourceNotFound)) throw error;
    await app.db.update(onDemandReports).set({ status: 'failed', error: 'What this report is made from no longer exists.' }).where(eq(onDemandReports.id, row!.id));
  }
  return (await findOnDemandReport(app.db, scope, identificator))!;
}
