import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parseIds, parseInclude, parsePage } from '../../jsonapi/query';
import { listDocument, requestUrl } from '../../jsonapi/serializer';
import { scopeOf } from '../../plugins/authorization';
import { organizationsByIds } from '../organizations/repository';
import { organizationResource } from '../organizations/serialize';
import { listCycles } from './repository';
import { cycleIncludes, listCyclesSchema } from './schemas';
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
};

export default routes;
