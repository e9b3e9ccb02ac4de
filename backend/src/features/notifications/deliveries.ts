/**
 * One e-mail of a reminder or notification to one user, sent once (DESIGN.md section 4, "Reminders and
 * notifications"; the table notification_deliveries of migration 0009). The delivery row and the outbox row are
 * written in one transaction, and the row's unique key (kind, user, subject) is the marker: a second round, a
 * retried job or another replica that reaches the same delivery inserts nothing and sends nothing. The outbox row's
 * SMTP delivery is queued after the commit (the mail job must find the row), and queued again by a retry that finds
 * the delivery recorded but its mail not yet sent, so a crash between the commit and the queue loses nothing.
 */
import { and, eq, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { queryRows } from '../../db/raw';
import { buildings, mailOutbox, notificationDeliveries, organizations, users } from '../../db/schema';
import { scopeFrom, scopeGrantsColumn, type Scope } from '../../plugins/authorization';
import type { UserRow } from '../../plugins/auth';

export type NotificationKind = 'incomplete-walkabout-reminder' | 'incomplete-walkabout-notification' | 'unsatisfactory-result' | 'note';

/** A walkabout as a reminder or notification about it names it (the columns its round selects). */
export type WalkaboutOfMail = {
  walkaboutId: number;
  buildingId: number;
  cycleName: string;
  date: string;
  endDate: string | null;
  lockedAt: Date;
  timeZone: string;
};

/** One user's mail about a walkabout, due and not sent yet. */
export type DueMail = WalkaboutOfMail & { userId: number; email: string; buildingName: string; subjectKey: string };

/** One user's mail about a candidate walkabout of a round (its lock time as the row gave it). */
export function dueMail(candidate: WalkaboutOfMail, building: { id: number; name: string }, user: { id: number; email: string | null }, subjectKey: string): DueMail {
  return {
    userId: user.id,
    email: user.email!,
    walkaboutId: candidate.walkaboutId,
    buildingId: building.id,
    buildingName: building.name,
    cycleName: candidate.cycleName,
    date: candidate.date,
    endDate: candidate.endDate,
    lockedAt: new Date(candidate.lockedAt),
    timeZone: candidate.timeZone,
    subjectKey,
  };
}

export type Delivery = {
  kind: NotificationKind;
  userId: number;
  /** What the e-mail is about; with kind and user, unique (see the file's comment). */
  subjectKey: string;
  walkaboutId: number | null;
  to: string;
  subject: string;
  text: string;
};

/** Records and sends one delivery unless it was recorded before; answers whether this call recorded it. */
export async function deliverOnce(app: FastifyInstance, delivery: Delivery): Promise<boolean> {
  const recorded = await app.db.transaction(async (tx) => {
    const [claimed] = await queryRows<{ id: number }>(
      tx,
      sql`insert into notification_deliveries (kind, user_id, subject_key, walkabout_id)
        values (${delivery.kind}, ${delivery.userId}, ${delivery.subjectKey}, ${delivery.walkaboutId})
        on conflict (kind, user_id, subject_key) do nothing returning id`,
    );
    if (!claimed) return null;
    const [mail] = await tx
      .insert(mailOutbox)
      .values({ to: delivery.to, subject: delivery.subject, text: delivery.text, attachments: [] })
      .returning({ id: mailOutbox.id });
    await tx.update(notificationDeliveries).set({ mailId: mail!.id }).where(eq(notificationDeliveries.id, claimed.id));
    return mail!.id;
  });
  if (recorded !== null) {
    await app.mailer.queue(recorded);
    return true;
  }
  // Recorded before: queue its mail again if it is still unsent (a crash after the commit; the mail job skips a sent one).
  const [earlier] = await app.db
    .select({ mailId: mailOutbox.id, sentAt: mailOutbox.sentAt })
    .from(notificationDeliveries)
    .innerJoin(mailOutbox, eq(mailOutbox.id, notificationDeliveries.mailId))
    .where(
      and(
        eq(notificationDeliveries.kind, delivery.kind),
        eq(notificationDeliveries.userId, delivery.userId),
        eq(notificationDeliveries.subjectKey, delivery.subjectKey),
      ),
    );
  if (earlier && !earlier.sentAt) await app.mailer.queue(earlier.mailId);
  return false;
}

type BuildingRef = { id: number; organizationId: number; regionId: number | null };

/** Whether a scope holds the building (the rule of buildingsInScope, for a building already read). */
export function holdsBuilding(scope: Scope, building: BuildingRef): boolean {
  if (scope.isAdmin) return true;
  if (scope.organizationId !== building.organizationId) return false;
  if (scope.regionIds && (building.regionId === null || !scope.regionIds.includes(building.regionId))) return false;
  if (scope.buildingIds && !scope.buildingIds.includes(building.id)) return false;
  return true;
}

export async function buildingRef(app: FastifyInstance, buildingId: number): Promise<(BuildingRef & { name: string; timeZone: string }) | null> {
  const [row] = await app.db
    .select({ id: buildings.id, organizationId: buildings.organizationId, regionId: buildings.regionId, name: buildings.name, timeZone: buildings.timeZone })
    .from(buildings)
    .where(eq(buildings.id, buildingId));
  return row ?? null;
}

/**
 * The active users with an e-mail address, of the building's organization (or administrators), who match `where`
 * and may see the building now: a subscription never reaches past the subscriber's current scope.
 */
export async function recipientsSeeing(
  app: FastifyInstance,
  building: BuildingRef,
  where: ReturnType<typeof and>,
): Promise<Array<{ user: UserRow; scope: Scope }>> {
  // The join makes Drizzle qualify column names, which scopeGrantsColumn's subqueries need (see walkabout-reports/emails.ts).
  const rows = await app.db
    .select({ user: users, grants: scopeGrantsColumn() })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.organizationId))
    .where(
      and(
        where,
        eq(users.active, true),
        isNotNull(users.email),
        ne(users.email, ''),
        or(eq(users.organizationId, building.organizationId), eq(users.isAdmin, true)),
      ),
    );
  return rows
    .map(({ user, grants }) => ({ user, scope: scopeFrom(user, grants) }))
    .filter(({ scope }) => holdsBuilding(scope, building));
}
