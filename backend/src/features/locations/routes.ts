import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../jsonapi/errors';
import { idListSchema, idParamsSchema, listQuerySchema, parseIds, parseInclude, parsePage, type ListQuery } from '../../jsonapi/query';
import { errorResponses, listDocumentSchema, singleDocumentSchema } from '../../jsonapi/schemas';
import { listDocument, requestUrl, singleDocument } from '../../jsonapi/serializer';
import { scopeOf } from '../../plugins/authorization';
import { findLocation, listLocations } from './repository';
import { locationResource, locationResourceSchema } from './serialize';

type Query = ListQuery & { 'filter[building]'?: string; 'filter[uuid]'?: string; 'filter[search]'?: string };

const routes: FastifyPluginAsync<{ publicUrl: string }> = async (app, options) => {
  app.get<{ Querystring: Query }>(
    '/locations',
    {
      schema: {
        tags: ['locations'],
        summary: "Locations of the caller's buildings: by building, by QR uuid (regular or temporary), or searched",
        querystring: listQuerySchema({
          'filter[building]': idListSchema,
          'filter[uuid]': { type: 'string', maxLength: 100 },
          'filter[search]': { type: 'string', maxLength: 200, description: "'a-b': a range of ids; '1,2': alias ids; else a part of the name" },
        }),
        response: { 200: listDocumentSchema(locationResourceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const q = request.query;
      parseInclude(q.include, []);
      const page = parsePage(q);
      const { rows, total } = await listLocations(
        app.db,
        scope,
        { buildingIds: parseIds(q['filter[building]']), ids: parseIds(q['filter[id]']), uuid: q['filter[uuid]'], search: q['filter[search]'] },
        page,
      );
      return listDocument(
        rows.map((l) => locationResource(l, options.publicUrl)),
        { total, page, url: requestUrl(request) },
      );
    },
  );

  app.get<{ Params: { id: string } }>(
    '/locations/:id',
    {
      schema: {
        tags: ['locations'],
        summary: 'One location',
        params: idParamsSchema,
        response: { 200: singleDocumentSchema(locationResourceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const location = await findLocation(app.db, scopeOf(request), Number(request.params.id));
      if (!location) throw notFound('Location');
      return singleDocument(locationResource(location, options.publicUrl));
    },
  );
};

export default routes;
