import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../jsonapi/errors';
import { parseIds, parseInclude, parsePage } from '../../jsonapi/query';
import { listDocument, singleDocument, requestUrl } from '../../jsonapi/serializer';
import { scopeOf, type Scope } from '../../plugins/authorization';
import { acceptOrganizationContract, createOrganization, updateOrganization } from './contracts';
import { findOrganization, listOrganizations } from './repository';
import {
  acceptOrganizationContractSchema,
  createOrganizationSchema,
  listOrganizationsSchema,
  updateOrganizationSchema,
} from './schemas';
import { organizationResource } from './serialize';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  async function organizationDocument(scope: Scope, id: number) {
    const organization = await findOrganization(app.db, scope, id);
    if (!organization) throw notFound('Organization');
    return organizationResource(organization, app.urlSigner);
  }

  app.get('/organizations', { schema: listOrganizationsSchema }, async (request) => {
    parseInclude(request.query.include, []);
    const page = parsePage(request.query);
    const { rows, total } = await listOrganizations(
      app.db,
      scopeOf(request),
      { ids: parseIds(request.query['filter[id]']), status: request.query['filter[status]'] },
      page,
    );
    return listDocument(
      rows.map((o) => organizationResource(o, app.urlSigner)),
      { total, page, url: requestUrl(request) },
    );
  });

  // GET /organizations/:id, with its buildings included on request, is Organization Settings' (counters.ts).

  app.post('/organizations', { schema: createOrganizationSchema }, async (request, reply) => {
    const scope = scopeOf(request);
    const id = await createOrganization(app.db, scope, request.body.data.attributes);
    reply.code(201);
    return singleDocument(await organizationDocument(scope, id));
  });

  app.put('/organizations/:id', { schema: updateOrganizationSchema }, async (request) => {
    const scope = scopeOf(request);
    const id = Number(request.params.id);
    const overriddenBuildings = await updateOrganization(app.db, scope, id, request.body.data.attributes);
    return singleDocument(await organizationDocument(scope, id), { meta: overriddenBuildings.length ? { overriddenBuildings } : undefined });
  });

  app.patch('/organizations/:id/accept-contract', { schema: acceptOrganizationContractSchema }, async (request) => {
    const scope = scopeOf(request);
    const id = Number(request.params.id);
    const { data } = request.body;
    // The spec sends it in data; JSON:API would put it in attributes: either is read (attributes first).
    const accepted =
      data.attributes?.contractAcceptedAt !== undefined
        ? { value: data.attributes.contractAcceptedAt, pointer: '/data/attributes/contractAcceptedAt' }
        : { value: data.contractAcceptedAt, pointer: '/data/contractAcceptedAt' };
    await acceptOrganizationContract(app.db, scope, id, accepted, new Date());
    return singleDocument(await organizationDocument(scope, id));
  });
};

export default routes;
