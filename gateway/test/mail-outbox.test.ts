/**
 * The mail outbox through the gateway over the real backend (issue 10 point 6): without SMTP_URL the product's
 * e-mails stay in the database, and administrators read them with mailOutbox, newest first, with their
 * recipients, subject, body, attachments and status; anyone else is refused with FORBIDDEN (GET /mail-outbox's 403).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@fsi/backend/testing';
import { startStack, type Stack } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};
const ATTACHMENT_KEY = 'weekly-0123456789abcdef.pdf';
const ATTACHMENT = Buffer.from('%PDF-1.4\n% the weekly report\n%%EOF\n');

const QUERY = `query ($page: Int, $pageSize: Int) {
  mailOutbox(page: $page, pageSize: $pageSize) {
    nodes { id recipients subject text attachments { filename contentType url } createdAt sentAt status error }
    pageInfo { page pageSize totalCount hasNextPage }
  }
}`;

type Outbox = {
  mailOutbox: {
    nodes: Array<{ id: string; recipients: string[]; subject: string; text: string; attachments: Array<{ filename: string; contentType: string; url: string }>; createdAt: string; sentAt: string | null; status: string; error: string | null }>;
    pageInfo: { page: number; pageSize: number; totalCount: number; hasNextPage: boolean };
  };
};

beforeAll(async () => {
  stack = await startStack();
  for (const username of ['admin', 'manager', 'harbour']) tokens[username] = await stack.signIn(username);
  const mailer = stack.backend.app.mailer;
  await mailer.send({ to: 'first@example.org', subject: 'First message', text: 'The first body.' });
  await stack.backend.storage.put(ATTACHMENT_KEY, ATTACHMENT, 'application/pdf');
  await mailer.send({
    to: 'fd@example.org, owner@example.org',
    subject: 'Weekly Fire Safety Inspection – King Street Commerce Centre',
    text: 'The report is attached.',
    attachments: [{ filename: 'weekly.pdf', uploadKey: ATTACHMENT_KEY, contentType: 'application/pdf' }],
  });
  // A third whose delivery failed, as the delivery job leaves it.
  const id = await mailer.send({ to: 'refused@example.org', subject: 'Refused', text: 'Not delivered.' });
  await stack.backend.db.update(schema.mailOutbox).set({ error: '550 Mailbox unavailable' }).where(eq(schema.mailOutbox.id, id));
});

afterAll(async () => {
  await stack?.close();
});

describe('mailOutbox', () => {
  it('gives administrators every message, newest first, with recipients split, attachments and status', async () => {
    const { status, body } = await stack.graphql<Outbox>(QUERY, { variables: { pageSize: 2 }, token: tokens.admin });
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
    const outbox = body.data!.mailOutbox;
    expect(outbox.pageInfo).toMatchObject({ page: 1, pageSize: 2, hasNextPage: true });
    expect(outbox.pageInfo.totalCount).toBeGreaterThanOrEqual(3);
    expect(outbox.nodes.map(({ recipients, subject, attachments, status: state, error, sentAt }) => ({ recipients, subject, attachments, status: state, error, sentAt }))).toEqual([
      { recipients: ['refused@example.org'], subject: 'Refused', attachments: [], status: 'FAILED', error: '550 Mailbox unavailable', sentAt: null },
      {
        recipients: ['fd@example.org', 'owner@example.org'],
        subject: 'Weekly Fire Safety Inspection – King Street Commerce Centre',
        attachments: [{ filename: 'weekly.pdf', contentType: 'application/pdf', url: expect.stringMatching(/^\/signed-files\/weekly-0123456789abcdef\.pdf\?/) }],
        status: 'QUEUED',
        error: null,
        sentAt: null,
      },
    ]);
    // The attachment opens on this origin through its signed URL, without a session.
    const file = await fetch(`${stack.url}${outbox.nodes[1]!.attachments[0]!.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(ATTACHMENT)).toBe(true);
    const next = await stack.graphql<Outbox>(QUERY, { variables: { page: 2, pageSize: 2 }, token: tokens.admin });
    expect(next.body.data!.mailOutbox.nodes[0]).toMatchObject({ subject: 'First message', text: 'The first body.', recipients: ['first@example.org'], status: 'QUEUED' });
  });

  it('refuses everyone else with FORBIDDEN, in any organization', async () => {
    for (const who of ['manager', 'harbour']) {
      const { body } = await stack.graphql<Outbox>(QUERY, { token: tokens[who] });
      expect(body.data).toBeNull();
      expect(body.errors?.map((error) => error.extensions?.code)).toEqual(['FORBIDDEN']);
    }
  });
});
