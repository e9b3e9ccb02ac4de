/**
 * GET /mail-outbox and GET /failed-jobs: what administrators read of the background work (mail kept
 * or sent, jobs that failed after their retries). Everyone else gets a 403.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { desc, inArray, sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import { mailOutbox } from '../../db/schema';
import { badParameter } from '../../jsonapi/errors';
import { parseIds, parseInclude, parsePage } from '../../jsonapi/query';
import { listDocument, requestUrl, resource } from '../../jsonapi/serializer';
import { requireAdmin, scopeOf } from '../../plugins/authorization';
import { listFailedJobsSchema, listMailOutboxSchema, type FailedJobResource, type MailOutboxResource } from './schemas';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/mail-outbox', { schema: listMailOutboxSchema }, async (request) => {
    requireAdmin(scopeOf(request));
    parseInclude(request.query.include, []);
    const page = parsePage(request.query);
    const ids = parseIds(request.query['filter[id]']);
    const where = ids ? inArray(mailOutbox.id, ids) : undefined;
    const [rows, [counted]] = await Promise.all([
      app.db.select().from(mailOutbox).where(where).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id)).limit(page.size).offset(page.offset),
      app.db.select({ total: sql<number>`count(*)::int` }).from(mailOutbox).where(where),
    ]);
    const data = rows.map((row) =>
      resource<Static<typeof MailOutboxResource>>('mail-outbox', row.id, {
        to: row.to,
        subject: row.subject,
        text: row.text,
        html: row.html,
        // Administrators may read every message, so each attachment comes with a short-lived URL to open it.
        attachments: row.attachments.map((attachment) => ({ ...attachment, url: app.urlSigner.fileUrl({ key: attachment.uploadKey, filename: attachment.filename, contentType: attachment.contentType }).url })),
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
        error: row.error,
      }),
    );
    return listDocument(data, { total: counted?.total ?? 0, page, url: requestUrl(request) });
  });

  app.get('/failed-jobs', { schema: listFailedJobsSchema }, async (request) => {
    requireAdmin(scopeOf(request));
    parseInclude(request.query.include, []);
    // Job ids are UUIDs, not the numbers filter[id] takes elsewhere.
    if (request.query['filter[id]'] !== undefined) throw badParameter('filter[id]', 'Failed jobs are listed by page, not by id.');
    const page = parsePage(request.query);
    const { jobs, total } = await app.jobs.failed({ limit: page.size, offset: page.offset });
    const data: Static<typeof FailedJobResource>[] = jobs.map((job) => ({
      type: 'failed-jobs',
      id: job.id,
      attributes: {
        queue: job.queue,
        data: job.data,
        error: job.error,
        retryCount: job.retryCount,
        createdAt: job.createdAt.toISOString(),
        failedAt: job.failedAt.toISOString(),
      },
    }));
    return listDocument(data, { total, page, url: requestUrl(request) });
  });
};

export default routes;
