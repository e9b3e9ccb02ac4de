import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { unauthorized } from '../../jsonapi/errors';
import { parseIds, parseInclude, parsePage } from '../../jsonapi/query';
import { listDocument, requestUrl, resource, singleDocument } from '../../jsonapi/serializer';
import { scopeOf } from '../../plugins/authorization';
import { heldPermissionKeys } from '@fsi/shared';
import { apiTokenAttributes, createApiToken, listApiTokens, mayCreateTokens, requireTokenCreator, revokeApiToken } from './repository';
import { createApiTokenSchema, listApiTokensSchema, revokeApiTokenSchema, type ApiTokenResource, type NewApiTokenResource } from './schemas';

/** POST, GET /api-tokens and DELETE /api-tokens/{id}: a user's own tokens only. */
const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/api-tokens', { schema: createApiTokenSchema }, async (request, reply) => {
    const scope = scopeOf(request);
    const caller = request.caller;
    if (!caller) throw unauthorized();
    requireTokenCreator(caller, scope);
    const { row, secret } = await createApiToken(app.db, caller, request.body.data.attributes, new Date());
    reply.code(201);
    return singleDocument(resource<Static<typeof NewApiTokenResource>>('api-tokens', row.id, { ...apiTokenAttributes(row), token: secret }));
  });

  app.get('/api-tokens', { schema: listApiTokensSchema }, async (request) => {
    const scope = scopeOf(request);
    parseInclude(request.query.include, []);
    const page = parsePage(request.query);
    const { rows, total } = await listApiTokens(app.db, scope.userId, page, parseIds(request.query['filter[id]']));
    const data = rows.map((row) => resource<Static<typeof ApiTokenResource>>('api-tokens', row.id, apiTokenAttributes(row)));
    const document = listDocument(data, { total, page, url: requestUrl(request) });
    const caller = request.caller;
    const mayCreate = caller !== null && mayCreateTokens(caller, scope);
    return {
      ...document,
      meta: { ...document.meta, mayCreate, grantablePermissions: mayCreate ? heldPermissionKeys(caller.grants.roles.map((r) => r.permissions)) : [] },
    };
  });

  app.delete('/api-tokens/:id', { schema: revokeApiTokenSchema }, async (request) => {
    const scope = scopeOf(request);
    const row = await revokeApiToken(app.db, scope.userId, Number(request.params.id), new Date());
    return singleDocument(resource<Static<typeof ApiTokenResource>>('api-tokens', row.id, apiTokenAttributes(row)));
  });
};

export default routes;
