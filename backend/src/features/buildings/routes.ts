import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { notFound } from '../../jsonapi/errors';
import { parseIds, parseInclude, parsePage } from '../../jsonapi/query';
import { listDocument, singleDocument, requestUrl } from '../../jsonapi/serializer';
import { ListDocument, SingleDocument } from '../../jsonapi/schemas';
import { parseFields, sparseSerializers } from '../../jsonapi/sparse';
import { keptAtSnapshot } from '../../db/snapshot-kept';
import { scopeOf, type Scope } from '../../plugins/authorization';
import { cyclesByIds } from '../cycles/repository';
import { cycleResource } from '../cycles/serialize';
import { organizationsByIds } from '../organizations/repository';
import { organizationResource } from '../organizations/serialize';
import { regionsByIds, regionWithDescendants } from '../regions/repository';
import { regionResource } from '../regions/serialize';
import { findBuilding, listBuildings, listFloors, type BuildingView } from './repository';
import { patchBuildingSchema, updateBuilding } from './form';
import { BuildingResource, buildingFloorsSchema, buildingIncluded, buildingIncludes, buildingsSchema, currentUserBuildingsSchema, getBuildingSchema } from './schemas';
import { buildingResource, floorResource } from './serialize';

type Include = (typeof buildingIncludes)[number];
type IncludedResource = ReturnType<typeof organizationResource> | ReturnType<typeof regionResource> | ReturnType<typeof cycleResource>;
type ListRequest = FastifyRequest<{ Querystring: Static<typeof buildingsSchema.querystring> }>;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  /**
   * The records the buildings include. Read for a page at `snapshot` (the page's), they are kept while the database
   * reads at it (keptAtSnapshot): the calls of a screen read the same few organizations, regions and cycles again.
   */
  async function includedFor(scope: Scope, rows: BuildingView[], include: Set<Include>, snapshot: string | null): Promise<IncludedResource[] | undefined> {
    if (!include.size) return undefined;
    const included: IncludedResource[] = [];
    const kept = <T>(kind: string, ids: number[], read: (ids: number[]) => Promise<T[]>) => {
      const distinct = [...new Set(ids)].sort((a, b) => a - b);
      return keptAtSnapshot(app.db, snapshot, scope, `${kind}:${distinct.join(',')}`, () => read(distinct));
    };
    if (include.has('organization')) {
      const organizations = await kept('organizations', rows.map((b) => b.organizationId), (ids) => organizationsByIds(app.db, scope, ids));
      included.push(...organizations.map((o) => organizationResource(o, app.urlSigner)));
    }
    if (include.has('region')) {
      const ids = rows.flatMap((b) => (b.regionId === null ? [] : [b.regionId]));
      included.push(...(await kept('regions', ids, (distinct) => regionsByIds(app.db, scope, distinct))).map(regionResource));
    }
    if (include.has('fireWatchCycle') || include.has('statusCycles')) {
      const ids = [
        ...(include.has('fireWatchCycle') ? rows.flatMap((b) => (b.fireWatchCycleId === null ? [] : [b.fireWatchCycleId])) : []),
        ...(include.has('statusCycles') ? rows.flatMap((b) => b.walkaboutStatus.statuses.map((status) => status.cycleId)) : []),
      ];
      included.push(...(await kept('cycles', ids, (distinct) => cyclesByIds(app.db, scope, distinct))).map(cycleResource));
    }
    return included;
  }

  // `fields[buildings]` (jsonapi/sparse.ts): the answer written with the buildings' schema narrowed to those fields.
  const sparseList = sparseSerializers(app.getSchemas(), BuildingResource, (building) => ListDocument(building, { included: buildingIncluded }));
  const sparseSingle = sparseSerializers(app.getSchemas(), BuildingResource, (building) => SingleDocument(building, { included: buildingIncluded }));
  const FIELDS = 'fields[buildings]';

  async function list(request: ListRequest, reply: FastifyReply) {
    const scope = scopeOf(request);
    const q = request.query;
    const include = parseInclude(q.include, buildingIncludes);
    const fields = parseFields(q[FIELDS], FIELDS, BuildingResource);
    const page = parsePage(q);
    let regionIds: number[] | undefined;
    const regionFilter = parseIds(q['filter[region]']);
    if (regionFilter) {
      regionIds = [];
      for (const id of regionFilter) regionIds.push(...(await regionWithDescendants(app.db, scope, id)));
    }
    const { rows, total, snapshot } = await listBuildings(
      app.db,
      scope,
      { ids: parseIds(q['filter[id]']), organizationIds: parseIds(q['filter[organization]']), regionIds },
      page,
    );
    const document = listDocument(rows.map((b) => buildingResource(b, app.urlSigner)), {
      total,
      page,
      url: requestUrl(request),
      included: await includedFor(scope, rows, include, snapshot),
    });
    if (fields) reply.serializer(sparseList(fields));
    return document;
  }

  app.get('/current-user-buildings', { schema: currentUserBuildingsSchema }, list);
  app.get('/buildings', { schema: buildingsSchema }, list);

  app.get(
    '/buildings/:id',
    { schema: getBuildingSchema },
    async (request, reply) => {
      const scope = scopeOf(request);
      const include = parseInclude(request.query.include, buildingIncludes);
      const fields = parseFields(request.query[FIELDS], FIELDS, BuildingResource);
      const building = await findBuilding(app.db, scope, Number(request.params.id));
      if (!building) throw notFound('Building');
      const document = singleDocument(buildingResource(building, app.urlSigner), { included: await includedFor(scope, [building], include, null) });
      if (fields) reply.serializer(sparseSingle(fields));
      return document;
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
