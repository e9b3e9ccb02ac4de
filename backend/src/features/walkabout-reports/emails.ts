/**
 * Report e-mails (spec inspection.md sections 5, 7 and 8; DESIGN.md section 4 "Reminders and notifications"):
 * a report sent by a user to the recipients they type (POST /walkabout-report-emails), and the automatic
 * e-mails of the report definitions and booklets users chose, sent once when a completed report of a locked
 * walkabout is ready. Each message carries the PDF as an attachment (the mailer reads it from the storage).
 */
import dayjs from 'dayjs';
import { and, arrayContains, eq, isNotNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildings, mailOutbox, organizations, users, walkabouts } from '../../db/schema';
import { FieldErrors, type FieldError } from '../../jsonapi/errors';
import { scopeFrom, scopeGrantsColumn, type Scope } from '../../plugins/authorization';
import { maySeeKind, maySeeReport, reportById, type ReportRow } from './repository';
import { reportFilename } from './serialize';

export const AUTOMATIC_REPORT_EMAIL_QUEUE = 'report-email.automatic';
export const RECIPIENTS_REQUIRED_MESSAGE = 'Add at least one recipient.';
export const RECIPIENTS_MAX = 50;

/** A plausible address: something@domain.tld, without spaces or the characters that separate addresses. */
const PLAUSIBLE_ADDRESS = /^[^\s@,;<>"()]+@[^\s@,;<>"()]+\.[^\s@,;<>"().]{2,}$/;

/**
 * The recipients as the spec's sheet sends them (section 5: split on commas, trimmed, empties removed), each a
 * plausible address; the same address twice is sent once. Mistakes are 422s with a pointer to the recipient.
 */
export function parseRecipients(recipients: readonly string[]): string[] {
  const errors: FieldError[] = [];
  const result: string[] = [];
  recipients.forEach((value, index) => {
    for (const part of value.split(/[,;]/).map((p) => p.trim()).filter((p) => p !== '')) {
      if (!PLAUSIBLE_ADDRESS.test(part) || part.length > 254) {
        errors.push({ pointer: `/data/attributes/recipients/${index}`, detail: `'${part}' is not an e-mail address.` });
      } else if (!result.some((r) => r.toLowerCase() === part.toLowerCase())) {
        result.push(part);
      }
    }
  });
  if (errors.length) throw new FieldErrors(errors);
  if (!result.length) throw new FieldErrors([{ pointer: '/data/attributes/recipients', detail: RECIPIENTS_REQUIRED_MESSAGE }]);
  if (result.length > RECIPIENTS_MAX) throw new FieldErrors([{ pointer: '/data/attributes/recipients', detail: `At most ${RECIPIENTS_MAX} recipients at a time.` }]);
  return result;
}

const displayDate = (date: string) => dayjs(date).format('MMMM D, YYYY');

/** The report's period in the spec's display format (section 9: MMMM D, YYYY). */
export function periodText(report: Pick<ReportRow, 'startDate' | 'endDate'>): string | null {
  const { startDate, endDate } = report;
  if (startDate && endDate && startDate !== endDate) return `${displayDate(startDate)} – ${displayDate(endDate)}`;
  const day = startDate ?? endDate;
  return day ? displayDate(day) : null;
}

/** The subject and body of a report's e-mail: the report, building and period, and the sender's message when given. */
export function reportEmailContent(report: ReportRow, options: { sender?: string | null; message?: string | null; automatic?: boolean }) {
  const period = periodText(report);
  const subject = [report.name, report.buildingName, period].filter((part) => part).join(' – ');
  const what = `the report "${report.name}" of ${report.buildingName}${report.cycleName ? ` (${report.cycleName})` : ''}${period ? `, for ${period}` : ''}`;
  const lines = [
    options.automatic
      ? `Here is ${what}. You receive it because you chose to get this report by e-mail when its walkabout is locked.`
      : `${options.sender ?? 'A user'} sent you ${what}.`,
  ];
  if (options.message) lines.push('', `Message from ${options.sender ?? 'the sender'}:`, options.message);
  lines.push('', `The report is attached as a PDF: ${reportFilename(report)}.`);
  return { subject, text: lines.join('\n') };
}

/** Queues one message per recipient with the report's PDF attached; answers the outbox rows' ids. */
export async function sendReportEmail(
  app: FastifyInstance,
  report: ReportRow & { uploadKey: string },
  recipients: readonly string[],
  options: { sender?: string | null; message?: string | null; automatic?: boolean },
): Promise<number[]> {
  const { subject, text } = reportEmailContent(report, options);
  const attachments = [{ filename: reportFilename(report), uploadKey: report.uploadKey, contentType: 'application/pdf' }];
  const ids: number[] = [];
  for (const to of recipients) ids.push(await app.mailer.send({ to, subject, text, attachments }));
  return ids;
}

/** A user's name as others read it: first and last name, else the username. */
export function displayName(user: { firstname: string | null; lastname: string | null; username: string }): string {
  return [user.firstname, user.lastname].filter((p) => p?.trim()).join(' ').trim() || user.username;
}

/** Whether a scope holds the building (the rule of buildingsInScope, for a building already read). */
function holdsBuilding(scope: Scope, building: { id: number; organizationId: number; regionId: number | null }): boolean {
  if (scope.isAdmin) return true;
  if (scope.organizationId !== building.organizationId) return false;
  if (scope.regionIds && (building.regionId === null || !scope.regionIds.includes(building.regionId))) return false;
  if (scope.buildingIds && !scope.buildingIds.includes(building.id)) return false;
  return true;
}

/** A completed report of a walkabout that has locked: the one that automatic e-mails deliver. */
async function deliverable(app: FastifyInstance, reportId: number): Promise<(ReportRow & { uploadKey: string }) | null> {
  const report = await reportById(app.db, reportId);
  if (!report || report.status !== 'ready' || !report.uploadKey || report.isInterim || report.walkaboutId === null) return null;
  if (report.kind !== 'walkabout' && report.kind !== 'booklet') return null;
  const [walkabout] = await app.db.select({ lockedAt: walkabouts.lockedAt }).from(walkabouts).where(eq(walkabouts.id, report.walkaboutId));
  if (!walkabout?.lockedAt || walkabout.lockedAt.getTime() > Date.now()) return null;
  return { ...report, uploadKey: report.uploadKey };
}

/**
 * The users a report is delivered to automatically: those who chose its definition (or booklet), have an
 * e-mail address, may see its building and hold canViewWalkaboutReports (spec section 6) for its definition or booklet (their roles' lists). Choosing is
 * canAssignAutomaticReportEmails's business; receiving needs the right to see the report.
 */
export async function automaticRecipients(app: FastifyInstance, report: ReportRow): Promise<Array<{ id: number; email: string }>> {
  const chose: SQL | undefined =
    report.kind === 'booklet' && report.bookletTemplateId !== null
      ? arrayContains(users.reportBookletsForAutomaticDeliveryIds, [report.bookletTemplateId])
      : report.kind === 'walkabout' && report.reportDefinitionId !== null
        ? arrayContains(users.reportDefinitionsForAutomaticDeliveryIds, [report.reportDefinitionId])
        : undefined;
  if (!chose) return [];
  const [building] = await app.db
    .select({ id: buildings.id, organizationId: buildings.organizationId, regionId: buildings.regionId })
    .from(buildings)
    .where(eq(buildings.id, report.buildingId));
  if (!building) return [];
  // The join makes Drizzle qualify column names ("users"."id"), which scopeGrantsColumn's subqueries need: from one
  // table alone it writes a bare "id", which those subqueries would read as their own tables' ids.
  const rows = await app.db
    .select({ user: users, grants: scopeGrantsColumn() })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(and(chose, isNotNull(users.email), ne(users.email, ''), or(eq(users.organizationId, building.organizationId), eq(users.isAdmin, true))));
  return rows
    .filter(({ user, grants }) => {
      const scope = scopeFrom(user, grants);
      return holdsBuilding(scope, building) && maySeeKind(scope, report.kind) && maySeeReport(scope, report);
    })
    .map(({ user }) => ({ id: user.id, email: user.email! }));
}

/**
 * Called by report generation when a report is ready (features/reports): when it is a completed report of a
 * locked walkabout, queues its automatic e-mail to each user who chose it. The job's key is the report and the
 * user, so that the same delivery is never queued twice while one waits or runs, and the job sends nothing
 * when the outbox already holds this PDF for this address: each user gets each completed report once.
 */
export async function onReportReady(app: FastifyInstance, reportId: number): Promise<void> {
  const report = await deliverable(app, reportId);
  if (!report) return;
  for (const user of await automaticRecipients(app, report)) {
    await app.jobs.enqueue(AUTOMATIC_REPORT_EMAIL_QUEUE, { reportId, userId: user.id }, { singletonKey: `report-email:${reportId}:user:${user.id}` });
  }
}

/**
 * Whether this PDF already went to this address: the outbox is the delivery marker, so a delivery queued again
 * (the report marked ready twice, a retried generation job) is not sent twice.
 */
async function alreadySent(app: FastifyInstance, to: string, uploadKey: string): Promise<boolean> {
  const [row] = await app.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), sql`${mailOutbox.attachments} @> ${JSON.stringify([{ uploadKey }])}::jsonb`))
    .limit(1);
  return row !== undefined;
}

/** The automatic e-mail job: checks again that the user still may receive the report, then sends it. */
export function registerReportEmailJobs(app: FastifyInstance): void {
  app.jobs.work(AUTOMATIC_REPORT_EMAIL_QUEUE, async ({ reportId, userId }: { reportId: number; userId: number }) => {
    const report = await deliverable(app, reportId);
    if (!report) return;
    const recipient = (await automaticRecipients(app, report)).find((u) => u.id === userId);
    if (!recipient || (await alreadySent(app, recipient.email, report.uploadKey))) return;
    await sendReportEmail(app, report, [recipient.email], { automatic: true });
  });
}
