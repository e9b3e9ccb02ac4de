/** Organization usage (admin-organizations-buildings.md section 2 "Organization usage"; section 6: administrators only). */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { floorDisplayName } from '@fsi/shared';
import { eq } from 'drizzle-orm';
import type { Static } from 'typebox';
import { organizations } from '../../db/schema';
import { notFound } from '../../jsonapi/errors';
import { parsePage } from '../../jsonapi/query';
import { listDocument, requestUrl, resource } from '../../jsonapi/serializer';
import { requireAdmin, scopeOf } from '../../plugins/authorization';
import { signedUrlOf } from '../../storage/signed-urls';
import { organizationUsage } from './repository';
import { BuildingUsageResource, organizationUsageSchema } from './schemas';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/organizations/:id/usage', { schema: organizationUsageSchema }, async (request) => {
    requireAdmin(scopeOf(request));
    const id = Number(request.params.id);
    const [organization] = await app.db.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, id));
    if (!organization) throw notFound('Organization');
    const page = parsePage({ 'page[number]': request.query['page[number]'], 'page[size]': request.query['page[size]'] ?? 100 });
    const { rows, total } = await organizationUsage(app.db, id, page);
    const data = rows.map((row) =>
      resource<Static<typeof BuildingUsageResource>>('building-usage', row.id, {
        building_name: row.name,
        floorDisplayName: floorDisplayName(row.floorDisplayName),
        floorsCount: row.floorsCount,
        usersCount: row.usersCount,
        usersWithNotificationsCount: row.usersWithNotificationsCount,
        locationsCount: row.locationsCount,
        unsatisfactoryPhotosCount: row.unsatisfactoryPhotosCount,
        documentsCount: row.documentsCount,
        fireSafetyPlanUrl: row.fireSafetyPlanKey ? signedUrlOf(app.urlSigner, `/files/${row.fireSafetyPlanKey}`, row.fireSafetyPlanName ?? 'Fire Safety Plan') : null,
      }),
    );
    return listDocument(data, { total, page, url: requestUrl(request) });
  });
};

export default routes;
