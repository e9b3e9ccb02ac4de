/** The routes of Manage Locations (admin-organizations-buildings.md section 7); the rules are in manage.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { unprocessable } from '../../jsonapi/errors';
import { listDocument, requestUrl } from '../../jsonapi/serializer';
import { scopeOf, type Scope } from '../../plugins/authorization';
import { createLocations, deleteLocation, equipmentChoices, equipmentStates, reorderLocationEquipment, reorderLocations, updateLocation } from './manage';
import {
  createLocationsSchema,
  deleteLocationSchema,
  equipmentChoicesSchema,
  equipmentStatesSchema,
  reorderLocationEquipmentSchema,
  reorderLocationsSchema,
  updateLocationSchema,
} from './manage-schemas';
import { listLocations } from './repository';
import { locationResource } from './serialize';

const routes: FastifyPluginAsyncTypebox<{ publicUrl: string }> = async (app, options) => {
  async function resources(scope: Scope, ids: number[]) {
    const { rows } = await listLocations(app.db, scope, { ids }, { number: 1, size: Math.max(ids.length, 1), offset: 0 });
    return rows.map((l) => locationResource(l, options.publicUrl, app.urlSigner));
  }
  const all = (total: number) => ({ number: 1, size: Math.max(total, 1), offset: 0 });

  app.post('/locations/batch', { schema: createLocationsSchema }, async (request, reply) => {
    const scope = scopeOf(request);
    const ids = await createLocations(app.db, scope, request.body.building_id, request.body.locations_attributes);
    reply.code(201);
    return listDocument(await resources(scope, ids), { total: ids.length, page: all(ids.length), url: requestUrl(request) });
  });

  app.put('/locations/batch', { schema: updateLocationSchema }, async (request) => {
    const scope = scopeOf(request);
    const id = await updateLocation(app.db, scope, request.body);
    const [location] = await resources(scope, [id]);
    return { data: location! };
  });

  app.delete('/locations/:id', { schema: deleteLocationSchema }, async (request, reply) => {
    const body = request.body as { building_id?: unknown } | null | undefined;
    const buildingId = body && typeof body === 'object' ? body.building_id : undefined;
    if (buildingId !== undefined && buildingId !== null && !/^\d{1,9}$/.test(String(buildingId))) {
      throw unprocessable('Must be a building id', '/building_id');
    }
    await deleteLocation(app.db, scopeOf(request), Number(request.params.id), buildingId == null ? undefined : (buildingId as number | string));
    reply.code(204);
    return null;
  });

  app.put('/locations/order/batch/', { schema: reorderLocationsSchema }, async (request) => {
    const scope = scopeOf(request);
    const ids = await reorderLocations(app.db, scope, request.body.building_id, request.body.locations);
    return listDocument(await resources(scope, ids), { total: ids.length, page: all(ids.length), url: requestUrl(request) });
  });

  app.put('/locations/type-order/batch/', { schema: reorderLocationEquipmentSchema }, async (request) => {
    const scope = scopeOf(request);
    const ids = await reorderLocationEquipment(app.db, scope, request.body.building_id, request.body.equipments_on_locations);
    return listDocument(await resources(scope, ids), { total: ids.length, page: all(ids.length), url: requestUrl(request) });
  });

  app.get('/buildings/:buildingId/equipment-states', { schema: equipmentStatesSchema }, async (request) => {
    const rows = await equipmentStates(app.db, scopeOf(request), request.params.buildingId);
    return {
      data: rows.map((r) => ({
        type: 'equipment-states' as const,
        id: `${r.locationId}-${r.equipmentId}-${r.cycleId}`,
        attributes: { location: { id: r.locationId }, equipment: { id: r.equipmentId }, cycle_name: r.cycleName, state: r.state },
      })),
      meta: { total: rows.length },
    };
  });

  app.get('/buildings/:buildingId/equipment-choices', { schema: equipmentChoicesSchema }, async (request) => {
    const rows = await equipmentChoices(app.db, scopeOf(request), request.params.buildingId);
    return {
      data: rows.map((r) => ({ type: 'equipment' as const, id: String(r.id), attributes: { name: r.name, alias_name: r.aliasName, order: r.order, status: r.status } })),
      meta: { total: rows.length },
    };
  });
};

export default routes;

