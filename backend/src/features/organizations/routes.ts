import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../jsonapi/errors';
import { idParamsSchema, listQuerySchema, parseIds, parseInclude, parsePage, type ListQuery } from '../../jsonapi/query';
import { errorResponses, listDocumentSchema, singleDocumentSchema } from '../../jsonapi/schemas';
import { listDocument, singleDocument, requestUrl } from '../../jsonapi/serializer';
import { scopeOf } from '../../plugins/authorization';
import { findOrganization, listOrganizations } from './repository';
import { organizationResource, organizationResourceSchema } from './serialize';

type Query = ListQuery & { 'filter[status]'?: string };

const routes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: Query }>(
    '/organizations',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Organizations the caller may see (administrators: all)',
        querystring: listQuerySchema({ 'filter[status]': { type: 'string', enum: ['active', 'disabled', 'paused'] } }),
        response: { 200: listDocumentSchema(organizationResourceSchema), ...errorResponses },
      },
    },
    async (request) => {
      parseInclude(request.query.include, []);
      const page = parsePage(request.query);
      const { rows, total } = await listOrganizations(
        app.db,
        scopeOf(request),
        { ids: parseIds(request.query['filter[id]']), status: request.query['filter[status]'] },
        page,
      );
      return listDocument(rows.map(organizationResource), { total, page, url: requestUrl(request) });
    },
  );

  app.get<{ Params: { id: string }; Querystring: { include?: string } }>(
    '/organizations/:id',
    {
      schema: {
        tags: ['organizations'],
        summary: 'One organization',
        params: idParamsSchema,
        response: { 200: singleDocumentSchema(organizationResourceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const organization = await findOrganization(app.db, scopeOf(request), Number(request.params.id));
      if (!organization) throw notFound('Organization');
      return singleDocument(organizationResource(organization));
    },
  );
};

export default routes;
