import type { FastifyPluginAsync } from 'fastify';
import { notFound } from '../../jsonapi/errors';
import { idListSchema, idParamsSchema, listQuerySchema, parseIds, parseInclude, parsePage, type ListQuery } from '../../jsonapi/query';
import { errorResponses, listDocumentSchema, singleDocumentSchema, str } from '../../jsonapi/schemas';
import { listDocument, requestUrl, singleDocument } from '../../jsonapi/serializer';
import { scopeOf } from '../../plugins/authorization';
import { addLocationComment, locationCommentResource, locationCommentResourceSchema } from './comments';
import { findLocation, listLocations } from './repository';
import { locationResource, locationResourceSchema } from './serialize';

type CommentBody = {
  data: { attributes: { body?: string | null; photoUrl?: string | null }; relationships: { location: { data: { id: string } } } };
};

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

  app.post<{ Body: CommentBody }>(
    '/location-comments',
    {
      schema: {
        tags: ['locations'],
        summary: 'An off-cycle remark about a location (canCreateOffCycleRemarks)',
        body: {
          type: 'object',
          required: ['data'],
          properties: {
            data: {
              type: 'object',
              required: ['relationships'],
              properties: {
                type: str,
                attributes: {
                  type: 'object',
                  properties: { body: { type: ['string', 'null'] }, photoUrl: { type: ['string', 'null'], maxLength: 2048 } },
                },
                relationships: {
                  type: 'object',
                  required: ['location'],
                  properties: {
                    location: {
                      type: 'object',
                      required: ['data'],
                      properties: { data: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^\\d{1,9}$' } } } },
                    },
                  },
                },
              },
            },
          },
        },
        response: { 201: singleDocumentSchema(locationCommentResourceSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const { attributes = {}, relationships } = request.body.data;
      const comment = await addLocationComment(app.db, scopeOf(request), request.caller!.user.username, {
        locationId: Number(relationships.location.data.id),
        body: attributes.body,
        photoUrl: attributes.photoUrl,
      });
      reply.code(201);
      return singleDocument(locationCommentResource(comment));
    },
  );
};

export default routes;
