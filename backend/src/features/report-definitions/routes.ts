import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Static } from 'typebox';
import { notFound } from '../../jsonapi/errors';
import { parseIds, parsePage } from '../../jsonapi/query';
import { listDocument, requestUrl, resource, singleDocument, toOne, toOneOrNull } from '../../jsonapi/serializer';
import { scopeOf, type Scope } from '../../plugins/authorization';
import {
  createReportBookletTemplate,
  createReportDefinition,
  listReportBookletTemplates,
  listReportDefinitions,
  organizationOfRegion,
  reportEquipments,
  updateReportBookletTemplate,
  updateReportDefinition,
  visibleOrganization,
  type ReportListFilters,
} from './repository';
import {
  createReportBookletTemplateSchema,
  createReportDefinitionSchema,
  getReportBookletTemplateSchema,
  getReportDefinitionSchema,
  listReportBookletTemplatesSchema,
  listReportDefinitionsSchema,
  organizationEquipmentsSchema,
  regionEquipmentsSchema,
  updateReportBookletTemplateSchema,
  updateReportDefinitionSchema,
  type ReportBookletTemplateResource,
  type ReportDefinitionResource,
  type ReportEquipmentResource,
} from './schemas';

type Query = { 'filter[id]'?: string; 'filter[organization]'?: string; 'filter[active]'?: 'true' | 'false'; 'filter[region]'?: string; 'filter[userId]'?: string };

const filtersOf = (q: Query): ReportListFilters => ({
  ids: parseIds(q['filter[id]']),
  organizationIds: parseIds(q['filter[organization]']),
  active: q['filter[active]'] === undefined ? undefined : q['filter[active]'] === 'true',
  regionIds: q['filter[region]'] === undefined ? undefined : q['filter[region]'].trim() === 'null' ? null : parseIds(q['filter[region]']),
  userId: q['filter[userId]'] === undefined ? undefined : Number(q['filter[userId]']),
});

type ScopeNames = { organizationName: string; regionName: string | null; buildingName: string | null; buildingNames: string[] };
type Attached = { organizationId: number; regionId: number | null; buildingId: number | null; isActive: boolean; templateName: string; version: number };

const scopeAttributes = (row: Attached, names: ScopeNames) => ({
  organizationId: row.organizationId,
  organizationName: names.organizationName,
  regionId: row.regionId,
  regionName: names.regionName,
  buildingId: row.buildingId,
  buildingName: names.buildingName,
  buildingNames: names.buildingNames,
  isActive: row.isActive,
  templateName: row.templateName,
  version: row.version,
});

type DefinitionRow = Awaited<ReturnType<typeof listReportDefinitions>>['rows'][number];
type BookletRow = Awaited<ReturnType<typeof listReportBookletTemplates>>['rows'][number];

const definitionResource = ({ definition: d, ...names }: DefinitionRow): Static<typeof ReportDefinitionResource> =>
  resource(
    'report-definitions',
    d.id,
    {
      name: d.name,
      cycleId: d.cycleId,
      cycleName: names.cycleName,
      cycleFrequency: names.cycleFrequency,
      generateReport: d.generateReport,
      previousWalkaboutsCount: d.previousWalkaboutsCount,
      sections: d.sections.map((s) => ({
        equipmentId: s.equipmentId ?? null,
        detail: s.detail,
        title: s.title ?? '',
        includeMetadata: s.includeMetadata ?? null,
        pageBreakAfter: s.pageBreakAfter ?? true,
        applicableEquipmentConditionIds: s.applicableEquipmentConditionIds ?? null,
        applicableEquipmentIds: s.applicableEquipmentIds ?? [],
        applicableGroupNames: s.applicableGroupNames ?? [],
      })),
      ...scopeAttributes(d, names),
    },
    {
      organization: toOne('organizations', d.organizationId),
      region: toOneOrNull('regions', d.regionId),
      building: toOneOrNull('buildings', d.buildingId),
      cycle: toOne('cycles', d.cycleId),
    },
  );

const bookletResource = ({ template: t, ...names }: BookletRow): Static<typeof ReportBookletTemplateResource> =>
  resource(
    'report-booklet-templates',
    t.id,
    { name: t.name, displayType: t.displayType, reportDefinitionIds: t.reportDefinitionIds, primaryReportDefinitionId: t.primaryReportDefinitionId, ...scopeAttributes(t, names) },
    { organization: toOne('organizations', t.organizationId), region: toOneOrNull('regions', t.regionId), building: toOneOrNull('buildings', t.buildingId) },
  );

const ONE = { number: 1, size: 1, offset: 0 };

const routes: FastifyPluginAsyncTypebox = async (app) => {
  async function definition(scope: Scope, id: number) {
    const [row] = (await listReportDefinitions(app.db, scope, { ids: [id] }, ONE)).rows;
    if (!row) throw notFound('Report definition');
    return singleDocument(definitionResource(row));
  }
  async function booklet(scope: Scope, id: number) {
    const [row] = (await listReportBookletTemplates(app.db, scope, { ids: [id] }, ONE)).rows;
    if (!row) throw notFound('Report booklet template');
    return singleDocument(bookletResource(row));
  }

  app.get('/report-definitions', { schema: listReportDefinitionsSchema }, async (request) => {
    const page = parsePage(request.query);
    const { rows, total } = await listReportDefinitions(app.db, scopeOf(request), filtersOf(request.query), page);
    return listDocument(rows.map(definitionResource), { total, page, url: requestUrl(request) });
  });

  app.get('/report-definitions/:id', { schema: getReportDefinitionSchema }, async (request) => definition(scopeOf(request), Number(request.params.id)));

  app.post('/report-definitions', { schema: createReportDefinitionSchema }, async (request, reply) => {
    const scope = scopeOf(request);
    const { attributes, relationships } = request.body.data;
    const id = await createReportDefinition(app.db, scope, attributes, relationships);
    reply.code(201);
    return definition(scope, id);
  });

  app.patch('/report-definitions/:id', { schema: updateReportDefinitionSchema }, async (request) => {
    const scope = scopeOf(request);
    const { attributes, relationships } = request.body.data;
    const id = await updateReportDefinition(app.db, scope, Number(request.params.id), attributes, relationships);
    return definition(scope, id);
  });

  app.get('/report-booklet-templates', { schema: listReportBookletTemplatesSchema }, async (request) => {
    const page = parsePage(request.query);
    const { rows, total } = await listReportBookletTemplates(app.db, scopeOf(request), filtersOf(request.query), page);
    return listDocument(rows.map(bookletResource), { total, page, url: requestUrl(request) });
  });

  app.get('/report-booklet-templates/:id', { schema: getReportBookletTemplateSchema }, async (request) => booklet(scopeOf(request), Number(request.params.id)));

  app.post('/report-booklet-templates', { schema: createReportBookletTemplateSchema }, async (request, reply) => {
    const scope = scopeOf(request);
    const { attributes, relationships } = request.body.data;
    const id = await createReportBookletTemplate(app.db, scope, attributes, relationships);
    reply.code(201);
    return booklet(scope, id);
  });

  app.patch('/report-booklet-templates/:id', { schema: updateReportBookletTemplateSchema }, async (request) => {
    const scope = scopeOf(request);
    const { attributes, relationships } = request.body.data;
    const id = await updateReportBookletTemplate(app.db, scope, Number(request.params.id), attributes, relationships);
    return booklet(scope, id);
  });

  const equipmentResource = (e: Awaited<ReturnType<typeof reportEquipments>>['rows'][number]): Static<typeof ReportEquipmentResource> =>
    resource('equipments', e.id, { name: e.name, order: e.order, conditions: e.conditions, allLocationsGroupNames: e.allLocationsGroupNames });

  app.get('/cycles/:cycleId/organizations/:organizationId/reports/equipments', { schema: organizationEquipmentsSchema }, async (request) => {
    const scope = scopeOf(request);
    const page = parsePage(request.query);
    const organizationId = await visibleOrganization(app.db, scope, Number(request.params.organizationId));
    const { rows, total } = await reportEquipments(app.db, organizationId, Number(request.params.cycleId), page);
    return listDocument(rows.map(equipmentResource), { total, page, url: requestUrl(request) });
  });

  app.get('/cycles/:cycleId/regions/:regionId/reports/equipments', { schema: regionEquipmentsSchema }, async (request) => {
    const scope = scopeOf(request);
    const page = parsePage(request.query);
    const organizationId = await organizationOfRegion(app.db, scope, Number(request.params.regionId));
    const { rows, total } = await reportEquipments(app.db, organizationId, Number(request.params.cycleId), page);
    return listDocument(rows.map(equipmentResource), { total, page, url: requestUrl(request) });
  });
};

export default routes;
