/**
 * Outgoing mail. Every message is written to the mail_outbox table first. With SMTP_URL a
 * 'mail.deliver' job (jobs/index.ts) then sends it through nodemailer, attachments read from the
 * storage by their uploads key, and marks it sent; a refused or failed delivery keeps its error on
 * the row and is retried with the job's backoff, so the outbox doubles as a delivery log. Without
 * SMTP_URL the message stays in the outbox, where administrators read it (GET /mail-outbox).
 */
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { mailOutbox, type MailAttachment } from '../db/schema';
import type { FileStorage } from '../storage';

export type Mail = {
  /** One address, or several separated by commas. */
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Stored files sent with the message (e.g. a generated report's PDF). */
  attachments?: MailAttachment[];
};
export type Mailer = {
  /** Writes the message to the outbox and, with SMTP_URL, queues its delivery; answers the outbox row's id. */
  send(mail: Mail): Promise<number>;
  /**
   * Queues the delivery of an outbox row written by the caller (inside its own transaction, so that the row and
   * what it records are committed together); without SMTP_URL the row stays in the outbox. Safe to call twice.
   */
  queue(outboxId: number): Promise<void>;
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export type MailOptions = { smtpUrl?: string; from?: string; storage: FileStorage };

export const MAIL_DELIVERY_QUEUE = 'mail.deliver';

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

export default fp<MailOptions>(
  async (app, options) => {
    const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
    const from = options.from ?? 'Fire Safety Inspections <no-reply@localhost>';

    if (transport) {
      app.jobs.work(MAIL_DELIVERY_QUEUE, async ({ outboxId }: { outboxId: number }) => {
        const [row] = await app.db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
        // Gone (deleted by an operator) or already accepted by the server: nothing to send.
        if (!row || row.sentAt) return;
        try {
          const attachments = await Promise.all(
            row.attachments.map(async (attachment) => {
              const file = await options.storage.get(attachment.uploadKey);
              if (!file) throw new Error(`The attachment ${attachment.filename} (file ${attachment.uploadKey}) is not in the storage.`);
              return { filename: attachment.filename, contentType: attachment.contentType, content: await readAll(file.body) };
            }),
          );
          await transport.sendMail({ from, to: row.to, subject: row.subject, text: row.text, html: row.html ?? undefined, attachments });
        } catch (error) {
          // Kept for operators (the outbox shows it); the job is retried and, at its last try, kept as failed.
          const message = error instanceof Error ? error.message : String(error);
          app.log.warn({ err: error, outboxId }, 'mail delivery failed');
          await app.db.update(mailOutbox).set({ error: message }).where(eq(mailOutbox.id, outboxId));
          throw error;
        }
        await app.db.update(mailOutbox).set({ sentAt: new Date(), error: null }).where(eq(mailOutbox.id, outboxId));
      });
    }

    const queue = async (outboxId: number) => {
      if (transport) await app.jobs.enqueue(MAIL_DELIVERY_QUEUE, { outboxId }, { singletonKey: `mail:${outboxId}` });
    };
    app.decorate('mailer', {
      async send(mail: Mail) {
        const [row] = await app.db
          .insert(mailOutbox)
          .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, attachments: mail.attachments ?? [] })
          .returning({ id: mailOutbox.id });
        await queue(row!.id);
        return row!.id;
      },
      queue,
    });
    app.addHook('onClose', async () => transport?.close());
  },
  { name: 'mail', dependencies: ['db', 'jobs'] },
);
