import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { notFound } from '../../jsonapi/errors';
import {
  idListSchema,
  idParamsSchema,
  includeSchema,
  listQuerySchema,
  parseIds,
  parseInclude,
  parsePage,
  type ListQuery,
} from '../../jsonapi/query';
import { errorResponses, listDocumentSchema, singleDocumentSchema } from '../../jsonapi/schemas';
import { listDocument, singleDocument, type Resource, requestUrl } from '../../jsonapi/serializer';
import { scopeOf, type Scope } from '../../plugins/authorization';
import { cyclesByIds } from '../cycles/repository';
import { cycleResource } from '../cycles/serialize';
import { organizationsByIds } from '../organizations/repository';
import { organizationResource } from '../organizations/serialize';
import { regionsByIds, regionWithDescendants } from '../regions/repository';
import { regionResource } from '../regions/serialize';
import { findBuilding, listBuildings, listFloors, type BuildingView } from './repository';
import { buildingResource, buildingResourceSchema, floorResource, floorResourceSchema } from './serialize';

type Query = ListQuery & { 'filter[organization]'?: string; 'filter[region]'?: string };
const includes = ['organization', 'region', 'fireWatchCycle'] as const;
type Include = (typeof includes)[number];

const listSchema = (summary: string) => ({
  tags: ['buildings'],
  summary,
  querystring: listQuerySchema(
    {
      'filter[organization]': idListSchema,
      'filter[region]': { ...idListSchema, description: 'Region ids; each includes its sub-regions' },
    },
    includes,
  ),
  response: { 200: listDocumentSchema(buildingResourceSchema), ...errorResponses },
});

const routes: FastifyPluginAsync = async (app) => {
  async function includedFor(scope: Scope, rows: BuildingView[], include: Set<Include>): Promise<Resource[] | undefined> {
    if (!include.size) return undefined;
    const included: Resource[] = [];
    if (include.has('organization')) {
      included.push(...(await organizationsByIds(app.db, scope, rows.map((b) => b.organizationId))).map(organizationResource));
    }
    if (include.has('region')) {
      const ids = rows.flatMap((b) => (b.regionId === null ? [] : [b.regionId]));
      included.push(...(await regionsByIds(app.db, scope, ids)).map(regionResource));
    }
    if (include.has('fireWatchCycle')) {
      const ids = rows.flatMap((b) => (b.fireWatchCycleId === null ? [] : [b.fireWatchCycleId]));
      included.push(...(await cyclesByIds(app.db, scope, ids)).map(cycleResource));
    }
    return included;
  }

  async function list(request: FastifyRequest<{ Querystring: Query }>) {
    const scope = scopeOf(request);
    const q = request.query;
    const include = parseInclude(q.include, includes);
    const page = parsePage(q);
    let regionIds: number[] | undefined;
    const regionFilter = parseIds(q['filter[region]']);
    if (regionFilter) {
      regionIds = [];
      for (const id of regionFilter) regionIds.push(...(await regionWithDescendants(app.db, scope, id)));
    }
    const { rows, total } = await listBuildings(
      app.db,
      scope,
      { ids: parseIds(q['filter[id]']), organizationIds: parseIds(q['filter[organization]']), regionIds },
      page,
    );
    return listDocument(rows.map(buildingResource), {
      total,
      page,
      url: requestUrl(request),
      included: await includedFor(scope, rows, include),
    });
  }

  app.get<{ Querystring: Query }>(
    '/current-user-buildings',
    { schema: listSchema('The buildings the caller may access (administrators: all)') },
    list,
  );

  app.get<{ Querystring: Query }>(
    '/buildings',
    { schema: listSchema("Buildings, filtered within the caller's scope (administrators: all organizations)") },
    list,
  );

  app.get<{ Params: { id: string }; Querystring: { include?: string } }>(
    '/buildings/:id',
    {
      schema: {
        tags: ['buildings'],
        summary: 'One building',
        params: idParamsSchema,
        querystring: { type: 'object', properties: { include: includeSchema(includes) } },
        response: { 200: singleDocumentSchema(buildingResourceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const include = parseInclude(request.query.include, includes);
      const building = await findBuilding(app.db, scope, Number(request.params.id));
      if (!building) throw notFound('Building');
      return singleDocument(buildingResource(building), { included: await includedFor(scope, [building], include) });
    },
  );

  app.get<{ Params: { id: string }; Querystring: ListQuery }>(
    '/buildings/:id/floors',
    {
      schema: {
        tags: ['buildings'],
        summary: 'The floors of a building, in order',
        params: idParamsSchema,
        querystring: listQuerySchema(),
        response: { 200: listDocumentSchema(floorResourceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      parseInclude(request.query.include, []);
      const buildingId = Number(request.params.id);
      if (!(await findBuilding(app.db, scope, buildingId))) throw notFound('Building');
      const page = parsePage(request.query);
      const { rows, total } = await listFloors(app.db, scope, buildingId, parseIds(request.query['filter[id]']), page);
      return listDocument(rows.map(floorResource), { total, page, url: requestUrl(request) });
    },
  );
};

export default routes;
