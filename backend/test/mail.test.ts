/**
 * Mail through SMTP_URL: delivered by the 'mail.deliver' job to a real SMTP server on loopback
 * (smtp-server), with recipients, subject, body and a stored PDF attached byte for byte; a message
 * the server refuses is retried and then kept with its error in the outbox, and its job as failed.
 */
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, type TestBackend } from '../src/testing';
import { client, databases, list, signedIn, startTestBackend } from './helpers';
import { flatText, readPdfText } from './pdf-reading';

type Received = { from: string; to: string[]; raw: string };

/** A loopback SMTP server that keeps every message, and refuses recipients at refused.example. */
async function smtpServer(received: Received[]): Promise<{ server: SMTPServer; port: number }> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (address.address.endsWith('@refused.example')) {
        const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('latin1'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port };
}

type Part = { headers: Record<string, string>; body: Buffer; parts: Part[] };

/** A MIME message read back: headers (unfolded, lower-case names), decoded body, and its parts when multipart. */
function parseMime(raw: string): Part {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const rest = split < 0 ? '' : raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    const sections = rest.split(`--${boundary}`).slice(1, -1);
    return { headers, body: Buffer.alloc(0), parts: sections.map((s) => parseMime(s.replace(/^\r\n/, '').replace(/\r\n$/, ''))) };
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  let body: Buffer;
  if (encoding === 'base64') body = Buffer.from(rest.replace(/\s+/g, ''), 'base64');
  else if (encoding === 'quoted-printable') {
    body = Buffer.from(rest.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
  } else body = Buffer.from(rest, 'latin1');
  return { headers, body, parts: [] };
}

function leaves(part: Part): Part[] {
  return part.parts.length ? part.parts.flatMap(leaves) : [part];
}

async function reportPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText('Completed walkabout report: King Street Commerce Centre', { x: 50, y: 780, size: 12, font });
  return pdf.save();
}

describe.each(databases)('mail through SMTP_URL on %s', (database) => {
  const received: Received[] = [];
  let smtp: SMTPServer;
  let backend: TestBackend;

  beforeAll(async () => {
    const started = await smtpServer(received);
    smtp = started.server;
    backend = await startTestBackend({
      database,
      smtpUrl: `smtp://127.0.0.1:${started.port}`,
      publicUrl: 'https://fsi.example.com',
      jobs: { retryDelaySeconds: 1, retryLimit: 2 },
    });
  });
  afterAll(async () => {
    await backend?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('sends the forgot-password mail over SMTP and marks it sent in the outbox', async () => {
    received.length = 0;
    const answer = await client(backend.app).post('/send-forgot-password-email', { data: { attributes: { searchterm: 'harbour' } } });
    expect(answer.status).toBe(200);
    await backend.app.jobs.drain();
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['harbour@harbourstrata.example']);
    const message = parseMime(received[0]!.raw);
    expect(message.headers.to).toBe('harbour@harbourstrata.example');
    expect(message.headers.subject).toBe('Change your password');
    expect(leaves(message)[0]!.body.toString('utf8')).toMatch(/https:\/\/fsi\.example\.com\/change-password\?hash=[A-Za-z0-9_-]{43}/);
    const [row] = await backend.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, 'harbour@harbourstrata.example'));
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(row!.error).toBeNull();
  });

  it('delivers to every recipient with the subject, the body and a stored PDF attached byte for byte', async () => {
    received.length = 0;
    const pdf = await reportPdf();
    const key = `report-${Date.now()}-0123456789abcdef.pdf`;
    await backend.storage.put(key, Buffer.from(pdf), 'application/pdf');
    const id = await backend.app.mailer.send({
      to: 'manager@northwind.example, fire.marshal@city.example',
      subject: 'Completed walkabout report – King Street',
      text: 'The completed walkabout report of King Street Commerce Centre is attached.',
      attachments: [{ filename: 'King Street – completed report.pdf', uploadKey: key, contentType: 'application/pdf' }],
    });
    await backend.app.jobs.drain();

    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['manager@northwind.example', 'fire.marshal@city.example']);
    const message = parseMime(received[0]!.raw);
    expect(message.headers.to).toBe('manager@northwind.example, fire.marshal@city.example');
    // Non-ASCII subjects travel as an encoded word.
    expect(message.headers.subject).toMatch(/^=\?UTF-8\?/);
    const [text, attachment] = leaves(message);
    expect(text!.headers['content-type']).toMatch(/^text\/plain/);
    expect(text!.body.toString('utf8')).toBe('The completed walkabout report of King Street Commerce Centre is attached.');
    expect(attachment!.headers['content-type']).toMatch(/^application\/pdf/);
    expect(attachment!.headers['content-disposition']).toMatch(/^attachment/);
    expect(Buffer.compare(attachment!.body, Buffer.from(pdf))).toBe(0);
    const [page] = await readPdfText(new Uint8Array(attachment!.body));
    expect(flatText(page!)).toContain('Completed walkabout report: King Street Commerce Centre');

    const [row] = await backend.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, id));
    expect(row).toMatchObject({ error: null, attachments: [{ filename: 'King Street – completed report.pdf', uploadKey: key, contentType: 'application/pdf' }] });
    expect(row!.sentAt).toBeInstanceOf(Date);

    // An administrator reading the outbox opens the attachment through its signed URL: the same bytes.
    const outbox = await (await signedIn(backend, 'admin')).get(`/mail-outbox?filter[id]=${id}`);
    const [listed] = list(outbox.body)[0]!.attributes.attachments as Array<{ url: string }>;
    const file = await backend.app.inject({ method: 'GET', url: listed!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(Buffer.compare(file.rawPayload, Buffer.from(pdf))).toBe(0);
  });

  it('retries a message the server refuses, then keeps it unsent with the error and its job as failed', async () => {
    received.length = 0;
    const id = await backend.app.mailer.send({ to: 'nobody@refused.example', subject: 'Weekly report', text: 'Attached.' });
    await backend.app.jobs.drain();
    expect(received).toHaveLength(0);
    const [row] = await backend.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, id));
    expect(row!.sentAt).toBeNull();
    expect(row!.error).toMatch(/550.*Mailbox unavailable/);
    const failed = await backend.app.jobs.failed({ limit: 10, offset: 0 });
    expect(failed.jobs).toEqual([
      expect.objectContaining({ queue: 'mail.deliver', data: { outboxId: id }, retryCount: 2, error: expect.stringMatching(/Mailbox unavailable/) }),
    ]);

    // What an administrator reads: the failed job, and the message with its error at the top of the outbox.
    const admin = await signedIn(backend, 'admin');
    const jobs = await admin.get('/failed-jobs');
    expect(jobs.status).toBe(200);
    expect(list(jobs.body).filter((job) => job.attributes.queue === 'mail.deliver')).toEqual([
      expect.objectContaining({
        type: 'failed-jobs',
        attributes: expect.objectContaining({ data: { outboxId: id }, retryCount: 2, error: expect.stringMatching(/550.*Mailbox unavailable/) }),
      }),
    ]);
    const outbox = await admin.get('/mail-outbox?page[size]=1');
    expect(list(outbox.body)).toEqual([
      expect.objectContaining({ id: String(id), attributes: expect.objectContaining({ to: 'nobody@refused.example', sentAt: null, error: expect.stringMatching(/Mailbox unavailable/) }) }),
    ]);
    expect((outbox.body.meta as { total: number }).total).toBeGreaterThanOrEqual(3);
    expect((await (await signedIn(backend, 'manager')).get('/failed-jobs')).status).toBe(403);
  });
});

// Two backends share a database only on PostgreSQL (a PGlite folder is one process's).
if (databases.includes('postgres')) {
  describe('mail with two backends on one PostgreSQL database', () => {
    const received: Received[] = [];
    let smtp: SMTPServer;
    let first: TestBackend;
    let second: TestBackend;

    beforeAll(async () => {
      const started = await smtpServer(received);
      smtp = started.server;
      const smtpUrl = `smtp://127.0.0.1:${started.port}`;
      first = await startTestBackend({ database: 'postgres', smtpUrl, jobs: { pollingIntervalSeconds: 0.5 } });
      second = await startTestBackend({ databaseUrl: first.databaseUrl, smtpUrl, jobs: { pollingIntervalSeconds: 0.5 } });
    });
    afterAll(async () => {
      await second?.close();
      await first?.close();
      await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    });

    it('delivers each message once, whichever backend wrote it', async () => {
      const ids: number[] = [];
      for (let n = 0; n < 12; n++) {
        const backend = n % 2 ? second : first;
        ids.push(await backend.app.mailer.send({ to: `inspector${n}@northwind.example`, subject: `Reminder ${n}`, text: `Walkabout ${n} is due.` }));
      }
      await Promise.all([first.app.jobs.drain(), second.app.jobs.drain()]);
      expect(received.map((m) => m.to[0]).sort()).toEqual(Array.from({ length: 12 }, (_, n) => `inspector${n}@northwind.example`).sort());
      const rows = await first.db.select().from(schema.mailOutbox).where(inArray(schema.mailOutbox.id, ids));
      expect(rows.filter((row) => row.sentAt instanceof Date && row.error === null)).toHaveLength(12);
    });
  });
}

describe('mail without SMTP_URL', () => {
  let backend: TestBackend;
  beforeAll(async () => {
    backend = await startTestBackend({ database: 'pglite' });
  });
  afterAll(() => backend?.close());

  it('keeps the message in the outbox, unsent, and queues no delivery', async () => {
    const id = await backend.app.mailer.send({ to: 'manager@northwind.example', subject: 'Weekly report', text: 'Attached.' });
    const [row] = await backend.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.id, id));
    expect(row).toMatchObject({ to: 'manager@northwind.example', subject: 'Weekly report', text: 'Attached.', sentAt: null, error: null, attachments: [] });
    await backend.app.jobs.drain();
    expect((await backend.app.jobs.failed({ limit: 10, offset: 0 })).total).toBe(0);
  });

  it('lets administrators read the outbox, newest first, a page at a time; nobody else', async () => {
    const first = await backend.app.mailer.send({ to: 'a@northwind.example', subject: 'First', text: 'One' });
    const second = await backend.app.mailer.send({
      to: 'b@northwind.example',
      subject: 'Second',
      text: 'Two',
      html: '<p>Two</p>',
      attachments: [{ filename: 'report.pdf', uploadKey: 'report-0123456789abcdef.pdf', contentType: 'application/pdf' }],
    });
    const admin = await signedIn(backend, 'admin');
    const page1 = await admin.get('/mail-outbox?page[size]=1');
    expect(page1.status).toBe(200);
    expect(list(page1.body)).toEqual([
      {
        type: 'mail-outbox',
        id: String(second),
        attributes: {
          to: 'b@northwind.example',
          subject: 'Second',
          text: 'Two',
          html: '<p>Two</p>',
          attachments: [
            {
              filename: 'report.pdf',
              uploadKey: 'report-0123456789abcdef.pdf',
              contentType: 'application/pdf',
              url: expect.stringMatching(/^\/signed-files\/report-0123456789abcdef\.pdf\?name=report\.pdf&type=application%2Fpdf&expires=\d+&signature=[\w-]+$/),
            },
          ],
          createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
          sentAt: null,
          error: null,
        },
      },
    ]);
    const total = (page1.body.meta as { total: number }).total;
    expect(total).toBeGreaterThanOrEqual(2);
    expect(page1.body.links?.next).toContain('page%5Bnumber%5D=2');
    const page2 = await admin.get('/mail-outbox?page[size]=1&page[number]=2');
    expect(list(page2.body).map((r) => r.id)).toEqual([String(first)]);
    expect(list((await admin.get(`/mail-outbox?filter[id]=${first}`)).body).map((r) => r.attributes.subject)).toEqual(['First']);

    for (const username of ['manager', 'inspector']) {
      const user = await signedIn(backend, username);
      const refused = await user.get('/mail-outbox');
      expect(refused.status, username).toBe(403);
      expect(refused.body.errors![0]!.detail).toBe('Only administrators may do this.');
      expect((await user.get('/failed-jobs')).status, username).toBe(403);
    }
    expect((await client(backend.app).get('/mail-outbox')).status).toBe(401);
  });
});
