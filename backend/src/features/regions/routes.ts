import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parseIds, parseInclude, parsePage } from '../../jsonapi/query';
import { listDocument, requestUrl } from '../../jsonapi/serializer';
import { scopeOf } from '../../plugins/authorization';
import { organizationsByIds } from '../organizations/repository';
import { organizationResource } from '../organizations/serialize';
import { listRegions, regionsByIds } from './repository';
import { listRegionsSchema, regionIncludes } from './schemas';
import { regionResource } from './serialize';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/regions',
    { schema: listRegionsSchema },
    async (request) => {
      const scope = scopeOf(request);
      const include = parseInclude(request.query.include, regionIncludes);
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
      const included: (ReturnType<typeof organizationResource> | ReturnType<typeof regionResource>)[] = [];
      if (include.has('organization')) {
        const orgs = await organizationsByIds(app.db, scope, rows.map((r) => r.organizationId));
        included.push(...orgs.map((o) => organizationResource(o, app.urlSigner)));
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
