/**
 * Incomplete-walkabout notifications (DESIGN.md section 4, "Reminders and notifications"; admin-people-schedules.md,
 * User: subscriptions.incompleteWalkaboutNotificationsBuildingIds): after a walkabout has closed incomplete, each user
 * who subscribed its building and may see it is e-mailed once. The reminder (reminders.ts) warns before the close;
 * this says afterwards that the walkabout was left incomplete.
 *
 * Closed incomplete: the lock time (walkabouts.locked_at, by the schedule or an earlier lock by a user) has passed
 * and the results were frozen incomplete. Saves are refused from the lock time on (isLocked of @fsi/shared, with its
 * margin), and finalizeLocked (walkabouts/scheduler.ts) freezes the walkabout's figures once that time has passed:
 * final_is_complete is then "no condition without a result" of that moment, the rule of the reminders. The conditions
 * keep their values (a condition left without a result stays null), so the e-mail counts them as they are. A walkabout
 * is notified only once it is finalized, so that the e-mail reports the figures the completed walkabout report shows;
 * the schedule finalizes it in its round at the lock time (a user's lock, at once).
 *
 * Only walkabouts whose lock time passed within NOTIFICATION_WINDOW_MS are looked at, so that the first round after a
 * deploy (or after the subscription was chosen) does not mail the subscribers years of history.
 *
 * The round (plugin.ts, with the reminders, on the same clock) queues one job per user and walkabout; the job checks
 * again at the round's time and sends through deliverOnce, whose unique row (kind, user, walkabout:{id}) makes each
 * notification go once however many rounds, replicas or retries reach it.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../db/raw';
import { users } from '../../db/schema';
import { buildingRef, deliverOnce, dueMail, recipientsSeeing, type DueMail, type WalkaboutOfMail } from './deliveries';

dayjs.extend(utc);
dayjs.extend(timezone);

export const INCOMPLETE_NOTIFICATION_QUEUE = 'notifications.incomplete-walkabout-notification';
const KIND = 'incomplete-walkabout-notification';
/** How far back a round looks: walkabouts whose lock time passed longer ago are never notified. */
export const NOTIFICATION_WINDOW_MS = 7 * 86_400_000;

const subjectKey = (walkaboutId: number) => `walkabout:${walkaboutId}`;

type Candidate = WalkaboutOfMail & { withoutResult: number };

export type DueNotification = DueMail & {
  /** The conditions (a task at one equipment) left without a result. */
  withoutResult: number;
};

/**
 * The notifications due at `now` and not sent yet: walkabouts whose lock time passed within the window, frozen
 * incomplete, for each user who subscribed the building and may see it.
 */
export async function dueIncompleteWalkaboutNotifications(app: FastifyInstance, now: Date, only?: { walkaboutId: number }): Promise<DueNotification[]> {
  // The round leaves out what was sent; the job (only) reads it too, so that deliverOnce can queue an unsent mail again.
  const at = now.toISOString();
  const since = new Date(now.getTime() - NOTIFICATION_WINDOW_MS).toISOString();
  const notSent = (user: SQL) =>
    only ? sql`` : sql`and not exists (select 1 from notification_deliveries d where d.kind = ${KIND} and d.user_id = ${user} and d.subject_key = 'walkabout:' || w.id)`;
  const candidates = await queryRows<Candidate>(
    app.db,
    sql`select w.id as "walkaboutId", w.building_id as "buildingId", c.name as "cycleName", w.date, w.end_date as "endDate",
        w.locked_at as "lockedAt", b.time_zone as "timeZone",
        (select count(*) from conditions x where x.walkabout_id = w.id and x.value is null)::int as "withoutResult"
      from walkabouts w
      join buildings b on b.id = w.building_id
      join cycles c on c.id = w.cycle_id
      where w.locked_at <= ${at} and w.locked_at > ${since}
        and w.finalized_at is not null and w.final_is_complete = false
        and exists (select 1 from conditions x where x.walkabout_id = w.id and x.value is null)
        and exists (select 1 from users u where u.active
          and u.subscriptions->'incompleteWalkaboutNotificationsBuildingIds' @> to_jsonb(w.building_id)
          ${notSent(sql`u.id`)})
        ${only ? sql`and w.id = ${only.walkaboutId}` : sql``}
      order by w.locked_at, w.id`,
  );
  const due: DueNotification[] = [];
  for (const candidate of candidates) {
    const building = await buildingRef(app, candidate.buildingId);
    if (!building) continue;
    const key = subjectKey(candidate.walkaboutId);
    const recipients = await recipientsSeeing(
      app,
      building,
      sql`${users.subscriptions}->'incompleteWalkaboutNotificationsBuildingIds' @> ${JSON.stringify([candidate.buildingId])}::jsonb
        ${only ? sql`` : sql`and not exists (select 1 from notification_deliveries d where d.kind = ${KIND} and d.user_id = ${users.id} and d.subject_key = ${key})`}`,
    );
    for (const { user } of recipients) {
      due.push({ ...dueMail(candidate, building, user, key), withoutResult: Number(candidate.withoutResult) });
    }
  }
  return due;
}

/** One round: queues a job per due notification (a job already waiting for the same one is not queued again). Answers how many were queued. */
export async function runIncompleteWalkaboutNotificationRound(app: FastifyInstance, now: Date): Promise<number> {
  let queued = 0;
  for (const notification of await dueIncompleteWalkaboutNotifications(app, now)) {
    const id = await app.jobs.enqueue(
      INCOMPLETE_NOTIFICATION_QUEUE,
      { userId: notification.userId, walkaboutId: notification.walkaboutId, at: now.toISOString() },
      { singletonKey: `${KIND}:${notification.userId}:${notification.subjectKey}` },
    );
    if (id) queued += 1;
  }
  return queued;
}

/** The walkabout's period in local dates, its last day included (a walkabout's end_date is the next period's start). */
export function periodText(date: string, endDate: string | null): string {
  if (!endDate) return date;
  const last = dayjs.utc(endDate).subtract(1, 'day').format('YYYY-MM-DD');
  return last > date ? `${date} to ${last}` : date;
}

export function incompleteWalkaboutEmail(notification: DueNotification, publicUrl: string): { subject: string; text: string } {
  const closed = dayjs(notification.lockedAt).tz(notification.timeZone).format('MMMM D, YYYY h:mm A');
  const period = periodText(notification.date, notification.endDate);
  const tasks = `${notification.withoutResult} ${notification.withoutResult === 1 ? 'task was' : 'tasks were'}`;
  return {
    subject: `Walkabout closed incomplete: ${notification.buildingName} – ${notification.cycleName} ${period}`,
    text: [
      `The ${notification.cycleName} walkabout of ${notification.buildingName} (period ${period}) closed incomplete on ${closed} (${notification.timeZone}).`,
      `${tasks} left without a result.`,
      '',
      `Open it: ${publicUrl}/buildings/${notification.buildingId}/walkabouts/${notification.walkaboutId}`,
      '',
      `You receive this notification because you chose incomplete walkabout notifications for ${notification.buildingName}.`,
    ].join('\n'),
  };
}

/** The notification job: still due at the round's time, still for this user? Then sent, once. */
export function registerIncompleteWalkaboutNotificationJobs(app: FastifyInstance, publicUrl: string): void {
  app.jobs.work(INCOMPLETE_NOTIFICATION_QUEUE, async ({ userId, walkaboutId, at }: { userId: number; walkaboutId: number; at: string }) => {
    const notification = (await dueIncompleteWalkaboutNotifications(app, new Date(at), { walkaboutId })).find((n) => n.userId === userId);
    if (!notification) return { sent: false };
    const { subject, text } = incompleteWalkaboutEmail(notification, publicUrl);
    const sent = await deliverOnce(app, { kind: KIND, userId, subjectKey: notification.subjectKey, walkaboutId, to: notification.email, subject, text });
    return { sent };
  });
}
