import type { FastifyPluginAsync } from 'fastify';
import { notFound, unauthorized } from '../../jsonapi/errors';
import { idListSchema, idParamsSchema, listQuerySchema, parseIds, parseInclude, parsePage, type ListQuery } from '../../jsonapi/query';
import { errorResponses, listDocumentSchema, singleDocumentSchema } from '../../jsonapi/schemas';
import { listDocument, singleDocument, type Resource, requestUrl } from '../../jsonapi/serializer';
import { scopeOf, type Scope } from '../../plugins/authorization';
import { organizationsByIds } from '../organizations/repository';
import { organizationResource } from '../organizations/serialize';
import { regionsByIds } from '../regions/repository';
import { regionResource } from '../regions/serialize';
import { findUserView, listUsers, userViews } from './repository';
import { userResource, userResourceSchema, type UserView } from './serialize';

type Query = ListQuery & { 'filter[organization]'?: string; 'filter[region]'?: string };
const includes = ['organization', 'region'] as const;
const meSchema = singleDocumentSchema(userResourceSchema, {
  type: 'object',
  properties: { isAdmin: { type: 'boolean' } },
});

const routes: FastifyPluginAsync = async (app) => {
  async function includedFor(scope: Scope, views: UserView[], include: Set<(typeof includes)[number]>) {
    if (!include.size) return undefined;
    const included: Resource[] = [];
    if (include.has('organization')) {
      const ids = views.flatMap((v) => (v.user.organizationId === null ? [] : [v.user.organizationId]));
      included.push(...(await organizationsByIds(app.db, scope, ids)).map(organizationResource));
    }
    if (include.has('region')) {
      const ids = views.flatMap((v) => (v.user.regionId === null ? [] : [v.user.regionId]));
      included.push(...(await regionsByIds(app.db, scope, ids)).map(regionResource));
    }
    return included;
  }

  app.get(
    '/users/me',
    {
      schema: {
        tags: ['users'],
        summary: 'The signed-in user, with permission flags; meta.isAdmin',
        response: { 200: meSchema, ...errorResponses },
      },
    },
    async (request) => {
      if (!request.caller) throw unauthorized();
      const [view] = await userViews(app.db, [request.caller.user]);
      return singleDocument(userResource(view!), { meta: { isAdmin: request.caller.user.isAdmin } });
    },
  );

  app.get<{ Querystring: Query }>(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: "Users of the caller's scope (without the user-view permission: only the caller)",
        querystring: listQuerySchema({ 'filter[organization]': idListSchema, 'filter[region]': idListSchema }, includes),
        response: { 200: listDocumentSchema(userResourceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const q = request.query;
      const include = parseInclude(q.include, includes);
      const page = parsePage(q);
      const { views, total } = await listUsers(
        app.db,
        scope,
        { ids: parseIds(q['filter[id]']), organizationIds: parseIds(q['filter[organization]']), regionIds: parseIds(q['filter[region]']) },
        page,
      );
      return listDocument(views.map(userResource), { total, page, url: requestUrl(request), included: await includedFor(scope, views, include) });
    },
  );

  app.get<{ Params: { id: string }; Querystring: { include?: string } }>(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: 'One user',
        params: idParamsSchema,
        querystring: { type: 'object', properties: { include: { type: 'string' } } },
        response: { 200: singleDocumentSchema(userResourceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const include = parseInclude(request.query.include, includes);
      const view = await findUserView(app.db, scope, Number(request.params.id));
      if (!view) throw notFound('User');
      return singleDocument(userResource(view), { included: await includedFor(scope, [view], include) });
    },
  );
};

export default routes;
