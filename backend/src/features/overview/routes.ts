/** The overview dashboards' calls (admin-organizations-buildings.md section 7): filter data and entry state counters. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { WalkaboutFilterType } from '@fsi/shared/overview';
import type { FastifyRequest } from 'fastify';
import { listDocument, requestUrl, singleDocument } from '../../jsonapi/serializer';
import { scopeOf } from '../../plugins/authorization';
import { signedPhotoUrl } from '../../storage/signed-urls';
import { entryStateCounters, overviewBuilding, overviewFilters, overviewOrganization, type CounterFilters } from './repository';
import { buildingOverviewFiltersSchema, entryFilteredStateCountersSchema, entryStateCountersSchema, organizationOverviewFiltersSchema } from './schemas';

const DEFAULT_COUNTERS_PAGE_SIZE = 50;

const routes: FastifyPluginAsyncTypebox = async (app) => {
  function pageOf(query: { 'page[number]'?: number; 'page[size]'?: number }) {
    const number = query['page[number]'] ?? 1;
    const size = query['page[size]'] ?? DEFAULT_COUNTERS_PAGE_SIZE;
    return { number, size, offset: (number - 1) * size };
  }

  async function countersDocument(request: FastifyRequest, organizationId: number, filters: CounterFilters, query: { 'page[number]'?: number; 'page[size]'?: number }) {
    const scope = scopeOf(request);
    await overviewOrganization(app.db, scope, organizationId);
    const page = pageOf(query);
    const result = await entryStateCounters(app.db, scope, organizationId, filters, page);
    const data = result.buildings.map((b) => ({
      type: 'building-entry-state-counters' as const,
      id: String(b.id),
      attributes: {
        name: b.name,
        photo_url: signedPhotoUrl(app.urlSigner, b.photoUrl),
        region_id: b.regionId,
        order: b.order,
        counters: b.counters,
        equipments: b.equipments,
      },
    }));
    const document = listDocument(data, { total: result.total, page, url: requestUrl(request) });
    return { ...document, meta: { total: result.total, counters: result.counters } };
  }

  app.get('/organizations/:id/overview-filters', { schema: organizationOverviewFiltersSchema }, async (request) => {
    const scope = scopeOf(request);
    const organizationId = await overviewOrganization(app.db, scope, Number(request.params.id));
    const filters = await overviewFilters(app.db, scope, organizationId);
    return singleDocument({ type: 'overview-filters' as const, id: String(organizationId), attributes: { organization_id: organizationId, ...filters } });
  });

  app.get('/buildings/:id/overview-filters', { schema: buildingOverviewFiltersSchema }, async (request) => {
    const scope = scopeOf(request);
    const building = await overviewBuilding(app.db, scope, Number(request.params.id));
    const filters = await overviewFilters(app.db, scope, building.organizationId, building.id);
    return singleDocument({
      type: 'overview-filters' as const,
      id: `building-${building.id}`,
      attributes: { organization_id: building.organizationId, ...filters },
    });
  });

  app.get('/organizations/:id/entry-state-counters', { schema: entryStateCountersSchema }, async (request) =>
    countersDocument(request, Number(request.params.id), {}, request.query),
  );

  app.post('/organizations/:id/entry-filtered-state-counters', { schema: entryFilteredStateCountersSchema }, async (request) => {
    const body = request.body;
    const filters: CounterFilters = {
      buildingIds: (body.building_ids ?? []).map(Number),
      cycleIds: (body.walkabout_cycle_ids ?? []).map(Number),
      walkaboutTypes: (body.walkabout_types ?? []) as WalkaboutFilterType[],
      equipment: (body.equipment_ids ?? []).map((e) => ({ id: Number(e.id), componentId: e.componentId == null ? null : Number(e.componentId) })),
    };
    return countersDocument(request, Number(request.params.id), filters, request.query);
  });
};

export default routes;
