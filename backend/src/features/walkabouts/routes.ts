import type { FastifyPluginAsync } from 'fastify';
import { inArray } from 'drizzle-orm';
import { entries } from '../../db/schema';
import { badParameter, notFound } from '../../jsonapi/errors';
import { idListSchema, idParamsSchema, listQuerySchema, parseIds, parseInclude, parsePage, type ListQuery } from '../../jsonapi/query';
import { errorResponses, listDocumentSchema, singleDocumentSchema } from '../../jsonapi/schemas';
import { listDocument, requestUrl, singleDocument } from '../../jsonapi/serializer';
import { scopeOf } from '../../plugins/authorization';
import { findBuilding } from '../buildings/repository';
import { findLocation } from '../locations/repository';
import { flagUnavailableQrCode, lockWalkabout, type QrUnavailabilityInput } from './actions';
import { listCycles } from '../cycles/repository';
import { cycleResource, cycleResourceSchema } from '../cycles/serialize';
import { createWalkaboutFor } from './create';
import { entryTrees, findWalkabout, listWalkabouts, locationEntries, walkaboutTree } from './repository';
import { saveWalkaboutData } from './save';
import { entryResourceSchema, entryTreeResources, walkaboutFloorResource, walkaboutResource, walkaboutResourceSchema } from './serialize';


type ListWalkaboutsQuery = ListQuery & { 'filter[building]'?: string; 'filter[open]'?: boolean };
type CreateBody = { data: { relationships: { building: { data: { id: string } }; cycle: { data: { id: string } } } } };

const toOneBody = {
  type: 'object',
  required: ['data'],
  properties: { data: { type: 'object', required: ['id'], properties: { type: { type: 'string' }, id: { type: 'string', pattern: '^\\d{1,9}$' } } } },
} as const;

const anyDocument = { type: 'object', additionalProperties: true } as const;

const routes: FastifyPluginAsync = async (app) => {

  app.get<{ Querystring: ListWalkaboutsQuery }>(
    '/walkabouts',
    {
      schema: {
        tags: ['walkabouts'],
        summary: "A building's walkabouts (filter[open]=true: open ones), Daily, Weekly, Monthly, Yearly, then by date",
        querystring: listQuerySchema({ 'filter[building]': idListSchema, 'filter[open]': { type: 'boolean' } }),
        response: { 200: listDocumentSchema(walkaboutResourceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const q = request.query;
      parseInclude(q.include, []);
      const page = parsePage(q);
      const now = new Date();
      const { rows, total } = await listWalkabouts(
        app.db,
        scope,
        { buildingIds: parseIds(q['filter[building]']), ids: parseIds(q['filter[id]']), open: q['filter[open]'] },
        page,
        now,
      );
      return listDocument(rows.map((w) => walkaboutResource(w, now)), { total, page, url: requestUrl(request) });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/walkabouts/:id',
    {
      schema: {
        tags: ['walkabouts'],
        summary: 'One walkabout with its floors, entries, sections and conditions in included',
        params: idParamsSchema,
        response: { 200: singleDocumentSchema(walkaboutResourceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const walkabout = await findWalkabout(app.db, scope, Number(request.params.id));
      if (!walkabout) throw notFound('Walkabout');
      const now = new Date();
      const tree = await walkaboutTree(app.db, scope, walkabout.id);
      const entriesOf = new Map<number, number[]>();
      for (const e of tree.entries) entriesOf.set(e.entry.walkaboutFloorId, [...(entriesOf.get(e.entry.walkaboutFloorId) ?? []), e.entry.id]);
      const { entries, rest } = entryTreeResources(tree, now);
      return singleDocument(walkaboutResource(walkabout, now, tree.floors.map((f) => f.id)), {
        included: [...tree.floors.map((f) => walkaboutFloorResource(f, entriesOf.get(f.id) ?? [])), ...entries, ...rest],
      });
    },
  );

  app.post<{ Body: CreateBody }>(
    '/walkabouts',
    {
      schema: {
        tags: ['walkabouts'],
        summary: 'Create the walkabout of a building and cycle (the fire watch cycle opens the active fire watch walkabout)',
        body: {
          type: 'object',
          required: ['data'],
          properties: {
            data: {
              type: 'object',
              required: ['relationships'],
              properties: {
                type: { type: 'string' },
                relationships: { type: 'object', required: ['building', 'cycle'], properties: { building: toOneBody, cycle: toOneBody } },
              },
            },
          },
        },
        response: { 200: singleDocumentSchema(walkaboutResourceSchema), 201: singleDocumentSchema(walkaboutResourceSchema), ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = scopeOf(request);
      const { building, cycle } = request.body.data.relationships;
      const now = new Date();
      const result = await createWalkaboutFor(app.db, scope, Number(building.data.id), Number(cycle.data.id), now);
      const walkabout = await findWalkabout(app.db, scope, result.id);
      if (!walkabout) throw notFound('Walkabout');
      reply.code(result.created ? 201 : 200);
      return singleDocument(walkaboutResource(walkabout, now));
    },
  );

  app.get<{ Querystring: ListQuery & { 'filter[building]': string } }>(
    '/not_repeatable_cycles',
    {
      schema: {
        tags: ['walkabouts'],
        summary: "The non-repeating cycles of the building's organization, less the Fire Watch cycle",
        querystring: { ...listQuerySchema({ 'filter[building]': { type: 'string', pattern: '^\\d{1,9}$' } }), required: ['filter[building]'] },
        response: { 200: listDocumentSchema(cycleResourceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      parseInclude(request.query.include, []);
      const buildingId = Number(request.query['filter[building]']);
      if (!(await findBuilding(app.db, scope, buildingId))) throw notFound('Building');
      const page = parsePage(request.query);
      const { rows, total } = await listCycles(
        app.db,
        scope,
        { buildingId, repeating: false, excludeFireWatch: true, ids: parseIds(request.query['filter[id]']) },
        page,
      );
      return listDocument(rows.map(cycleResource), { total, page, url: requestUrl(request) });
    },
  );

  app.patch<{ Body: Record<string, unknown>; Headers: { 'idempotency-key'?: string } }>(
    '/walkabout-data',
    {
      schema: {
        tags: ['walkabouts'],
        summary: "Record scans and results (idempotent per Idempotency-Key, the device's save id)",
        headers: { type: 'object', properties: { 'idempotency-key': { type: 'string', minLength: 1, maxLength: 200 } } },
        body: { type: 'object' },
        response: { 200: anyDocument, ...errorResponses },
      },
    },
    async (request) => {
      const key = request.headers['idempotency-key'];
      if (!key) throw badParameter('Idempotency-Key', "The Idempotency-Key header (the device's save id) is required.");
      return saveWalkaboutData(app.db, scopeOf(request), request.body, key, new Date());
    },
  );

  app.post<{ Params: { id: string } }>(
    '/walkabouts/:id/lock',
    {
      schema: {
        tags: ['walkabouts'],
        summary: 'Lock the walkabout for good (canLockWalkabout)',
        params: idParamsSchema,
        response: { 200: singleDocumentSchema(walkaboutResourceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const now = new Date();
      await lockWalkabout(app.db, scope, Number(request.params.id), now);
      const walkabout = await findWalkabout(app.db, scope, Number(request.params.id));
      if (!walkabout) throw notFound('Walkabout');
      return singleDocument(walkaboutResource(walkabout, now));
    },
  );

  app.post<{ Body: { data: { attributes: QrUnavailabilityInput } } }>(
    '/qr_unavailability_reasons',
    {
      schema: {
        tags: ['walkabouts'],
        summary: "Flag entries whose location's QR code cannot be scanned (canHandleUnavailableQRCodes)",
        body: {
          type: 'object',
          required: ['data'],
          properties: {
            data: {
              type: 'object',
              required: ['attributes'],
              properties: {
                attributes: {
                  type: 'object',
                  required: ['entry_ids'],
                  properties: {
                    entry_ids: { type: 'array', minItems: 1, maxItems: 500, items: { anyOf: [{ type: 'string', pattern: '^\\d{1,9}$' }, { type: 'integer', minimum: 1, maximum: 999_999_999 }] } },
                    kind: {},
                    comment: { type: ['string', 'null'], maxLength: 2000 },
                  },
                },
              },
            },
          },
        },
        response: { 200: anyDocument, ...errorResponses },
      },
    },
    async (request) => {
      const now = new Date();
      const ids = await flagUnavailableQrCode(app.db, scopeOf(request), request.body.data.attributes, now);
      const tree = await entryTrees(app.db, inArray(entries.id, ids));
      return { data: entryTreeResources(tree, now).entries };
    },
  );

  app.get<{ Querystring: ListQuery & { 'filter[location]': string; 'filter[active]'?: boolean } }>(
    '/entries',
    {
      schema: {
        tags: ['walkabouts'],
        summary: "A location's entries in open walkabouts (active) or in each cycle's latest locked walkabout, with sections and conditions",
        querystring: {
          ...listQuerySchema({ 'filter[location]': { type: 'string', pattern: '^\\d{1,9}$' }, 'filter[active]': { type: 'boolean', default: true } }),
          required: ['filter[location]'],
        },
        response: { 200: listDocumentSchema(entryResourceSchema), ...errorResponses },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const q = request.query;
      parseInclude(q.include, []);
      const location = await findLocation(app.db, scope, Number(q['filter[location]']));
      if (!location) throw notFound('Location');
      const now = new Date();
      const page = parsePage(q);
      const tree = await entryTrees(app.db, locationEntries(scope, location.id, q['filter[active]'] ?? true, now));
      const { entries: entryResources, rest } = entryTreeResources(tree, now);
      return listDocument(entryResources.slice(page.offset, page.offset + page.size), {
        total: entryResources.length,
        page,
        url: requestUrl(request),
        included: rest,
      });
    },
  );
};

export default routes;
