/**
 * Manage Types at organization level (admin-organizations-buildings.md sections 2 and 7): an equipment type, adding
 * and changing one, and the 'Override Conditions' of a component's tasks group. Each answers the type as saved, with
 * its components and groups, so that a client's cache takes the change without reading the list again.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Database } from '../../db/client';
import type { Page } from '../../jsonapi/query';
import { notFound } from '../../jsonapi/errors';
import { listDocument, requestUrl, singleDocument } from '../../jsonapi/serializer';
import { scopeOf, type Scope } from '../../plugins/authorization';
import { createType, loadTypes, reorderTypes, typeInScope, typesOrganization, updateOverrides, updateType } from './repository';
import { createEquipmentTypeSchema, getEquipmentTypeSchema, reorderEquipmentTypesSchema, updateEquipmentTypeSchema, updateOverridesSchema } from './schemas';
import { organizationTypeResource } from './serialize';

/** GET /equipment?filter[organization]={id}: the organization's types by order, with their components and groups. */
export async function organizationTypesList(db: Database, scope: Scope, organizationId: number, page: Page, url: string) {
  const id = await typesOrganization(db, scope, organizationId, false);
  const rows = await loadTypes(db, { organizationId: id });
  return listDocument(rows.slice(page.offset, page.offset + page.size).map(organizationTypeResource), { total: rows.length, page, url });
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  async function typeDocument(id: number) {
    const [row] = await loadTypes(app.db, { ids: [id] });
    if (!row) throw notFound('Equipment type');
    return singleDocument(organizationTypeResource(row));
  }

  app.get('/equipments/:id', { schema: getEquipmentTypeSchema }, async (request) => {
    const type = await typeInScope(app.db, scopeOf(request), Number(request.params.id), false);
    return typeDocument(type.id);
  });

  app.post('/equipments', { schema: createEquipmentTypeSchema }, async (request, reply) => {
    const id = await createType(app.db, scopeOf(request), request.body);
    reply.code(201);
    return typeDocument(id);
  });

  // Before /equipments/:id, so that "reorder" is never read as an id (the router prefers the static path too).
  app.put('/equipments/reorder', { schema: reorderEquipmentTypesSchema }, async (request) => {
    const ids = await reorderTypes(app.db, scopeOf(request), request.body.attributes);
    const loaded = await loadTypes(app.db, { ids });
    // In the order asked, as the tasks' reorder answers.
    const rows = ids.map((id) => loaded.find((row) => row.id === id)!);
    const page = { number: 1, size: Math.max(rows.length, 1), offset: 0 };
    return listDocument(rows.map(organizationTypeResource), { total: rows.length, page, url: requestUrl(request) });
  });

  app.put('/equipments/:id', { schema: updateEquipmentTypeSchema }, async (request) => {
    const id = await updateType(app.db, scopeOf(request), Number(request.params.id), request.body);
    return typeDocument(id);
  });

  app.put('/equipment_component_condition_groups/:id', { schema: updateOverridesSchema }, async (request) => {
    const { options, version } = request.body;
    const typeId = await updateOverrides(app.db, scopeOf(request), Number(request.params.id), options.overrides, version);
    return typeDocument(typeId);
  });
};

export default routes;
