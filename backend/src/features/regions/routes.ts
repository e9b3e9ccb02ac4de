import type { FastifyPluginAsync } from 'fastify';
import { idListSchema, listQuerySchema, parseIds, parseInclude, parsePage, type ListQuery } from '../../jsonapi/query';
import { errorResponses, listDocumentSchema } from '../../jsonapi/schemas';
import { listDocument, type Resource, requestUrl } from '../../jsonapi/serializer';
import { scopeOf } from '../../plugins/authorization';
import { organizationsByIds } from '../organizations/repository';
import { organizationResource } from '../organizations/serialize';
import { listRegions, regionsByIds } from './repository';
import { regionResource, regionResourceSchema } from './serialize';

type Query = ListQuery & { 'filter[organization]'?: string; 'filter[parent]'?: string };
const includes = ['organization', 'parent'] as const;

const routes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: Query }>(
    '/regions',
    {
      schema: {
        tags: ['regions'],
        summary: "Regions of the caller's scope (region users: their region and its sub-regions)",
        querystring: listQuerySchema(
          {
            'filter[organization]': idListSchema,
            'filter[parent]': { type: 'string', pattern: '^(\\d+|null)$', description: 'A region id, or null for top-level regions' },
          },
          includes,
        ),
        response: { 200: listDocumentSchema(regionResourceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const include = parseInclude(request.query.include, includes);
      const page = parsePage(request.query);
      const parent = request.query['filter[parent]'];
      const { rows, total } = await listRegions(
        app.db,
        scope,
        {
          ids: parseIds(request.query['filter[id]']),
          organizationIds: parseIds(request.query['filter[organization]']),
          parentId: parent === undefined ? undefined : parent === 'null' ? null : Number(parent),
        },
        page,
      );
      const included: Resource[] = [];
      if (include.has('organization')) {
        const orgs = await organizationsByIds(app.db, scope, rows.map((r) => r.organizationId));
        included.push(...orgs.map(organizationResource));
      }
      if (include.has('parent')) {
        const parents = await regionsByIds(app.db, scope, rows.flatMap((r) => (r.parentId === null ? [] : [r.parentId])));
        included.push(...parents.map(regionResource));
      }
      return listDocument(rows.map(regionResource), { total, page, url: requestUrl(request), included: include.size ? included : undefined });
    },
  );
};

export default routes;
