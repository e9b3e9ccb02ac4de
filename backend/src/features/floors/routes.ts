import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { inArray } from 'drizzle-orm';
import { floors } from '../../db/schema';
import { notFound } from '../../jsonapi/errors';
import { listDocument, requestUrl, singleDocument } from '../../jsonapi/serializer';
import { scopeOf, type Scope } from '../../plugins/authorization';
import { listFloors } from '../buildings/repository';
import { floorResource } from '../buildings/serialize';
import { createFloor, renameFloor, reorderFloors } from './repository';
import { createFloorSchema, renameFloorSchema, reorderFloorsSchema } from './schemas';

/** Floors as GET /buildings/{id}/floors answers them (with their locations count and version). */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  async function floorsOf(scope: Scope, buildingId: number, ids: number[]) {
    const { rows } = await listFloors(app.db, scope, buildingId, ids, { number: 1, size: Math.max(ids.length, 1), offset: 0 });
    return rows.map(floorResource);
  }

  app.post('/buildings/:id/floor', { schema: createFloorSchema }, async (request, reply) => {
    const scope = scopeOf(request);
    const buildingId = Number(request.params.id);
    const id = await createFloor(app.db, scope, buildingId, request.body.data.attributes);
    const [floor] = await floorsOf(scope, buildingId, [id]);
    if (!floor) throw notFound('Floor');
    reply.code(201);
    return singleDocument(floor);
  });

  app.put('/buildings/:id/floor', { schema: renameFloorSchema }, async (request) => {
    const scope = scopeOf(request);
    const buildingId = Number(request.params.id);
    const id = await renameFloor(app.db, scope, buildingId, request.body.data.attributes);
    const [floor] = await floorsOf(scope, buildingId, [id]);
    if (!floor) throw notFound('Floor');
    return singleDocument(floor);
  });

  app.put('/floors/batch-update', { schema: reorderFloorsSchema }, async (request) => {
    const scope = scopeOf(request);
    const ids = await reorderFloors(app.db, scope, request.body.batch_update_attributes);
    const { rows } = await listFloorsByIds(scope, ids);
    const page = { number: 1, size: Math.max(rows.length, 1), offset: 0 };
    return listDocument(rows.map(floorResource), { total: rows.length, page, url: requestUrl(request) });
  });

  /** The floors of a batch, which may span buildings, each building's listed as GET floors lists them. */
  async function listFloorsByIds(scope: Scope, ids: number[]) {
    const owners = await app.db.selectDistinct({ buildingId: floors.buildingId }).from(floors).where(inArray(floors.id, ids));
    const rows = [];
    for (const { buildingId } of owners) rows.push(...(await listFloors(app.db, scope, buildingId, ids, { number: 1, size: ids.length, offset: 0 })).rows);
    return { rows };
  }
};

export default routes;
