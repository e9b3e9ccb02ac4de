/** The routes of Manage Tasks at organization level (admin-organizations-buildings.md section 7); the rules are in repository.ts. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../jsonapi/errors';
import { parseIds, parsePage } from '../../jsonapi/query';
import { listDocument, requestUrl, singleDocument } from '../../jsonapi/serializer';
import { scopeOf } from '../../plugins/authorization';
import { createTask, listTasks, reorderTasks, taskEquipmentChoices, tasksByIds, updateTask } from './repository';
import { createTaskSchema, listTasksSchema, reorderTasksSchema, taskEquipmentChoicesSchema, updateTaskSchema } from './schemas';
import { taskResource } from './serialize';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const one = async (id: number) => {
    const [task] = await tasksByIds(app.db, [id]);
    if (!task) throw notFound('Task');
    return singleDocument(taskResource(task));
  };

  app.get('/equipment_conditions', { schema: listTasksSchema }, async (request) => {
    const query = request.query;
    const page = parsePage(query);
    const organization = query['filter[organization]'];
    const { rows, total } = await listTasks(
      app.db,
      scopeOf(request),
      {
        organizationId: organization === undefined ? undefined : Number(organization),
        cycleIds: parseIds(query['filter[cycle]']),
        equipmentTypeIds: parseIds(query['filter[equipment]']),
        ids: parseIds(query['filter[id]']),
      },
      page,
    );
    return listDocument(rows.map(taskResource), { total, page, url: requestUrl(request) });
  });

  // Before /equipment_conditions/:id, so that "reorder" is never read as an id (the router prefers the static path too).
  app.put('/equipment_conditions/reorder', { schema: reorderTasksSchema }, async (request) => {
    const ids = await reorderTasks(app.db, scopeOf(request), request.body.attributes);
    const rows = await tasksByIds(app.db, ids);
    const page = { number: 1, size: Math.max(rows.length, 1), offset: 0 };
    return listDocument(rows.map(taskResource), { total: rows.length, page, url: requestUrl(request) });
  });

  app.post('/cycles/:cycleId/equipment_conditions', { schema: createTaskSchema }, async (request, reply) => {
    const id = await createTask(app.db, scopeOf(request), request.params.cycleId, request.body);
    reply.code(201);
    return one(id);
  });

  app.put('/equipment_conditions/:id', { schema: updateTaskSchema }, async (request) => {
    const id = await updateTask(app.db, scopeOf(request), Number(request.params.id), request.body);
    return one(id);
  });

  app.get('/organizations/:organizationId/equipment-choices', { schema: taskEquipmentChoicesSchema }, async (request) => {
    const types = await taskEquipmentChoices(app.db, scopeOf(request), Number(request.params.organizationId));
    return {
      data: types.map((t) => ({
        type: 'equipment' as const,
        id: String(t.id),
        attributes: {
          name: t.name,
          alias_name: t.aliasName,
          order: t.order,
          status: t.status,
          components: t.components.map((c) => ({ id: c.id, name: c.name, alias_name: c.aliasName, order: c.order, disabled: c.disabled })),
        },
        relationships: {},
      })),
      meta: { total: types.length },
    };
  });
};

export default routes;
