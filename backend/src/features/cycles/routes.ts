import type { FastifyPluginAsync } from 'fastify';
import { idListSchema, listQuerySchema, parseIds, parseInclude, parsePage, type ListQuery } from '../../jsonapi/query';
import { errorResponses, listDocumentSchema } from '../../jsonapi/schemas';
import { listDocument, requestUrl } from '../../jsonapi/serializer';
import { scopeOf } from '../../plugins/authorization';
import { organizationsByIds } from '../organizations/repository';
import { organizationResource } from '../organizations/serialize';
import { listCycles } from './repository';
import { cycleResource, cycleResourceSchema } from './serialize';

type Query = ListQuery & {
  all?: boolean;
  buildingId?: string;
  organizationId?: string;
  'filter[organization]'?: string;
  'filter[repeating]'?: boolean;
};
const includes = ['organization'] as const;
const singleId = { type: 'string', pattern: '^\\d{1,9}$' } as const;

const routes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: Query }>(
    '/cycles',
    {
      schema: {
        tags: ['cycles'],
        summary: "Cycles of the caller's organization; all=true answers every match in one page",
        querystring: listQuerySchema(
          {
            all: { type: 'boolean', description: 'Every matching cycle in one page' },
            buildingId: singleId,
            organizationId: singleId,
            'filter[organization]': idListSchema,
            'filter[repeating]': { type: 'boolean' },
          },
          includes,
        ),
        response: { 200: listDocumentSchema(cycleResourceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const q = request.query;
      const include = parseInclude(q.include, includes);
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
        ? (await organizationsByIds(app.db, scope, rows.map((r) => r.organizationId))).map(organizationResource)
        : undefined;
      return listDocument(rows.map(cycleResource), { total, page, url: requestUrl(request), included });
    },
  );
};

export default routes;
