/**
 * The building edit form (issue 12; admin-organizations-buildings.md sections 2-7): GET /buildings/{id} answers every
 * field of the form, PATCH /buildings/{buildingId} saves them by role with the section 5 rules (422 with pointers),
 * refuses a stale version (409 STALE), and what it saves counts: the time zone for walkabouts created afterwards, the
 * Reports and Report Booklets toggles for the reports generated and offered.
 */
import { randomBytes } from 'node:crypto';
import {
  NOT_ALLOWED_TO_CHANGE_BUILDING_REGION_MESSAGE,
  NOT_ALLOWED_TO_CHANGE_BUILDING_REPORTS_MESSAGE,
  emptyRolePermissions,
  NOT_ALLOWED_TO_EDIT_BUILDING_MESSAGE,
  OCCUPANCY_TYPE_MESSAGE,
  OFFSET_UNIT_MESSAGE,
  OFFSET_VALUE_MESSAGE,
  ONLY_ADMINISTRATORS_SET_CONTRACTS_MESSAGE,
  PHOTO_NOT_IMAGE_MESSAGE,
  REGION_NOT_IN_ORGANIZATION_MESSAGE,
  REPORT_DEFINITION_NOT_IN_ORGANIZATION_MESSAGE,
  STALE_EDIT_MESSAGE,
  TIME_ZONE_MESSAGE,
  tooLongMessage,
  BUILDING_NAME_REQUIRED_MESSAGE,
} from '@fsi/shared';
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicableReports, walkaboutContext } from '../src/features/reports/data';
import { schema, signIn, type TestBackend } from '../src/testing';
import { databases, demoIds, list, multipartFile, one, signedIn, startTestBackend, type Answer, type Client } from './helpers';

const KING = 'King Street Commerce Centre';
const RIVERSIDE = 'Riverside Distribution Warehouse';
const LAWRENCE = 'Lawrence Park Seniors Residence';
const YONGE = 'Yonge & Eglinton Tower';

describe.each(databases)('the building form on %s', (database) => {
  let backend: TestBackend;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  const as: Record<string, Client> = {};

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    for (const username of ['admin', 'manager', 'regional', 'inspector', 'viewer', 'harbour']) as[username] = await signedIn(backend, username);
  });
  afterAll(() => backend?.close());

  const patch = (who: Client, id: string, data: { attributes?: Record<string, unknown>; offsets?: unknown[]; relationships?: unknown }) =>
    who.patch(`/buildings/${id}`, { data: { id, type: 'building', attributes: {}, ...data } });
  const attributesOf = async (id: string) => one((await as.admin!.get(`/buildings/${id}`)).body).attributes;
  const errorsOf = (answer: Answer) => (answer.body.errors ?? []).map((e) => [e.source?.pointer, e.detail]);
  const row = async (id: string) => (await backend.db.select().from(schema.buildings).where(eq(schema.buildings.id, Number(id))))[0]!;

  async function imageUpload(who: string): Promise<string> {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } }).png().toBuffer();
    const { payload, headers } = multipartFile('photo.png', 'image/png', png);
    const { token } = await signIn(backend.url, who, 'demo1234');
    const answer = await backend.app.inject({ method: 'POST', url: '/uploads', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    expect(answer.statusCode, answer.body).toBe(201);
    return (JSON.parse(answer.body) as { data: { attributes: { url: string } } }).data.attributes.url;
  }

  async function pdfUpload(): Promise<string> {
    const key = `${randomBytes(24).toString('base64url')}.pdf`;
    const bytes = Buffer.from('%PDF-1.4\n% contract\n%%EOF\n');
    await backend.storage.put(key, bytes, 'application/pdf');
    await backend.db.insert(schema.uploads).values({ key, mimetype: 'application/pdf', size: bytes.length, kind: 'document', organizationId: null });
    return `/files/${key}`;
  }

  it('answers every field of the form, with 0 hour offsets for repeating cycles never set and the toggles all on (null) until saved', async () => {
    const building = await attributesOf(demo.building(RIVERSIDE));
    expect(building).toMatchObject({
      name: RIVERSIDE,
      timeZone: 'America/Toronto',
      version: 1,
      reportDefinitionIds: null,
      reportBookletTemplateIds: null,
      organizationContract: expect.any(Boolean),
      information: expect.any(Object),
    });
    for (const key of ['photoUrl', 'contractUrl', 'contractFileUrl', 'contractAccepterUsername', 'contractAcceptedAt', 'floorDisplayName', 'regionId']) {
      expect(building).toHaveProperty(key);
    }
    const offsets = building.buildingOffsets as { cycleName: string; cycleShortName: string; openOffsetValue: number; openOffsetUnit: string }[];
    const repeating = await backend.db.select().from(schema.cycles).where(eq(schema.cycles.organizationId, demo.northwind));
    expect(offsets.map((o) => o.cycleName).sort()).toEqual(repeating.filter((c) => c.frequency !== null).map((c) => c.name).sort());
    expect(offsets.every((o) => o.cycleShortName.length > 0)).toBe(true);
  });

  it('saves the whole form for a building manager in one call, raises the version and reads back what was saved', async () => {
    const id = demo.building(RIVERSIDE);
    const { version } = await attributesOf(id);
    const daily = Number(demo.cycle(demo.northwind, 'Daily'));
    const photo = await imageUpload('manager');
    const saved = await patch(as.manager!, id, {
      attributes: {
        version,
        photoUrl: photo,
        floorDisplayName: 'Level',
        timeZone: 'America/Vancouver',
        information: {
          occupancyType: 'Storage',
          note1: '  Keys at the gatehouse ',
          note2: '',
          addressInformation: { Address1: '12 River Road', City: 'Toronto', State: 'ON', PostalCode: 'M5V 1A1', ContactEmail: 'dock@example.com' },
          managementCompanyName: 'Northwind PM',
          managementCompanyAddressInformation: { Address1: '1 King St W', Phone: '416-555-0100' },
          monitoringCompanyName: 'Sentinel Monitoring',
          monitoringCompanyPhone: '1-800-555-0199',
          monitoringCompanyAccountNumber: 'A-4471',
          monitoringCompanyPassCode: 'blue heron',
        },
      },
      offsets: [{ cycleId: daily, openOffsetValue: 2, openOffsetUnit: 'hour', closeOffsetValue: 1, closeOffsetUnit: 'day' }],
      relationships: { region: { data: { type: 'regions', id: demo.region('Uptown') } } },
    });
    expect(saved.status, JSON.stringify(saved.body.errors)).toBe(200);
    const attributes = one(saved.body).attributes;
    expect(attributes).toMatchObject({
      version: (version as number) + 1,
      floorDisplayName: 'Level',
      timeZone: 'America/Vancouver',
      regionId: Number(demo.region('Uptown')),
      information: {
        occupancyType: 'Storage',
        note1: 'Keys at the gatehouse',
        note2: null,
        addressInformation: { Address1: '12 River Road', City: 'Toronto', State: 'ON', PostalCode: 'M5V 1A1', ContactEmail: 'dock@example.com' },
        managementCompanyAddressInformation: { Address1: '1 King St W', Phone: '416-555-0100' },
        monitoringCompanyPassCode: 'blue heron',
      },
    });
    expect(attributes.photoUrl).toMatch(/^\/signed-files\//);
    expect((await row(id)).photoUrl).toBe(photo);
    expect(attributes.buildingOffsets).toContainEqual(
      expect.objectContaining({ cycleName: 'Daily', openOffsetValue: 2, openOffsetUnit: 'hour', closeOffsetValue: 1, closeOffsetUnit: 'day' }),
    );
    // The signed photo URL the form read comes back unchanged on the next save: the stored file stays.
    const again = await patch(as.manager!, id, { attributes: { version: attributes.version, photoUrl: attributes.photoUrl } });
    expect(again.status).toBe(200);
    expect((await row(id)).photoUrl).toBe(photo);
  });

  it('refuses a save that carries an older version with 409 STALE and keeps the newer one', async () => {
    const id = demo.building(LAWRENCE);
    const { version } = await attributesOf(id);
    expect((await patch(as.manager!, id, { attributes: { version, floorDisplayName: 'Storey' } })).status).toBe(200);
    const stale = await patch(as.admin!, id, { attributes: { version, floorDisplayName: 'Deck' } });
    expect(stale.status).toBe(409);
    expect(stale.body.errors![0]).toMatchObject({ code: 'STALE', detail: STALE_EDIT_MESSAGE });
    expect((await row(id)).floorDisplayName).toBe('Storey');
  });

  it('lets viewers and inspectors read the form but change nothing', async () => {
    const id = demo.building(KING);
    for (const who of ['viewer', 'inspector']) {
      expect((await as[who]!.get(`/buildings/${id}`)).status).toBe(200);
      const refused = await patch(as[who]!, id, { attributes: { floorDisplayName: 'Nope' } });
      expect([refused.status, refused.body.errors![0]!.detail]).toEqual([403, NOT_ALLOWED_TO_EDIT_BUILDING_MESSAGE]);
    }
    expect((await row(id)).floorDisplayName).not.toBe('Nope');
  });

  it("lets a region user who manages buildings edit their building but not move it out of the region; an organization-wide manager may", async () => {
    const id = demo.building(KING);
    const edited = await patch(as.regional!, id, {
      attributes: { floorDisplayName: 'Floor' },
      relationships: { region: { data: { type: 'regions', id: demo.region('Downtown') } } },
    });
    expect(edited.status).toBe(200);
    const moved = await patch(as.regional!, id, { relationships: { region: { data: { type: 'regions', id: demo.region('Uptown') } } } });
    expect([moved.status, moved.body.errors![0]!.detail]).toEqual([403, NOT_ALLOWED_TO_CHANGE_BUILDING_REGION_MESSAGE]);
    expect((await row(id)).regionId).toBe(Number(demo.region('Downtown')));
    const byManager = await patch(as.manager!, id, { relationships: { region: { data: null } } });
    expect(byManager.status).toBe(200);
    expect((await row(id)).regionId).toBeNull();
    expect((await patch(as.manager!, id, { relationships: { region: { data: { type: 'regions', id: demo.region('Downtown') } } } })).status).toBe(200);
  });

  it("keeps the toggles and the photo to those who may edit, and lets an organization manager without building rights edit and move a building", async () => {
    const id = demo.building(YONGE);
    const toggles = await patch(as.viewer!, id, { attributes: { reportDefinitionIds: [] } });
    expect([toggles.status, toggles.body.errors![0]!.detail]).toEqual([403, NOT_ALLOWED_TO_CHANGE_BUILDING_REPORTS_MESSAGE]);
    const photo = await patch(as.viewer!, id, { attributes: { photoUrl: await imageUpload('viewer') } });
    expect([photo.status, photo.body.errors![0]!.detail]).toEqual([403, NOT_ALLOWED_TO_EDIT_BUILDING_MESSAGE]);
    expect((await row(id)).reportDefinitionIds).toBeNull();

    const permissions = emptyRolePermissions();
    permissions.organizationPermissions.manage = true;
    const [manager] = await backend.db.select().from(schema.users).where(eq(schema.users.username, 'manager'));
    const [role] = await backend.db.insert(schema.roles).values({ organizationId: demo.northwind, name: 'Organization manager', permissions }).returning();
    const [user] = await backend.db
      .insert(schema.users)
      .values({ username: 'orgmanager', organizationId: demo.northwind, passwordHash: manager!.passwordHash, email: 'orgmanager@example.com' })
      .returning();
    await backend.db.insert(schema.userRoles).values({ userId: user!.id, roleId: role!.id });
    const organizationManager = await signedIn(backend, 'orgmanager');
    const saved = await patch(organizationManager, id, {
      attributes: { floorDisplayName: 'Level', reportDefinitionIds: [] },
      relationships: { region: { data: { type: 'regions', id: demo.region('Downtown') } } },
    });
    expect(saved.status, JSON.stringify(saved.body.errors)).toBe(200);
    expect(await row(id)).toMatchObject({ floorDisplayName: 'Level', reportDefinitionIds: [], regionId: Number(demo.region('Downtown')) });
    await patch(as.admin!, id, { attributes: { reportDefinitionIds: null }, relationships: { region: { data: { type: 'regions', id: demo.region('Uptown') } } } });
  });

  it('answers every mistake at once with its pointer and saves nothing', async () => {
    const id = demo.building(YONGE);
    const before = await row(id);
    const harbourRegion = demo.region('West End');
    const [harbourDefinition] = await backend.db.select().from(schema.reportDefinitions).where(eq(schema.reportDefinitions.organizationId, demo.harbour));
    const answer = await patch(as.admin!, id, {
      attributes: {
        name: ' ',
        timeZone: 'Mars/Olympus',
        floorDisplayName: 'x'.repeat(257),
        reportDefinitionIds: harbourDefinition ? [harbourDefinition.id] : [2_000_000],
        information: { occupancyType: 'Spaceport', addressInformation: { City: 'y'.repeat(300) }, monitoringCompanyPassCode: '<script>' },
      },
      offsets: [{ cycleId: Number(demo.cycle(demo.northwind, 'Daily')), openOffsetValue: 1.5, openOffsetUnit: 'fortnight', closeOffsetValue: 0, closeOffsetUnit: 'hour' }],
      relationships: { region: { data: { type: 'regions', id: harbourRegion } } },
    });
    expect(answer.status).toBe(422);
    expect(errorsOf(answer)).toEqual(
      expect.arrayContaining([
        ['/data/attributes/name', BUILDING_NAME_REQUIRED_MESSAGE],
        ['/data/attributes/timeZone', TIME_ZONE_MESSAGE],
        ['/data/attributes/floorDisplayName', tooLongMessage('Floor Label Name')],
        ['/data/attributes/information/occupancyType', OCCUPANCY_TYPE_MESSAGE],
        ['/data/attributes/information/addressInformation/City', tooLongMessage('City')],
        ['/data/offsets/0/openOffsetValue', OFFSET_VALUE_MESSAGE],
        ['/data/offsets/0/openOffsetUnit', OFFSET_UNIT_MESSAGE],
        ['/data/relationships/region/data/id', REGION_NOT_IN_ORGANIZATION_MESSAGE],
        ['/data/attributes/reportDefinitionIds', REPORT_DEFINITION_NOT_IN_ORGANIZATION_MESSAGE],
      ]),
    );
    expect(errorsOf(answer).map(([pointer]) => pointer)).toContain('/data/attributes/information/monitoringCompanyPassCode');
    expect(await row(id)).toEqual(before);

    const notAnImage = await patch(as.manager!, id, { attributes: { photoUrl: await pdfUpload() } });
    expect(errorsOf(notAnImage)).toEqual([['/data/attributes/photoUrl', PHOTO_NOT_IMAGE_MESSAGE]]);
  });

  it('sets and clears the contract for administrators only, and either resets the acceptance', async () => {
    const id = demo.building(RIVERSIDE);
    const contract = await pdfUpload();
    const refused = await patch(as.manager!, id, { attributes: { contractUrl: contract } });
    expect([refused.status, refused.body.errors![0]!.detail]).toEqual([403, ONLY_ADMINISTRATORS_SET_CONTRACTS_MESSAGE]);
    const set = await patch(as.admin!, id, { attributes: { contractUrl: contract, floorDisplayName: 'Level' } });
    expect(one(set.body).attributes).toMatchObject({ contractUrl: contract, contractAcceptedAt: null, contractAccepterUsername: null, organizationContract: false });
    expect((await patch(as.manager!, id, { attributes: { contractAcceptedAt: new Date().toISOString() } })).status).toBe(200);
    expect((await row(id)).contractAccepterUsername).toBe('manager');
    const cleared = await patch(as.admin!, id, { attributes: { contractUrl: null } });
    expect(one(cleared.body).attributes).toMatchObject({ contractUrl: null, contractAcceptedAt: null, contractAccepterUsername: null });
  });

  it('opens and locks walkabouts created after a time zone change by the new zone', async () => {
    const id = demo.building(RIVERSIDE);
    const daily = Number(demo.cycle(demo.northwind, 'Daily'));
    const { version } = await attributesOf(id);
    const saved = await patch(as.admin!, id, {
      attributes: { version, timeZone: 'Asia/Tokyo' },
      offsets: [{ cycleId: daily, openOffsetValue: 0, openOffsetUnit: 'hour', closeOffsetValue: 0, closeOffsetUnit: 'hour' }],
    });
    expect(saved.status).toBe(200);
    await backend.app.runWalkaboutSchedule(new Date(Date.now() + 3 * 86_400_000));
    const [latest] = await backend.db
      .select()
      .from(schema.walkabouts)
      .where(and(eq(schema.walkabouts.buildingId, Number(id)), eq(schema.walkabouts.cycleId, daily)))
      .orderBy(desc(schema.walkabouts.openedAt))
      .limit(1);
    const tokyo = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
    expect(tokyo(latest!.openedAt)).toBe('00:00');
    expect(tokyo(latest!.lockedAt!)).toBe('00:00');
    expect(latest!.date).toBe(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo' }).format(latest!.openedAt));
  });

  it('generates and offers only the reports and booklets switched on in the form', async () => {
    const id = demo.building(KING);
    const weekly = await demo.walkabout(KING, 'Weekly');
    const context = (await walkaboutContext(backend.db, Number(weekly)))!;
    const before = await applicableReports(backend.db, context);
    expect(before.definitionIds.length).toBeGreaterThan(1);
    const [kept] = before.definitionIds;
    const { version } = await attributesOf(id);
    const saved = await patch(as.manager!, id, { attributes: { version, reportDefinitionIds: [kept], reportBookletTemplateIds: [] } });
    expect(one(saved.body).attributes).toMatchObject({ reportDefinitionIds: [kept], reportBookletTemplateIds: [] });

    const after = await applicableReports(backend.db, (await walkaboutContext(backend.db, Number(weekly)))!);
    expect(after).toEqual({ definitionIds: [kept], bookletIds: [] });
    const offered = one((await as.manager!.get(`/on-demand-reports/building-data/${id}`)).body).attributes;
    expect((offered.report_definitions as { id: number }[]).map((d) => d.id)).toEqual([kept]);
    expect(offered.report_booklet_templates).toEqual([]);

    // Back to every applicable one.
    await patch(as.manager!, id, { attributes: { reportDefinitionIds: null, reportBookletTemplateIds: null } });
    expect(await applicableReports(backend.db, (await walkaboutContext(backend.db, Number(weekly)))!)).toEqual(before);
  });

  it("lists the organization's active report definitions and booklet templates with what each is attached to", async () => {
    const definitions = list((await as.manager!.get(`/report-definitions?filter[organization]=${demo.northwind}&filter[active]=true`)).body);
    expect(definitions.length).toBeGreaterThan(2);
    const sprinkler = definitions.find((d) => d.attributes.name === 'Weekly Sprinkler and Fire Pump Log')!;
    expect(sprinkler.attributes).toMatchObject({ regionName: 'Downtown', organizationName: expect.stringMatching(/^Northwind/), isActive: true });
    const booklets = list((await as.viewer!.get('/report-booklet-templates?filter[active]=true')).body);
    expect(booklets.find((b) => b.attributes.name === 'Weekly Consolidated Booklet')!.attributes).toMatchObject({ buildingName: KING });
    expect(list((await as.harbour!.get(`/report-definitions?filter[organization]=${demo.northwind}`)).body)).toEqual([]);
  });
});
