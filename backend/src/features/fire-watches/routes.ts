/** Fire watch start, stop and reading (inspection.md sections 4, 6 and 8). */
import { validateText } from '@fsi/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/raw';
import { buildings, fireWatches } from '../../db/schema';
import { FieldErrors, HttpError, notFound, unprocessable } from '../../jsonapi/errors';
import { parseIds, parseInclude, parsePage } from '../../jsonapi/query';
import { listDocument, requestUrl, singleDocument } from '../../jsonapi/serializer';
import { buildingsInScope, requirePermission, scopeOf, type Scope } from '../../plugins/authorization';
import { requestFireWatchReportQuietly } from '../reports/generate';
import { findFireWatch, listFireWatches, type FireWatchRow } from './repository';
import { getFireWatchSchema, listFireWatchesSchema, startFireWatchSchema, stopFireWatchSchema } from './schemas';
import { fireWatchResource } from './serialize';

export const FIRE_WATCH_ALREADY_STARTED_MESSAGE = 'Fire watch already started.';
const COMMENTS_MAX_LENGTH = 2000;

function comments(value: string | null | undefined, pointer: string): string | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  const error = text.length > COMMENTS_MAX_LENGTH ? `Comments are longer than ${COMMENTS_MAX_LENGTH} characters` : validateText(text);
  if (error) throw new FieldErrors([{ pointer, detail: error }]);
  return text;
}

async function startFireWatch(db: Database, scope: Scope, buildingId: number, startComments: string | null): Promise<FireWatchRow> {
  const [building] = await db.select({ id: buildings.id }).from(buildings).where(and(eq(buildings.id, buildingId), buildingsInScope(scope)));
  if (!building) throw notFound('Building');
  requirePermission(scope, scope.permissions.canCreateFireWatch, 'You are not allowed to start a fire watch.');
  // The partial unique index allows one started fire watch per building, even when two people press Start together.
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into fire_watches (building_id, status, start_comments, started_by) values (${building.id}, 'started', ${startComments}, ${scope.userId})
      on conflict (building_id) where status = 'started' do nothing returning id`,
  );
  if (!row) throw unprocessable(FIRE_WATCH_ALREADY_STARTED_MESSAGE, undefined, 'FIRE_WATCH_ALREADY_STARTED');
  const [created] = await db.select().from(fireWatches).where(eq(fireWatches.id, row.id));
  return created!;
}

async function endFireWatch(db: Database, scope: Scope, id: number, endComments: string | null): Promise<FireWatchRow> {
  if (!(await findFireWatch(db, scope, id))) throw notFound('Fire watch');
  requirePermission(scope, scope.permissions.canUpdateFireWatch, 'You are not allowed to stop a fire watch.');
  const [ended] = await db
    .update(fireWatches)
    .set({ status: 'ended', endComments, endedAt: new Date(), endedBy: scope.userId })
    .where(and(eq(fireWatches.id, id), eq(fireWatches.status, 'started')))
    .returning();
  if (!ended) throw new HttpError(409, 'This fire watch has already ended.');
  return ended;
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/fire-watches',
    { schema: listFireWatchesSchema },
    async (request) => {
      const scope = scopeOf(request);
      const q = request.query;
      parseInclude(q.include, []);
      const page = parsePage(q);
      const { rows, total } = await listFireWatches(
        app.db,
        scope,
        { ids: parseIds(q['filter[id]']), buildingIds: parseIds(q['filter[building]']) },
        page,
      );
      return listDocument(rows.map(fireWatchResource), { total, page, url: requestUrl(request) });
    },
  );

  app.get(
    '/fire-watches/:id',
    { schema: getFireWatchSchema },
    async (request) => {
      const fireWatch = await findFireWatch(app.db, scopeOf(request), Number(request.params.id));
      if (!fireWatch) throw notFound('Fire watch');
      return singleDocument(fireWatchResource(fireWatch));
    },
  );

  app.post(
    '/fire-watches',
    { schema: startFireWatchSchema },
    async (request, reply) => {
      const { attributes, relationships } = request.body.data;
      const startComments = comments(attributes.startComments, '/data/attributes/startComments');
      const fireWatch = await startFireWatch(app.db, scopeOf(request), Number(relationships.building.data.id), startComments);
      reply.code(201);
      return singleDocument(fireWatchResource(fireWatch));
    },
  );

  app.patch(
    '/fire-watches/:id',
    { schema: stopFireWatchSchema },
    async (request) => {
      const endComments = comments(request.body.data.attributes.endComments, '/data/attributes/endComments');
      const ended = await endFireWatch(app.db, scopeOf(request), Number(request.params.id), endComments);
      // Each ended fire watch gets its report (issue 10 point 1).
      await requestFireWatchReportQuietly(app, ended.id);
      return singleDocument(fireWatchResource(ended));
    },
  );
};

export default routes;
