/**
 * Reminders and notifications (DESIGN.md section 4), delivered to a real SMTP server on loopback: who receives an
 * incomplete-walkabout reminder and when (the round's clock is controlled), a notification of a walkabout that closed
 * incomplete, an unsatisfactory result or a note, and that each goes exactly once however often and however
 * concurrently the rounds run (two backends on one PostgreSQL database).
 */
import type { AddressInfo } from 'node:net';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { and, eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { finalizeLocked } from '../src/features/walkabouts/scheduler';
import { schema, signIn, type TestBackend } from '../src/testing';
import { databases, demoIds, signedIn, startTestBackend } from './helpers';

type Received = { to: string[]; subject: string; /** The text body, decoded. */ body: string };

async function smtpServer(received: Received[]): Promise<{ server: SMTPServer; port: number }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = /^Subject: (.*(?:\r\n[ \t].*)*)/m.exec(raw)?.[1]?.replace(/\r\n[ \t]/g, ' ') ?? '';
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), subject: decodeSubject(subject), body: decodeBody(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port };
}

/** The body of a single-part message, quoted-printable decoded when it says so. */
function decodeBody(raw: string): string {
  const split = raw.indexOf('\r\n\r\n');
  const body = raw.slice(split + 4);
  if (!/^Content-Transfer-Encoding: quoted-printable/im.test(raw.slice(0, split))) return body;
  const bytes = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** RFC 2047 encoded words (nodemailer encodes a subject with a dash as =?UTF-8?Q?…?=). */
function decodeSubject(subject: string): string {
  return subject
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

dayjs.extend(utc);
dayjs.extend(timezone);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(databases)('reminders and notifications on %s', (database) => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let smtpUrl: string;
  let backend: TestBackend;
  let demo: Awaited<ReturnType<typeof demoIds>>;

  const to = (address: string) => received.filter((m) => m.to.includes(address));
  const setSubscriptions = async (username: string, subscriptions: Partial<schema.UserSubscriptions>) => {
    const [user] = await backend.db.select().from(schema.users).where(eq(schema.users.username, username));
    await backend.db
      .update(schema.users)
      .set({ subscriptions: { ...user!.subscriptions, ...subscriptions } })
      .where(eq(schema.users.id, user!.id));
  };
  const lockTime = async (walkaboutId: string) => {
    const [row] = await backend.db.select({ lockedAt: schema.walkabouts.lockedAt }).from(schema.walkabouts).where(eq(schema.walkabouts.id, Number(walkaboutId)));
    return row!.lockedAt!.getTime();
  };

  beforeAll(async () => {
    const started = await smtpServer(received);
    smtp = started.server;
    smtpUrl = `smtp://127.0.0.1:${started.port}`;
    backend = await startTestBackend({ database, smtpUrl, publicUrl: 'https://fsi.example.com', jobs: { retryDelaySeconds: 1, retryLimit: 2 } });
    demo = await demoIds(backend);
    // The demo's manager subscribes to incomplete-walkabout notifications; the tests choose who does, so that a round
    // of the reminder tests does not also notify of walkabouts the start of this backend found closed incomplete.
    await backend.db.execute(sql`update users set subscriptions = subscriptions || '{"incompleteWalkaboutNotificationsBuildingIds": []}'::jsonb`);
  });
  afterAll(async () => {
    await backend?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it("reminds the role's subscribed users who may see the building, once, when the close time less the offset has passed", async () => {
    // The demo's Manager role subscribes to Daily walkabouts, 2 hours before close; manager and regional hold it.
    const king = demo.building('King Street Commerce Centre');
    const yonge = demo.building('Yonge & Eglinton Tower');
    await setSubscriptions('manager', { incompleteWalkaboutReminderBuildingIds: [Number(king)] });
    // regional (Downtown) subscribed to an Uptown building too, which is outside their region: no reminder for it.
    await setSubscriptions('regional', { incompleteWalkaboutReminderBuildingIds: [Number(king), Number(yonge)] });
    // inspector subscribed too, but the Inspector role has no reminder subscription.
    await setSubscriptions('inspector', { incompleteWalkaboutReminderBuildingIds: [Number(king)] });
    const walkabout = await demo.walkabout('King Street Commerce Centre', 'Daily');
    const lockedAt = await lockTime(walkabout);
    received.length = 0;

    expect(await backend.app.runReminderRound(new Date(lockedAt - 2 * HOUR - 60_000))).toBe(0);
    await backend.app.jobs.drain();
    expect(received).toEqual([]);

    const due = new Date(lockedAt - 2 * HOUR + 1000);
    await backend.app.runReminderRound(due);
    await backend.app.jobs.drain();
    expect(received.map((m) => m.to).sort()).toEqual([['manager@northwindpm.example'], ['regional@northwindpm.example']]);
    const message = to('manager@northwindpm.example')[0]!;
    expect(message.subject).toMatch(/^Incomplete walkabout: King Street Commerce Centre – Daily closes /);
    expect(message.body).toContain(`https://fsi.example.com/buildings/${king}/walkabouts/${walkabout}`);
    expect(message.body).toContain('2 hours before close');
    // A Daily walkabout's period is its one day, not up to the next period's start (its end_date).
    const [row] = await backend.db.select({ date: schema.walkabouts.date }).from(schema.walkabouts).where(eq(schema.walkabouts.id, Number(walkabout)));
    expect(message.body).toContain(`(period ${row!.date}) is not complete yet.`);

    // Later rounds find it sent.
    expect(await backend.app.runReminderRound(new Date(due.getTime() + 60_000))).toBe(0);
    await backend.app.runReminderRound(due);
    await backend.app.jobs.drain();
    expect(received).toHaveLength(2);
    const deliveries = await backend.db.select().from(schema.notificationDeliveries).where(eq(schema.notificationDeliveries.walkaboutId, Number(walkabout)));
    expect(deliveries.map((d) => d.kind)).toEqual(['incomplete-walkabout-reminder', 'incomplete-walkabout-reminder']);
  });

  it('sends no reminder for a complete walkabout, nor after it closed', async () => {
    const walkabout = await demo.walkabout('Yonge & Eglinton Tower', 'Daily');
    const lockedAt = await lockTime(walkabout);
    await setSubscriptions('manager', { incompleteWalkaboutReminderBuildingIds: [Number(demo.building('Yonge & Eglinton Tower'))] });
    received.length = 0;
    // After the close time: the walkabout is no longer open, nothing is due.
    expect(await backend.app.runReminderRound(new Date(lockedAt + 1000))).toBe(0);
    // Every condition answered: complete, nothing is due.
    await backend.db.execute(sql`update conditions set value = 'null'::jsonb where walkabout_id = ${Number(walkabout)} and value is null`);
    expect(await backend.app.runReminderRound(new Date(lockedAt - HOUR))).toBe(0);
    await backend.app.jobs.drain();
    expect(received).toEqual([]);
    await backend.db.execute(sql`update conditions set value = null where walkabout_id = ${Number(walkabout)} and value = 'null'::jsonb`);
  });

  it('sends each reminder exactly once when rounds run at the same time, in two backends on one database', async () => {
    const walkabout = await demo.walkabout('Yonge & Eglinton Tower', 'Daily');
    const lockedAt = await lockTime(walkabout);
    await setSubscriptions('manager', { incompleteWalkaboutReminderBuildingIds: [Number(demo.building('Yonge & Eglinton Tower'))] });
    received.length = 0;
    const second = backend.databaseUrl ? await openDatabase({ databaseUrl: backend.databaseUrl }) : null;
    const other = second ? await buildApp({ db: second.db, smtpUrl, publicUrl: 'https://fsi.example.com', jobs: { retryDelaySeconds: 1, retryLimit: 2 } }) : backend.app;
    try {
      if (second) await other.ready();
      const at = lockedAt - HOUR;
      await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? other : backend.app).runReminderRound(new Date(at + i * 1000))));
      await Promise.all([backend.app.jobs.drain(), other.jobs.drain()]);
      expect(to('manager@northwindpm.example').map((m) => m.subject)).toHaveLength(1);
      expect(to('manager@northwindpm.example')[0]!.subject).toMatch(/^Incomplete walkabout: Yonge & Eglinton Tower – Daily/);
      // The delivery jobs themselves, run again in both backends at once, send nothing more.
      const [user] = await backend.db.select().from(schema.users).where(eq(schema.users.username, 'manager'));
      const [delivery] = await backend.db.select().from(schema.notificationDeliveries).where(and(eq(schema.notificationDeliveries.userId, user!.id), eq(schema.notificationDeliveries.walkaboutId, Number(walkabout))));
      expect(delivery!.mailId).not.toBeNull();
      await Promise.all([backend.app.runReminderRound(new Date(at + HOUR / 2)), other.runReminderRound(new Date(at + HOUR / 2))]);
      await Promise.all([backend.app.jobs.drain(), other.jobs.drain()]);
      expect(to('manager@northwindpm.example')).toHaveLength(1);
    } finally {
      if (second) {
        await other.close();
        await second.close();
      }
    }
  });

  it('e-mails the subscribers of an equipment type who may see the building when an unsatisfactory result or a note is recorded, once per episode', async () => {
    const walkabout = await demo.walkabout('King Street Commerce Centre', 'Weekly');
    const [row] = await backend.db
      .select({ condition: schema.conditions, entry: schema.entries })
      .from(schema.conditions)
      .innerJoin(schema.entries, eq(schema.entries.id, schema.conditions.entryId))
      .where(and(eq(schema.conditions.walkaboutId, Number(walkabout)), eq(schema.conditions.type, 'yesno')))
      .limit(1);
    const typeId = row!.entry.equipmentTypeId;
    // viewer sees the whole organization; inspector only their two buildings (King Street is one); harbour another organization.
    await setSubscriptions('viewer', { unsatisfactoryEquipmentIds: [typeId], notatedEquipmentIds: [typeId] });
    await setSubscriptions('harbour', { unsatisfactoryEquipmentIds: [typeId], notatedEquipmentIds: [typeId] });
    await setSubscriptions('regional', { unsatisfactoryEquipmentIds: [] });
    await setSubscriptions('manager', { unsatisfactoryEquipmentIds: [typeId + 100_000] });
    received.length = 0;
    const jobs = async () =>
      ((await backend.db.execute(sql`select data::text as data from pgboss.job where name = 'notifications.conditions' order by created_on, id`)) as unknown as { rows: { data: string }[] }).rows.map((r) => JSON.parse(r.data) as unknown);
    const jobsBefore = (await jobs()).length;
    const admin = await signedIn(backend, 'admin');
    let minute = 0;
    const save = async (value: string, remarks: string | null, hasSatisfactoryRemarks = false) => {
      minute += 1;
      const at = `2026-11-20T14:${String(minute).padStart(2, '0')}:00Z`;
      const answer = await admin.save(`notify-${minute}`, {
        walkaboutToUpdateId: walkabout,
        data: {
          entries: [{ id: String(row!.entry.id), scannedAt: '2026-11-20T14:00:00Z' }],
          conditions: [{ id: String(row!.condition.id), value, remarks, hasSatisfactoryRemarks, editedVia: 'tap', editedAt: at }],
        },
      });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      await backend.app.jobs.drain();
    };

    await save('no', 'Gauge in the red');
    expect(received.map((m) => m.to)).toEqual([['viewer@northwindpm.example']]);
    expect(received[0]!.subject).toBe(`Unsatisfactory result: ${row!.entry.equipmentName} – King Street Commerce Centre`);
    expect(received[0]!.body).toContain('Gauge in the red');
    // The same failure saved again, with other words: no second e-mail.
    await save('no', 'Gauge in the red, tagged');
    expect(received).toHaveLength(1);
    // Satisfactory, then unsatisfactory anew: a second e-mail.
    await save('yes', null);
    expect(received).toHaveLength(1);
    await save('no', 'Gauge in the red again');
    expect(received).toHaveLength(2);
    // A note on a satisfactory result goes to the note subscribers, once.
    await save('yes', 'Cabinet door sticks', true);
    await save('yes', 'Cabinet door sticks', true);
    expect(received).toHaveLength(3);
    expect(received[2]!.subject).toBe(`Note: ${row!.entry.equipmentName} – King Street Commerce Centre`);
    expect(received.flatMap((m) => m.to)).toEqual(['viewer@northwindpm.example', 'viewer@northwindpm.example', 'viewer@northwindpm.example']);
    // A job per save that recorded a failure or a note, none for the satisfactory result without one (the third save).
    expect((await jobs()).slice(jobsBefore)).toEqual(Array.from({ length: 5 }, () => ({ walkaboutId: Number(walkabout), conditionIds: [row!.condition.id] })));
  });

  it('e-mails one message per failing condition when one save records several, over several equipment types', async () => {
    const walkabout = await demo.walkabout('King Street Commerce Centre', 'Monthly');
    const rows = await backend.db
      .select({ condition: schema.conditions, entry: schema.entries })
      .from(schema.conditions)
      .innerJoin(schema.entries, eq(schema.entries.id, schema.conditions.entryId))
      .where(and(eq(schema.conditions.walkaboutId, Number(walkabout)), eq(schema.conditions.type, 'yesno')));
    const types = [...new Set(rows.map((r) => r.entry.equipmentTypeId))];
    expect(types.length).toBeGreaterThanOrEqual(2);
    const [first, second] = types;
    const ofFirst = rows.filter((r) => r.entry.equipmentTypeId === first).slice(0, 3);
    const ofSecond = rows.filter((r) => r.entry.equipmentTypeId === second).slice(0, 1);
    expect(ofFirst).toHaveLength(3);
    await setSubscriptions('viewer', { unsatisfactoryEquipmentIds: [first!, second!], notatedEquipmentIds: [] });
    await setSubscriptions('harbour', { unsatisfactoryEquipmentIds: [first!, second!] });
    await setSubscriptions('inspector', { unsatisfactoryEquipmentIds: [second!] });
    received.length = 0;
    const admin = await signedIn(backend, 'admin');
    const failing = [ofFirst[0]!, ofFirst[1]!, ofSecond[0]!];
    const at = '2026-11-20T15:00:00Z';
    const answer = await admin.save('notify-many', {
      walkaboutToUpdateId: walkabout,
      data: {
        entries: [...new Set([...ofFirst, ...ofSecond].map((r) => r.entry.id))].map((id) => ({ id: String(id), scannedAt: '2026-11-20T14:00:00Z' })),
        conditions: [
          ...failing.map((r) => ({ id: String(r.condition.id), value: 'no', remarks: `Failed ${r.condition.id}`, hasSatisfactoryRemarks: false, editedVia: 'tap', editedAt: at })),
          { id: String(ofFirst[2]!.condition.id), value: 'yes', remarks: null, hasSatisfactoryRemarks: false, editedVia: 'tap', editedAt: at },
        ],
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    await backend.app.jobs.drain();
    // The viewer sees the building and subscribed to both types: one e-mail per failing condition. The inspector sees
    // King Street too and subscribed to the second type only; harbour is of another organization.
    const byRecipient = (address: string) => received.filter((m) => m.to.includes(address)).map((m) => m.body.match(/Remarks: (.*)/)?.[1]).sort();
    expect(byRecipient('viewer@northwindpm.example')).toEqual(failing.map((r) => `Failed ${r.condition.id}`).sort());
    const inspector = received.filter((m) => !m.to.includes('viewer@northwindpm.example'));
    expect(inspector.map((m) => m.body.match(/Remarks: (.*)/)?.[1])).toEqual([`Failed ${ofSecond[0]!.condition.id}`]);
    expect(received.flatMap((m) => m.to).some((to) => to.includes('harbour'))).toBe(false);
    expect(received).toHaveLength(4);
  });

  it('e-mails an unsatisfactory result once when two backends on one database record it at the same time', async () => {
    const walkabout = await demo.walkabout('Yonge & Eglinton Tower', 'Daily');
    const rows = await backend.db
      .select({ condition: schema.conditions, entry: schema.entries })
      .from(schema.conditions)
      .innerJoin(schema.entries, eq(schema.entries.id, schema.conditions.entryId))
      .where(and(eq(schema.conditions.walkaboutId, Number(walkabout)), eq(schema.conditions.type, 'yesno')))
      .orderBy(schema.conditions.id)
      .limit(1);
    const row = rows[0]!;
    await setSubscriptions('viewer', { unsatisfactoryEquipmentIds: [row.entry.equipmentTypeId], notatedEquipmentIds: [] });
    await setSubscriptions('manager', { unsatisfactoryEquipmentIds: [] });
    await setSubscriptions('regional', { unsatisfactoryEquipmentIds: [] });
    received.length = 0;
    const { token } = await signIn(backend.url, 'admin', 'demo1234');
    const second = backend.databaseUrl ? await openDatabase({ databaseUrl: backend.databaseUrl }) : null;
    const other = second ? await buildApp({ db: second.db, smtpUrl, publicUrl: 'https://fsi.example.com', jobs: { retryDelaySeconds: 1, retryLimit: 2 } }) : backend.app;
    try {
      if (second) await other.ready();
      // Two devices send the same failure at once, one to each backend: each backend queues and works its notification.
      const send = (app: typeof other, n: number) =>
        app.inject({
          method: 'PATCH',
          url: '/walkabout-data',
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': `twin-${database}-${n}`, 'content-type': 'application/json' },
          payload: {
            walkaboutToUpdateId: walkabout,
            data: {
              entries: [{ id: String(row.entry.id), scannedAt: '2026-11-20T15:00:00Z' }],
              conditions: [{ id: String(row.condition.id), value: 'no', remarks: `Hose cracked (device ${n})`, hasSatisfactoryRemarks: false, editedVia: 'tap', editedAt: `2026-11-20T15:0${n}:00Z` }],
            },
          },
        });
      const answers = await Promise.all([send(backend.app, 1), send(other, 2)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      await Promise.all([backend.app.jobs.drain(), other.jobs.drain()]);
      expect(received.map((m) => m.to)).toEqual([['viewer@northwindpm.example']]);
      expect(received[0]!.subject).toBe(`Unsatisfactory result: ${row.entry.equipmentName} – Yonge & Eglinton Tower`);
    } finally {
      if (second) {
        await other.close();
        await second.close();
      }
    }
  });

  describe('incomplete walkabout notifications', () => {
    const link = (buildingId: string, walkaboutId: string) => `https://fsi.example.com/buildings/${buildingId}/walkabouts/${walkaboutId}`;
    const about = (buildingId: string, walkaboutId: string) => received.filter((m) => m.body.includes(link(buildingId, walkaboutId)));
    const notifications = () => received.filter((m) => m.subject.startsWith('Walkabout closed incomplete:'));
    /** The schedule's freeze at the lock time (finalizeLocked, as its round runs it), for this walkabout only. */
    const close = async (walkaboutId: string, at: number) => {
      expect(await finalizeLocked(backend.db, new Date(at), Number(walkaboutId))).toEqual([Number(walkaboutId)]);
    };
    const withoutResult = async (walkaboutId: string) => {
      const [row] = await backend.db
        .select({ n: sql<number>`count(*)::int` })
        .from(schema.conditions)
        .where(and(eq(schema.conditions.walkaboutId, Number(walkaboutId)), sql`${schema.conditions.value} is null`));
      return Number(row!.n);
    };
    /**
     * Sends, and forgets, what a round at `at` finds of the walkabouts this backend's start froze (those of the
     * template's day): from then on, a round only finds what the test closes. None of it may be about `walkabouts`.
     */
    const settle = async (at: number, walkabouts: Array<[building: string, walkabout: string]>) => {
      await backend.app.runReminderRound(new Date(at));
      await backend.app.jobs.drain();
      for (const [building, walkabout] of walkabouts) expect(about(building, walkabout)).toEqual([]);
      received.length = 0;
    };

    beforeEach(async () => {
      await backend.db.execute(
        sql`update users set subscriptions = subscriptions || '{"incompleteWalkaboutReminderBuildingIds": [], "incompleteWalkaboutNotificationsBuildingIds": []}'::jsonb`,
      );
      received.length = 0;
    });

    it('e-mails each subscribed user who may see the building once, after the close time of an incomplete walkabout, not before', async () => {
      const king = demo.building('King Street Commerce Centre');
      const yonge = demo.building('Yonge & Eglinton Tower');
      const kingDaily = await demo.walkabout('King Street Commerce Centre', 'Daily');
      const yongeDaily = await demo.walkabout('Yonge & Eglinton Tower', 'Daily');
      const kingLock = await lockTime(kingDaily);
      const yongeLock = await lockTime(yongeDaily);
      // manager sees the organization; regional only Downtown (King Street, not Yonge, which is Uptown); inspector
      // their two buildings; harbour is of another organization; viewer subscribed to nothing.
      await setSubscriptions('manager', { incompleteWalkaboutNotificationsBuildingIds: [Number(king)] });
      await setSubscriptions('regional', { incompleteWalkaboutNotificationsBuildingIds: [Number(king), Number(yonge)] });
      await setSubscriptions('inspector', { incompleteWalkaboutNotificationsBuildingIds: [Number(yonge)] });
      await setSubscriptions('harbour', { incompleteWalkaboutNotificationsBuildingIds: [Number(king), Number(yonge)] });
      await setSubscriptions('viewer', { incompleteWalkaboutReminderBuildingIds: [Number(king), Number(yonge)] });
      const first = Math.min(kingLock, yongeLock);
      const last = Math.max(kingLock, yongeLock);

      // Before the close time: still open, nothing.
      await settle(first - 1000, [[king, kingDaily], [yonge, yongeDaily]]);
      // The close time has passed but the schedule has not frozen the results yet: nothing yet.
      expect(await backend.app.runReminderRound(new Date(last + 1000))).toBe(0);
      await backend.app.jobs.drain();
      expect(received).toEqual([]);

      await close(kingDaily, kingLock + 1000);
      await close(yongeDaily, yongeLock + 1000);
      const after = last + 2000;
      expect(await backend.app.runReminderRound(new Date(after))).toBe(3);
      await backend.app.jobs.drain();
      expect(received.map((m) => [m.to.join(), m.body.includes(link(king, kingDaily)) ? 'King' : m.body.includes(link(yonge, yongeDaily)) ? 'Yonge' : m.subject]).sort()).toEqual([
        ['inspector@northwindpm.example', 'Yonge'],
        ['manager@northwindpm.example', 'King'],
        ['regional@northwindpm.example', 'King'],
      ]);

      const [walkabout] = await backend.db.select().from(schema.walkabouts).where(eq(schema.walkabouts.id, Number(kingDaily)));
      const missing = await withoutResult(kingDaily);
      expect(missing).toBeGreaterThan(0);
      const message = to('manager@northwindpm.example')[0]!;
      const closed = dayjs(kingLock).tz('America/Toronto').format('MMMM D, YYYY h:mm A');
      // A Daily walkabout's period is its one day (end_date is the next period's start).
      expect(message.subject).toBe(`Walkabout closed incomplete: King Street Commerce Centre – Daily ${walkabout!.date}`);
      expect(message.body).toContain(`The Daily walkabout of King Street Commerce Centre (period ${walkabout!.date}) closed incomplete on ${closed} (America/Toronto).`);
      expect(message.body).toContain(`${missing} tasks were left without a result.`);
      expect(message.body).toContain(`Open it: ${link(king, kingDaily)}`);
      expect(message.body).toContain('because you chose incomplete walkabout notifications for King Street Commerce Centre');

      // Later rounds, and the same round again, find them sent.
      expect(await backend.app.runReminderRound(new Date(after + 60_000))).toBe(0);
      expect(await backend.app.runReminderRound(new Date(after))).toBe(0);
      expect(await backend.app.runReminderRound(new Date(after + 3 * DAY))).toBe(0);
      await backend.app.jobs.drain();
      expect(received).toHaveLength(3);
      const deliveries = await backend.db
        .select()
        .from(schema.notificationDeliveries)
        .where(and(eq(schema.notificationDeliveries.walkaboutId, Number(kingDaily)), eq(schema.notificationDeliveries.kind, 'incomplete-walkabout-notification')));
      expect(deliveries.map((d) => d.subjectKey)).toEqual([`walkabout:${kingDaily}`, `walkabout:${kingDaily}`]);
    });

    it('sends nothing for a walkabout that closed complete, even when its conditions are emptied afterwards', async () => {
      const yonge = demo.building('Yonge & Eglinton Tower');
      const weekly = await demo.walkabout('Yonge & Eglinton Tower', 'Weekly');
      const lockedAt = await lockTime(weekly);
      await setSubscriptions('manager', { incompleteWalkaboutNotificationsBuildingIds: [Number(yonge)] });
      await settle(lockedAt - 1000, [[yonge, weekly]]);
      // Every condition answered before the close (a JSON null is a recorded "no value"; SQL null is no result).
      await backend.db.execute(sql`update conditions set value = 'null'::jsonb where walkabout_id = ${Number(weekly)} and value is null`);
      try {
        await close(weekly, lockedAt + 1000);
        expect(await backend.app.runReminderRound(new Date(lockedAt + 2000))).toBe(0);
      } finally {
        await backend.db.execute(sql`update conditions set value = null where walkabout_id = ${Number(weekly)} and value = 'null'::jsonb`);
      }
      // What was frozen at the close decides: complete then, so still nothing.
      expect(await backend.app.runReminderRound(new Date(lockedAt + 3000))).toBe(0);
      await backend.app.jobs.drain();
      expect(notifications()).toEqual([]);
    });

    it('sends nothing for a walkabout that closed longer ago than the window (a first deploy mails no history)', async () => {
      const lawrence = demo.building('Lawrence Park Seniors Residence');
      const daily = await demo.walkabout('Lawrence Park Seniors Residence', 'Daily');
      const lockedAt = await lockTime(daily);
      await setSubscriptions('manager', { incompleteWalkaboutNotificationsBuildingIds: [Number(lawrence)] });
      await settle(lockedAt - 1000, [[lawrence, daily]]);
      await close(daily, lockedAt + 1000);
      expect(await backend.app.runReminderRound(new Date(lockedAt + 7 * DAY + 60_000))).toBe(0);
      await backend.app.jobs.drain();
      expect(received).toEqual([]);
      // Within the window it is sent (late, as after a backend that was down for days).
      expect(await backend.app.runReminderRound(new Date(lockedAt + 6 * DAY))).toBe(1);
      await backend.app.jobs.drain();
      expect(about(lawrence, daily).map((m) => m.to)).toEqual([['manager@northwindpm.example']]);
    });

    it('sends each notification exactly once when rounds run at the same time, in two backends on one database', async () => {
      const queens = demo.building("Queen's Quay Residences");
      const daily = await demo.walkabout("Queen's Quay Residences", 'Daily');
      const lockedAt = await lockTime(daily);
      await setSubscriptions('manager', { incompleteWalkaboutNotificationsBuildingIds: [Number(queens)] });
      await setSubscriptions('viewer', { incompleteWalkaboutNotificationsBuildingIds: [Number(queens)] });
      await settle(lockedAt - 1000, [[queens, daily]]);
      await close(daily, lockedAt + 1000);
      const second = backend.databaseUrl ? await openDatabase({ databaseUrl: backend.databaseUrl }) : null;
      const other = second ? await buildApp({ db: second.db, smtpUrl, publicUrl: 'https://fsi.example.com', jobs: { retryDelaySeconds: 1, retryLimit: 2 } }) : backend.app;
      try {
        if (second) await other.ready();
        const at = lockedAt + 2000;
        await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? other : backend.app).runReminderRound(new Date(at + i * 1000))));
        await Promise.all([backend.app.jobs.drain(), other.jobs.drain()]);
        expect(received.map((m) => m.to.join()).sort()).toEqual(['manager@northwindpm.example', 'viewer@northwindpm.example']);
        expect(about(queens, daily)).toHaveLength(2);
        // Later rounds in both backends at once find them sent.
        await Promise.all([backend.app.runReminderRound(new Date(at + HOUR)), other.runReminderRound(new Date(at + HOUR))]);
        await Promise.all([backend.app.jobs.drain(), other.jobs.drain()]);
        expect(received).toHaveLength(2);
      } finally {
        if (second) {
          await other.close();
          await second.close();
        }
      }
    });
  });
});
