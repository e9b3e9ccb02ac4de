import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { heldRolePermissions } from '@fsi/shared';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../jsonapi/errors';
import { parseIds, parsePage } from '../../jsonapi/query';
import { listDocument, requestUrl, singleDocument } from '../../jsonapi/serializer';
import { scopeOf } from '../../plugins/authorization';
import { actorOf } from '../users/write';
import { createRole, findRole, listRoles, updateRole } from './repository';
import { createRoleSchema, getRoleSchema, listRolesSchema, updateRoleSchema } from './schemas';
import { roleResource } from './serialize';

/** The role permissions the caller's own roles give (what they may grant). */
const heldBy = (request: FastifyRequest) => heldRolePermissions(request.caller!.grants.roles.map((r) => r.permissions));

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/roles', { schema: listRolesSchema }, async (request) => {
    const scope = scopeOf(request);
    const q = request.query;
    const page = parsePage(q);
    const { rows, total } = await listRoles(app.db, scope, { ids: parseIds(q['filter[id]']), organizationIds: parseIds(q['filter[organization]']) }, page);
    return listDocument(rows.map(roleResource), { total, page, url: requestUrl(request) });
  });

  app.get('/roles/:id', { schema: getRoleSchema }, async (request) => {
    const role = await findRole(app.db, scopeOf(request), Number(request.params.id));
    if (!role) throw notFound('Role');
    return singleDocument(roleResource(role));
  });

  app.post('/roles', { schema: createRoleSchema }, async (request, reply) => {
    const scope = scopeOf(request);
    const id = await createRole(app.db, scope, actorOf(scope, request.caller!.user.regionId), heldBy(request), request.body.data);
    reply.code(201);
    return singleDocument(roleResource((await findRole(app.db, scope, id))!));
  });

  app.patch('/roles/:id', { schema: updateRoleSchema }, async (request) => {
    const scope = scopeOf(request);
    const id = await updateRole(app.db, scope, actorOf(scope, request.caller!.user.regionId), heldBy(request), Number(request.params.id), request.body.data);
    return singleDocument(roleResource((await findRole(app.db, scope, id))!));
  });
};

export default routes;
