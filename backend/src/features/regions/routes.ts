import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parseIds, parseInclude, parsePage } from '../../jsonapi/query';
import { notFound } from '../../jsonapi/errors';
import { listDocument, requestUrl, singleDocument } from '../../jsonapi/serializer';
import { scopeOf, type Scope } from '../../plugins/authorization';
import { organizationsByIds } from '../organizations/repository';
import { organizationResource } from '../organizations/serialize';
import { createRegion, deleteRegion, regionOfOrganization, renameRegion } from './manage';
import { listRegions, regionsByIds, type RegionView } from './repository';
import { createRegionSchema, deleteRegionSchema, getOrganizationRegionSchema, listRegionsSchema, regionIncludes, renameRegionSchema } from './schemas';
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

  /** The organization and parent of regions, as include=organization,parent asks. */
  async function includedOf(scope: Scope, rows: RegionView[], include: Set<string>) {
    const included: (ReturnType<typeof organizationResource> | ReturnType<typeof regionResource>)[] = [];
    if (include.has('organization')) {
      const orgs = await organizationsByIds(app.db, scope, rows.map((r) => r.organizationId));
      included.push(...orgs.map((o) => organizationResource(o, app.urlSigner)));
    }
    if (include.has('parent')) {
      const parents = await regionsByIds(app.db, scope, rows.flatMap((r) => (r.parentId === null ? [] : [r.parentId])));
      included.push(...parents.map(regionResource));
    }
    return included;
  }

  app.get('/organizations/:organizationId/regions/:regionId', { schema: getOrganizationRegionSchema }, async (request) => {
    const scope = scopeOf(request);
    const region = await regionOfOrganization(app.db, scope, Number(request.params.organizationId), Number(request.params.regionId));
    const include = parseInclude(request.query.include, regionIncludes);
    return singleDocument(regionResource(region), include.size ? { included: await includedOf(scope, [region], include) } : {});
  });

  app.post('/organizations/:organizationId/regions', { schema: createRegionSchema }, async (request, reply) => {
    const scope = scopeOf(request);
    const id = await createRegion(app.db, scope, Number(request.params.organizationId), request.body.data.attributes);
    // A region user's scope was read before their new sub-region existed; it is inside their region.
    const [region] = await regionsByIds(app.db, scope.regionIds ? { ...scope, regionIds: [...scope.regionIds, id] } : scope, [id]);
    if (!region) throw notFound('Region');
    reply.code(201);
    // The spec's client reads the organization relation of the answer.
    return singleDocument(regionResource(region), { included: await includedOf(scope, [region], new Set(['organization'])) });
  });

  app.patch('/regions/:id', { schema: renameRegionSchema }, async (request) => {
    const scope = scopeOf(request);
    const id = await renameRegion(app.db, scope, Number(request.params.id), request.body.data.attributes);
    const [region] = await regionsByIds(app.db, scope, [id]);
    if (!region) throw notFound('Region');
    return singleDocument(regionResource(region));
  });

  app.delete('/organizations/:organizationId/regions/:regionId', { schema: deleteRegionSchema }, async (request, reply) => {
    await deleteRegion(app.db, scopeOf(request), Number(request.params.organizationId), Number(request.params.regionId));
    reply.code(204);
    return null;
  });
};

export default routes;
