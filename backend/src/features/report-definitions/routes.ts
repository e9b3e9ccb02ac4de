import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { parseIds, parsePage } from '../../jsonapi/query';
import { listDocument, requestUrl, resource, toOne, toOneOrNull } from '../../jsonapi/serializer';
import { scopeOf } from '../../plugins/authorization';
import { listReportBookletTemplates, listReportDefinitions, type ReportListFilters } from './repository';
import { listReportBookletTemplatesSchema, listReportDefinitionsSchema, type ReportBookletTemplateResource, type ReportDefinitionResource } from './schemas';

type Query = { 'filter[id]'?: string; 'filter[organization]'?: string; 'filter[active]'?: 'true' | 'false' };

const filtersOf = (q: Query): ReportListFilters => ({
  ids: parseIds(q['filter[id]']),
  organizationIds: parseIds(q['filter[organization]']),
  active: q['filter[active]'] === undefined ? undefined : q['filter[active]'] === 'true',
});

type ScopeNames = { organizationName: string; regionName: string | null; buildingName: string | null };
type Attached = { organizationId: number; regionId: number | null; buildingId: number | null; isActive: boolean };

const scopeAttributes = (row: Attached, names: ScopeNames) => ({
  organizationId: row.organizationId,
  organizationName: names.organizationName,
  regionId: row.regionId,
  regionName: names.regionName,
  buildingId: row.buildingId,
  buildingName: names.buildingName,
  isActive: row.isActive,
});

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/report-definitions', { schema: listReportDefinitionsSchema }, async (request) => {
    const page = parsePage(request.query);
    const { rows, total } = await listReportDefinitions(app.db, scopeOf(request), filtersOf(request.query), page);
    const data = rows.map(({ definition: d, ...names }): Static<typeof ReportDefinitionResource> =>
      resource(
        'report-definitions',
        d.id,
        { name: d.name, cycleId: d.cycleId, cycleName: names.cycleName, generateReport: d.generateReport, ...scopeAttributes(d, names) },
        {
          organization: toOne('organizations', d.organizationId),
          region: toOneOrNull('regions', d.regionId),
          building: toOneOrNull('buildings', d.buildingId),
          cycle: toOne('cycles', d.cycleId),
        },
      ),
    );
    return listDocument(data, { total, page, url: requestUrl(request) });
  });

  app.get('/report-booklet-templates', { schema: listReportBookletTemplatesSchema }, async (request) => {
    const page = parsePage(request.query);
    const { rows, total } = await listReportBookletTemplates(app.db, scopeOf(request), filtersOf(request.query), page);
    const data = rows.map(({ template: t, ...names }): Static<typeof ReportBookletTemplateResource> =>
      resource(
        'report-booklet-templates',
        t.id,
        { name: t.name, reportDefinitionIds: t.reportDefinitionIds, primaryReportDefinitionId: t.primaryReportDefinitionId, ...scopeAttributes(t, names) },
        { organization: toOne('organizations', t.organizationId), region: toOneOrNull('regions', t.regionId), building: toOneOrNull('buildings', t.buildingId) },
      ),
    );
    return listDocument(data, { total, page, url: requestUrl(request) });
  });
};

export default routes;
