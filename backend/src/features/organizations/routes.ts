import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../jsonapi/errors';
import { parseIds, parseInclude, parsePage } from '../../jsonapi/query';
import { listDocument, singleDocument, requestUrl } from '../../jsonapi/serializer';
import { scopeOf } from '../../plugins/authorization';
import { findOrganization, listOrganizations } from './repository';
import { getOrganizationSchema, listOrganizationsSchema } from './schemas';
import { organizationResource } from './serialize';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/organizations', { schema: listOrganizationsSchema }, async (request) => {
    parseInclude(request.query.include, []);
    const page = parsePage(request.query);
    const { rows, total } = await listOrganizations(
      app.db,
      scopeOf(request),
      { ids: parseIds(request.query['filter[id]']), status: request.query['filter[status]'] },
      page,
    );
    return listDocument(rows.map(organizationResource), { total, page, url: requestUrl(request) });
  });

  app.get('/organizations/:id', { schema: getOrganizationSchema }, async (request) => {
    const organization = await findOrganization(app.db, scopeOf(request), Number(request.params.id));
    if (!organization) throw notFound('Organization');
    return singleDocument(organizationResource(organization));
  });
};

export default routes;
