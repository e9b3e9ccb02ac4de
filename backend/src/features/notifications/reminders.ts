/**
 * Incomplete-walkabout reminders (DESIGN.md section 4, "Reminders and notifications"; admin-people-schedules.md
 * sections 3, 4 and 9): a role's subscription {cycleId, offsetValue, offsetUnit} e-mails the role's users who
 * subscribed to the building (users.subscriptions.incompleteWalkaboutReminderBuildingIds) and may see it, N units
 * before a walkabout of that cycle closes (its lock time), while it is still open and incomplete (a condition
 * without a result: the rule of finalizeLocked and the walkabout's isComplete).
 *
 * The round (plugin.ts, beside the walkabout schedule and on the same clock) finds what is due and queues one job
 * per user, walkabout and offset; the job checks again at the round's time and sends through deliverOnce, whose
 * unique row makes each reminder go once however many rounds, replicas or retries reach it.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../db/raw';
import { users } from '../../db/schema';
import { buildingRef, deliverOnce, dueMail, recipientsSeeing, type DueMail, type WalkaboutOfMail } from './deliveries';
import { periodText } from './incomplete-walkabouts';

dayjs.extend(utc);
dayjs.extend(timezone);

export const REMINDER_QUEUE = 'notifications.incomplete-walkabout-reminder';
const KIND = 'incomplete-walkabout-reminder';
const WALL_CLOCK = 'YYYY-MM-DDTHH:mm:ss';
/** Offsets longer than this are not looked for: the longest unit offered is the month (section 9), a year is ample. */
const LONGEST_OFFSET_MS = 400 * 86_400_000;

type Offset = { value: number; unit: string };

/**
 * When a reminder of this offset is due: the close time less the offset. Minutes and hours are exact durations;
 * days, weeks and months are counted on the building's wall clock, so that '1 day' before 18:00 is 18:00 the day
 * before across a daylight-saving change too.
 */
export function reminderAt(lockedAt: Date, offset: Offset, timeZone: string): Date {
  const value = Number.isFinite(offset.value) ? offset.value : 0;
  if (offset.unit === 'minute') return new Date(lockedAt.getTime() - value * 60_000);
  if (offset.unit === 'hour') return new Date(lockedAt.getTime() - value * 3_600_000);
  if (offset.unit === 'day' || offset.unit === 'week' || offset.unit === 'month') {
    const wall = dayjs.utc(dayjs(lockedAt).tz(timeZone).format(WALL_CLOCK)).subtract(value, offset.unit);
    return new Date(dayjs.tz(wall.format(WALL_CLOCK), timeZone).valueOf());
  }
  return lockedAt;
}

/** The offset as the role screen shows it (section 9): N unit(s) before close. */
export function offsetText(offset: Offset): string {
  return `${offset.value} ${offset.unit}${offset.value === 1 ? '' : 's'} before close`;
}

const subjectKey = (walkaboutId: number, offset: Offset) => `walkabout:${walkaboutId}:offset:${offset.value}:${offset.unit}`;

type Candidate = WalkaboutOfMail & { roleId: number; offsetValue: number; offsetUnit: string };

export type DueReminder = DueMail & { offset: Offset };

/**
 * The reminders due at `now` and not sent yet: open, unfinished, incomplete walkabouts of a subscribed cycle whose
 * close time less the offset has passed, for each subscribed user who may see the building.
 */
export async function dueReminders(app: FastifyInstance, now: Date, only?: { walkaboutId: number }): Promise<DueReminder[]> {
  // The round leaves out what was sent; the job (only) reads it too, so that deliverOnce can queue an unsent mail again.
  const at = now.toISOString();
  const candidates = await queryRows<Candidate>(
    app.db,
    sql`select w.id as "walkaboutId", w.building_id as "buildingId", c.name as "cycleName", w.date, w.end_date as "endDate",
        w.locked_at as "lockedAt", b.time_zone as "timeZone", r.id as "roleId",
        (s.value->>'offsetValue')::numeric::float8 as "offsetValue", s.value->>'offsetUnit' as "offsetUnit"
      from walkabouts w
      join buildings b on b.id = w.building_id
      join cycles c on c.id = w.cycle_id
      join roles r on r.organization_id = b.organization_id
      cross join lateral jsonb_array_elements(r.incomplete_walkabout_reminder_subscriptions) s
      where s.value->>'cycleId' = w.cycle_id::text
        and w.opened_at <= ${at} and w.locked_at > ${at} and w.finalized_at is null
        and (w.closed_at is null or w.closed_at > ${at})
        and w.locked_at <= ${new Date(now.getTime() + LONGEST_OFFSET_MS).toISOString()}
        and exists (select 1 from conditions x where x.walkabout_id = w.id and x.value is null)
        ${only ? sql`and w.id = ${only.walkaboutId}` : sql``}`,
  );
  const due = candidates.filter(
    (c) => reminderAt(new Date(c.lockedAt), { value: Number(c.offsetValue), unit: c.offsetUnit }, c.timeZone).getTime() <= now.getTime(),
  );
  const result = new Map<string, DueReminder>();
  for (const candidate of due) {
    const building = await buildingRef(app, candidate.buildingId);
    if (!building) continue;
    const offset = { value: Number(candidate.offsetValue), unit: candidate.offsetUnit };
    const key = subjectKey(candidate.walkaboutId, offset);
    const recipients = await recipientsSeeing(
      app,
      building,
      sql`exists (select 1 from user_roles ur where ur.user_id = ${users.id} and ur.role_id = ${candidate.roleId})
        and ${users.subscriptions}->'incompleteWalkaboutReminderBuildingIds' @> ${JSON.stringify([candidate.buildingId])}::jsonb
        ${only ? sql`` : sql`and not exists (select 1 from notification_deliveries d where d.kind = ${KIND} and d.user_id = ${users.id} and d.subject_key = ${key})`}`,
    );
    for (const { user } of recipients) {
      // Two roles of one user subscribing with the same offset make one reminder.
      result.set(`${user.id}/${key}`, { ...dueMail(candidate, building, user, key), offset });
    }
  }
  return [...result.values()];
}

/** One round: queues a job per due reminder (a job already waiting for the same one is not queued again). Answers how many were queued. */
export async function runReminderRound(app: FastifyInstance, now: Date): Promise<number> {
  let queued = 0;
  for (const reminder of await dueReminders(app, now)) {
    const id = await app.jobs.enqueue(
      REMINDER_QUEUE,
      { userId: reminder.userId, walkaboutId: reminder.walkaboutId, subjectKey: reminder.subjectKey, at: now.toISOString() },
      { singletonKey: `${KIND}:${reminder.userId}:${reminder.subjectKey}` },
    );
    if (id) queued += 1;
  }
  return queued;
}

export function reminderEmail(reminder: DueReminder, publicUrl: string): { subject: string; text: string } {
  const closes = dayjs(reminder.lockedAt).tz(reminder.timeZone).format('MMMM D, YYYY h:mm A');
  const period = periodText(reminder.date, reminder.endDate);
  return {
    subject: `Incomplete walkabout: ${reminder.buildingName} – ${reminder.cycleName} closes ${closes}`,
    text: [
      `The ${reminder.cycleName} walkabout of ${reminder.buildingName} (period ${period}) is not complete yet.`,
      `It closes on ${closes} (${reminder.timeZone}).`,
      '',
      `Open it: ${publicUrl}/buildings/${reminder.buildingId}/walkabouts/${reminder.walkaboutId}`,
      '',
      `You receive this reminder because your role subscribes to incomplete ${reminder.cycleName} walkabouts, ${offsetText(reminder.offset)}, and you chose reminders for this building.`,
    ].join('\n'),
  };
}

/** The reminder job: still due at the round's time, still for this user? Then sent, once. */
export function registerReminderJobs(app: FastifyInstance, publicUrl: string): void {
  app.jobs.work(REMINDER_QUEUE, async ({ userId, walkaboutId, subjectKey: key, at }: { userId: number; walkaboutId: number; subjectKey: string; at: string }) => {
    const reminder = (await dueReminders(app, new Date(at), { walkaboutId })).find((r) => r.userId === userId && r.subjectKey === key);
    if (!reminder) return { sent: false };
    const { subject, text } = reminderEmail(reminder, publicUrl);
    const sent = await deliverOnce(app, { kind: KIND, userId, subjectKey: key, walkaboutId, to: reminder.email, subject, text });
    return { sent };
  });
}
