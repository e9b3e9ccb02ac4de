/**
 * Every answer of every route, successes and errors, is a valid JSON:API document
 * (the client of helpers.ts validates each one against the JSON:API 1.0 schema).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import sharp from 'sharp';
import { schema, signIn, type TestBackend } from '../src/testing';
import { client, databases, demoIds, expectJsonApi, list, multipartFile, one, signedIn, startTestBackend, tree, type Client } from './helpers';

type Ctx = {
  app: FastifyInstance;
  manager: Client;
  managerToken: string;
  viewer: Client;
  admin: Client;
  anonymous: Client;
  building: string;
  otherUser: string;
  organization: string;
  walkabout: string;
  location: string;
  preOccupancyCycle: string;
};
/** A ready walkabout report of the building, straight in the database, its PDF in the storage. */
async function readyReport(app: FastifyInstance, building: string): Promise<string> {
  const key = `documents-report-${building}`.padEnd(24, '0') + '.pdf';
  await app.storage.put(key, Buffer.from('%PDF-1.4\n% documents\n'), 'application/pdf');
  const [row] = await app.db
    .insert(schema.generatedReports)
    .values({ kind: 'walkabout', sourceKey: `documents:${building}`, buildingId: Number(building), name: 'Weekly report', status: 'ready', uploadKey: key })
    .onConflictDoUpdate({ target: schema.generatedReports.sourceKey, set: { status: 'ready' } })
    .returning({ id: schema.generatedReports.id });
  return String(row!.id);
}

const answers: Record<string, (ctx: Ctx) => Promise<number[]>> = {
  // Issue 14: users and roles, made, changed and refused.
  'POST /users': async ({ manager, organization }) => [
    (await manager.post('/users', { data: { type: 'users', attributes: { username: 'documents.user', password: 'secret12' }, relationships: { organization: { data: { type: 'organizations', id: organization } } } } })).status,
    (await manager.post('/users', { data: { type: 'users', attributes: { username: 'documents.user', password: 'secret12' } } })).status,
    (await manager.post('/users', { data: { attributes: { username: 7 } } })).status,
  ],
  'PATCH /users/:id': async ({ manager, viewer, otherUser }) => [
    (await manager.patch(`/users/${otherUser}`, { data: { type: 'users', attributes: { title: 'Owner Representative' } } })).status,
    (await viewer.patch(`/users/${otherUser}`, { data: { type: 'users', attributes: { version: 1, firstname: 'V' } } })).status,
    (await manager.patch(`/users/${otherUser}`, { data: { type: 'users', attributes: { version: 1 } } })).status,
    (await viewer.patch('/users/999999', { data: { type: 'users', attributes: {} } })).status,
  ],
  'GET /roles': async ({ manager, organization }) => [(await manager.get(`/roles?filter[organization]=${organization}`)).status, (await manager.get('/roles?filter[id]=x')).status],
  'GET /roles/:id': async ({ manager }) => [(await manager.get('/roles/999999')).status, (await manager.get(`/roles/${list((await manager.get('/roles')).body)[0]!.id}`)).status],
  'POST /roles': async ({ admin, manager, organization }) => [
    (await admin.post('/roles', { data: { type: 'roles', attributes: { name: 'Documents Role' }, relationships: { organization: { data: { type: 'organizations', id: organization } } } } })).status,
    (await admin.post('/roles', { data: { type: 'roles', attributes: { name: 'Documents Role' }, relationships: { organization: { data: { type: 'organizations', id: organization } } } } })).status,
    (await manager.post('/roles', { data: { type: 'roles', attributes: { name: 'Not Made' } } })).status,
  ],
  'PATCH /roles/:id': async ({ admin, manager }) => {
    const roles = list((await admin.get('/roles?page[size]=500')).body);
    const adminRole = roles.find((r) => r.attributes.name === 'Admin')!.id;
    const viewerRole = roles.find((r) => r.attributes.name === 'Viewer')!;
    return [
      (await admin.patch(`/roles/${viewerRole.id}`, { data: { type: 'roles', attributes: { name: 'Viewer' } } })).status,
      (await admin.patch(`/roles/${adminRole}`, { data: { type: 'roles', attributes: { name: 'Admins' } } })).status,
      (await manager.patch(`/roles/${viewerRole.id}`, { data: { type: 'roles', attributes: { name: 'Viewer' } } })).status,
      (await admin.patch(`/roles/${viewerRole.id}`, { data: { type: 'roles', attributes: { version: 1 } } })).status,
    ];
  },
  'POST /sessions': async ({ anonymous }) => [
    (await anonymous.post('/sessions', { data: { type: 'sessions', attributes: { username: 'viewer', password: 'demo1234' } } })).status,
    (await anonymous.post('/sessions', { data: { type: 'sessions', attributes: { username: 'viewer', password: 'x' } } })).status,
    (await anonymous.post('/sessions', { data: {} })).status,
  ],
  'DELETE /sessions/current': async ({ anonymous }) => [(await anonymous.delete('/sessions/current')).status],
  'POST /send-forgot-password-email': async ({ anonymous }) => [
    (await anonymous.post('/send-forgot-password-email', { data: { attributes: { searchterm: 'viewer' } } })).status,
    (await anonymous.post('/send-forgot-password-email', { data: { attributes: {} } })).status,
  ],
  'POST /users/change-password': async ({ anonymous }) => [
    (await anonymous.post('/users/change-password', { data: { attributes: { token: 'x', password: 'abcd', confirmation: 'abcd' } } })).status,
    (await anonymous.post('/users/change-password', { nope: true })).status,
  ],
  'GET /users/me': async ({ manager, anonymous }) => [
    (await manager.get('/users/me')).status,
    (await manager.get('/users/me?include=organization,region')).status,
    (await anonymous.get('/users/me')).status,
  ],
  'GET /users': async ({ manager }) => [
    (await manager.get('/users?include=organization,region')).status,
    (await manager.get('/users?filter[id]=abc')).status,
  ],
  'GET /users/:id': async ({ manager, otherUser }) => [
    (await manager.get(`/users/${otherUser}?include=organization`)).status,
    (await manager.get('/users/999999?include=organization')).status,
  ],
  'GET /organizations': async ({ admin }) => [
    (await admin.get('/organizations?page[size]=1')).status,
    (await admin.get('/organizations?include=buildings')).status,
  ],
  'GET /organizations/:id': async ({ manager, organization }) => [
    (await manager.get(`/organizations/${organization}`)).status,
    (await manager.get(`/organizations/${organization}?include=buildings`)).status,
    (await manager.get('/organizations/x')).status,
  ],
  'GET /regions': async ({ manager }) => [
    (await manager.get('/regions?include=organization,parent')).status,
    (await manager.get('/regions?filter[parent]=top')).status,
  ],
  'GET /cycles': async ({ manager }) => [
    (await manager.get('/cycles?all=true&include=organization')).status,
    (await manager.get('/cycles?page[number]=0')).status,
  ],
  'GET /current-user-buildings': async ({ manager, anonymous }) => [
    (await manager.get('/current-user-buildings?include=region')).status,
    (await anonymous.get('/current-user-buildings')).status,
  ],
  'GET /buildings': async ({ admin }) => [
    (await admin.get('/buildings?include=organization,region,fireWatchCycle,statusCycles&page[size]=2&page[number]=2')).status,
    (await admin.get('/buildings?page[size]=0')).status,
  ],
  'GET /buildings/:id': async ({ manager, building }) => [
    (await manager.get(`/buildings/${building}?include=organization,region,fireWatchCycle,statusCycles`)).status,
    (await manager.get('/buildings/424242')).status,
  ],
  'GET /buildings/:id/floors': async ({ manager, building }) => [
    (await manager.get(`/buildings/${building}/floors`)).status,
    (await manager.get('/buildings/424242/floors')).status,
  ],
  'GET /walkabouts': async ({ manager, building }) => [
    (await manager.get(`/walkabouts?filter[building]=${building}&filter[open]=true`)).status,
    (await manager.get('/walkabouts?filter[open]=maybe')).status,
  ],
  'GET /walkabouts/:id': async ({ manager, walkabout }) => [
    (await manager.get(`/walkabouts/${walkabout}`)).status,
    (await manager.get('/walkabouts/424242')).status,
  ],
  'POST /walkabouts': async ({ manager, building, preOccupancyCycle }) => {
    const body = (cycle: string) => ({
      data: { type: 'walkabouts', relationships: { building: { data: { type: 'buildings', id: building } }, cycle: { data: { type: 'cycles', id: cycle } } } },
    });
    return [
      (await manager.post('/walkabouts', body(preOccupancyCycle))).status,
      (await manager.post('/walkabouts', body(preOccupancyCycle))).status,
      (await manager.post('/walkabouts', { data: { relationships: {} } })).status,
    ];
  },
  'GET /not_repeatable_cycles': async ({ manager, building }) => [
    (await manager.get(`/not_repeatable_cycles?filter[building]=${building}`)).status,
    (await manager.get('/not_repeatable_cycles')).status,
  ],
  'GET /locations': async ({ manager, building }) => [
    (await manager.get(`/locations?filter[building]=${building}&filter[search]=Lobby`)).status,
    (await manager.get('/locations?include=floor')).status,
  ],
  'GET /locations/:id': async ({ manager, location }) => [
    (await manager.get(`/locations/${location}`)).status,
    (await manager.get('/locations/424242')).status,
  ],
  'PATCH /walkabout-data': async ({ manager, walkabout }) => [
    (await manager.save('documents-1', { walkaboutToUpdateId: walkabout, data: { entries: [], conditions: [] } })).status,
    (await manager.save('documents-2', { walkaboutToUpdateId: walkabout, data: { conditions: [{ id: 'x' }] } })).status,
    (await manager.patch('/walkabout-data', { walkaboutToUpdateId: walkabout })).status,
  ],
  'POST /walkabouts/:id/lock': async ({ viewer, manager, walkabout }) => [
    (await viewer.post(`/walkabouts/${walkabout}/lock`, {})).status,
    (await manager.post('/walkabouts/424242/lock', {})).status,
  ],
  'POST /qr_unavailability_reasons': async ({ manager, walkabout }) => {
    const { body } = await manager.get(`/walkabouts/${walkabout}`);
    const entry = tree(body).entries[0]!.id;
    return [
      (await manager.post('/qr_unavailability_reasons', { data: { attributes: { entry_ids: [entry], kind: 'unusable', comment: 'Label faded' } } })).status,
      (await manager.post('/qr_unavailability_reasons', { data: { attributes: { entry_ids: [entry], kind: 'access_denied' } } })).status,
    ];
  },
  'GET /entries': async ({ manager, location }) => [
    (await manager.get(`/entries?filter[location]=${location}&filter[active]=true`)).status,
    (await manager.get('/entries')).status,
  ],
  'POST /location-comments': async ({ manager, location }) => {
    const body = (attributes: object) => ({ data: { attributes, relationships: { location: { data: { type: 'locations', id: location } } } } });
    return [
      (await manager.post('/location-comments', body({ body: 'Extinguisher cabinet glass cracked' }))).status,
      (await manager.post('/location-comments', body({ body: '  ' }))).status,
    ];
  },
  'POST /fire-watches': async ({ manager, building }) => {
    const body = { data: { type: 'fire-watch', attributes: { status: 'started', startComments: 'Alarm panel offline' }, relationships: { building: { data: { type: 'buildings', id: building } } } } };
    return [(await manager.post('/fire-watches', body)).status, (await manager.post('/fire-watches', body)).status];
  },
  'PATCH /fire-watches/:id': async ({ manager, building }) => {
    const { body } = await manager.get(`/buildings/${building}`);
    const id = one(body).attributes.fireWatchId as number;
    return [
      (await manager.patch(`/fire-watches/${id}`, { data: { attributes: { status: 'ended', endComments: 'Panel restored' } } })).status,
      (await manager.patch(`/fire-watches/${id}`, { data: { attributes: { status: 'paused' } } })).status,
    ];
  },
  // After the two above: the building has the fire watch they started and stopped.
  'GET /fire-watches': async ({ manager, building }) => {
    const { status, body } = await manager.get(`/fire-watches?filter[building]=${building}&page[size]=1`);
    const id = list(body)[0]!.id;
    return [
      status,
      (await manager.get(`/fire-watches?filter[id]=${id},424242`)).status,
      (await manager.get('/fire-watches?include=building')).status,
      (await manager.get('/fire-watches?filter[building]=abc')).status,
    ];
  },
  'GET /fire-watches/:id': async ({ manager, building }) => {
    const { body } = await manager.get(`/fire-watches?filter[building]=${building}`);
    const id = list(body)[0]!.id;
    return [(await manager.get(`/fire-watches/${id}`)).status, (await manager.get('/fire-watches/424242')).status];
  },
  'POST /uploads': async ({ app, managerToken }) => {
    const upload = (name: string, type: string, bytes: Buffer) =>
      app.inject({ method: 'POST', url: '/uploads', ...withToken(multipartFile(name, type, bytes), managerToken) });
    const good = await upload('dot.png', 'image/png', await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } }).png().toBuffer());
    const bad = await upload('notes.txt', 'text/plain', Buffer.from('not an image'));
    expectJsonApi(good.json());
    expectJsonApi(bad.json());
    return [good.statusCode, bad.statusCode];
  },
  'GET /walkabout-reports': async ({ manager, building }) => [
    (await manager.get(`/walkabout-reports?filter[building]=${building}&filter[group]=completed-walkabout`)).status,
    (await manager.get(`/walkabout-reports?filter[building]=${building}&filter[group]=historical&filter[date_from]=2026-01-01&filter[date_to]=2026-03-01`)).status,
    (await manager.get('/walkabout-reports')).status,
  ],
  'GET /walkabout-reports/latest/:buildingId': async ({ manager, building }) => [
    (await manager.get(`/walkabout-reports/latest/${building}`)).status,
    (await manager.get('/walkabout-reports/latest/424242')).status,
  ],
  'GET /walkabout-reports/latest': async ({ manager, building }) => [
    (await manager.get(`/walkabout-reports/latest?filter[building]=${building},424242`)).status,
    (await manager.get('/walkabout-reports/latest?filter[building]=x')).status,
  ],
  'GET /walkabout-reports/:id/download': async ({ app, manager, building }) => [
    (await manager.get(`/walkabout-reports/${await readyReport(app, building)}/download`)).status,
    (await manager.get('/walkabout-reports/424242/download')).status,
  ],
  'GET /on-demand-reports/building-data/:buildingId': async ({ manager, building }) => [
    (await manager.get(`/on-demand-reports/building-data/${building}`)).status,
    (await manager.get('/on-demand-reports/building-data/424242')).status,
  ],
  'GET /on-demand-reports/:id': async ({ app, manager, building }) => {
    await app.db.insert(schema.onDemandReports).values({ identificator: 'documents-request', buildingId: Number(building), reportType: 'walkabout_reports' }).onConflictDoNothing();
    return [(await manager.get('/on-demand-reports/documents-request')).status, (await manager.get('/on-demand-reports/no-such-request')).status];
  },
  'POST /on-demand-reports/init-creation': async ({ app, manager, building }) => {
    const [weekly] = await app.db.select().from(schema.reportDefinitions).where(eq(schema.reportDefinitions.name, 'Weekly Fire Safety Inspection'));
    const init = (attributes: Record<string, unknown>) =>
      manager.post('/on-demand-reports/init-creation', { data: { type: 'on-demand-reports', attributes: { building_id: building, report_type: 'walkabout_reports', ...attributes } } });
    return [(await init({ report_definition_id: weekly!.id, cycle_id: weekly!.cycleId })).status, (await init({})).status];
  },
  'POST /walkabout-report-emails': async ({ app, manager, building }) => {
    const send = async (recipients: string[]) =>
      (await manager.post('/walkabout-report-emails', { data: { attributes: { id: await readyReport(app, building), recipients, message: 'For the file' } } })).status;
    return [await send(['chief@fire.example']), await send(['not an address'])];
  },
  // Documents (issue 11): the manager's building (contract accepted), the viewer without building management.
  'GET /document-categories': async ({ manager, building }) => [
    (await manager.get(`/document-categories?filter[building]=${building}`)).status,
    (await manager.get('/document-categories?filter[building]=abc')).status,
  ],
  'GET /documents': async ({ manager, building }) => [
    (await manager.get(`/documents?filter[building]=${building}&filter[search]=plan`)).status,
    (await manager.get(`/documents?filter[building]=${building}&filter[category]=Blueprints`)).status,
    (await manager.get('/documents?filter[building]=999999')).status,
  ],
  'GET /documents/:id': async ({ app, manager, building }) => [
    (await manager.get(`/documents/${(await documentOf(app, manager, building)).id}`)).status,
    (await manager.get('/documents/999999')).status,
  ],
  'POST /documents': async ({ app, manager, viewer, building }) => {
    const { url } = await documentOf(app, manager, building);
    const create = (who: Client, name: string) =>
      who.post('/documents', { data: { type: 'documents', attributes: { name, category: 'Manuals', url }, relationships: { building: { data: { type: 'buildings', id: building } } } } });
    return [(await create(manager, 'Pump manual')).status, (await create(manager, '')).status, (await create(viewer, 'Pump manual')).status];
  },
  'PATCH /documents/:id': async ({ app, manager, viewer, building }) => {
    const { id } = await documentOf(app, manager, building);
    const patch = (who: Client, metadata: unknown) => who.patch(`/documents/${id}`, { data: { type: 'documents', id, attributes: { metadata } } });
    return [
      (await patch(manager, { bookmarks: [{ label: 'Cover', page: 1 }] })).status,
      (await patch(manager, { bookmarks: [{ label: 'Beyond', page: 99 }] })).status,
      (await patch(viewer, { bookmarks: [] })).status,
    ];
  },
  'POST /document-emails': async ({ app, manager, building }) => {
    const { id } = await documentOf(app, manager, building);
    const send = async (recipients: string[]) => (await manager.post('/document-emails', { data: { attributes: { id, recipients, message: 'For the file' } } })).status;
    return [await send(['chief@fire.example']), await send(['not an address'])];
  },
  // The file itself is a PDF, not a document; a refused link is a JSON:API 403.
  'GET /signed-files/:key': async ({ app, manager, building }) => {
    const url = one((await manager.get(`/walkabout-reports/${await readyReport(app, building)}/download`)).body).attributes.download_url as string;
    const file = await app.inject({ method: 'GET', url });
    const refused = await app.inject({ method: 'GET', url: url.replace(/signature=[^&]+/, 'signature=forged') });
    expectJsonApi(refused.json());
    return [file.statusCode, refused.statusCode];
  },
  // The one answer that is not JSON:API: an OpenAPI 3.1 document (docs/REST.md), checked in openapi.test.ts.
  'GET /reports': async ({ manager, building }) => [
    (await manager.get(`/reports?filter[building]=${building}`)).status,
    (await manager.get('/reports?filter[building]=abc')).status,
  ],
  'GET /reports/:id': async ({ manager, building }) => [
    (await manager.get(`/reports/${building}-summary-failure`)).status,
    (await manager.get(`/reports/${building}-summary-default`)).status,
  ],
  // Acknowledge and repair: an entry without a failure or a note is refused; a missing one is a 404.
  'PUT /entries/:id': async ({ app, manager, walkabout }) => {
    const [entry] = await app.db.select({ id: schema.entries.id }).from(schema.entries).where(eq(schema.entries.walkaboutId, Number(walkabout))).limit(1);
    const body = { data: { type: 'entries', attributes: { acknowledgedAt: '2026-11-21T09:30', acknowledgedNotes: 'Seen' } } };
    return [(await manager.request('PUT', `/entries/${entry!.id}`, body)).status, (await manager.request('PUT', '/entries/424242', body)).status];
  },
  // After POST /location-comments above: the remark it recorded is acknowledged; a date that is not one is refused.
  'PUT /location-comments/:id': async ({ app, manager, location }) => {
    const [remark] = await app.db.select({ id: schema.locationComments.id }).from(schema.locationComments).where(eq(schema.locationComments.locationId, Number(location))).limit(1);
    const put = (id: number, attributes: Record<string, unknown>) => manager.request('PUT', `/location-comments/${id}`, { data: { type: 'location-comments', attributes } });
    return [
      (await put(remark!.id, { acknowledgedAt: '2026-11-22T10:00', acknowledgedNotes: 'Seen' })).status,
      (await put(remark!.id, { repairedAt: 'yesterday' })).status,
      (await put(424242, { repairedAt: '2026-11-22T10:00' })).status,
    ];
  },
  // On the remark acknowledged just above; an empty body is refused, a missing item is a 404.
  'POST /comments': async ({ app, manager, location }) => {
    const [remark] = await app.db.select({ id: schema.locationComments.id }).from(schema.locationComments).where(eq(schema.locationComments.locationId, Number(location))).limit(1);
    const comment = (body: string, type: string, id: string) => ({
      data: { type: 'comments', attributes: { body }, relationships: { [type]: { data: { type, id } } } },
    });
    return [
      (await manager.post('/comments', comment('Facilities will call the owner', 'location-comment', String(remark!.id)))).status,
      (await manager.post('/comments', comment('', 'location-comment', String(remark!.id)))).status,
      (await manager.post('/comments', comment('Ordered a new one', 'entry', '424242'))).status,
    ];
  },
  'GET /equipment': async ({ manager, admin, building }) => [
    (await manager.get(`/equipment?filter[building]=${building}`)).status,
    (await manager.get('/equipment?filter[building]=abc')).status,
    (await admin.get(`/equipment?filter[building]=${building}&include=equipment-equipment-conditions&status[]=active&status[]=paused&status[]=disabled`)).status,
    (await manager.get(`/equipment?filter[building]=${building}&include=equipment-equipment-conditions`)).status,
  ],
  // The report itself is a PDF, not a document; a refused request is a JSON:API 422.
  'GET /repair-reports': async ({ app, manager, managerToken, building }) => {
    const { body } = await manager.get(`/equipment?filter[building]=${building}`);
    const equipment = list(body)[0]!.id;
    const pdf = await app.inject({
      method: 'GET',
      url: `/repair-reports?building_id=${building}&start_date=2026-11-01&end_date=2026-11-30&equipment_ids=[${equipment}]`,
      headers: { authorization: `Bearer ${managerToken}` },
    });
    expect(pdf.headers['content-type']).toContain('application/pdf');
    return [pdf.statusCode, (await manager.get(`/repair-reports?building_id=${building}&start_date=2026-11-01&end_date=2026-11-30`)).status];
  },
  'GET /repair-report-downloads': async ({ manager, building }) => {
    const { body } = await manager.get(`/equipment?filter[building]=${building}`);
    const equipment = list(body)[0]!.id;
    return [
      (await manager.get(`/repair-report-downloads?building_id=${building}&start_date=2026-11-01&end_date=2026-11-30&equipment_ids=[${equipment}]`)).status,
      (await manager.get(`/repair-report-downloads?building_id=${building}&start_date=2026-11-01&end_date=2026-11-30`)).status,
    ];
  },
  // QR codes (issue 11): the image is a PNG, not a document; its refused link is a JSON:API 403.
  'GET /organizations/:id/unassigned_qr_codes': async ({ admin, manager, organization }) => [
    (await admin.get(`/organizations/${organization}/unassigned_qr_codes?page[size]=2`)).status,
    (await manager.get(`/organizations/${organization}/unassigned_qr_codes`)).status,
  ],
  'POST /unassigned_qr_codes/batch': async ({ admin, organization }) => [
    (await admin.post('/unassigned_qr_codes/batch', { data: { type: 'unassigned_qr_codes', attributes: { count: 2, organization_id: organization } } })).status,
    (await admin.post('/unassigned_qr_codes/batch', { data: { type: 'unassigned_qr_codes', attributes: { count: 0, organization_id: organization } } })).status,
  ],
  'POST /unassigned_qr_codes/validate_url': async ({ admin, manager, organization, building }) => {
    const [code] = list((await admin.post('/unassigned_qr_codes/batch', { data: { attributes: { count: 1, organization_id: organization } } })).body);
    const check = (url: string) => manager.post('/unassigned_qr_codes/validate_url', { data: { attributes: { url, building_id: building } } });
    return [(await check(code!.attributes.universalLink as string)).status, (await check('not a code')).status];
  },
  'POST /unassigned_qr_codes/assign': async ({ app, admin, manager, organization, building, location }) => {
    const [code] = list((await admin.post('/unassigned_qr_codes/batch', { data: { attributes: { count: 1, organization_id: organization } } })).body);
    const [row] = await app.db.select().from(schema.locations).where(eq(schema.locations.id, Number(location)));
    const assign = (newUuid: unknown, existing = row!.regularUuid) =>
      manager.post('/unassigned_qr_codes/assign', {
        data: { attributes: { building_id: building, new_uuid: newUuid, existing_uuid: existing, existing_temporary_uuid: row!.temporaryUuid } },
      });
    // Assigned; the same code again (no longer unassigned); a location that is not the building's.
    return [(await assign(code!.attributes.uuid)).status, (await assign(code!.attributes.uuid)).status, (await assign(code!.attributes.uuid, '00000000-0000-4000-8000-000000000000')).status];
  },
  'GET /buildings/:id/qr_code_sheet': async ({ manager, viewer, building }) => [
    (await manager.get(`/buildings/${building}/qr_code_sheet`)).status,
    (await manager.get(`/buildings/${building}/qr_code_sheet?filter[search]=999990-999999`)).status,
    (await viewer.get(`/buildings/${building}/qr_code_sheet`)).status,
  ],
  'GET /organizations/:id/unassigned_qr_codes/sheet': async ({ admin, manager, organization }) => {
    await admin.post('/unassigned_qr_codes/batch', { data: { attributes: { count: 1, organization_id: organization } } });
    return [
      (await admin.get(`/organizations/${organization}/unassigned_qr_codes/sheet`)).status,
      (await admin.get(`/organizations/${organization}/unassigned_qr_codes/sheet?filter[id]=x`)).status,
      (await manager.get(`/organizations/${organization}/unassigned_qr_codes/sheet`)).status,
    ];
  },
  'GET /qr-code-images/:uuid': async ({ app, manager, location }) => {
    const url = one((await manager.get(`/locations/${location}`)).body).attributes.qrImageUrl as string;
    const image = await app.inject({ method: 'GET', url });
    const refused = await app.inject({ method: 'GET', url: url.replace(/signature=[^&]+/, 'signature=forged') });
    expectJsonApi(refused.json());
    return [image.statusCode, refused.statusCode];
  },
  // Contracts (issue 11).
  'PATCH /buildings/:id': async ({ admin, manager, viewer, building }) => {
    const patch = (who: Client, id: string, attributes: Record<string, unknown>) => who.patch(`/buildings/${id}`, { data: { id, type: 'building', attributes } });
    return [
      (await patch(manager, building, { contractAcceptedAt: new Date().toISOString() })).status,
      (await patch(viewer, building, { contractAcceptedAt: new Date().toISOString() })).status,
      (await patch(admin, building, { contractUrl: 'not-an-upload' })).status,
      (await patch(admin, '999999', { contractAcceptedAt: new Date().toISOString() })).status,
      // Issue 12: the building form's stale save.
      (await patch(admin, building, { version: 0, floorDisplayName: 'Level' })).status,
    ];
  },
  'POST /organizations': async ({ admin, manager }) => [
    (await admin.post('/organizations', { data: { type: 'organizations', attributes: { name: 'Documents Test Organization' } } })).status,
    (await admin.post('/organizations', { data: { type: 'organizations', attributes: { name: '' } } })).status,
    (await manager.post('/organizations', { data: { type: 'organizations', attributes: { name: 'Not Mine To Add' } } })).status,
  ],
  'PUT /organizations/:id': async ({ admin, manager, organization }) => [
    (await admin.request('PUT', `/organizations/${organization}`, { data: { attributes: { logoUrl: null } } })).status,
    (await admin.request('PUT', `/organizations/${organization}`, { data: { attributes: { contractUrl: '/files/nothing' } } })).status,
    (await manager.request('PUT', `/organizations/${organization}`, { data: { attributes: { logoUrl: null } } })).status,
  ],
  'PATCH /organizations/:id/accept-contract': async ({ admin, manager, organization }) => [
    (await admin.patch(`/organizations/${organization}/accept-contract`, { data: { contractAcceptedAt: new Date().toISOString() } })).status,
    (await manager.patch(`/organizations/${organization}/accept-contract`, { data: { contractAcceptedAt: new Date().toISOString() } })).status,
    (await admin.patch('/organizations/999999/accept-contract', { data: { contractAcceptedAt: new Date().toISOString() } })).status,
  ],
  // Organization settings and the buildings list (issue 12).
  'GET /organizations/:id/associations-counters': async ({ manager, organization }) => [
    (await manager.get(`/organizations/${organization}/associations-counters`)).status,
    (await manager.get('/organizations/999999/associations-counters')).status,
  ],
  'GET /buildings/:id/associations-counters': async ({ manager, building }) => [
    (await manager.get(`/buildings/${building}/associations-counters`)).status,
    (await manager.get('/buildings/999999/associations-counters')).status,
  ],
  // The overview dashboards (issue 13).
  'GET /organizations/:id/overview-filters': async ({ manager, viewer, organization }) => [
    (await manager.get(`/organizations/${organization}/overview-filters`)).status,
    (await viewer.get(`/organizations/${organization}/overview-filters`)).status,
    (await manager.get('/organizations/999999/overview-filters')).status,
  ],
  'GET /buildings/:id/overview-filters': async ({ manager, viewer, building }) => [
    (await manager.get(`/buildings/${building}/overview-filters`)).status,
    (await viewer.get(`/buildings/${building}/overview-filters`)).status,
    (await manager.get('/buildings/999999/overview-filters')).status,
  ],
  'GET /organizations/:id/entry-state-counters': async ({ manager, viewer, organization }) => [
    (await manager.get(`/organizations/${organization}/entry-state-counters?page[size]=2`)).status,
    (await manager.get(`/organizations/${organization}/entry-state-counters?page[size]=0`)).status,
    (await viewer.get(`/organizations/${organization}/entry-state-counters`)).status,
    (await manager.get('/organizations/999999/entry-state-counters')).status,
  ],
  'POST /organizations/:id/entry-filtered-state-counters': async ({ manager, viewer, organization, building }) => [
    (await manager.post(`/organizations/${organization}/entry-filtered-state-counters`, { building_ids: [building], walkabout_types: ['incomplete'] })).status,
    (await manager.post(`/organizations/${organization}/entry-filtered-state-counters`, { walkabout_types: ['finished'] })).status,
    (await viewer.post(`/organizations/${organization}/entry-filtered-state-counters`, {})).status,
    (await manager.post('/organizations/999999/entry-filtered-state-counters', {})).status,
  ],
  'POST /buildings': async ({ admin, manager, organization }) => [
    (await admin.post('/buildings', { data: { type: 'buildings', attributes: { name: 'Documents Tower', organization_id: organization } } })).status,
    (await admin.post('/buildings', { data: { type: 'buildings', attributes: { name: '', organization_id: organization } } })).status,
    (await manager.post('/buildings', { data: { type: 'buildings', attributes: { name: 'Refused', organization_id: organization } } })).status,
  ],
  'PUT /buildings/:id/attributes': async ({ admin, manager, building }) => {
    const version = one((await admin.get(`/buildings/${building}`)).body).attributes.version as number;
    const put = (who: Client, v: number) =>
      who.request('PUT', `/buildings/${building}/attributes`, { data: { attributes: { name: 'King Street Commerce Centre', version: v } } });
    return [(await put(admin, version)).status, (await put(admin, version)).status, (await put(manager, version + 1)).status];
  },
  'PUT /buildings/batch-update': async ({ admin, manager, building }) => {
    const { order, version } = one((await admin.get(`/buildings/${building}`)).body).attributes as { order: number; version: number };
    const put = (who: Client, v: number) => who.request('PUT', '/buildings/batch-update', { batch_update_attributes: [{ building_id: building, order, version: v }] });
    return [(await put(admin, version)).status, (await put(admin, version)).status, (await put(manager, version + 1)).status];
  },
  // Building form (issue 12): the toggles' lists, filtered and refused.
  'GET /report-definitions': async ({ manager }) => [
    (await manager.get('/report-definitions?filter[active]=true&page[size]=2')).status,
    (await manager.get('/report-definitions?filter[active]=maybe')).status,
  ],
  'GET /report-booklet-templates': async ({ manager }) => [
    (await manager.get('/report-booklet-templates?filter[organization]=1')).status,
    (await manager.get('/report-booklet-templates?page[size]=0')).status,
  ],
  // Manage Locations (issue 12).
  'POST /locations/batch': async ({ app, manager, viewer, building }) => {
    const [floor] = await app.db.select().from(schema.floors).where(eq(schema.floors.buildingId, Number(building))).limit(1);
    const [link] = await app.db.select().from(schema.locationEquipment).limit(1);
    const item = (name: string) => ({ name, relations: [{ building_floor_id: floor!.id, equipment_id: link!.equipmentTypeId }] });
    return [
      (await manager.post('/locations/batch', { building_id: building, locations_attributes: [item('Documents Room')] })).status,
      (await manager.post('/locations/batch', { building_id: building, locations_attributes: [item('')] })).status,
      (await viewer.post('/locations/batch', { building_id: building, locations_attributes: [item('Not mine')] })).status,
    ];
  },
  'PUT /locations/batch': async ({ app, manager, location }) => {
    const [row] = await app.db.select().from(schema.locations).where(eq(schema.locations.id, Number(location)));
    const links = await app.db.select().from(schema.locationEquipment).where(eq(schema.locationEquipment.locationId, Number(location)));
    const body = (version: number, name = row!.name) => ({
      building_id: row!.buildingId,
      uuids: { uuid: row!.regularUuid, temporary_uuid: row!.temporaryUuid },
      location_name: name,
      version,
      equipments_on_locations_attributes: links.filter((l) => !l.disabled).map((l) => ({ equipment_id: l.equipmentTypeId })),
    });
    return [
      (await manager.request('PUT', '/locations/batch', body(row!.version))).status,
      (await manager.request('PUT', '/locations/batch', body(row!.version))).status,
      (await manager.request('PUT', '/locations/batch', body(row!.version + 1, ''))).status,
    ];
  },
  'DELETE /locations/:id': async ({ app, admin, manager, building }) => {
    const [floor] = await app.db.select().from(schema.floors).where(eq(schema.floors.buildingId, Number(building))).limit(1);
    const [row] = await app.db
      .insert(schema.locations)
      .values({ buildingId: Number(building), floorId: floor!.id, name: 'To delete', regularUuid: crypto.randomUUID() })
      .returning();
    return [(await manager.delete(`/locations/${row!.id}`)).status, (await admin.delete(`/locations/${row!.id}`)).status, (await admin.delete(`/locations/${row!.id}`)).status];
  },
  'PUT /locations/order/batch/': async ({ app, manager, viewer, location }) => {
    const [row] = await app.db.select().from(schema.locations).where(eq(schema.locations.id, Number(location)));
    const body = (version: number) => ({ building_id: row!.buildingId, locations: [{ order: row!.order, uuid: row!.regularUuid, version }] });
    return [
      (await manager.request('PUT', '/locations/order/batch/', body(row!.version))).status,
      (await manager.request('PUT', '/locations/order/batch/', body(row!.version))).status,
      (await viewer.request('PUT', '/locations/order/batch/', body(row!.version + 1))).status,
    ];
  },
  'PUT /locations/type-order/batch/': async ({ app, manager, location }) => {
    const [row] = await app.db.select().from(schema.locations).where(eq(schema.locations.id, Number(location)));
    const [link] = await app.db.select().from(schema.locationEquipment).where(eq(schema.locationEquipment.locationId, Number(location))).limit(1);
    const body = (version: number, equipment: number) => ({
      building_id: row!.buildingId,
      equipments_on_locations: [{ type_order: link!.typeOrder, uuid: row!.regularUuid, equipment_id: equipment, version }],
    });
    return [
      (await manager.request('PUT', '/locations/type-order/batch/', body(row!.version, link!.equipmentTypeId))).status,
      (await manager.request('PUT', '/locations/type-order/batch/', body(row!.version, link!.equipmentTypeId))).status,
      (await manager.request('PUT', '/locations/type-order/batch/', body(row!.version + 1, 999999))).status,
    ];
  },
  'GET /buildings/:buildingId/equipment-choices': async ({ manager, building }) => [
    (await manager.get(`/buildings/${building}/equipment-choices`)).status,
    (await manager.get('/buildings/999999/equipment-choices')).status,
  ],
  'GET /buildings/:buildingId/equipment-states': async ({ manager, building }) => [
    (await manager.get(`/buildings/${building}/equipment-states`)).status,
    (await manager.get('/buildings/999999/equipment-states')).status,
  ],
  // Types and tasks at building level (issue 13): pause (201), a rule broken (422), a viewer (403); set active again.
  'POST /building_equipment_suspensions': async ({ manager, viewer, building }) => {
    const [type] = list((await manager.get(`/equipment?filter[building]=${building}&view=building-level`)).body);
    const pause = (who: Client, shortName: string) => who.post('/building_equipment_suspensions', { building_id: building, equipment_id: type!.id, attributes: { short_name: shortName, description: 'Documents' } });
    const answers = [(await pause(manager, 'DO')).status, (await pause(manager, 'P')).status, (await pause(viewer, 'DV')).status];
    return answers;
  },
  'DELETE /building_equipment_suspensions/:suspensionId': async ({ manager, viewer, building }) => {
    const types = list((await manager.get(`/equipment?filter[building]=${building}&view=building-level`)).body);
    const paused = types.find((t) => t.attributes.suspension_id !== null) ?? types[1]!;
    const id = paused.attributes.suspension_id ?? one((await manager.post('/building_equipment_suspensions', { building_id: building, equipment_id: paused.id, attributes: { short_name: 'DD', description: 'Documents' } })).body).attributes.suspension_id;
    return [
      (await viewer.request('DELETE', `/building_equipment_suspensions/${id}`, { building_id: building })).status,
      (await manager.request('DELETE', `/building_equipment_suspensions/${id}`, { building_id: building })).status,
      (await manager.request('DELETE', `/building_equipment_suspensions/${id}`, { building_id: building })).status,
    ];
  },
  'POST /building_condition_suspensions': async ({ manager, viewer, building }) => {
    const { body } = await manager.get(`/equipment?filter[building]=${building}&view=building-level&include=equipment-equipment-conditions`);
    const task = body.included!.find((r) => r.type === 'equipment-conditions')!;
    const pause = (who: Client, shortName: string) => who.post('/building_condition_suspensions', { building_id: building, equipment_condition_id: task.id, attributes: { short_name: shortName, description: 'Documents' } });
    return [(await pause(manager, 'DC')).status, (await pause(manager, '')).status, (await pause(viewer, 'DV')).status];
  },
  'DELETE /building_condition_suspensions/:suspensionId': async ({ manager, viewer, building }) => {
    const { body } = await manager.get(`/equipment?filter[building]=${building}&view=building-level&include=equipment-equipment-conditions`);
    const tasks = body.included!.filter((r) => r.type === 'equipment-conditions');
    const task = tasks.find((t) => t.attributes.suspension_id !== null) ?? tasks[1]!;
    const id = task.attributes.suspension_id ?? one((await manager.post('/building_condition_suspensions', { building_id: building, equipment_condition_id: task.id, attributes: { short_name: 'DT', description: 'Documents' } })).body).attributes.suspension_id;
    return [
      (await viewer.request('DELETE', `/building_condition_suspensions/${id}`, { building_id: building })).status,
      (await manager.request('DELETE', `/building_condition_suspensions/${id}`, { building_id: building })).status,
      (await manager.request('DELETE', `/building_condition_suspensions/${id}`, { building_id: building })).status,
    ];
  },
  'POST /equipments-on-locations/reports/init-creation': async ({ viewer, building }) => [
    (await viewer.post('/equipments-on-locations/reports/init-creation', { building_id: building, selectedLocation: null, selectedType: null, selectedState: 'incomplete' })).status,
    (await viewer.post('/equipments-on-locations/reports/init-creation', { building_id: building, selectedState: 'broken' })).status,
    (await viewer.post('/equipments-on-locations/reports/init-creation', { building_id: 999999 })).status,
  ],
  'GET /equipments-on-locations/reports/:reportIdentificator': async ({ viewer, building }) => {
    const started = await viewer.post('/equipments-on-locations/reports/init-creation', { building_id: building });
    return [
      (await viewer.get(`/equipments-on-locations/reports/${one(started.body).attributes.report_identificator}`)).status,
      (await viewer.get('/equipments-on-locations/reports/00000000-0000-0000-0000-000000000000')).status,
    ];
  },
  'GET /mail-outbox': async ({ admin, manager }) => [
    (await admin.get('/mail-outbox?page[size]=2')).status,
    (await admin.get('/mail-outbox?page[size]=0')).status,
    (await manager.get('/mail-outbox')).status,
  ],
  'GET /failed-jobs': async ({ admin, manager }) => [
    (await admin.get('/failed-jobs')).status,
    (await admin.get('/failed-jobs?filter[id]=1')).status,
    (await manager.get('/failed-jobs')).status,
  ],
  // Issue 14: API tokens.
  'POST /api-tokens': async ({ manager, viewer }) => {
    const attributes = { name: 'Documents', expiresAt: new Date(Date.now() + 86_400_000 * 30).toISOString().slice(0, 10), permissions: ['buildingPermissions.view'] };
    return [
      (await manager.post('/api-tokens', { data: { type: 'api-tokens', attributes } })).status,
      (await manager.post('/api-tokens', { data: { type: 'api-tokens', attributes: { ...attributes, name: '' } } })).status,
      (await viewer.post('/api-tokens', { data: { type: 'api-tokens', attributes } })).status,
    ];
  },
  'GET /api-tokens': async ({ manager }) => [(await manager.get('/api-tokens')).status, (await manager.get('/api-tokens?page[size]=0')).status],
  'DELETE /api-tokens/:id': async ({ manager }) => {
    const created = await manager.post('/api-tokens', {
      data: { attributes: { name: 'To revoke', expiresAt: new Date(Date.now() + 86_400_000).toISOString(), permissions: ['buildingPermissions.view'] } },
    });
    return [(await manager.delete(`/api-tokens/${one(created.body).id}`)).status, (await manager.delete('/api-tokens/424242')).status];
  },
  // Floors and the building walkabout applicability (issue 12).
  'POST /buildings/:id/floor': async ({ manager, viewer, building }) => [
    (await manager.post(`/buildings/${building}/floor`, { data: { attributes: { name: 'Penthouse', building_id: Number(building), order: null } } })).status,
    (await manager.post(`/buildings/${building}/floor`, { data: { attributes: { name: ' ', order: null } } })).status,
    (await viewer.post(`/buildings/${building}/floor`, { data: { attributes: { name: 'Penthouse', order: null } } })).status,
    (await manager.post('/buildings/999999/floor', { data: { attributes: { name: 'Penthouse', order: null } } })).status,
  ],
  'PUT /buildings/:id/floor': async ({ app, manager, building }) => {
    const [floor] = await app.db.select().from(schema.floors).where(eq(schema.floors.buildingId, Number(building))).limit(1);
    const put = (attributes: Record<string, unknown>) => manager.request('PUT', `/buildings/${building}/floor`, { data: { attributes: { id: floor!.id, order: null, ...attributes } } });
    return [
      (await put({ name: floor!.name, version: floor!.version })).status,
      (await put({ name: '' })).status,
      (await put({ name: floor!.name, version: floor!.version })).status,
    ];
  },
  'PUT /floors/batch-update': async ({ app, manager, viewer, building }) => {
    const [floor] = await app.db.select().from(schema.floors).where(eq(schema.floors.buildingId, Number(building))).limit(1);
    const batch = (who: Client, version: number) => who.request('PUT', '/floors/batch-update', { batch_update_attributes: [{ floor_id: floor!.id, order: floor!.order, version }] });
    return [(await batch(manager, floor!.version)).status, (await batch(manager, floor!.version)).status, (await batch(viewer, floor!.version + 1)).status];
  },
  'PUT /equipment': async ({ admin, manager, building }) => {
    const { body } = await admin.get(`/equipment?filter[building]=${building}&include=equipment-equipment-conditions`);
    const type = list(body)[0]!;
    const put = (who: Client, taskIds: unknown[]) =>
      who.request('PUT', '/equipment', {
        data: [{ id: type.id, type: 'equipment', attributes: { applicableWalkaboutEquipmentConditionIds: taskIds }, relationships: { building: { data: { type: 'buildings', id: building } } } }],
      });
    const all = type.attributes.allEquipmentConditionIds as number[];
    return [(await put(admin, all)).status, (await put(admin, [999999])).status, (await put(manager, all)).status];
  },
  'PATCH /equipment': async ({ admin, manager, building }) => {
    const { body } = await admin.get(`/equipment?filter[building]=${building}&include=equipment-equipment-conditions`);
    const type = list(body)[0]!;
    const patch = (who: Client, taskIds: unknown[]) =>
      who.patch('/equipment', {
        data: [{ id: type.id, type: 'equipment', attributes: { applicableWalkaboutEquipmentConditionIds: taskIds }, relationships: { building: { data: { type: 'buildings', id: building } } } }],
      });
    return [(await patch(admin, type.attributes.allEquipmentConditionIds as number[])).status, (await patch(admin, ['x'])).status, (await patch(manager, [])).status];
  },
  'POST /buildings/:id/walkabouts': async ({ manager, viewer, building }) => [
    (await manager.post(`/buildings/${building}/walkabouts`, undefined)).status,
    (await viewer.post(`/buildings/${building}/walkabouts`, undefined)).status,
    (await manager.post('/buildings/424242/walkabouts', undefined)).status,
  ],
  // Organization usage, import and export (issue 13).
  'GET /organizations/:id/usage': async ({ admin, manager, organization }) => [
    (await admin.get(`/organizations/${organization}/usage?page[size]=2`)).status,
    (await manager.get(`/organizations/${organization}/usage`)).status,
    (await admin.get('/organizations/424242/usage')).status,
  ],
  'GET /data': async ({ admin, manager, organization }) => [
    (await admin.request('GET', `/data?type=types&organization_id=${organization}`, undefined, { accept: 'application/vnd.api+json' })).status,
    (await manager.request('GET', `/data?type=types&organization_id=${organization}`, undefined, { accept: 'application/vnd.api+json' })).status,
    (await admin.request('GET', `/data?type=nothing&organization_id=${organization}`, undefined, { accept: 'application/vnd.api+json' })).status,
  ],
  'POST /data': async ({ admin, manager, organization }) => {
    const file = Buffer.from('type_name,component_name,cycle_name,label,reference_name,reference_description\r\nNo Such Type,,Monthly,Nothing,,\r\n').toString('base64');
    const body = (kind: string, content: string) => ({ data: { type: kind, attributes: { file: content, organization_id: organization } } });
    return [
      (await admin.post('/data', body('references-csv', file))).status,
      (await admin.post('/data', body('references-csv', Buffer.from('%PDF-1.4\u0000binary').toString('base64')))).status,
      (await manager.post('/data', body('references-csv', file))).status,
    ];
  },
  'GET /data-imports/:id': async ({ admin, manager, organization }) => {
    const file = Buffer.from('type_name,component_name,cycle_name,label,reference_name,reference_description\r\nNo Such Type,,Monthly,Nothing,,\r\n').toString('base64');
    const started = await admin.post('/data', { data: { type: 'references-csv', attributes: { file, organization_id: organization } } });
    const id = one(started.body).id;
    return [
      (await admin.get(`/data-imports/${id}`)).status,
      (await admin.get('/data-imports/00000000-0000-4000-8000-000000000000')).status,
      (await manager.get(`/data-imports/${id}`)).status,
    ];
  },
  // Issue 13: equipment types and tasks groups at organization level.
  'GET /equipments/:id': async ({ app, manager, organization }) => {
    const [type] = await app.db.select({ id: schema.equipmentTypes.id }).from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, Number(organization))).limit(1);
    return [
      (await manager.get(`/equipments/${type!.id}`)).status,
      (await manager.get('/equipments/999999')).status,
      (await manager.get(`/equipment?filter[organization]=${organization}`)).status,
      (await manager.get('/equipment')).status,
    ];
  },
  'POST /equipments': async ({ app, admin, manager, organization }) => {
    const [group] = await app.db.select({ id: schema.taskGroups.id }).from(schema.taskGroups).where(eq(schema.taskGroups.organizationId, Number(organization))).limit(1);
    const body = (name: string) => ({ equipment: { name }, equipment_components: [{ equipment_component_condition_groups: [{ condition_group_id: group!.id }] }], organization_id: organization });
    return [(await admin.post('/equipments', body('Documents Type'))).status, (await admin.post('/equipments', body(''))).status, (await manager.post('/equipments', body('Nope'))).status];
  },
  'PUT /equipments/:id': async ({ app, admin, manager, organization }) => {
    const [type] = await app.db.select().from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, Number(organization))).limit(1);
    const put = (who: Client) => who.request('PUT', `/equipments/${type!.id}`, { equipment: { status: type!.status, version: type!.version }, organization_id: organization });
    return [(await put(admin)).status, (await put(admin)).status, (await put(manager)).status];
  },
  'PUT /equipment_component_condition_groups/:id': async ({ app, admin, manager, organization }) => {
    const [type] = await app.db.select({ id: schema.equipmentTypes.id }).from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, Number(organization))).limit(1);
    const [group] = await app.db.select({ id: schema.taskGroups.id }).from(schema.taskGroups).where(eq(schema.taskGroups.organizationId, Number(organization))).limit(1);
    const [component] = await app.db.insert(schema.equipmentComponents).values({ equipmentTypeId: type!.id, name: 'Documents Component' }).returning();
    const [row] = await app.db.insert(schema.equipmentComponentConditionGroups).values({ componentId: component!.id, taskGroupId: group!.id }).returning();
    const put = (who: Client, id: number) => who.request('PUT', `/equipment_component_condition_groups/${id}`, { options: { overrides: { makePhotoAndRemarksOptional: true } } });
    return [(await put(admin, row!.id)).status, (await put(manager, row!.id)).status, (await put(admin, 999999)).status];
  },
  'GET /organizations/:id/tasks-groups': async ({ manager, organization }) => [
    (await manager.get(`/organizations/${organization}/tasks-groups?include=equipment-conditions`)).status,
    (await manager.get(`/organizations/${organization}/tasks-groups?include=everything`)).status,
  ],
  'POST /organizations/:id/tasks-groups': async ({ app, admin, viewer, organization }) => {
    const [task] = await app.db.select({ id: schema.tasks.id }).from(schema.tasks).where(eq(schema.tasks.organizationId, Number(organization))).limit(1);
    const body = (name: string) => ({ attributes: { name, equipment_condtions: [{ id: task!.id, order: 0 }] } });
    return [
      (await admin.post(`/organizations/${organization}/tasks-groups`, body('Documents Group'))).status,
      (await admin.post(`/organizations/${organization}/tasks-groups`, body(' '))).status,
      (await viewer.post(`/organizations/${organization}/tasks-groups`, body('Nope'))).status,
    ];
  },
  'PUT /organizations/:id/tasks-groups/:groupId': async ({ app, admin, organization }) => {
    const [group] = await app.db.select().from(schema.taskGroups).where(eq(schema.taskGroups.organizationId, Number(organization))).limit(1);
    const [task] = await app.db.select({ id: schema.tasks.id }).from(schema.tasks).where(eq(schema.tasks.organizationId, Number(organization))).limit(1);
    const put = () => admin.request('PUT', `/organizations/${organization}/tasks-groups/${group!.id}`, { attributes: { name: group!.name, equipment_condtions: [{ id: task!.id, order: 0 }], version: group!.version } });
    return [(await put()).status, (await put()).status];
  },
  // Tasks at organization level (issue 13).
  'GET /equipment_conditions': async ({ manager, organization }) => [
    (await manager.get(`/equipment_conditions?filter[organization]=${organization}&page[size]=5`)).status,
    (await manager.get('/equipment_conditions?filter[cycle]=x')).status,
  ],
  'POST /cycles/:cycleId/equipment_conditions': async ({ app, admin, manager, organization }) => {
    const [type] = await app.db.select({ id: schema.equipmentTypes.id }).from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, Number(organization))).limit(1);
    const [cycle] = await app.db.select({ id: schema.cycles.id }).from(schema.cycles).where(eq(schema.cycles.organizationId, Number(organization))).limit(1);
    const body = (label: string) => ({ organization_id: organization, equipment_id: type!.id, attributes: { label, type: 'YesNo' } });
    return [
      (await admin.post(`/cycles/${cycle!.id}/equipment_conditions`, body('Documented task'))).status,
      (await admin.post('/cycles/null/equipment_conditions', body(''))).status,
      (await manager.post(`/cycles/${cycle!.id}/equipment_conditions`, body('Documented task'))).status,
      (await admin.post(`/cycles/${cycle!.id}/equipment_conditions`, { ...body('Nowhere'), organization_id: 999999 })).status,
    ];
  },
  'PUT /equipment_conditions/:id': async ({ app, admin, manager, organization }) => {
    const [task] = await app.db.select().from(schema.tasks).where(eq(schema.tasks.organizationId, Number(organization))).limit(1);
    const put = (who: Client, attributes: Record<string, unknown>) => who.request('PUT', `/equipment_conditions/${task!.id}`, { organization_id: organization, attributes });
    return [
      (await put(admin, { description: 'Documented', version: task!.version })).status,
      (await put(admin, { description: 'Again', version: task!.version })).status,
      (await put(admin, { label: 'Renamed' })).status,
      (await put(manager, { status: 'paused' })).status,
      (await admin.request('PUT', '/equipment_conditions/999999', { attributes: { status: 'paused' } })).status,
    ];
  },
  'GET /organizations/:organizationId/equipment-choices': async ({ manager, organization }) => [
    (await manager.get(`/organizations/${organization}/equipment-choices`)).status,
    (await manager.get('/organizations/999999/equipment-choices')).status,
  ],
  'PUT /equipments/reorder': async ({ app, admin, viewer, organization }) => {
    const [type] = await app.db.select().from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, Number(organization))).limit(1);
    const batch = (who: Client, version: number) => who.request('PUT', '/equipments/reorder', { attributes: [{ id: type!.id, order: type!.order, version }] });
    return [(await batch(admin, type!.version)).status, (await batch(admin, type!.version)).status, (await batch(viewer, type!.version + 1)).status];
  },
  'PUT /equipment_conditions/reorder': async ({ app, admin, viewer, organization }) => {
    const [task] = await app.db.select().from(schema.tasks).where(eq(schema.tasks.organizationId, Number(organization))).limit(1);
    const batch = (who: Client, version: number) => who.request('PUT', '/equipment_conditions/reorder', { attributes: [{ id: task!.id, order: task!.order, version }] });
    return [(await batch(admin, task!.version)).status, (await batch(admin, task!.version)).status, (await batch(viewer, task!.version + 1)).status];
  },
  // Report definitions and booklet templates administration (issue 14).
  'GET /report-definitions/:id': async ({ app, manager }) => {
    const [d] = await app.db.select().from(schema.reportDefinitions).limit(1);
    return [(await manager.get(`/report-definitions/${d!.id}`)).status, (await manager.get('/report-definitions/999999')).status];
  },
  'POST /report-definitions': async ({ manager, viewer, organization }) => {
    const [first] = list((await manager.get('/cycles?all=true')).body);
    const body = (name: string) => ({
      data: {
        attributes: { name, sections: [{ detail: 'group', title: 'All' }] },
        relationships: { organization: { data: { type: 'organizations', id: organization } }, cycle: { data: { type: 'cycles', id: first!.id } } },
      },
    });
    return [(await manager.post('/report-definitions', body('Documents Report'))).status, (await manager.post('/report-definitions', body('Documents Report'))).status, (await viewer.post('/report-definitions', body('By viewer'))).status];
  },
  'PATCH /report-definitions/:id': async ({ app, manager, viewer }) => {
    const [d] = await app.db.select().from(schema.reportDefinitions).limit(1);
    const patch = (who: Client, attributes: Record<string, unknown>) => who.patch(`/report-definitions/${d!.id}`, { data: { attributes } });
    return [(await patch(manager, { isActive: true, version: d!.version })).status, (await patch(manager, { isActive: true, version: d!.version })).status, (await patch(viewer, { name: 'x' })).status, (await patch(manager, { sections: [] })).status];
  },
  'GET /report-booklet-templates/:id': async ({ app, manager }) => {
    const [t] = await app.db.select().from(schema.reportBookletTemplates).limit(1);
    return [(await manager.get(`/report-booklet-templates/${t!.id}`)).status, (await manager.get('/report-booklet-templates/999999')).status];
  },
  'POST /report-booklet-templates': async ({ app, manager, viewer, organization }) => {
    const [d] = await app.db.select().from(schema.reportDefinitions).where(eq(schema.reportDefinitions.organizationId, Number(organization))).limit(1);
    const body = (name: string, reports: number[]) => ({
      data: { attributes: { name }, relationships: { organization: { data: { type: 'organizations', id: organization } }, reportDefinitions: { data: reports.map((id) => ({ type: 'report-definitions', id: String(id) })) } } },
    });
    return [(await manager.post('/report-booklet-templates', body('Documents Booklet', [d!.id]))).status, (await manager.post('/report-booklet-templates', body('Empty', []))).status, (await viewer.post('/report-booklet-templates', body('By viewer', [d!.id]))).status];
  },
  'PATCH /report-booklet-templates/:id': async ({ app, manager, viewer }) => {
    const [t] = await app.db.select().from(schema.reportBookletTemplates).limit(1);
    const patch = (who: Client, attributes: Record<string, unknown>) => who.patch(`/report-booklet-templates/${t!.id}`, { data: { attributes } });
    return [(await patch(manager, { isActive: true, version: t!.version })).status, (await patch(manager, { isActive: true, version: t!.version })).status, (await patch(viewer, { name: 'x' })).status];
  },
  'GET /cycles/:cycleId/organizations/:organizationId/reports/equipments': async ({ manager, organization }) => {
    const [first] = list((await manager.get('/cycles?all=true')).body);
    return [(await manager.get(`/cycles/${first!.id}/organizations/${organization}/reports/equipments`)).status, (await manager.get(`/cycles/${first!.id}/organizations/999999/reports/equipments`)).status];
  },
  'GET /cycles/:cycleId/regions/:regionId/reports/equipments': async ({ manager }) => {
    const [cycle] = list((await manager.get('/cycles?all=true')).body);
    const [region] = list((await manager.get('/regions')).body);
    return [(await manager.get(`/cycles/${cycle!.id}/regions/${region!.id}/reports/equipments`)).status, (await manager.get(`/cycles/${cycle!.id}/regions/999999/reports/equipments`)).status];
  },
  'GET /openapi.json': async ({ app }) => [(await app.inject({ method: 'GET', url: '/openapi.json' })).statusCode],
  // Regions, cycles and cycle overrides (issue 14): successes, refusals, rule breaks and stale versions.
  'GET /cycles/:id': async ({ manager }) => {
    const [cycle] = list((await manager.get('/cycles?all=true')).body);
    return [(await manager.get(`/cycles/${cycle!.id}?include=organization`)).status, (await manager.get('/cycles/999999')).status];
  },
  'POST /cycles': async ({ admin, manager, organization }) => [
    (await admin.post('/cycles', { data: { attributes: { name: 'Documents Cycle', abbreviation: 'DC', frequency: 'weekly', every: 3, start: '2026-06-01', organizationId: organization } } })).status,
    (await admin.post('/cycles', { data: { attributes: { name: 'Documents Cycle', organizationId: organization } } })).status,
    (await manager.post('/cycles', { data: { attributes: { name: 'Refused' } } })).status,
  ],
  'PATCH /cycles/:id': async ({ admin, organization }) => {
    const made = one((await admin.post('/cycles', { data: { attributes: { name: 'Documents Patch', frequency: 'daily', every: 1, start: '2026-06-01', organizationId: organization } } })).body);
    const patch = (attributes: Record<string, unknown>) => admin.request('PATCH', `/cycles/${made.id}`, { data: { attributes } });
    return [(await patch({ abbreviation: 'DP', version: 1 })).status, (await patch({ abbreviation: 'DQ', version: 1 })).status, (await patch({ every: 2 })).status];
  },
  'DELETE /cycles/:id': async ({ admin, manager, organization }) => {
    const made = one((await admin.post('/cycles', { data: { attributes: { name: 'Documents Delete', organizationId: organization } } })).body);
    const [weekly] = list((await manager.get('/cycles?all=true')).body).filter((c) => c.attributes.name === 'Weekly');
    return [(await manager.delete(`/cycles/${made.id}`)).status, (await admin.delete(`/cycles/${weekly!.id}`)).status, (await admin.delete(`/cycles/${made.id}`)).status];
  },
  'GET /organizations/:organizationId/regions/:regionId': async ({ manager, organization }) => {
    const [region] = list((await manager.get('/regions')).body);
    return [(await manager.get(`/organizations/${organization}/regions/${region!.id}?include=organization,parent`)).status, (await manager.get(`/organizations/${organization}/regions/999999`)).status];
  },
  'POST /organizations/:organizationId/regions': async ({ admin, manager, organization }) => [
    (await admin.post(`/organizations/${organization}/regions`, { data: { attributes: { name: 'Documents Region', parentId: null } } })).status,
    (await admin.post(`/organizations/${organization}/regions`, { data: { attributes: { name: '', parentId: null } } })).status,
    (await manager.post(`/organizations/${organization}/regions`, { data: { attributes: { name: 'Refused', parentId: null } } })).status,
  ],
  'PATCH /regions/:id': async ({ admin, organization }) => {
    const made = one((await admin.post(`/organizations/${organization}/regions`, { data: { attributes: { name: 'Documents Rename', parentId: null } } })).body);
    const patch = (attributes: Record<string, unknown>) => admin.request('PATCH', `/regions/${made.id}`, { data: { attributes } });
    return [(await patch({ name: 'Renamed', version: 1 })).status, (await patch({ name: 'Again', version: 1 })).status, (await patch({ name: ' ' })).status];
  },
  'DELETE /organizations/:organizationId/regions/:regionId': async ({ admin, manager, organization }) => {
    const made = one((await admin.post(`/organizations/${organization}/regions`, { data: { attributes: { name: 'Documents Delete', parentId: null } } })).body);
    const used = list((await manager.get('/regions')).body).find((r) => r.attributes.isDeletable === false)!;
    return [
      (await manager.delete(`/organizations/${organization}/regions/${made.id}`)).status,
      (await admin.delete(`/organizations/${organization}/regions/${used.id}`)).status,
      (await admin.delete(`/organizations/${organization}/regions/${made.id}`)).status,
    ];
  },
  'GET /cycle-overrides': async ({ manager }) => {
    const [region] = list((await manager.get('/regions')).body);
    return [(await manager.get(`/cycle-overrides?filter[region]=${region!.id}&filter[ancestors]=true`)).status, (await manager.get('/cycle-overrides?filter[region]=x')).status];
  },
  ...cycleOverrideAnswers(),
};

const expected: Record<string, number[]> = {
  // Issue 14: made, taken name, malformed; changed, stale, stale, unseen; listed, bad filter; unseen, seen; made, taken, refused; changed, locked, refused, stale.
  'POST /users': [201, 422, 422],
  'PATCH /users/:id': [200, 409, 409, 404],
  'GET /roles': [200, 400],
  'GET /roles/:id': [404, 200],
  'POST /roles': [201, 422, 403],
  'PATCH /roles/:id': [200, 422, 403, 409],
  'POST /sessions': [201, 422, 422],
  'DELETE /sessions/current': [401],
  'POST /send-forgot-password-email': [200, 422],
  'POST /users/change-password': [422, 422],
  'GET /users/me': [200, 200, 401],
  'GET /users': [200, 400],
  'GET /users/:id': [200, 404],
  'GET /organizations': [200, 400],
  'PATCH /buildings/:id': [200, 403, 422, 404, 409],
  'GET /report-definitions': [200, 400],
  'GET /report-booklet-templates': [200, 400],
  'POST /organizations': [201, 422, 403],
  'PUT /organizations/:id': [200, 422, 403],
  'PATCH /organizations/:id/accept-contract': [409, 403, 404],
  'GET /organizations/:id': [200, 200, 400],
  'GET /regions': [200, 400],
  'GET /cycles': [200, 400],
  'GET /current-user-buildings': [200, 401],
  'GET /buildings': [200, 400],
  'GET /buildings/:id': [200, 404],
  'GET /buildings/:id/floors': [200, 404],
  'GET /walkabouts': [200, 400],
  'GET /walkabouts/:id': [200, 404],
  'POST /walkabouts': [201, 200, 422],
  'GET /not_repeatable_cycles': [200, 400],
  'GET /locations': [200, 400],
  'GET /locations/:id': [200, 404],
  'PATCH /walkabout-data': [200, 422, 400],
  'POST /walkabouts/:id/lock': [403, 404],
  'POST /qr_unavailability_reasons': [200, 422],
  'GET /entries': [200, 400],
  'POST /location-comments': [201, 422],
  'POST /fire-watches': [201, 422],
  'PATCH /fire-watches/:id': [200, 422],
  'GET /fire-watches': [200, 200, 400, 400],
  'GET /fire-watches/:id': [200, 404],
  'POST /uploads': [201, 422],
  'GET /walkabout-reports': [200, 422, 400],
  'GET /walkabout-reports/latest/:buildingId': [200, 404],
  'GET /walkabout-reports/latest': [200, 400],
  'GET /walkabout-reports/:id/download': [200, 404],
  'GET /on-demand-reports/building-data/:buildingId': [200, 404],
  'GET /on-demand-reports/:id': [200, 404],
  'GET /signed-files/:key': [200, 403],
  'POST /on-demand-reports/init-creation': [201, 422],
  'POST /walkabout-report-emails': [201, 422],
  'GET /reports': [200, 400],
  'GET /reports/:id': [200, 404],
  'PUT /entries/:id': [422, 404],
  'PUT /location-comments/:id': [200, 422, 404],
  'POST /comments': [201, 422, 404],
  'GET /equipment': [200, 400, 200, 403],
  'POST /buildings/:id/floor': [201, 422, 403, 404],
  'PUT /buildings/:id/floor': [200, 422, 409],
  'PUT /floors/batch-update': [200, 409, 403],
  'PUT /equipment': [200, 422, 403],
  'PATCH /equipment': [200, 422, 403],
  'GET /repair-reports': [200, 422],
  'GET /repair-report-downloads': [200, 422],
  'GET /organizations/:id/unassigned_qr_codes': [200, 403],
  'POST /unassigned_qr_codes/batch': [201, 422],
  'POST /unassigned_qr_codes/validate_url': [200, 422],
  'POST /unassigned_qr_codes/assign': [200, 422, 404],
  'GET /buildings/:id/qr_code_sheet': [200, 422, 403],
  'GET /organizations/:id/unassigned_qr_codes/sheet': [200, 400, 403],
  'GET /qr-code-images/:uuid': [200, 403],
  'GET /document-categories': [200, 400],
  'GET /documents': [200, 400, 404],
  'GET /documents/:id': [200, 404],
  'POST /documents': [201, 422, 403],
  'PATCH /documents/:id': [200, 422, 403],
  'POST /document-emails': [201, 422],
  'GET /organizations/:id/associations-counters': [200, 404],
  'GET /buildings/:id/associations-counters': [200, 404],
  'POST /buildings': [201, 422, 403],
  'PUT /buildings/:id/attributes': [200, 409, 403],
  'PUT /buildings/batch-update': [200, 409, 403],
  'POST /locations/batch': [201, 422, 403],
  'PUT /locations/batch': [200, 409, 422],
  'DELETE /locations/:id': [403, 204, 404],
  'PUT /locations/order/batch/': [200, 409, 403],
  'PUT /locations/type-order/batch/': [200, 409, 422],
  'GET /buildings/:buildingId/equipment-states': [200, 404],
  'GET /buildings/:buildingId/equipment-choices': [200, 404],
  'GET /organizations/:id/overview-filters': [200, 403, 404],
  'GET /buildings/:id/overview-filters': [200, 403, 404],
  'GET /organizations/:id/entry-state-counters': [200, 400, 403, 404],
  'POST /organizations/:id/entry-filtered-state-counters': [200, 422, 403, 404],
  'POST /building_equipment_suspensions': [201, 422, 403],
  'DELETE /building_equipment_suspensions/:suspensionId': [403, 200, 404],
  'POST /building_condition_suspensions': [201, 422, 403],
  'DELETE /building_condition_suspensions/:suspensionId': [403, 200, 404],
  'POST /equipments-on-locations/reports/init-creation': [201, 422, 404],
  'GET /equipments-on-locations/reports/:reportIdentificator': [200, 404],
  'GET /mail-outbox': [200, 400, 403],
  'GET /failed-jobs': [200, 400, 403],
  'POST /api-tokens': [201, 422, 403],
  'GET /api-tokens': [200, 400],
  'DELETE /api-tokens/:id': [200, 404],
  'POST /buildings/:id/walkabouts': [200, 403, 404],
  'GET /organizations/:id/usage': [200, 403, 404],
  'GET /data': [200, 403, 400],
  'POST /data': [202, 422, 403],
  'GET /data-imports/:id': [200, 404, 403],
  'GET /equipments/:id': [200, 404, 200, 400],
  'POST /equipments': [201, 422, 403],
  'PUT /equipments/:id': [200, 409, 403],
  'PUT /equipment_component_condition_groups/:id': [200, 403, 404],
  'GET /organizations/:id/tasks-groups': [200, 400],
  'POST /organizations/:id/tasks-groups': [201, 422, 403],
  'PUT /organizations/:id/tasks-groups/:groupId': [200, 409],
  'GET /equipment_conditions': [200, 400],
  'POST /cycles/:cycleId/equipment_conditions': [201, 422, 403, 404],
  'PUT /equipment_conditions/:id': [200, 409, 422, 403, 404],
  'PUT /equipment_conditions/reorder': [200, 409, 403],
  'PUT /equipments/reorder': [200, 409, 403],
  'GET /organizations/:organizationId/equipment-choices': [200, 404],
  'GET /report-definitions/:id': [200, 404],
  'POST /report-definitions': [201, 422, 403],
  'PATCH /report-definitions/:id': [200, 409, 403, 422],
  'GET /report-booklet-templates/:id': [200, 404],
  'POST /report-booklet-templates': [201, 422, 403],
  'PATCH /report-booklet-templates/:id': [200, 409, 403],
  'GET /cycles/:cycleId/organizations/:organizationId/reports/equipments': [200, 404],
  'GET /cycles/:cycleId/regions/:regionId/reports/equipments': [200, 404],
  'GET /openapi.json': [200],
  // Issue 14.
  'GET /cycles/:id': [200, 404],
  'POST /cycles': [201, 422, 403],
  'PATCH /cycles/:id': [200, 409, 422],
  'DELETE /cycles/:id': [403, 422, 204],
  'GET /organizations/:organizationId/regions/:regionId': [200, 404],
  'POST /organizations/:organizationId/regions': [201, 422, 403],
  'PATCH /regions/:id': [200, 409, 422],
  'DELETE /organizations/:organizationId/regions/:regionId': [403, 422, 204],
  'GET /cycle-overrides': [200, 400],
  'GET /cycle-overrides/:id': [200, 404],
  'POST /cycle-overrides': [201, 422, 403],
  'PATCH /cycle-overrides/:id': [200, 409, 422],
  'DELETE /cycle-overrides/:id': [403, 204, 404],
};

const withToken = (request: { payload: Buffer; headers: Record<string, string> }, token: string) => ({
  payload: request.payload,
  headers: { ...request.headers, authorization: `Bearer ${token}` },
});

describe.each(databases)('JSON:API documents on %s', (database) => {
  let backend: TestBackend;
  let ctx: Ctx;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    const demo = await demoIds(backend);
    ctx = {
      app: backend.app,
      manager: await signedIn(backend, 'manager'),
      managerToken: (await signIn(backend.url, 'manager', 'demo1234')).token,
      viewer: await signedIn(backend, 'viewer'),
      admin: await signedIn(backend, 'admin'),
      anonymous: client(backend.app),
      building: demo.building('King Street Commerce Centre'),
      otherUser: demo.user('viewer'),
      organization: String(demo.northwind),
      walkabout: await demo.walkabout('King Street Commerce Centre', 'Monthly'),
      location: await demo.location('King Street Commerce Centre', 'Main Lobby'),
      preOccupancyCycle: demo.cycle(demo.northwind, 'Pre-Occupancy Inspection'),
    };
  });
  afterAll(() => backend?.close());

  it('checks the documents of every route of the app', () => {
    const routes = backend.app.routeList.map((r) => `${r.method} ${r.url}`).sort();
    expect(Object.keys(answers).sort()).toEqual(routes);
  });

  for (const [route, run] of Object.entries(answers)) {
    it(`answers ${route} with valid JSON:API documents, successes and errors alike`, async () => {
      const statuses = await run(ctx);
      expect(statuses).toEqual(expected[route]);
    });
  }

  it('answers an unknown route and an unknown method with a 404 document', async () => {
    for (const [method, url] of [['GET', '/no-such-thing'], ['PUT', '/buildings'], ['GET', '/buildings/1/walkabouts']] as const) {
      const response = await backend.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expectJsonApi(response.json());
      expect(response.json().errors[0].code).toBe('NOT_FOUND');
    }
  });

  it('answers malformed JSON with 400 and an unsupported media type with 415, as documents', async () => {
    const malformed = await backend.app.inject({ method: 'POST', url: '/sessions', headers: { 'content-type': 'application/json' }, payload: '{"data":' });
    expect(malformed.statusCode).toBe(400);
    expectJsonApi(malformed.json());
    expect(malformed.json().errors[0].code).toBe('BAD_REQUEST');
    const text = await backend.app.inject({ method: 'POST', url: '/sessions', headers: { 'content-type': 'text/csv' }, payload: 'a,b' });
    expect(text.statusCode).toBe(415);
    expectJsonApi(text.json());
    expect(text.json().errors[0].code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers an unexpected exception with a 500 document that reveals nothing of it', async () => {
    const app = await buildApp({ db: backend.db });
    app.get('/explode', { config: { public: true } }, async () => {
      throw new Error('secret internal detail');
    });
    const response = await app.inject({ method: 'GET', url: '/explode' });
    await app.close();
    expect(response.statusCode).toBe(500);
    expectJsonApi(response.json());
    expect(response.body).not.toContain('secret internal detail');
    expect(response.json().errors[0].code).toBe('INTERNAL_ERROR');
  });
});

/** The cycle override routes' answers (issue 14): each made on an override of a new region of the organization. */
function cycleOverrideAnswers(): Record<string, (ctx: Ctx) => Promise<number[]>> {
  const made = async ({ admin, manager, organization }: Ctx) => {
    const region = one((await admin.post(`/organizations/${organization}/regions`, { data: { attributes: { name: `Override ${Math.random()}`, parentId: null } } })).body);
    const [cycle] = list((await manager.get('/cycles?all=true&filter[repeating]=true')).body);
    const body = { data: { attributes: { saturday: false, blackoutDates: ['2026-12-25'] }, relationships: { region: { data: { type: 'regions', id: region.id } }, cycle: { data: { type: 'cycles', id: cycle!.id } } } } };
    const created = await admin.post('/cycle-overrides', body);
    return { created, body };
  };
  return {
    'GET /cycle-overrides/:id': async (ctx) => {
      const { created } = await made(ctx);
      return [(await ctx.manager.get(`/cycle-overrides/${one(created.body).id}`)).status, (await ctx.manager.get('/cycle-overrides/999999')).status];
    },
    'POST /cycle-overrides': async (ctx) => {
      const { created, body } = await made(ctx);
      return [created.status, (await ctx.admin.post('/cycle-overrides', body)).status, (await ctx.manager.post('/cycle-overrides', body)).status];
    },
    'PATCH /cycle-overrides/:id': async (ctx) => {
      const id = one((await made(ctx)).created.body).id;
      const patch = (attributes: Record<string, unknown>) => ctx.admin.request('PATCH', `/cycle-overrides/${id}`, { data: { attributes } });
      return [(await patch({ monday: false, version: 1 })).status, (await patch({ monday: true, version: 1 })).status, (await patch({ blackoutDates: ['soon'] })).status];
    },
    'DELETE /cycle-overrides/:id': async (ctx) => {
      const id = one((await made(ctx)).created.body).id;
      return [(await ctx.manager.delete(`/cycle-overrides/${id}`)).status, (await ctx.admin.delete(`/cycle-overrides/${id}`)).status, (await ctx.admin.delete(`/cycle-overrides/${id}`)).status];
    },
  };
}

/** A document of the building made through the API by `who` from a one-page PDF uploaded as a document: its id and upload URL. */
async function documentOf(app: FastifyInstance, who: Client, building: string): Promise<{ id: string; url: string }> {
  const key = `documents-document-${Math.random().toString(36).slice(2)}`.padEnd(24, '0') + '.pdf';
  await app.storage.put(key, Buffer.from('%PDF-1.4\n% documents\n'), 'application/pdf');
  const [organization] = await app.db.select({ id: schema.buildings.organizationId }).from(schema.buildings).where(eq(schema.buildings.id, Number(building)));
  await app.db.insert(schema.uploads).values({ key, mimetype: 'application/pdf', size: 20, organizationId: organization!.id, kind: 'document', pageCount: 1 });
  const url = `/files/${key}`;
  const answer = await who.post('/documents', {
    data: { type: 'documents', attributes: { name: 'Sprinkler plan', category: 'Fire Safety Plan', url }, relationships: { building: { data: { type: 'buildings', id: building } } } },
  });
  expect(answer.status).toBe(201);
  return { id: one(answer.body).id, url };
}
