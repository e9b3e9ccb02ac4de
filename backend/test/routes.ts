/**
 * One well-formed request for every route of the app, on the demo's records: the hostile-input tests start
 * from these and spoil one part at a time. `routesCovered` lets a test prove that the table names every route
 * (a new route without a sample fails there), as the tenancy test does with its cases.
 */
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { schema, type TestBackend } from '../src/testing';
import { demoIds, multipartFile } from './helpers';

export type Sample = {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** With the demo's ids in place of `:id` and `:key`. */
  url: string;
  /** A JSON body; none for routes that take none. */
  body?: unknown;
  /** Extra headers the route needs (Idempotency-Key). */
  headers?: Record<string, string>;
  /** A multipart body instead of JSON (POST /uploads). */
  multipart?: { payload: Buffer; headers: Record<string, string> };
};

/** The demo's records the samples name (Northwind, seen by `manager`). */
export type SampleIds = Awaited<ReturnType<typeof sampleIds>>;

export async function sampleIds(backend: TestBackend) {
  const demo = await demoIds(backend);
  const building = demo.building('King Street Commerce Centre');
  const walkabout = await demo.walkabout('King Street Commerce Centre', 'Weekly');
  const [entry] = await backend.db.select({ id: schema.entries.id }).from(schema.entries).where(eq(schema.entries.walkaboutId, Number(walkabout))).limit(1);
  const [location] = await backend.db.select({ id: schema.locations.id }).from(schema.locations).where(eq(schema.locations.buildingId, Number(building))).limit(1);
  const [fireWatch] = await backend.db
    .select({ id: schema.fireWatches.id })
    .from(schema.fireWatches)
    .where(and(eq(schema.fireWatches.buildingId, Number(building))))
    .limit(1);
  // Failure items to follow up: a boolean result of two entries of the Monthly walkabout made unsatisfactory (the first acknowledged, so that it
  // takes comments; the second for the repair samples), and two off-cycle remarks at the location.
  const monthly = await demo.walkabout('King Street Commerce Centre', 'Monthly');
  const failing = await backend.db
    .select({ id: schema.conditions.id, entryId: schema.conditions.entryId })
    .from(schema.conditions)
    .where(and(eq(schema.conditions.walkaboutId, Number(monthly)), eq(schema.conditions.type, 'boolean')));
  const [followUp, repair] = [...new Map(failing.map((c) => [c.entryId, c])).values()];
  for (const c of [followUp!, repair!]) {
    await backend.db.update(schema.conditions).set({ value: false, satisfaction: 'unsatisfactory', remarks: 'Sample failure' }).where(eq(schema.conditions.id, c.id));
  }
  await backend.db.insert(schema.reportFollowUps).values({ entryId: followUp!.entryId, acknowledgedAt: new Date() }).onConflictDoNothing();
  const remarks = await backend.db
    .insert(schema.locationComments)
    .values([{ locationId: location!.id, body: 'Sample remark' }, { locationId: location!.id, body: 'Sample remark to repair' }])
    .returning({ id: schema.locationComments.id });
  await backend.db.insert(schema.reportFollowUps).values({ locationCommentId: remarks[0]!.id, acknowledgedAt: new Date() });
  // A ready walkabout report of the building (its PDF in the storage), to download and e-mail.
  const reportKey = `sample-report-${building}`.padEnd(24, '0') + '.pdf';
  await backend.app.storage.put(reportKey, Buffer.from('%PDF-1.4\n% sample\n'), 'application/pdf');
  const [report] = await backend.db
    .insert(schema.generatedReports)
    .values({ kind: 'walkabout', sourceKey: `sample:${building}`, buildingId: Number(building), name: 'Sample report', status: 'ready', uploadKey: reportKey })
    .onConflictDoUpdate({ target: schema.generatedReports.sourceKey, set: { status: 'ready', uploadKey: reportKey } })
    .returning({ id: schema.generatedReports.id });
  // An unassigned QR code of the organization, to check and assign (issue 11), and the location's regular uuid.
  const qrCode = randomUUID();
  await backend.db.insert(schema.unassignedQrCodes).values({ organizationId: demo.northwind, uuid: qrCode });
  const [locationUuids] = await backend.db.select({ regular: schema.locations.regularUuid, temporary: schema.locations.temporaryUuid }).from(schema.locations).where(eq(schema.locations.id, location!.id));
  // A document of the building (issue 11): a two-page PDF uploaded by the organization, to list, edit and e-mail.
  const documentKey = `sample-document-${building}`.padEnd(24, '0') + '.pdf';
  await backend.app.storage.put(documentKey, Buffer.from('%PDF-1.4\n% sample document\n'), 'application/pdf');
  const [documentUpload] = await backend.db
    .insert(schema.uploads)
    .values({ key: documentKey, mimetype: 'application/pdf', size: 28, organizationId: demo.northwind, kind: 'document', pageCount: 2 })
    .onConflictDoUpdate({ target: schema.uploads.key, set: { pageCount: 2 } })
    .returning({ id: schema.uploads.id });
  const [document] = await backend.db
    .insert(schema.documents)
    .values({ buildingId: Number(building), name: 'Sample plan', category: 'Fire Safety Plan', uploadId: documentUpload!.id, metadata: { pageCount: 2, bookmarks: [] } })
    .returning({ id: schema.documents.id });
  // Manage Locations (issue 12): the sample location's floor and equipment, and a spare location of the building to delete.
  const [locationFloor] = await backend.db.select({ floorId: schema.locations.floorId }).from(schema.locations).where(eq(schema.locations.id, location!.id));
  const locationEquipmentIds = (
    await backend.db.select({ id: schema.locationEquipment.equipmentTypeId }).from(schema.locationEquipment).where(eq(schema.locationEquipment.locationId, location!.id))
  ).map((r) => r.id);
  const [spareLocation] = await backend.db
    .insert(schema.locations)
    .values({ buildingId: Number(building), floorId: locationFloor!.floorId, name: 'Spare location to delete', regularUuid: randomUUID(), order: 999 })
    .returning({ id: schema.locations.id });
  // Types and tasks at building level (issue 13): a type and a task of the building paused, to set active again.
  const [sampleType] = await backend.db.select({ id: schema.locationEquipment.equipmentTypeId }).from(schema.locationEquipment).where(eq(schema.locationEquipment.locationId, location!.id)).limit(1);
  const [sampleTask] = await backend.db.select({ id: schema.tasks.id }).from(schema.tasks).where(eq(schema.tasks.equipmentTypeId, sampleType!.id)).limit(1);
  const [typeSuspension, taskSuspension] = await backend.db
    .insert(schema.buildingSuspensions)
    .values([
      { buildingId: Number(building), equipmentTypeId: sampleType!.id, status: 'paused', shortName: 'SA', description: 'Sample' },
      { buildingId: Number(building), taskId: sampleTask!.id, status: 'paused', shortName: 'SA', description: 'Sample' },
    ])
    .returning({ id: schema.buildingSuspensions.id });
  const typesReport = randomUUID();
  await backend.db.insert(schema.onDemandReports).values({ identificator: typesReport, buildingId: Number(building), reportType: 'equipments_on_locations' });
  return {
    demo,
    qrCode,
    buildingLevel: { typesReport, task: String(sampleTask!.id), typeSuspension: String(typeSuspension!.id), taskSuspension: String(taskSuspension!.id) },
    locationAdmin: { floor: locationFloor!.floorId, equipment: locationEquipmentIds, spare: String(spareLocation!.id) },
    locationUuids: locationUuids!,
    organization: String(demo.northwind),
    report: String(report!.id),
    document: String(document!.id),
    documentUrl: `/files/${documentKey}`,
    followUpEntry: String(followUp!.entryId),
    repairEntry: String(repair!.entryId),
    remark: String(remarks[0]!.id),
    repairRemark: String(remarks[1]!.id),
    equipmentType: String((await backend.db.select({ id: schema.entries.equipmentTypeId }).from(schema.entries).where(eq(schema.entries.id, followUp!.entryId)))[0]!.id),
    building,
    walkabout,
    entry: String(entry!.id),
    location: String(location!.id),
    /** A fire watch of the building when the demo has one; the samples fall back to a number that matches none. */
    fireWatch: fireWatch ? String(fireWatch.id) : '999999',
    /** A floor of the building (issue 12). */
    floor: String((await backend.db.select({ id: schema.floors.id }).from(schema.floors).where(eq(schema.floors.buildingId, Number(building))).limit(1))[0]!.id),
    user: demo.user('manager'),
    /** Issue 14: a user of Northwind for the user edit samples, and a role other than Admin. */
    people: await peopleIds(backend, demo.northwind),
    cycle: demo.cycle(demo.northwind, 'Weekly'),
    typesAdmin: await typesAdminIds(backend, demo.northwind),
    /** A task of Northwind (issue 13). */
    task: String((await backend.db.select({ id: schema.tasks.id }).from(schema.tasks).where(eq(schema.tasks.organizationId, demo.northwind)).limit(1))[0]!.id),
    /** Issue 14: a region of Northwind and a cycle override of it (made here). */
    schedules: await schedulesIds(backend, demo),
    /** Issue 14: an API token of the manager (for DELETE /api-tokens/{id}). */
    apiToken: String((await backend.db.insert(schema.apiTokens).values({ userId: Number(demo.user('manager')), name: 'Sample', tokenHash: randomUUID(), expiresAt: new Date(Date.now() + 86_400_000) }).returning())[0]!.id),
    /** A report definition, a booklet template and a region of Northwind (issue 14). */
    reportAdmin: {
      definition: String((await backend.db.select({ id: schema.reportDefinitions.id }).from(schema.reportDefinitions).where(eq(schema.reportDefinitions.organizationId, demo.northwind)).limit(1))[0]!.id),
      booklet: String((await backend.db.select({ id: schema.reportBookletTemplates.id }).from(schema.reportBookletTemplates).where(eq(schema.reportBookletTemplates.organizationId, demo.northwind)).limit(1))[0]!.id),
      region: demo.region('Downtown'),
    },
  };
}

/** Issue 14: Downtown and an override of its Monthly cycle. */
async function schedulesIds(backend: TestBackend, demo: Awaited<ReturnType<typeof demoIds>>) {
  const region = demo.region('Downtown');
  const cycle = demo.cycle(demo.northwind, 'Monthly');
  await backend.db.insert(schema.cycleOverrides).values({ regionId: Number(region), cycleId: Number(cycle), sunday: false }).onConflictDoNothing();
  const [override] = await backend.db.select({ id: schema.cycleOverrides.id }).from(schema.cycleOverrides).where(and(eq(schema.cycleOverrides.regionId, Number(region)), eq(schema.cycleOverrides.cycleId, Number(cycle))));
  return { region, cycle, override: String(override!.id) };
}

/** Issue 13: a tasks group, a task and a component's tasks group of the organization (the last made here). */
async function typesAdminIds(backend: TestBackend, organizationId: number) {
  const [group] = await backend.db.select({ id: schema.taskGroups.id }).from(schema.taskGroups).where(eq(schema.taskGroups.organizationId, organizationId)).limit(1);
  const [task] = await backend.db.select({ id: schema.tasks.id }).from(schema.tasks).where(eq(schema.tasks.organizationId, organizationId)).limit(1);
  const [type] = await backend.db.select({ id: schema.equipmentTypes.id }).from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, organizationId)).limit(1);
  const [component] = await backend.db.insert(schema.equipmentComponents).values({ equipmentTypeId: type!.id, name: 'Sample component' }).returning();
  const [row] = await backend.db.insert(schema.equipmentComponentConditionGroups).values({ componentId: component!.id, taskGroupId: group!.id }).returning();
  return { group: group!.id, task: task!.id, componentGroup: row!.id };
}

/** Issue 14: a Northwind user to edit (made here, so that the samples never touch a demo sign-in) and its Viewer role. */
async function peopleIds(backend: TestBackend, organizationId: number) {
  const [manager] = await backend.db.select().from(schema.users).where(eq(schema.users.username, 'manager'));
  const [existing] = await backend.db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, 'sample.person'));
  const [person] = existing
    ? [existing]
    : await backend.db.insert(schema.users).values({ username: 'sample.person', organizationId, passwordHash: manager!.passwordHash }).returning({ id: schema.users.id });
  const [role] = await backend.db.select({ id: schema.roles.id }).from(schema.roles).where(and(eq(schema.roles.organizationId, organizationId), eq(schema.roles.name, 'Viewer')));
  return { user: String(person!.id), role: String(role!.id) };
}

const relationship = (type: string, id: string) => ({ data: { type, id } });

export async function samples(ids: SampleIds): Promise<Record<string, Sample>> {
  const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } }).png().toBuffer();
  return {
    'POST /sessions': { method: 'POST', url: '/sessions', body: { data: { type: 'sessions', attributes: { username: 'manager', password: 'demo1234' } } } },
    'DELETE /sessions/current': { method: 'DELETE', url: '/sessions/current' },
    'POST /send-forgot-password-email': { method: 'POST', url: '/send-forgot-password-email', body: { data: { type: 'users', attributes: { searchterm: 'nobody' } } } },
    'POST /users/change-password': {
      method: 'POST',
      url: '/users/change-password',
      body: { data: { type: 'users', attributes: { token: 'guess', password: 'Abcd1234!', confirmation: 'Abcd1234!' } } },
    },
    'GET /users/me': { method: 'GET', url: '/users/me' },
    'GET /users': { method: 'GET', url: `/users?filter[organization]=${ids.organization}` },
    'GET /users/:id': { method: 'GET', url: `/users/${ids.user}` },
    // Issue 14: users and roles.
    'POST /users': {
      method: 'POST',
      url: '/users',
      body: {
        data: {
          type: 'users',
          attributes: { username: 'sample.new.user', password: 'secret12', firstname: 'Sam', lastname: 'Ple', securityemail: 'sample.new@example.com', street1: '1 King St', street2: 'Suite 2', city: 'Toronto', province: 'ON', postalCode: 'M5H 1A1', email: 'sample@example.com', phone: '416-555-0100', title: 'Inspector', companyName: 'Northwind', signatureImageLink: null, cfaaTechnicianNumber: 'T-1' },
          relationships: { organization: relationship('organizations', ids.organization), roles: { data: [{ type: 'roles', id: ids.people.role }] }, region: { data: null } },
        },
      },
    },
    'PATCH /users/:id': {
      method: 'PATCH',
      url: `/users/${ids.people.user}`,
      body: {
        data: {
          type: 'users',
          attributes: { username: 'sample.person', firstname: 'Sample', lastname: 'Person', securityemail: 'sample.person@example.com', street1: '1 King St', street2: 'Suite 2', city: 'Toronto', province: 'ON', postalCode: 'M5H 1A1', email: 'person@example.com', phone: '416-555-0101', title: 'Owner', companyName: 'Northwind', cfaaTechnicianNumber: 'T-2' },
          relationships: { roles: { data: [{ type: 'roles', id: ids.people.role }] } },
        },
      },
    },
    'GET /roles': { method: 'GET', url: `/roles?filter[organization]=${ids.organization}` },
    'GET /roles/:id': { method: 'GET', url: `/roles/${ids.people.role}` },
    'POST /roles': {
      method: 'POST',
      url: '/roles',
      body: { data: { type: 'roles', attributes: { name: 'Sample Role', buildingPermissions: { view: true }, incompleteWalkaboutReminderSubscriptions: [{ cycleId: Number(ids.cycle), offsetValue: 8, offsetUnit: 'hour' }] }, relationships: { organization: relationship('organizations', ids.organization), walkaboutEquipment: { data: [] } } } },
    },
    'PATCH /roles/:id': {
      method: 'PATCH',
      url: `/roles/${ids.people.role}`,
      body: { data: { type: 'roles', attributes: { name: 'Viewer', incompleteWalkaboutReminderSubscriptions: [{ cycleId: Number(ids.cycle), offsetValue: 8, offsetUnit: 'hour' }] }, relationships: { walkaboutEquipment: { data: [] } } } },
    },
    'GET /organizations': { method: 'GET', url: '/organizations' },
    'GET /organizations/:id': { method: 'GET', url: `/organizations/${ids.organization}` },
    'GET /regions': { method: 'GET', url: '/regions' },
    'GET /cycles': { method: 'GET', url: '/cycles?all=true' },
    'GET /current-user-buildings': { method: 'GET', url: '/current-user-buildings' },
    'GET /buildings': { method: 'GET', url: '/buildings' },
    'GET /buildings/:id': { method: 'GET', url: `/buildings/${ids.building}` },
    'GET /buildings/:id/floors': { method: 'GET', url: `/buildings/${ids.building}/floors` },
    'GET /walkabouts': { method: 'GET', url: `/walkabouts?filter[building]=${ids.building}` },
    'GET /walkabouts/:id': { method: 'GET', url: `/walkabouts/${ids.walkabout}` },
    'POST /walkabouts': {
      method: 'POST',
      url: '/walkabouts',
      body: { data: { type: 'walkabouts', relationships: { building: relationship('buildings', ids.building), cycle: relationship('cycles', ids.cycle) } } },
    },
    'GET /not_repeatable_cycles': { method: 'GET', url: `/not_repeatable_cycles?filter[building]=${ids.building}` },
    'GET /locations': { method: 'GET', url: `/locations?filter[building]=${ids.building}` },
    'GET /locations/:id': { method: 'GET', url: `/locations/${ids.location}` },
    'PATCH /walkabout-data': {
      method: 'PATCH',
      url: '/walkabout-data',
      headers: { 'idempotency-key': 'sample-save' },
      body: { walkaboutToUpdateId: ids.walkabout, data: { entries: [], conditions: [] } },
    },
    'POST /walkabouts/:id/lock': { method: 'POST', url: `/walkabouts/${ids.walkabout}/lock` },
    'POST /qr_unavailability_reasons': {
      method: 'POST',
      url: '/qr_unavailability_reasons',
      body: { data: { type: 'qr_unavailability_reasons', attributes: { entry_ids: [ids.entry], kind: 'missing', comment: 'Label torn off' } } },
    },
    'GET /entries': { method: 'GET', url: `/entries?filter[location]=${ids.location}` },
    'POST /location-comments': {
      method: 'POST',
      url: '/location-comments',
      body: { data: { type: 'location-comments', attributes: { body: 'Door propped open' }, relationships: { location: relationship('locations', ids.location) } } },
    },
    'POST /fire-watches': {
      method: 'POST',
      url: '/fire-watches',
      body: { data: { type: 'fire-watch', attributes: { status: 'started', startComments: 'Alarm panel offline' }, relationships: { building: relationship('buildings', ids.building) } } },
    },
    'GET /fire-watches': { method: 'GET', url: `/fire-watches?filter[building]=${ids.building}` },
    'GET /fire-watches/:id': { method: 'GET', url: `/fire-watches/${ids.fireWatch}` },
    'PATCH /fire-watches/:id': {
      method: 'PATCH',
      url: `/fire-watches/${ids.fireWatch}`,
      body: { data: { type: 'fire-watch', attributes: { status: 'ended', endComments: 'Panel back online' } } },
    },
    'GET /reports': { method: 'GET', url: `/reports?filter[building]=${ids.building}&filter[cycle]=${ids.cycle}` },
    'GET /reports/:id': { method: 'GET', url: `/reports/${ids.building}-summary-failure` },
    'PUT /entries/:id': {
      method: 'PUT',
      url: `/entries/${ids.followUpEntry}`,
      body: { data: { type: 'entries', attributes: { acknowledgedAt: '2026-11-20T09:30', acknowledgedNotes: 'Facilities notified', photoUrl: '/files/ack.png' } } },
    },
    'PUT /location-comments/:id': {
      method: 'PUT',
      url: `/location-comments/${ids.remark}`,
      body: { data: { type: 'location-comments', attributes: { acknowledgedAt: '2026-11-20T09:30', acknowledgedNotes: 'Facilities notified', photoUrl: '/files/ack.png' } } },
    },
    'POST /comments': {
      method: 'POST',
      url: '/comments',
      body: { data: { type: 'comments', attributes: { body: 'Pallet moved' }, relationships: { entry: relationship('entries', ids.followUpEntry) } } },
    },
    'GET /equipment': { method: 'GET', url: `/equipment?filter[building]=${ids.building}` },
    'GET /repair-reports': {
      method: 'GET',
      url: `/repair-reports?building_id=${ids.building}&start_date=2026-11-01&end_date=2026-11-30&equipment_ids=[${ids.equipmentType}]`,
    },
    'GET /repair-report-downloads': {
      method: 'GET',
      url: `/repair-report-downloads?building_id=${ids.building}&start_date=2026-11-01&end_date=2026-11-30&equipment_ids=[${ids.equipmentType}]`,
    },
    'POST /uploads': { method: 'POST', url: '/uploads', multipart: multipartFile('photo.png', 'image/png', png) },
    'GET /walkabout-reports': {
      method: 'GET',
      url: `/walkabout-reports?filter[building]=${ids.building}&filter[group]=historical&filter[type]=walkabout_reports&filter[date_from]=2026-10-01&filter[date_to]=2026-10-31`,
    },
    'GET /walkabout-reports/latest/:buildingId': { method: 'GET', url: `/walkabout-reports/latest/${ids.building}` },
    'GET /walkabout-reports/latest': { method: 'GET', url: `/walkabout-reports/latest?filter[building]=${ids.building}` },
    'GET /walkabout-reports/:id/download': { method: 'GET', url: `/walkabout-reports/${ids.report}/download` },
    'GET /on-demand-reports/building-data/:buildingId': { method: 'GET', url: `/on-demand-reports/building-data/${ids.building}` },
    'GET /on-demand-reports/:id': { method: 'GET', url: '/on-demand-reports/no-such-request' },
    'GET /signed-files/:key': { method: 'GET', url: `/signed-files/${'a'.repeat(32)}.pdf?name=report.pdf&type=application%2Fpdf&expires=1&signature=x` },
    'POST /on-demand-reports/init-creation': {
      method: 'POST',
      url: '/on-demand-reports/init-creation',
      body: { data: { type: 'on-demand-reports', attributes: { building_id: ids.building, report_type: 'walkabout_reports', report_definition_id: '999999' } } },
    },
    'POST /walkabout-report-emails': {
      method: 'POST',
      url: '/walkabout-report-emails',
      body: { data: { type: 'walkabout-report-emails', attributes: { id: ids.report, recipients: ['chief@fire.example'], message: 'For the file' } } },
    },
    'GET /organizations/:id/unassigned_qr_codes': { method: 'GET', url: `/organizations/${ids.organization}/unassigned_qr_codes` },
    'POST /unassigned_qr_codes/batch': {
      method: 'POST',
      url: '/unassigned_qr_codes/batch',
      body: { data: { type: 'unassigned_qr_codes', attributes: { count: 2, organization_id: ids.organization } } },
    },
    'POST /unassigned_qr_codes/validate_url': {
      method: 'POST',
      url: '/unassigned_qr_codes/validate_url',
      body: { data: { type: 'unassigned_qr_codes', attributes: { url: `https://inspect.example.com/q/${ids.qrCode}`, building_id: ids.building } } },
    },
    'POST /unassigned_qr_codes/assign': {
      method: 'POST',
      url: '/unassigned_qr_codes/assign',
      body: {
        data: {
          type: 'unassigned_qr_codes',
          attributes: { building_id: ids.building, new_uuid: ids.qrCode, existing_uuid: ids.locationUuids.regular, existing_temporary_uuid: ids.locationUuids.temporary },
        },
      },
    },
    'GET /buildings/:id/qr_code_sheet': { method: 'GET', url: `/buildings/${ids.building}/qr_code_sheet?filter[search]=Lobby` },
    'GET /organizations/:id/unassigned_qr_codes/sheet': { method: 'GET', url: `/organizations/${ids.organization}/unassigned_qr_codes/sheet?filter[id]=1,2` },
    'GET /qr-code-images/:uuid': { method: 'GET', url: `/qr-code-images/${ids.qrCode}?name=qr.png&type=image%2Fpng&expires=1&signature=x` },
    'GET /document-categories': { method: 'GET', url: `/document-categories?filter[building]=${ids.building}` },
    'GET /documents': { method: 'GET', url: `/documents?filter[building]=${ids.building}&filter[category]=Fire%20Safety%20Plan&filter[search]=plan` },
    'GET /documents/:id': { method: 'GET', url: `/documents/${ids.document}` },
    'POST /documents': {
      method: 'POST',
      url: '/documents',
      body: {
        data: {
          type: 'documents',
          attributes: { name: 'Evacuation plan', category: 'Fire Safety Plan', url: ids.documentUrl, mimetype: 'application/pdf', metadata: { pageCount: 2, bookmarks: [{ label: 'Exits', page: 2 }] } },
          relationships: { building: relationship('buildings', ids.building) },
        },
      },
    },
    'PATCH /documents/:id': {
      method: 'PATCH',
      url: `/documents/${ids.document}`,
      body: { data: { type: 'documents', id: ids.document, attributes: { name: 'Sample plan', category: 'Fire Safety Plan', metadata: { pageCount: 2, bookmarks: [{ label: 'Exits', page: 2 }] } } } },
    },
    'POST /document-emails': {
      method: 'POST',
      url: '/document-emails',
      body: { data: { type: 'document-emails', attributes: { id: ids.document, recipients: ['chief@fire.example'], message: 'For the file' } } },
    },
    // Contracts (issue 11): accept the building's, add and edit organizations, accept the organization's.
    'PATCH /buildings/:id': {
      method: 'PATCH',
      url: `/buildings/${ids.building}`,
      body: { data: { id: ids.building, type: 'building', attributes: { contractAcceptedAt: '2026-11-20T10:00:00.000Z' } } },
    },
    // Building form (issue 12): the toggles' lists.
    'GET /report-definitions': { method: 'GET', url: '/report-definitions?filter[active]=true' },
    'GET /report-booklet-templates': { method: 'GET', url: '/report-booklet-templates?filter[active]=true' },
    'POST /organizations': { method: 'POST', url: '/organizations', body: { data: { type: 'organizations', attributes: { name: 'Sample Organization' } } } },
    'PUT /organizations/:id': { method: 'PUT', url: `/organizations/${ids.organization}`, body: { data: { type: 'organizations', attributes: { logoUrl: null } } } },
    'PATCH /organizations/:id/accept-contract': {
      method: 'PATCH',
      url: `/organizations/${ids.organization}/accept-contract`,
      body: { data: { contractAcceptedAt: '2026-11-20T10:00:00.000Z' } },
    },
    // Organization settings and the buildings list (issue 12).
    'GET /organizations/:id/associations-counters': { method: 'GET', url: `/organizations/${ids.organization}/associations-counters` },
    'GET /buildings/:id/associations-counters': { method: 'GET', url: `/buildings/${ids.building}/associations-counters` },
    // The overview dashboards (issue 13).
    'GET /organizations/:id/overview-filters': { method: 'GET', url: `/organizations/${ids.organization}/overview-filters` },
    'GET /buildings/:id/overview-filters': { method: 'GET', url: `/buildings/${ids.building}/overview-filters` },
    'GET /organizations/:id/entry-state-counters': { method: 'GET', url: `/organizations/${ids.organization}/entry-state-counters?page[size]=5` },
    'POST /organizations/:id/entry-filtered-state-counters': {
      method: 'POST',
      url: `/organizations/${ids.organization}/entry-filtered-state-counters`,
      body: { building_ids: [ids.building], walkabout_cycle_ids: [], walkabout_types: ['complete', 'incomplete'], equipment_ids: [] },
    },
    'POST /buildings': { method: 'POST', url: '/buildings', body: { data: { type: 'buildings', attributes: { name: 'Sample Building', organization_id: ids.organization } } } },
    'PUT /buildings/:id/attributes': {
      method: 'PUT',
      url: `/buildings/${ids.building}/attributes`,
      body: { data: { id: ids.building, type: 'buildings', attributes: { name: 'King Street Commerce Centre' } } },
    },
    'PUT /buildings/batch-update': { method: 'PUT', url: '/buildings/batch-update', body: { batch_update_attributes: [{ building_id: ids.building, order: 1 }] } },
    // Floors and the building walkabout applicability (issue 12).
    'POST /buildings/:id/floor': { method: 'POST', url: `/buildings/${ids.building}/floor`, body: { data: { type: 'floors', attributes: { name: 'Mezzanine', building_id: Number(ids.building), order: null } } } },
    'PUT /buildings/:id/floor': {
      method: 'PUT',
      url: `/buildings/${ids.building}/floor`,
      body: { data: { type: 'floors', attributes: { id: ids.floor, name: 'Ground Floor', order: null } } },
    },
    'PUT /floors/batch-update': { method: 'PUT', url: '/floors/batch-update', body: { batch_update_attributes: [{ floor_id: ids.floor, order: 0 }] } },
    'PUT /equipment': {
      method: 'PUT',
      url: '/equipment',
      body: { data: [{ id: ids.equipmentType, type: 'equipment', attributes: { applicableWalkaboutEquipmentConditionIds: [] }, relationships: { building: relationship('buildings', ids.building) } }] },
    },
    'PATCH /equipment': {
      method: 'PATCH',
      url: '/equipment',
      body: { data: [{ id: ids.equipmentType, type: 'equipment', attributes: { applicableWalkaboutEquipmentConditionIds: [] }, relationships: { building: relationship('buildings', ids.building) } }] },
    },
    // Create Current Walkabouts (issue 12): no body.
    'POST /buildings/:id/walkabouts': { method: 'POST', url: `/buildings/${ids.building}/walkabouts` },
    // Manage Locations (issue 12). The version of the edits and reorders is the location's current one (hostile-input reads it before each send).
    'POST /locations/batch': {
      method: 'POST',
      url: '/locations/batch',
      body: {
        building_id: Number(ids.building),
        locations_attributes: [{ name: 'Sample Location', hint: 'Sample hint', relations: [{ building_floor_id: ids.locationAdmin.floor, equipment_id: ids.locationAdmin.equipment[0] }] }],
      },
    },
    'PUT /locations/batch': {
      method: 'PUT',
      url: '/locations/batch',
      body: {
        building_id: Number(ids.building),
        uuids: { uuid: ids.locationUuids.regular, temporary_uuid: null },
        location_name: 'Main Lobby',
        location_hint: 'Sample hint',
        version: 1,
        equipments_on_locations_attributes: ids.locationAdmin.equipment.map((id) => ({ equipment_id: id })),
      },
    },
    'DELETE /locations/:id': { method: 'DELETE', url: `/locations/${ids.locationAdmin.spare}`, body: { building_id: ids.building } },
    'PUT /locations/order/batch/': {
      method: 'PUT',
      url: '/locations/order/batch/',
      body: { building_id: Number(ids.building), locations: [{ order: 0, uuid: ids.locationUuids.regular, temporary_uuid: null, version: 1 }] },
    },
    'PUT /locations/type-order/batch/': {
      method: 'PUT',
      url: '/locations/type-order/batch/',
      body: {
        building_id: Number(ids.building),
        equipments_on_locations: [{ type_order: 0, uuid: ids.locationUuids.regular, temporary_uuid: null, equipment_id: ids.locationAdmin.equipment[0], version: 1 }],
      },
    },
    'GET /buildings/:buildingId/equipment-states': { method: 'GET', url: `/buildings/${ids.building}/equipment-states` },
    'GET /buildings/:buildingId/equipment-choices': { method: 'GET', url: `/buildings/${ids.building}/equipment-choices` },
    // Issue 13: equipment types and tasks groups at organization level.
    'GET /equipments/:id': { method: 'GET', url: `/equipments/${ids.equipmentType}` },
    'POST /equipments': {
      method: 'POST',
      url: '/equipments',
      body: {
        equipment: { name: 'Sample Type', alias_name: 'ST' },
        equipment_components: [{ name: 'Sample Component', alias_name: null, order: 0, disabled: false, equipment_component_condition_groups: [{ condition_group_id: ids.typesAdmin.group, from: null, to: null, order: 0 }] }],
        organization_id: ids.organization,
      },
    },
    'PUT /equipments/:id': { method: 'PUT', url: `/equipments/${ids.equipmentType}`, body: { equipment: { status: 'active' }, organization_id: ids.organization } },
    'PUT /equipment_component_condition_groups/:id': {
      method: 'PUT',
      url: `/equipment_component_condition_groups/${ids.typesAdmin.componentGroup}`,
      body: { type: 'equipment_component_condition_groups', options: { overrides: { disableUnsatisfactoryPhoto: false, disableUnsatisfactoryRemarks: false, makePhotoAndRemarksOptional: true } } },
    },
    'GET /organizations/:id/tasks-groups': { method: 'GET', url: `/organizations/${ids.organization}/tasks-groups?include=equipment-conditions` },
    'POST /organizations/:id/tasks-groups': {
      method: 'POST',
      url: `/organizations/${ids.organization}/tasks-groups`,
      body: { attributes: { name: 'Sample Group', organization_name: 'Northwind', equipment_condtions: [{ id: ids.typesAdmin.task, order: 0 }] } },
    },
    'PUT /organizations/:id/tasks-groups/:groupId': {
      method: 'PUT',
      url: `/organizations/${ids.organization}/tasks-groups/${ids.typesAdmin.group}`,
      body: { attributes: { name: 'Sample Group', equipment_condtions: [{ id: ids.typesAdmin.task, order: 0 }] } },
    },
    // Types and tasks at building level (issue 13).
    'POST /building_equipment_suspensions': {
      method: 'POST',
      url: '/building_equipment_suspensions',
      body: { building_id: ids.building, equipment_id: ids.equipmentType, attributes: { short_name: 'HX', description: 'Sample reason' } },
    },
    'DELETE /building_equipment_suspensions/:suspensionId': { method: 'DELETE', url: `/building_equipment_suspensions/${ids.buildingLevel.typeSuspension}`, body: { building_id: ids.building } },
    'POST /building_condition_suspensions': {
      method: 'POST',
      url: '/building_condition_suspensions',
      body: { building_id: ids.building, equipment_condition_id: ids.buildingLevel.task, attributes: { short_name: 'HX', description: 'Sample reason' } },
    },
    'DELETE /building_condition_suspensions/:suspensionId': { method: 'DELETE', url: `/building_condition_suspensions/${ids.buildingLevel.taskSuspension}`, body: { building_id: ids.building } },
    'POST /equipments-on-locations/reports/init-creation': {
      method: 'POST',
      url: '/equipments-on-locations/reports/init-creation',
      body: { building_id: ids.building, selectedLocation: ids.location, selectedType: ids.equipmentType, selectedState: 'unscanned' },
    },
    'GET /equipments-on-locations/reports/:reportIdentificator': { method: 'GET', url: `/equipments-on-locations/reports/${ids.buildingLevel.typesReport}` },
    'GET /mail-outbox': { method: 'GET', url: '/mail-outbox?page[size]=5' },
    'GET /failed-jobs': { method: 'GET', url: '/failed-jobs?page[size]=5' },
    // Issue 14: API tokens.
    'POST /api-tokens': {
      method: 'POST',
      url: '/api-tokens',
      body: { data: { type: 'api-tokens', attributes: { name: 'Sample integration', expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10), permissions: ['buildingPermissions.view'] } } },
    },
    'GET /api-tokens': { method: 'GET', url: '/api-tokens?page[size]=5' },
    'DELETE /api-tokens/:id': { method: 'DELETE', url: `/api-tokens/${ids.apiToken}` },
    // Organization usage, import and export (issue 13; administrators only: the manager's samples are refused after the input checks).
    'GET /organizations/:id/usage': { method: 'GET', url: `/organizations/${ids.organization}/usage?page[size]=5` },
    'GET /data': { method: 'GET', url: `/data?type=types&organization_id=${ids.organization}` },
    'POST /data': {
      method: 'POST',
      url: '/data',
      body: {
        data: {
          type: 'references-csv',
          attributes: { file: Buffer.from('type_name,component_name,cycle_name,label,reference_name,reference_description\r\n').toString('base64'), organization_id: ids.organization },
        },
      },
    },
    'GET /data-imports/:id': { method: 'GET', url: '/data-imports/00000000-0000-4000-8000-000000000000' },
    // Tasks at organization level (issue 13). The edits carry no version, so that the sweep's sends never meet a stale one.
    'GET /equipment_conditions': { method: 'GET', url: `/equipment_conditions?filter[organization]=${ids.organization}&filter[cycle]=${ids.cycle}&filter[equipment]=${ids.equipmentType}` },
    'POST /cycles/:cycleId/equipment_conditions': {
      method: 'POST',
      url: `/cycles/${ids.cycle}/equipment_conditions`,
      body: {
        organization_id: ids.organization,
        equipment_id: ids.equipmentType,
        attributes: { label: 'Sample task', type: 'Dropdown', classification: 'Check', description: 'Sample', hint: 'Sample hint', reference_name: 'NFPA 10', reference_description: '7.2', typeValue: 'Open,Closed' },
      },
    },
    'GET /organizations/:organizationId/equipment-choices': { method: 'GET', url: `/organizations/${ids.organization}/equipment-choices` },
    'PUT /equipment_conditions/reorder': { method: 'PUT', url: '/equipment_conditions/reorder', body: { attributes: [{ id: ids.task, order: 0 }] } },
    'PUT /equipments/reorder': { method: 'PUT', url: '/equipments/reorder', body: { attributes: [{ id: ids.equipmentType, order: 0 }] } },
    'PUT /equipment_conditions/:id': {
      method: 'PUT',
      url: `/equipment_conditions/${ids.task}`,
      body: { organization_id: ids.organization, attributes: { description: 'Sample', hint: 'Sample hint', reference_name: 'NFPA 10', reference_description: '7.2', classification: 'Check' } },
    },
    // Regions, cycles and cycle overrides (issue 14).
    'GET /cycles/:id': { method: 'GET', url: `/cycles/${ids.cycle}` },
    'POST /cycles': { method: 'POST', url: '/cycles', body: { data: { type: 'cycles', attributes: { name: 'Sample Cycle', abbreviation: 'SC', frequency: 'weekly', every: 2, start: '2026-06-01' } } } },
    'PATCH /cycles/:id': { method: 'PATCH', url: `/cycles/${ids.cycle}`, body: { data: { type: 'cycles', attributes: { abbreviation: 'W', version: 1 } } } },
    'DELETE /cycles/:id': { method: 'DELETE', url: `/cycles/${ids.cycle}` },
    'GET /organizations/:organizationId/regions/:regionId': { method: 'GET', url: `/organizations/${ids.organization}/regions/${ids.schedules.region}` },
    'POST /organizations/:organizationId/regions': { method: 'POST', url: `/organizations/${ids.organization}/regions`, body: { data: { type: 'regions', attributes: { name: 'Sample Region', parentId: null } } } },
    'PATCH /regions/:id': { method: 'PATCH', url: `/regions/${ids.schedules.region}`, body: { data: { type: 'regions', attributes: { name: 'Downtown', version: 1 } } } },
    'DELETE /organizations/:organizationId/regions/:regionId': { method: 'DELETE', url: `/organizations/${ids.organization}/regions/${ids.schedules.region}` },
    'GET /cycle-overrides': { method: 'GET', url: `/cycle-overrides?filter[region]=${ids.schedules.region}&filter[ancestors]=true` },
    'GET /cycle-overrides/:id': { method: 'GET', url: `/cycle-overrides/${ids.schedules.override}` },
    'POST /cycle-overrides': {
      method: 'POST',
      url: '/cycle-overrides',
      body: {
        data: {
          type: 'cycle-overrides',
          attributes: { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false, sunday: false, blackoutDates: ['2026-12-25'] },
          relationships: { region: relationship('regions', ids.schedules.region), cycle: relationship('cycles', ids.cycle) },
        },
      },
    },
    'PATCH /cycle-overrides/:id': { method: 'PATCH', url: `/cycle-overrides/${ids.schedules.override}`, body: { data: { type: 'cycle-override', attributes: { saturday: false, blackoutDates: ['2026-12-25'], version: 1 } } } },
    'DELETE /cycle-overrides/:id': { method: 'DELETE', url: `/cycle-overrides/${ids.schedules.override}` },
    // Report definitions and booklet templates administration (issue 14).
    'GET /report-definitions/:id': { method: 'GET', url: `/report-definitions/${ids.reportAdmin.definition}` },
    'POST /report-definitions': {
      method: 'POST',
      url: '/report-definitions',
      body: {
        data: {
          type: 'report-definitions',
          attributes: { name: 'Sample Report', previousWalkaboutsCount: 0, templateName: 'default', generateReport: true, sections: [{ equipmentId: null, detail: 'group', title: 'All', includeMetadata: null, pageBreakAfter: true, applicableEquipmentConditionIds: null, applicableEquipmentIds: [], applicableGroupNames: [] }] },
          relationships: { organization: relationship('organizations', ids.organization), cycle: relationship('cycles', ids.cycle), region: { data: null } },
        },
      },
    },
    'PATCH /report-definitions/:id': {
      method: 'PATCH',
      url: `/report-definitions/${ids.reportAdmin.definition}`,
      body: { data: { type: 'report-definitions', id: ids.reportAdmin.definition, attributes: { name: 'Sample Report Edited', isActive: true }, relationships: { region: { data: null } } } },
    },
    'GET /report-booklet-templates/:id': { method: 'GET', url: `/report-booklet-templates/${ids.reportAdmin.booklet}` },
    'POST /report-booklet-templates': {
      method: 'POST',
      url: '/report-booklet-templates',
      body: {
        data: {
          type: 'report-booklet-templates',
          attributes: { name: 'Sample Booklet', templateName: 'default', displayType: 'default' },
          relationships: {
            organization: relationship('organizations', ids.organization),
            reportDefinitions: { data: [{ type: 'report-definitions', id: ids.reportAdmin.definition }] },
            primaryReportDefinition: relationship('report-definitions', ids.reportAdmin.definition),
            region: { data: null },
          },
        },
      },
    },
    'PATCH /report-booklet-templates/:id': {
      method: 'PATCH',
      url: `/report-booklet-templates/${ids.reportAdmin.booklet}`,
      body: { data: { type: 'report-booklet-templates', id: ids.reportAdmin.booklet, attributes: { name: 'Sample Booklet Edited', displayType: 'consolidated', isActive: true } } },
    },
    'GET /cycles/:cycleId/organizations/:organizationId/reports/equipments': { method: 'GET', url: `/cycles/${ids.cycle}/organizations/${ids.organization}/reports/equipments` },
    'GET /cycles/:cycleId/regions/:regionId/reports/equipments': { method: 'GET', url: `/cycles/${ids.cycle}/regions/${ids.reportAdmin.region}/reports/equipments` },
    'GET /openapi.json': { method: 'GET', url: '/openapi.json' },
  };
}

/** Fails unless `table` names exactly the routes the app has. */
export function expectEveryRoute(backend: TestBackend, table: Record<string, unknown>): void {
  const routes = backend.app.routeList.map((r) => `${r.method} ${r.url}`).sort();
  expect(Object.keys(table).sort()).toEqual(routes);
}

/** Every string leaf of a JSON value, by JSON pointer. */
export function stringPointers(value: unknown, pointer = ''): string[] {
  if (typeof value === 'string') return [pointer];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPointers(v, `${pointer}/${i}`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringPointers(v, `${pointer}/${k}`));
  return [];
}

/** A deep copy of `value` with the leaf at `pointer` replaced (created when missing). */
export function withValueAt(value: unknown, pointer: string, replacement: unknown): unknown {
  const copy = structuredClone(value ?? {}) as Record<string, unknown>;
  const keys = pointer.split('/').slice(1);
  let node: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) {
    node[key] ??= {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys.at(-1)!] = replacement;
  return copy;
}
