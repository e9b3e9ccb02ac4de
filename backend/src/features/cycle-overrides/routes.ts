import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../jsonapi/errors';
import { parseIds } from '../../jsonapi/query';
import { listDocument, requestUrl, singleDocument } from '../../jsonapi/serializer';
import { scopeOf, type Scope } from '../../plugins/authorization';
import { createCycleOverride, deleteCycleOverride, findCycleOverride, listCycleOverrides, updateCycleOverride } from './repository';
import { createCycleOverrideSchema, deleteCycleOverrideSchema, getCycleOverrideSchema, listCycleOverridesSchema, updateCycleOverrideSchema } from './schemas';
import { cycleOverrideResource } from './serialize';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  async function overrideDocument(scope: Scope, id: number) {
    const override = await findCycleOverride(app.db, scope, id);
    if (!override) throw notFound('Cycle override');
    return singleDocument(cycleOverrideResource(override));
  }

  app.get('/cycle-overrides', { schema: listCycleOverridesSchema }, async (request) => {
    const q = request.query;
    const rows = await listCycleOverrides(app.db, scopeOf(request), {
      regionIds: parseIds(q['filter[region]']),
      cycleIds: parseIds(q['filter[cycle]']),
      ancestors: q['filter[ancestors]'] === true,
    });
    // A region has at most one override per cycle, so the list is short: one page.
    const page = { number: 1, size: Math.max(rows.length, 1), offset: 0 };
    return listDocument(rows.map(cycleOverrideResource), { total: rows.length, page, url: requestUrl(request) });
  });

  app.get('/cycle-overrides/:id', { schema: getCycleOverrideSchema }, async (request) => overrideDocument(scopeOf(request), Number(request.params.id)));

  app.post('/cycle-overrides', { schema: createCycleOverrideSchema }, async (request, reply) => {
    const scope = scopeOf(request);
    const { attributes, relationships } = request.body.data;
    const id = await createCycleOverride(app.db, scope, Number(relationships.region.data.id), Number(relationships.cycle.data.id), attributes);
    reply.code(201);
    return overrideDocument(scope, id);
  });

  app.patch('/cycle-overrides/:id', { schema: updateCycleOverrideSchema }, async (request) => {
    const scope = scopeOf(request);
    const id = await updateCycleOverride(app.db, scope, Number(request.params.id), request.body.data.attributes);
    return overrideDocument(scope, id);
  });

  app.delete('/cycle-overrides/:id', { schema: deleteCycleOverrideSchema }, async (request, reply) => {
    await deleteCycleOverride(app.db, scopeOf(request), Number(request.params.id));
    reply.code(204);
    return null;
  });
};

export default routes;
