import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import type { Database } from '../../db/client';
import { FieldErrors } from '../../jsonapi/errors';
import type { Page } from '../../jsonapi/query';
import { listDocument, requestUrl } from '../../jsonapi/serializer';
import { scopeOf, type Scope } from '../../plugins/authorization';
import { applicabilityBuilding, equipmentAtBuilding, setApplicability, tasksOfTypes, TYPE_STATUSES, type BuildingEquipmentRow } from './repository';
import { patchEquipmentSchema, putEquipmentSchema } from './schemas';
import { equipmentConditionResource, equipmentResource } from './serialize';

/** The types as a list document with their tasks included. */
async function documentOf(db: Database, rows: BuildingEquipmentRow[], page: Page, url: string) {
  const shown = rows.slice(page.offset, page.offset + page.size);
  const tasks = await tasksOfTypes(db, shown.map((row) => row.id));
  return listDocument(shown.map(equipmentResource), { total: rows.length, page, url, included: tasks.map(equipmentConditionResource) });
}

/**
 * GET /equipment?filter[building]={id}&include=equipment-equipment-conditions: the applicability screen's list
 * (administrators only; the repair report's list without include is failure-reports/routes.ts's).
 */
export async function applicabilityList(db: Database, scope: Scope, buildingId: number, statuses: readonly string[] | undefined, page: Page, url: string) {
  await applicabilityBuilding(db, scope, buildingId);
  const wanted = statuses && TYPE_STATUSES.filter((status) => statuses.includes(status));
  return documentOf(db, await equipmentAtBuilding(db, buildingId, wanted), page, url);
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const save = async (request: FastifyRequest<{ Body: Static<typeof putEquipmentSchema.body> }>) => {
    const scope = scopeOf(request);
    const items = request.body.data;
    const buildingId = Number(items[0]!.relationships.building.data.id);
    const otherBuilding = items.findIndex((item) => Number(item.relationships.building.data.id) !== buildingId);
    if (otherBuilding >= 0) {
      throw new FieldErrors([{ pointer: `/data/${otherBuilding}/relationships/building/data/id`, detail: 'Every equipment type of one save must be of the same building.' }]);
    }
    const typeIds = await setApplicability(
      app.db,
      scope,
      buildingId,
      items.map((item) => ({ typeId: Number(item.id), taskIds: item.attributes.applicableWalkaboutEquipmentConditionIds.map(Number) })),
    );
    const saved = (await equipmentAtBuilding(app.db, buildingId)).filter((row) => typeIds.includes(row.id));
    return documentOf(app.db, saved, { number: 1, size: Math.max(saved.length, 1), offset: 0 }, requestUrl(request));
  };
  app.put('/equipment', { schema: putEquipmentSchema }, save);
  app.patch('/equipment', { schema: patchEquipmentSchema }, save);
};

export default routes;
