/**
 * Manage Tasks Groups (admin-organizations-buildings.md sections 2 and 7): the organization's groups with their tasks,
 * adding one and changing one. A save answers the group as saved.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { notFound } from '../../jsonapi/errors';
import { parseInclude, parsePage } from '../../jsonapi/query';
import { listDocument, requestUrl, resource, singleDocument, toMany } from '../../jsonapi/serializer';
import { scopeOf } from '../../plugins/authorization';
import { typesOrganization } from '../equipment-types/repository';
import { createGroup, loadGroups, organizationTasks, updateGroup, type GroupTaskRow, type TaskGroupRow } from './repository';
import { createTaskGroupSchema, listTaskGroupsSchema, TASK_GROUP_INCLUDES, TaskChoiceResource, TaskGroupResource, updateTaskGroupSchema } from './schemas';

function groupResource(g: TaskGroupRow): Static<typeof TaskGroupResource> {
  return resource(
    'tasks-groups',
    g.id,
    { name: g.name, organization_name: g.organizationName, version: g.version, equipmentConditions: g.tasks },
    { 'equipment-conditions': toMany('equipment-conditions', g.tasks.map((t) => t.id)) },
  );
}

function choiceResource(t: GroupTaskRow): Static<typeof TaskChoiceResource> {
  const { id, ...attributes } = t;
  return resource('equipment-conditions', id, attributes, {});
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  async function groupDocument(organizationId: number, id: number) {
    const [group] = await loadGroups(app.db, organizationId, [id]);
    if (!group) throw notFound('Tasks group');
    return singleDocument(groupResource(group));
  }

  app.get('/organizations/:id/tasks-groups', { schema: listTaskGroupsSchema }, async (request) => {
    const include = parseInclude(request.query.include, TASK_GROUP_INCLUDES);
    const organizationId = await typesOrganization(app.db, scopeOf(request), Number(request.params.id), false);
    const page = parsePage(request.query);
    const groups = await loadGroups(app.db, organizationId);
    const included = include.has('equipment-conditions') ? (await organizationTasks(app.db, organizationId)).map(choiceResource) : undefined;
    return listDocument(groups.slice(page.offset, page.offset + page.size).map(groupResource), { total: groups.length, page, url: requestUrl(request), included });
  });

  app.post('/organizations/:id/tasks-groups', { schema: createTaskGroupSchema }, async (request, reply) => {
    const organizationId = Number(request.params.id);
    const id = await createGroup(app.db, scopeOf(request), organizationId, request.body);
    reply.code(201);
    return groupDocument(organizationId, id);
  });

  app.put('/organizations/:id/tasks-groups/:groupId', { schema: updateTaskGroupSchema }, async (request) => {
    const organizationId = Number(request.params.id);
    const id = await updateGroup(app.db, scopeOf(request), organizationId, Number(request.params.groupId), request.body);
    return groupDocument(organizationId, id);
  });
};

export default routes;
