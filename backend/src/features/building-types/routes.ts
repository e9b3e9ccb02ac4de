/**
 * Types and tasks at building level (admin-organizations-buildings.md sections 2-7): pausing a type or a task at a
 * building (a suspension with a short name and reason) and setting it active again. Each answers the changed item
 * as the building-level list shows it, so that a client updates it in place.
 */
import { randomUUID } from 'node:crypto';
import { isEquipmentState } from '@fsi/shared/suspensions';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { onDemandReports, type EntityStatus } from '../../db/schema';
import { notFound } from '../../jsonapi/errors';
import type { Page } from '../../jsonapi/query';
import { listDocument, singleDocument } from '../../jsonapi/serializer';
import { scopeOf, type Scope } from '../../plugins/authorization';
import { TYPE_STATUSES } from '../applicability/repository';
import { requestReport } from '../reports/generate';
import { findOnDemandReport } from '../walkabout-reports/repository';
import { buildingTask, buildingTasks, buildingType, buildingTypes, resume, suspendTask, suspendType, viewableBuilding } from './repository';
import { getTypesReportSchema, initTypesReportSchema, resumeTaskSchema, resumeTypeSchema, suspendTaskSchema, suspendTypeSchema } from './schemas';
import { buildingTaskResource, buildingTypeResource, typesReportResource } from './serialize';
import { TYPES_REPORT_TYPE } from './types-report';

/**
 * GET /equipment?filter[building]={id}&view=building-level[&include=equipment-equipment-conditions]: the types used
 * at the building with their building statuses, and their tasks when included (the building-level screens).
 */
export async function buildingLevelList(
  db: Database,
  scope: Scope,
  buildingId: number,
  statuses: readonly string[] | undefined,
  withTasks: boolean,
  page: Page,
  url: string,
) {
  await viewableBuilding(db, scope, buildingId);
  const wanted: EntityStatus[] | undefined = statuses && TYPE_STATUSES.filter((status) => statuses.includes(status));
  const rows = await buildingTypes(db, buildingId, wanted);
  const shown = rows.slice(page.offset, page.offset + page.size);
  const tasks = withTasks ? await buildingTasks(db, buildingId, shown.map((row) => row.id)) : [];
  return listDocument(shown.map(buildingTypeResource), { total: rows.length, page, url, included: tasks.map(buildingTaskResource) });
}

const suspensionOf = (attributes: { short_name?: string | null; description?: string | null }) => ({ shortName: attributes.short_name, description: attributes.description });

const buildingIdOf = (body: unknown): number | undefined => {
  const value = body && typeof body === 'object' ? (body as { building_id?: unknown }).building_id : undefined;
  return value === undefined || value === null ? undefined : Number(value);
};

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/building_equipment_suspensions', { schema: suspendTypeSchema }, async (request, reply) => {
    const { building_id, equipment_id, attributes } = request.body;
    const type = await suspendType(app.db, scopeOf(request), Number(building_id), Number(equipment_id), suspensionOf(attributes));
    reply.code(201);
    return singleDocument(buildingTypeResource(type));
  });

  app.delete('/building_equipment_suspensions/:suspensionId', { schema: resumeTypeSchema }, async (request) => {
    const scope = scopeOf(request);
    const resumed = await resume(app.db, scope, 'equipment', Number(request.params.suspensionId), buildingIdOf(request.body));
    const type = await buildingType(app.db, resumed.buildingId, resumed.equipmentTypeId!);
    if (!type) throw notFound('Equipment type');
    return singleDocument(buildingTypeResource(type));
  });

  app.post('/building_condition_suspensions', { schema: suspendTaskSchema }, async (request, reply) => {
    const { building_id, equipment_condition_id, attributes } = request.body;
    const task = await suspendTask(app.db, scopeOf(request), Number(building_id), Number(equipment_condition_id), suspensionOf(attributes));
    reply.code(201);
    return singleDocument(buildingTaskResource(task));
  });

  app.delete('/building_condition_suspensions/:suspensionId', { schema: resumeTaskSchema }, async (request) => {
    const scope = scopeOf(request);
    const resumed = await resume(app.db, scope, 'condition', Number(request.params.suspensionId), buildingIdOf(request.body));
    const task = await buildingTask(app.db, resumed.buildingId, resumed.taskId!);
    if (!task) throw notFound('Task');
    return singleDocument(buildingTaskResource(task));
  });

  app.post('/equipments-on-locations/reports/init-creation', { schema: initTypesReportSchema }, async (request, reply) => {
    const scope = scopeOf(request);
    const body = request.body;
    const building = await viewableBuilding(app.db, scope, Number(body.building_id));
    const id = (value: string | number | null | undefined) => {
      const n = Number(value);
      return value === null || value === undefined || value === '' || !Number.isInteger(n) || n < 1 ? null : n;
    };
    const state = body.selectedState && isEquipmentState(body.selectedState) ? body.selectedState : null;
    const identificator = randomUUID();
    const [row] = await app.db
      .insert(onDemandReports)
      .values({ identificator, requesterId: scope.userId, buildingId: building.id, reportType: TYPES_REPORT_TYPE })
      .returning({ id: onDemandReports.id });
    const report = await requestReport(app, { kind: 'types', identificator, buildingId: building.id, filters: { locationId: id(body.selectedLocation), typeId: id(body.selectedType), state } });
    await app.db.update(onDemandReports).set({ generatedReportId: report.id }).where(eq(onDemandReports.id, row!.id));
    reply.code(201);
    return singleDocument(typesReportResource((await findOnDemandReport(app.db, scope, identificator))!, app.urlSigner));
  });

  app.get('/equipments-on-locations/reports/:reportIdentificator', { schema: getTypesReportSchema }, async (request) => {
    const scope = scopeOf(request);
    const found = await findOnDemandReport(app.db, scope, request.params.reportIdentificator);
    if (!found || found.reportType !== TYPES_REPORT_TYPE) throw notFound('Report');
    await viewableBuilding(app.db, scope, found.buildingId);
    return singleDocument(typesReportResource(found, app.urlSigner));
  });
};

export default routes;
