import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parseIds, parseInclude, parsePage } from '../../jsonapi/query';
import { notFound } from '../../jsonapi/errors';
import { listDocument, requestUrl, singleDocument } from '../../jsonapi/serializer';
import { scopeOf } from '../../plugins/authorization';
import { organizationsByIds } from '../organizations/repository';
import { organizationResource } from '../organizations/serialize';
import { createCycle, deleteCycle, updateCycle } from './manage';
import { cyclesByIds, listCycles } from './repository';
import { createCycleSchema, cycleIncludes, deleteCycleSchema, getCycleSchema, listCyclesSchema, updateCycleSchema } from './schemas';
import { cycleResource } from './serialize';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/cycles',
    { schema: listCyclesSchema },
    async (request) => {
      const scope = scopeOf(request);
      const q = request.query;
      const include = parseInclude(q.include, cycleIncludes);
      const organizationIds = parseIds(q['filter[organization]'] ?? q.organizationId);
      const filters = {
        ids: parseIds(q['filter[id]']),
        organizationIds,
        buildingId: q.buildingId === undefined ? undefined : Number(q.buildingId),
        repeating: q['filter[repeating]'],
        search: q['filter[search]']?.trim() || undefined,
      };
      const requested = parsePage(q);
      const { rows, total } = await listCycles(app.db, scope, filters, q.all ? 'all' : requested);
      const page = q.all ? { number: 1, size: Math.max(total, 1), offset: 0 } : requested;
      const included = include.has('organization')
        ? (await organizationsByIds(app.db, scope, rows.map((r) => r.organizationId))).map((o) => organizationResource(o, app.urlSigner))
        : undefined;
      return listDocument(rows.map(cycleResource), { total, page, url: requestUrl(request), included });
    },
  );

  app.get('/cycles/:id', { schema: getCycleSchema }, async (request) => {
    const scope = scopeOf(request);
    const [cycle] = await cyclesByIds(app.db, scope, [Number(request.params.id)]);
    if (!cycle) throw notFound('Cycle');
    const include = parseInclude(request.query.include, cycleIncludes);
    const included = include.has('organization')
      ? (await organizationsByIds(app.db, scope, [cycle.organizationId])).map((o) => organizationResource(o, app.urlSigner))
      : undefined;
    return singleDocument(cycleResource(cycle), { included });
  });

  /** The cycle as GET /cycles/{id} answers it, after a change. */
  async function cycleDocument(scope: ReturnType<typeof scopeOf>, id: number) {
    const [cycle] = await cyclesByIds(app.db, scope, [id]);
    if (!cycle) throw notFound('Cycle');
    return singleDocument(cycleResource(cycle));
  }

  app.post('/cycles', { schema: createCycleSchema }, async (request, reply) => {
    const scope = scopeOf(request);
    const id = await createCycle(app.db, scope, request.body.data.attributes);
    reply.code(201);
    return cycleDocument(scope, id);
  });

  app.patch('/cycles/:id', { schema: updateCycleSchema }, async (request) => {
    const scope = scopeOf(request);
    const id = await updateCycle(app.db, scope, Number(request.params.id), request.body.data.attributes);
    return cycleDocument(scope, id);
  });

  app.delete('/cycles/:id', { schema: deleteCycleSchema }, async (request, reply) => {
    await deleteCycle(app.db, scopeOf(request), Number(request.params.id));
    reply.code(204);
    return null;
  });
};

export default routes;
