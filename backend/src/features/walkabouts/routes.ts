import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifySchemaCompiler } from 'fastify';
import type { Static } from 'typebox';
import { inArray } from 'drizzle-orm';
import { entries } from '../../db/schema';
import { LARGE_ARRAYS, largeArraysSerializer } from '../../http/compiler-cache';
import { withSerializedData } from '../../jsonapi/serialized';
import { badParameter, notFound } from '../../jsonapi/errors';
import { parseIds, parseInclude, parsePage } from '../../jsonapi/query';
import { listDocument, requestUrl, singleDocument } from '../../jsonapi/serializer';
import { parseFields, sparseDocumentSerializers } from '../../jsonapi/sparse';
import { scopeOf } from '../../plugins/authorization';
import { findBuilding } from '../buildings/repository';
import { listCycles } from '../cycles/repository';
import { cycleResource } from '../cycles/serialize';
import { findLocation } from '../locations/repository';
import { flagUnavailableQrCode, lockWalkabout } from './actions';
import { requestWalkaboutReportsQuietly } from '../reports/generate';
import { createWalkaboutFor } from './create';
import { entryTrees, findWalkabout, listWalkabouts, locationEntries, walkaboutTree } from './repository';
import { saveWalkaboutData } from './save';
import { conditionNotificationsQueue } from '../notifications/conditions';
import {
  ConditionResource,
  createWalkaboutSchema,
  EntryResource,
  entriesSchema,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  getWalkaboutSchema,
  listWalkaboutsSchema,
  lockWalkaboutSchema,
  notRepeatableCyclesSchema,
  qrUnavailabilitySchema,
  saveWalkaboutDataSchema,
  SaveDocument,
  SparseSaveDocument,
} from './schemas';
import { entryTreeResources, walkaboutFloorResource, walkaboutResource } from './serialize';

/**
 * PATCH /walkabout-data's body and header are described by its schema but checked by the handler:
 * the body by the shared rule (its 422 pointers and words are what the device shows), the header
 * below. Every other route is validated by its schema.
 */
const checkedByHandler: FastifySchemaCompiler<unknown> = () => (value) => ({ value });

/** A `fields[TYPE]` parameter of PATCH /walkabout-data, checked here as its schema is not (checkedByHandler): once, a list of names. */
function saveFields(query: unknown, parameter: string, resource: Parameters<typeof parseFields>[2]): string[] | null {
  const value = (query as Record<string, unknown>)[parameter];
  if (value !== undefined && typeof value !== 'string') throw badParameter(parameter, `${parameter} must be given once, as a comma-separated list of fields.`);
  return parseFields(value, parameter, resource);
}

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/walkabouts',
    { schema: listWalkaboutsSchema },
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

  // A tree of thousands of conditions, and the answer to a save of as many: their arrays go to JSON.stringify.
  const largeArrays = largeArraysSerializer(app.getSchemas());
  // A save's answer with `fields[entries]` or `fields[conditions]` (jsonapi/sparse.ts), its arrays written as largeArrays writes them.
  const sparseSave = sparseDocumentSerializers(app.getSchemas(), SparseSaveDocument, LARGE_ARRAYS);

  app.get(
    '/walkabouts/:id',
    { schema: getWalkaboutSchema, serializerCompiler: largeArrays },
    async (request) => {
      const scope = scopeOf(request);
      const walkabout = await findWalkabout(app.db, scope, Number(request.params.id));
      if (!walkabout) throw notFound('Walkabout');
      const now = new Date();
      const tree = await walkaboutTree(app.db, scope, walkabout.id);
      const entriesOf = new Map<number, number[]>();
      for (const e of tree.entries) entriesOf.set(e.entry.walkaboutFloorId, [...(entriesOf.get(e.entry.walkaboutFloorId) ?? []), e.entry.id]);
      const { entries, rest } = entryTreeResources(tree, now, app.urlSigner);
      return singleDocument(walkaboutResource(walkabout, now, tree.floors.map((f) => f.id)), {
        included: [...tree.floors.map((f) => walkaboutFloorResource(f, entriesOf.get(f.id) ?? [])), ...entries, ...rest],
      });
    },
  );

  app.post(
    '/walkabouts',
    { schema: createWalkaboutSchema },
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

  app.get(
    '/not_repeatable_cycles',
    { schema: notRepeatableCyclesSchema },
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

  app.patch(
    '/walkabout-data',
    { schema: saveWalkaboutDataSchema, validatorCompiler: checkedByHandler, serializerCompiler: largeArrays },
    async (request, reply) => {
      // Unchecked by the schema (see checkedByHandler): a missing or overlong key is a 400 naming the header.
      const key: unknown = request.headers['idempotency-key'];
      if (typeof key !== 'string' || !key) {
        throw badParameter('Idempotency-Key', "The Idempotency-Key header (the device's save id) is required.");
      }
      if (key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
        throw badParameter('Idempotency-Key', `The Idempotency-Key header must be at most ${IDEMPOTENCY_KEY_MAX_LENGTH} characters.`);
      }
      const fields = {
        entries: saveFields(request.query, 'fields[entries]', EntryResource),
        conditions: saveFields(request.query, 'fields[conditions]', ConditionResource),
      };
      const body: unknown = request.body;
      // Unsatisfactory results and notes e-mail their subscribers from a job (features/notifications), not in this request:
      // queued in the save's transaction (there if and only if the save is), it starts once this answer is sent.
      const notify = await conditionNotificationsQueue(app, reply.raw);
      const saved = await saveWalkaboutData(app.db, scopeOf(request), body, key, new Date(), app.urlSigner, { fields, notify });
      // generateReport: the walkabout's interim reports (issue 10 point 1), once the save is recorded.
      const asked = body as { generateReport?: unknown; walkaboutToUpdateId?: unknown } | null;
      const walkaboutId = Number(asked?.walkaboutToUpdateId);
      if (asked?.generateReport === true && Number.isSafeInteger(walkaboutId)) await requestWalkaboutReportsQuietly(app, [walkaboutId], { audit: false });
      // With fields[…] its entries and conditions hold only the fields asked for, and a whole answer's written conditions
      // are their JSON already (save.ts writtenResources): sparseSave's schema writes the first (whole, or with the fields
      // asked for), and the second are put in place as they are (jsonapi/serialized.ts), not by the route's own schema
      // (whole resources, its type here).
      reply.serializer(withSerializedData(sparseSave(fields)));
      return saved as unknown as Static<typeof SaveDocument>;
    },
  );

  app.post(
    '/walkabouts/:id/lock',
    { schema: lockWalkaboutSchema },
    async (request) => {
      const scope = scopeOf(request);
      const now = new Date();
      await lockWalkabout(app.db, scope, Number(request.params.id), now);
      // The lock produces the completed reports and the audit report (DESIGN.md section 4, Lock and close).
      await requestWalkaboutReportsQuietly(app, [Number(request.params.id)], { audit: true });
      const walkabout = await findWalkabout(app.db, scope, Number(request.params.id));
      if (!walkabout) throw notFound('Walkabout');
      return singleDocument(walkaboutResource(walkabout, now));
    },
  );

  app.post(
    '/qr_unavailability_reasons',
    { schema: qrUnavailabilitySchema },
    async (request) => {
      const now = new Date();
      const ids = await flagUnavailableQrCode(app.db, scopeOf(request), request.body.data.attributes, now);
      const tree = await entryTrees(app.db, inArray(entries.id, ids));
      return { data: entryTreeResources(tree, now, app.urlSigner).entries };
    },
  );

  app.get(
    '/entries',
    { schema: entriesSchema },
    async (request) => {
      const scope = scopeOf(request);
      const q = request.query;
      parseInclude(q.include, []);
      const location = await findLocation(app.db, scope, Number(q['filter[location]']));
      if (!location) throw notFound('Location');
      const now = new Date();
      const page = parsePage(q);
      const tree = await entryTrees(app.db, locationEntries(scope, location.id, q['filter[active]'] ?? true, now));
      const { entries: entryResources, rest } = entryTreeResources(tree, now, app.urlSigner);
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
