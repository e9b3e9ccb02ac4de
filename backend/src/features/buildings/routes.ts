import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { notFound } from '../../jsonapi/errors';
import { parseIds, parseInclude, parsePage } from '../../jsonapi/query';
import { listDocument, singleDocument, requestUrl } from '../../jsonapi/serializer';
import { scopeOf, type Scope } from '../../plugins/authorization';
import { cyclesByIds } from '../cycles/repository';
import { cycleResource } from '../cycles/serialize';
import { organizationsByIds } from '../organizations/repository';
import { organizationResource } from '../organizations/serialize';
import { regionsByIds, regionWithDescendants } from '../regions/repository';
import { regionResource } from '../regions/serialize';
import { findBuilding, listBuildings, listFloors, type BuildingView } from './repository';
import { patchBuildingSchema, updateBuilding } from './form';
import { buildingFloorsSchema, buildingIncludes, buildingsSchema, currentUserBuildingsSchema, getBuildingSchema } from './schemas';
import { buildingResource, floorResource } from './serialize';

type Include = (typeof buildingIncludes)[number];
type IncludedResource = ReturnType<typeof organizationResource> | ReturnType<typeof regionResource> | ReturnType<typeof cycleResource>;
type ListRequest = FastifyRequest<{ Querystring: Static<typeof buildingsSchema.querystring> }>;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  async function includedFor(scope: Scope, rows: BuildingView[], include: Set<Include>): Promise<IncludedResource[] | undefined> {
    if (!include.size) return undefined;
    const included: IncludedResource[] = [];
    if (include.has('organization')) {
      included.push(...(await organizationsByIds(app.db, scope, rows.map((b) => b.organizationId))).map((o) => organizationResource(o, app.urlSigner)));
    }
    if (include.has('region')) {
      const ids = rows.flatMap((b) => (b.regionId === null ? [] : [b.regionId]));
      included.push(...(await regionsByIds(app.db, scope, ids)).map(regionResource));
    }
    if (include.has('fireWatchCycle') || include.has('statusCycles')) {
      const ids = [
        ...(include.has('fireWatchCycle') ? rows.flatMap((b) => (b.fireWatchCycleId === null ? [] : [b.fireWatchCycleId])) : []),
        ...(include.has('statusCycles') ? rows.flatMap((b) => b.walkaboutStatus.statuses.map((status) => status.cycleId)) : []),
      ];
      included.push(...(await cyclesByIds(app.db, scope, [...new Set(ids)])).map(cycleResource));
    }
    return included;
  }

  async function list(request: ListRequest) {
    const scope = scopeOf(request);
    const q = request.query;
    const include = parseInclude(q.include, buildingIncludes);
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
    return listDocument(rows.map((b) => buildingResource(b, app.urlSigner)), {
      total,
      page,
      url: requestUrl(request),
      included: await includedFor(scope, rows, include),
    });
  }

  app.get('/current-user-buildings', { schema: currentUserBuildingsSchema }, list);
  app.get('/buildings', { schema: buildingsSchema }, list);

  app.get(
    '/buildings/:id',
    { schema: getBuildingSchema },
    async (request) => {
      const scope = scopeOf(request);
      const include = parseInclude(request.query.include, buildingIncludes);
      const building = await findBuilding(app.db, scope, Number(request.params.id));
      if (!building) throw notFound('Building');
      return singleDocument(buildingResource(building, app.urlSigner), { included: await includedFor(scope, [building], include) });
    },
  );

  app.patch(
    '/buildings/:id',
    { schema: patchBuildingSchema },
    async (request) => {
      const scope = scopeOf(request);
      const id = Number(request.params.id);
      await updateBuilding(app.db, scope, app.urlSigner, id, request.body, new Date());
      const building = await findBuilding(app.db, scope, id);
      if (!building) throw notFound('Building');
      return singleDocument(buildingResource(building, app.urlSigner));
    },
  );

  app.get(
    '/buildings/:id/floors',
    { schema: buildingFloorsSchema },
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
