/**
 * Outgoing mail. Every message is written to the mail_outbox table; with SMTP_URL it is also
 * sent through nodemailer and marked sent, so the outbox doubles as a delivery log.
 */
import { eq } from 'drizzle-orm';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';
import { mailOutbox } from '../db/schema';

export type Mail = { to: string; subject: string; text: string; html?: string };
export type Mailer = { send(mail: Mail): Promise<void> };

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export type MailOptions = { smtpUrl?: string; from?: string };

export default fp<MailOptions>(
  async (app, options) => {
    const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
    const from = options.from ?? 'Fire Safety Inspections <no-reply@localhost>';
    app.decorate('mailer', {
      async send(mail: Mail) {
        const [row] = await app.db
          .insert(mailOutbox)
          .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null })
          .returning({ id: mailOutbox.id });
        if (!transport || !row) return;
        try {
          await transport.sendMail({ from, ...mail });
          await app.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
        } catch (error) {
          // The caller's answer must not reveal whether mail went out (forgot password); keep the failure for operators.
          app.log.error({ err: error }, 'mail delivery failed');
          await app.db.update(mailOutbox).set({ error: String(error) }).where(eq(mailOutbox.id, row.id));
        }
      },
    });
    app.addHook('onClose', async () => transport?.close());
  },
  { name: 'mail', dependencies: ['db'] },
);
