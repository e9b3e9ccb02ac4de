import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { notFound } from '../../jsonapi/errors';
import { parseIds, parseInclude, parsePage } from '../../jsonapi/query';
import { listDocument, requestUrl, singleDocument } from '../../jsonapi/serializer';
import { scopeOf } from '../../plugins/authorization';
import { addLocationComment, locationCommentResource } from './comments';
import { findLocation, listLocations } from './repository';
import { createLocationCommentSchema, getLocationSchema, listLocationsSchema } from './schemas';
import { locationResource } from './serialize';
import { storedReferenceOf } from '../../storage/signed-urls';
import manageRoutes from './manage-routes';

const routes: FastifyPluginAsyncTypebox<{ publicUrl: string }> = async (app, options) => {
  // Manage Locations (issue 12): adding, editing, deleting and ordering locations.
  await app.register(manageRoutes, options);

  app.get(
    '/locations',
    { schema: listLocationsSchema },
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
        rows.map((l) => locationResource(l, options.publicUrl, app.urlSigner)),
        { total, page, url: requestUrl(request) },
      );
    },
  );

  app.get(
    '/locations/:id',
    { schema: getLocationSchema },
    async (request) => {
      const location = await findLocation(app.db, scopeOf(request), Number(request.params.id));
      if (!location) throw notFound('Location');
      return singleDocument(locationResource(location, options.publicUrl, app.urlSigner));
    },
  );

  app.post(
    '/location-comments',
    { schema: createLocationCommentSchema },
    async (request, reply) => {
      const { attributes = {}, relationships } = request.body.data;
      const comment = await addLocationComment(app.db, scopeOf(request), request.caller!.user.username, {
        locationId: Number(relationships.location.data.id),
        body: attributes.body,
        // A photo sent back as the signed URL it was shown under is kept as its stored reference.
        photoUrl: attributes.photoUrl ? storedReferenceOf(app.urlSigner, attributes.photoUrl.trim()) : attributes.photoUrl,
      });
      reply.code(201);
      return singleDocument(locationCommentResource(comment, app.urlSigner));
    },
  );
};

export default routes;
