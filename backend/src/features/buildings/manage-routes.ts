import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { notFound } from '../../jsonapi/errors';
import { resource, singleDocument } from '../../jsonapi/serializer';
import { scopeOf } from '../../plugins/authorization';
import { buildingCounters, createBuilding, renameBuilding, reorderBuildings } from './manage';
import { batchUpdateBuildingsSchema, BuildingCountersResource, buildingCountersSchema, createBuildingSchema, renameBuildingSchema } from './manage-schemas';
import { findBuilding, listBuildings } from './repository';
import { buildingResource } from './serialize';

/** Manage Buildings and Building Settings (issue 12): add, rename, reorder, and the counters. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/buildings', { schema: createBuildingSchema }, async (request, reply) => {
    const scope = scopeOf(request);
    const { name, organization_id } = request.body.data.attributes;
    const id = await createBuilding(app.db, scope, { name, organizationId: Number(organization_id) });
    // A user limited to some buildings still reads back the one they made.
    const building = await findBuilding(app.db, { ...scope, buildingIds: null }, id);
    if (!building) throw notFound('Building');
    reply.code(201);
    return singleDocument(buildingResource(building, app.urlSigner));
  });

  app.put('/buildings/:id/attributes', { schema: renameBuildingSchema }, async (request) => {
    const scope = scopeOf(request);
    const id = Number(request.params.id);
    const { name, version } = request.body.data.attributes;
    await renameBuilding(app.db, scope, id, { name, version });
    const building = await findBuilding(app.db, scope, id);
    if (!building) throw notFound('Building');
    return singleDocument(buildingResource(building, app.urlSigner));
  });

  app.put('/buildings/batch-update', { schema: batchUpdateBuildingsSchema }, async (request) => {
    const scope = scopeOf(request);
    const changes = request.body.batch_update_attributes.map((c) => ({ buildingId: Number(c.building_id), order: c.order, version: c.version }));
    const ids = await reorderBuildings(app.db, scope, changes);
    if (!ids.length) return { data: [] };
    const { rows } = await listBuildings(app.db, scope, { ids }, { number: 1, size: ids.length, offset: 0 });
    return { data: rows.map((b) => buildingResource(b, app.urlSigner)) };
  });

  app.get('/buildings/:id/associations-counters', { schema: buildingCountersSchema }, async (request) => {
    const id = Number(request.params.id);
    const counters = await buildingCounters(app.db, scopeOf(request), id);
    return singleDocument(resource<Static<typeof BuildingCountersResource>>('associations-counters', id, counters));
  });
};

export default routes;
