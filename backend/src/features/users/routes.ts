import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound, unauthorized } from '../../jsonapi/errors';
import { parseIds, parseInclude, parsePage } from '../../jsonapi/query';
import { listDocument, singleDocument, singleDocumentWithMeta, requestUrl } from '../../jsonapi/serializer';
import { scopeOf, type Scope } from '../../plugins/authorization';
import { organizationsByIds } from '../organizations/repository';
import { organizationResource } from '../organizations/serialize';
import { regionsByIds } from '../regions/repository';
import { regionResource } from '../regions/serialize';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { findUserView, listUsers, userViews } from './repository';
import { createUserSchema, getUserSchema, listUsersSchema, meSchema, updateUserSchema, userIncludes } from './schemas';
import { actorOf, createUser, updateUser } from './write';
import { userResource, type UserView } from './serialize';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  async function includedFor(scope: Scope, views: UserView[], include: Set<(typeof userIncludes)[number]>) {
    if (!include.size) return undefined;
    const included: (ReturnType<typeof organizationResource> | ReturnType<typeof regionResource>)[] = [];
    if (include.has('organization')) {
      const ids = views.flatMap((v) => (v.user.organizationId === null ? [] : [v.user.organizationId]));
      included.push(...(await organizationsByIds(app.db, scope, ids)).map((o) => organizationResource(o, app.urlSigner)));
    }
    if (include.has('region')) {
      const ids = views.flatMap((v) => (v.user.regionId === null ? [] : [v.user.regionId]));
      included.push(...(await regionsByIds(app.db, scope, ids)).map(regionResource));
    }
    return included;
  }

  app.get('/users/me', { schema: meSchema }, async (request) => {
    if (!request.caller) throw unauthorized();
    // The authentication query brought the caller's roles and building permissions: no other query.
    const { user } = request.caller;
    const scope = scopeOf(request);
    const include = parseInclude(request.query.include, userIncludes);
    const view: UserView = { user, permissions: scope.permissions, roleIds: scope.roleIds, buildingIds: request.caller.grants.buildingIds };
    return singleDocumentWithMeta(userResource(view), { isAdmin: user.isAdmin }, await includedFor(scope, [view], include));
  });

  app.get('/users', { schema: listUsersSchema }, async (request) => {
    const scope = scopeOf(request);
    const q = request.query;
    const include = parseInclude(q.include, userIncludes);
    const page = parsePage(q);
    const { views, total } = await listUsers(
      app.db,
      scope,
      { ids: parseIds(q['filter[id]']), organizationIds: parseIds(q['filter[organization]']), regionIds: parseIds(q['filter[region]']) },
      page,
    );
    return listDocument(views.map(userResource), { total, page, url: requestUrl(request), included: await includedFor(scope, views, include) });
  });

  app.get('/users/:id', { schema: getUserSchema }, async (request) => {
    const scope = scopeOf(request);
    const include = parseInclude(request.query.include, userIncludes);
    const view = await findUserView(app.db, scope, Number(request.params.id));
    if (!view) throw notFound('User');
    return singleDocument(userResource(view), { included: await includedFor(scope, [view], include) });
  });

  app.post('/users', { schema: createUserSchema }, async (request, reply) => {
    const scope = scopeOf(request);
    const id = await createUser(app.db, scope, actorOf(scope, request.caller!.user.regionId), request.body.data);
    // The creator may see the new user without the user-view permission: answer it as stored.
    const [row] = await app.db.select().from(users).where(eq(users.id, id));
    reply.code(201);
    return singleDocument(userResource((await userViews(app.db, [row!]))[0]!));
  });

  app.patch('/users/:id', { schema: updateUserSchema }, async (request) => {
    const scope = scopeOf(request);
    const id = await updateUser(app.db, scope, actorOf(scope, request.caller!.user.regionId), Number(request.params.id), request.body.data);
    const [row] = await app.db.select().from(users).where(eq(users.id, id));
    return singleDocument(userResource((await userViews(app.db, [row!]))[0]!));
  });
};

export default routes;
