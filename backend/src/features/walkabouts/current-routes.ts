import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { canCreateCurrentWalkabouts, NOT_ALLOWED_TO_CREATE_CURRENT_WALKABOUTS_MESSAGE } from '@fsi/shared';
import { notFound } from '../../jsonapi/errors';
import { requirePermission, scopeOf } from '../../plugins/authorization';
import { requireAcceptedContract } from '../buildings/contract';
import { findBuilding } from '../buildings/repository';
import { buildingResource } from '../buildings/serialize';
import { createCurrentWalkabouts } from './current';
import { createCurrentWalkaboutsSchema } from './current-schemas';
import { listWalkabouts } from './repository';
import { walkaboutResource } from './serialize';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/buildings/:id/walkabouts',
    { schema: createCurrentWalkaboutsSchema },
    async (request) => {
      const scope = scopeOf(request);
      const buildingId = Number(request.params.id);
      const building = await findBuilding(app.db, scope, buildingId);
      if (!building) throw notFound('Building');
      requirePermission(scope, canCreateCurrentWalkabouts(scope.isAdmin, scope.permissions), NOT_ALLOWED_TO_CREATE_CURRENT_WALKABOUTS_MESSAGE);
      requireAcceptedContract(building);
      const now = new Date();
      const result = await createCurrentWalkabouts(app.db, buildingId, now, request.log);
      const ids = result.walkabouts.map((w) => w.walkaboutId);
      const { rows } = ids.length
        ? await listWalkabouts(app.db, scope, { ids }, { number: 1, size: ids.length, offset: 0 }, now)
        : { rows: [] };
      // The building again: its walkabout statuses and counts may have changed with the new walkabouts.
      const updated = (await findBuilding(app.db, scope, buildingId)) ?? building;
      return {
        data: rows.map((w) => walkaboutResource(w, now)),
        included: [buildingResource(updated, app.urlSigner)],
        meta: { changes: result.changes, walkabouts: result.walkabouts },
      };
    },
  );
};

export default routes;
