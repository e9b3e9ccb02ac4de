/**
 * QR codes (inspection.md sections 2, 5-8; admin-organizations-buildings.md sections 2, 5-7): unassigned codes
 * and their batches, the check of a scanned code, its assignment to a location, the image per uuid and the
 * printable sheets, read back as a phone would read them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQrCode } from '@fsi/shared';
import QRCode from 'qrcode';
import { schema, seed, type SeededOrganization, type TestBackend } from '../src/testing';
import { TEST_PASSWORD } from '../src/seed/test-seed';
import { client, databases, ids, list, one, signedIn, startTestBackend, type Client, type JsonApiResource } from './helpers';
import { decodeQrCodes } from './qr-decoding';
import { nonWhiteShare, readPdfText, renderPdfPages, type RenderedPage } from './pdf-reading';

const PUBLIC_URL = 'https://inspect.example.com';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const POINTS_PER_CM = 72 / 2.54;

describe.each(databases)('QR codes on %s', (database) => {
  let backend: TestBackend;
  let acme: SeededOrganization;
  let other: SeededOrganization;
  const as: Record<string, Client> = {};
  let tower: number;

  const batch = (who: Client, count: unknown, organizationId: number = acme.id) =>
    who.post('/unassigned_qr_codes/batch', { data: { type: 'unassigned_qr_codes', attributes: { count, organization_id: organizationId } } });
  const validate = (who: Client, url: string, buildingId: number = tower) =>
    who.post('/unassigned_qr_codes/validate_url', { data: { attributes: { url, building_id: String(buildingId) } } });
  const assign = (who: Client, attributes: Record<string, unknown>) =>
    who.post('/unassigned_qr_codes/assign', { data: { attributes: { building_id: tower, ...attributes } } });
  const locationRow = async (id: number) => (await backend.db.select().from(schema.locations).where(eq(schema.locations.id, id)))[0]!;
  const fetchFile = (url: string) => backend.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    backend = await startTestBackend({ database, publicUrl: PUBLIC_URL });
    const floors: [string, string[]][] = [
      ['Ground', ['Lobby', 'Stair A', 'Électrique', 'Loading Dock', 'Mail Room', 'Boiler Room', 'Parkade Ramp']],
      ['Level 2', ['Corridor 2N', 'Corridor 2S', 'Kitchen 2', 'Stair B', 'Server Room', 'Roof Hatch', 'Office 201']],
    ];
    acme = await seed(backend.db).organization('Acme QR', (o) =>
      o
        .building('Tower', { floors })
        .building('Annex', { floors: [['Ground', ['Annex Lobby']]] })
        .role('Assigner', { locationPermissions: { view: true, assignQrCode: true } })
        .role('Builder', { buildingPermissions: { view: true, manage: true } })
        .role('Viewer', { buildingPermissions: { view: true }, locationPermissions: { view: true } })
        .user('qrassigner', { roles: ['Assigner'] })
        .user('qrbuilder', { roles: ['Builder'] })
        .user('qrviewer', { roles: ['Viewer'] })
        .user('qrannexonly', { roles: ['Assigner', 'Builder'], buildings: ['Annex'] }),
    );
    other = await seed(backend.db).organization('Other QR', (o) =>
      o.building('Elsewhere', { floors: [['Ground', ['Their Lobby']]] }).role('Assigner', { locationPermissions: { view: true, assignQrCode: true } }).user('qroutsider', { roles: ['Assigner'] }),
    );
    tower = acme.buildings.Tower!;
    // Hints and alias ids for the sheet: a hint on each location, alias ids on two.
    for (const [key, id] of Object.entries(acme.locations)) {
      await backend.db.update(schema.locations).set({ hint: `Hint for ${key.split('/').at(-1)}: beside the door` }).where(eq(schema.locations.id, id));
    }
    await backend.db.update(schema.locations).set({ aliasIds: [501] }).where(eq(schema.locations.id, acme.locations['Tower/Ground/Lobby']!));
    await backend.db.update(schema.locations).set({ aliasIds: [502, 9] }).where(eq(schema.locations.id, acme.locations['Tower/Level 2/Server Room']!));
    for (const username of ['assigner', 'builder', 'viewer', 'annexonly', 'outsider']) as[username] = await signedIn(backend, `qr${username}`, TEST_PASSWORD);
    as.admin = await signedIn(backend, 'admin');
  });
  afterAll(() => backend?.close());

  describe('unassigned codes', () => {
    it('generates a batch of 1 to 50 new codes for an administrator, listed newest first', async () => {
      const made = await batch(as.admin!, 3);
      expect(made.status).toBe(201);
      const codes = list(made.body);
      expect(codes).toHaveLength(3);
      for (const code of codes) {
        expect(code.type).toBe('unassigned_qr_codes');
        expect(code.attributes.uuid).toMatch(UUID);
        expect(code.attributes.universalLink).toBe(`${PUBLIC_URL}/q/${code.attributes.uuid}`);
        expect(code.attributes.organizationId).toBe(acme.id);
      }
      expect(new Set(codes.map((c) => c.attributes.uuid)).size).toBe(3);
      expect((await batch(as.admin!, '50')).status).toBe(201);
      const listed = await as.admin!.get(`/organizations/${acme.id}/unassigned_qr_codes?page[size]=100`);
      expect(listed.status).toBe(200);
      expect(listed.body.meta!.total).toBe(53);
      // The batch of 50 first, then the batch of 3, each newest first.
      expect(ids(listed.body).slice(50)).toEqual(ids(made.body));
      expect(ids(listed.body).map(Number)).toEqual([...ids(listed.body).map(Number)].sort((a, b) => b - a));
    });

    it("refuses a count outside 1 to 50 with the administration screen's words, making nothing", async () => {
      const before = (await as.admin!.get(`/organizations/${acme.id}/unassigned_qr_codes`)).body.meta!.total;
      const cases: [unknown, string][] = [
        [undefined, 'QR codes number is required field'],
        [null, 'QR codes number is required field'],
        ['', 'QR codes number is required field'],
        [0, "QR codes number can not be lower than '1'"],
        [-5, "QR codes number can not be lower than '1'"],
        [51, "QR codes number can not be greater than '50'"],
        ['500', "QR codes number can not be greater than '50'"],
        [2.5, 'QR codes number must be a whole number'],
        ['ten', 'QR codes number must be a whole number'],
      ];
      for (const [count, message] of cases) {
        const answer = await batch(as.admin!, count);
        expect(answer.status, String(count)).toBe(422);
        expect(answer.body.errors).toEqual([expect.objectContaining({ detail: message, code: 'VALIDATION_FAILED', source: { pointer: '/data/attributes/count' } })]);
      }
      expect((await as.admin!.get(`/organizations/${acme.id}/unassigned_qr_codes`)).body.meta!.total).toBe(before);
    });

    it('is for administrators only, and answers 404 for an organization that does not exist', async () => {
      for (const who of ['assigner', 'builder', 'viewer', 'outsider']) {
        expect((await as[who]!.get(`/organizations/${acme.id}/unassigned_qr_codes`)).status, who).toBe(403);
        expect((await batch(as[who]!, 5)).status, who).toBe(403);
        expect((await as[who]!.get(`/organizations/${acme.id}/unassigned_qr_codes/sheet`)).status, who).toBe(403);
      }
      expect((await as.admin!.get('/organizations/999999/unassigned_qr_codes')).status).toBe(404);
      expect((await batch(as.admin!, 5, 999999)).status).toBe(404);
      expect((await client(backend.app).get(`/organizations/${acme.id}/unassigned_qr_codes`)).status).toBe(401);
    });

    it("serves each code's image as a PNG that decodes to its universal link, through a signed URL only", async () => {
      const [code] = list((await batch(as.admin!, 1)).body);
      const url = code!.attributes.qrImageUrl as string;
      expect(url).toMatch(new RegExp(`^/qr-code-images/${code!.attributes.uuid}\\?`));
      const image = await fetchFile(url);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      const decoded = await decodeQrCodes(image.rawPayload);
      expect(decoded.map((d) => d.text)).toEqual([`${PUBLIC_URL}/q/${code!.attributes.uuid}`]);
      // Another uuid under the same signature, or no signature at all: refused.
      const [another] = list((await batch(as.admin!, 1)).body);
      expect((await fetchFile(url.replace(code!.attributes.uuid as string, another!.attributes.uuid as string))).statusCode).toBe(403);
      expect((await fetchFile(`/qr-code-images/${code!.attributes.uuid}`)).statusCode).toBe(403);
    });
  });

  describe('checking a scanned code', () => {
    let code: JsonApiResource;
    beforeAll(async () => {
      [code] = list((await batch(as.admin!, 1)).body) as [JsonApiResource];
    });

    it("accepts an unassigned code of the building's organization, whatever the host and letter case", async () => {
      for (const url of [code.attributes.universalLink as string, `HTTP://OLD-HOST:8080/Q/${(code.attributes.uuid as string).toUpperCase()}/`]) {
        const answer = await validate(as.assigner!, url);
        expect(answer.status, url).toBe(200);
        expect(one(answer.body).attributes.uuid).toBe(code.attributes.uuid);
      }
    });

    it("answers 'QR code not supported.' for other text, a location's own code and another organization's code", async () => {
      const [theirs] = list((await batch(as.admin!, 1, other.id)).body);
      const lobby = await locationRow(acme.locations['Tower/Ground/Lobby']!);
      for (const url of ['hello', `${PUBLIC_URL}/locations/${code.attributes.uuid}`, `${PUBLIC_URL}/q/${lobby.regularUuid}`, theirs!.attributes.universalLink as string]) {
        const answer = await validate(as.assigner!, url);
        expect(answer.status, url).toBe(422);
        expect(answer.body.errors).toEqual([expect.objectContaining({ detail: 'QR code not supported.', source: { pointer: '/data/attributes/url' } })]);
      }
    });

    it('needs canAssignQrCode and a building the caller may see', async () => {
      expect((await validate(as.viewer!, code.attributes.universalLink as string)).status).toBe(403);
      expect((await validate(as.builder!, code.attributes.universalLink as string)).status).toBe(403);
      expect((await validate(as.outsider!, code.attributes.universalLink as string)).status).toBe(404);
      expect((await validate(as.annexonly!, code.attributes.universalLink as string)).status).toBe(404);
      expect((await validate(as.annexonly!, code.attributes.universalLink as string, acme.buildings.Annex!)).status).toBe(200);
    });
  });

  describe('assigning a code to a location', () => {
    it('gives a location a new code, then replaces it; the location is found by either code, the old one no longer', async () => {
      const [first, second] = list((await batch(as.admin!, 2)).body) as [JsonApiResource, JsonApiResource];
      const id = acme.locations['Tower/Ground/Stair A']!;
      const { regularUuid } = await locationRow(id);
      const given = await assign(as.assigner!, { new_uuid: first.attributes.uuid, existing_uuid: regularUuid, existing_temporary_uuid: null });
      expect(given.status).toBe(200);
      expect(one(given.body)).toMatchObject({ type: 'locations', id: String(id), attributes: { temporaryUuid: first.attributes.uuid, universalLink: `${PUBLIC_URL}/q/${first.attributes.uuid}` } });
      // The location's image now shows the code on the wall.
      const image = await fetchFile(one(given.body).attributes.qrImageUrl as string);
      expect((await decodeQrCodes(image.rawPayload)).map((d) => d.text)).toEqual([`${PUBLIC_URL}/q/${first.attributes.uuid}`]);
      // The code left the unassigned list.
      const listed = await as.admin!.get(`/organizations/${acme.id}/unassigned_qr_codes?page[size]=500`);
      expect(list(listed.body).map((c) => c.attributes.uuid)).not.toContain(first.attributes.uuid);
      expect(ids((await as.assigner!.get(`/locations?filter[uuid]=${first.attributes.uuid}`)).body)).toEqual([String(id)]);

      const replaced = await assign(as.assigner!, { new_uuid: second.attributes.uuid, existing_uuid: regularUuid, existing_temporary_uuid: first.attributes.uuid });
      expect(replaced.status).toBe(200);
      expect(one(replaced.body).attributes.temporaryUuid).toBe(second.attributes.uuid);
      expect(ids((await as.assigner!.get(`/locations?filter[uuid]=${second.attributes.uuid}`)).body)).toEqual([String(id)]);
      expect(ids((await as.assigner!.get(`/locations?filter[uuid]=${regularUuid}`)).body)).toEqual([String(id)]);
      expect(list((await as.assigner!.get(`/locations?filter[uuid]=${first.attributes.uuid}`)).body)).toEqual([]);
    });

    it("refuses a code that is not an unassigned code of the organization, or a temporary uuid that changed meanwhile, changing nothing", async () => {
      const [code, spare] = list((await batch(as.admin!, 2)).body) as [JsonApiResource, JsonApiResource];
      const [theirs] = list((await batch(as.admin!, 1, other.id)).body);
      const id = acme.locations['Tower/Ground/Mail Room']!;
      const { regularUuid } = await locationRow(id);
      for (const newUuid of [theirs!.attributes.uuid, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
        const answer = await assign(as.assigner!, { new_uuid: newUuid, existing_uuid: regularUuid });
        expect(answer.status).toBe(422);
        expect(answer.body.errors![0]).toMatchObject({ detail: 'QR code not supported.', source: { pointer: '/data/attributes/new_uuid' } });
      }
      // The location has no temporary uuid, but the caller thinks it has one.
      const stale = await assign(as.assigner!, { new_uuid: code.attributes.uuid, existing_uuid: regularUuid, existing_temporary_uuid: spare.attributes.uuid });
      expect(stale.status).toBe(409);
      expect(stale.body.errors![0]!.detail).toBe("This location's QR code was changed meanwhile: reload the location and assign again.");
      expect((await locationRow(id)).temporaryUuid).toBeNull();
      // The refused code is still unassigned, so it can be used.
      expect((await assign(as.assigner!, { new_uuid: code.attributes.uuid, existing_uuid: regularUuid })).status).toBe(200);
      // A code already assigned is no longer unassigned.
      const again = await assign(as.assigner!, { new_uuid: code.attributes.uuid, existing_uuid: (await locationRow(acme.locations['Tower/Ground/Lobby']!)).regularUuid });
      expect(again.status).toBe(422);
      // A location of another building is not found in this one.
      const annexLobby = await locationRow(acme.locations['Annex/Ground/Annex Lobby']!);
      expect((await assign(as.assigner!, { new_uuid: spare.attributes.uuid, existing_uuid: annexLobby.regularUuid })).status).toBe(404);
    });

    it('needs canAssignQrCode and a building the caller may see', async () => {
      const [code] = list((await batch(as.admin!, 1)).body);
      const { regularUuid } = await locationRow(acme.locations['Tower/Ground/Boiler Room']!);
      const attributes = { new_uuid: code!.attributes.uuid, existing_uuid: regularUuid };
      expect((await assign(as.viewer!, attributes)).status).toBe(403);
      expect((await assign(as.builder!, attributes)).status).toBe(403);
      expect((await assign(as.outsider!, attributes)).status).toBe(404);
      expect((await assign(as.annexonly!, attributes)).status).toBe(404);
      expect((await locationRow(acme.locations['Tower/Ground/Boiler Room']!)).temporaryUuid).toBeNull();
      expect((await assign(as.admin!, attributes)).status).toBe(200);
    });
  });

  describe('printable sheets', () => {
    /** The sheet's PDF, through the signed URL the route answers. */
    async function sheetPdf(who: Client, url: string): Promise<{ bytes: Uint8Array; attributes: Record<string, unknown> }> {
      const answer = await who.get(url);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const attributes = one(answer.body).attributes;
      const file = await fetchFile(attributes.download_url as string);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('application/pdf');
      return { bytes: new Uint8Array(file.rawPayload), attributes };
    }

    /**
     * Each code on the rendered pages, with the label printed under it (the first line of text below the code,
     * centred on it), its size without the quiet zone in cm, and whether its quiet zone is blank.
     */
    async function readSheet(bytes: Uint8Array) {
      const [pages, texts] = [await renderPdfPages(bytes, { resolution: 150 }), await readPdfText(bytes)];
      const found: { page: number; text: string; label: string; sizeCm: number; quietZoneBlank: boolean }[] = [];
      for (const page of pages) {
        const text = texts[page.number - 1]!;
        for (const code of await decodeQrCodes(page.png)) {
          const toPoints = (p: { x: number; y: number }) => ({ x: (p.x * 72) / page.resolution, y: page.heightPoints - (p.y * 72) / page.resolution });
          const corners = code.corners.map(toPoints);
          const left = Math.min(...corners.map((c) => c.x));
          const right = Math.max(...corners.map((c) => c.x));
          const bottom = Math.min(...corners.map((c) => c.y));
          const top = Math.max(...corners.map((c) => c.y));
          const centre = (left + right) / 2;
          const below = text.items
            .filter((i) => i.y < bottom && i.y > bottom - 40 && Math.abs(i.x + i.width / 2 - centre) < 20)
            .sort((a, b) => b.y - a.y);
          const moduleSize = (right - left) / QRCode.create(code.text, { errorCorrectionLevel: 'M' }).modules.size;
          found.push({
            page: page.number,
            text: code.text,
            label: below[0]?.str ?? '',
            sizeCm: (right - left) / POINTS_PER_CM,
            quietZoneBlank: await quietZoneBlank(page, { left, right, bottom, top }, moduleSize),
          });
        }
      }
      return found;
    }

    /** Whether the 4-module band around the code (less a module's margin for rendering) holds no ink. */
    async function quietZoneBlank(page: RenderedPage, box: { left: number; right: number; bottom: number; top: number }, module: number): Promise<boolean> {
      const inner = module;
      const outer = 4 * module - module / 2;
      const bands = [
        { x: box.left - outer, y: box.top + inner, width: box.right - box.left + 2 * outer, height: outer - inner },
        { x: box.left - outer, y: box.bottom - outer, width: box.right - box.left + 2 * outer, height: outer - inner },
        { x: box.left - outer, y: box.bottom - outer, width: outer - inner, height: box.top - box.bottom + 2 * outer },
        { x: box.right + inner, y: box.bottom - outer, width: outer - inner, height: box.top - box.bottom + 2 * outer },
      ];
      for (const band of bands) if ((await nonWhiteShare(page, band)) > 0.01) return false;
      return true;
    }

    it("prints every location of the building, each code at least 2 cm with a blank quiet zone, decoding to the location printed under it", async () => {
      const { bytes, attributes } = await sheetPdf(as.admin!, `/buildings/${tower}/qr_code_sheet`);
      expect(attributes).toMatchObject({ codeCount: 14, pageCount: 2, filename: `qr-codes-building-${tower}.pdf` });
      const rows = await backend.db.select().from(schema.locations).where(eq(schema.locations.buildingId, tower));
      const found = await readSheet(bytes);
      expect(found).toHaveLength(14);
      expect(found.filter((f) => f.page === 1)).toHaveLength(12);
      for (const code of found) {
        const uuid = parseQrCode(code.text);
        const location = rows.find((l) => (l.temporaryUuid ?? l.regularUuid) === uuid);
        expect(location, code.text).toBeDefined();
        expect(code.text).toBe(`${PUBLIC_URL}/q/${uuid}`);
        expect(code.label).toBe(location!.name);
        expect(code.sizeCm).toBeGreaterThanOrEqual(2);
        expect(code.quietZoneBlank, code.label).toBe(true);
      }
      expect(new Set(found.map((f) => f.label)).size).toBe(14);
      // Names in accented letters and the hints are printed as written.
      const text = (await readPdfText(bytes)).map((p) => p.text.replace(/\s+/g, ' ')).join(' ');
      expect(text).toContain('Électrique');
      expect(text).toContain('Hint for Lobby: beside the door');
      expect(text).toContain('Tower – QR codes');
      expect(text).toContain('Page 2 of 2');
    });

    it("prints what the QR codes list's search finds: an id range, or alias ids", async () => {
      const ground = ['Lobby', 'Stair A', 'Électrique'].map((n) => acme.locations[`Tower/Ground/${n}`]!).sort((a, b) => a - b);
      const range = await sheetPdf(as.admin!, `/buildings/${tower}/qr_code_sheet?filter[search]=${ground[0]}-${ground[2]}`);
      expect(range.attributes.codeCount).toBe(3);
      expect((await readSheet(range.bytes)).map((f) => f.label).sort()).toEqual(['Lobby', 'Stair A', 'Électrique'].sort());
      const aliases = await sheetPdf(as.admin!, `/buildings/${tower}/qr_code_sheet?filter[search]=${encodeURIComponent('501, 9')}`);
      expect((await readSheet(aliases.bytes)).map((f) => f.label).sort()).toEqual(['Lobby', 'Server Room']);
      const none = await as.admin!.get(`/buildings/${tower}/qr_code_sheet?filter[search]=777777-777778`);
      expect(none.status).toBe(422);
      expect(none.body.errors![0]).toMatchObject({ detail: 'No results found', source: { parameter: 'filter[search]' } });
    });

    it("prints an organization's unassigned codes, or those asked for, each decoding to its own link", async () => {
      const codes = list((await batch(as.admin!, 4)).body);
      const { bytes, attributes } = await sheetPdf(as.admin!, `/organizations/${acme.id}/unassigned_qr_codes/sheet?filter[id]=${ids((await batch(as.admin!, 1)).body)[0]},${codes.map((c) => c.id).join(',')}`);
      expect(attributes.codeCount).toBe(5);
      const found = await readSheet(bytes);
      expect(found).toHaveLength(5);
      for (const code of codes) expect(found.map((f) => f.text)).toContain(`${PUBLIC_URL}/q/${code.attributes.uuid}`);
      for (const code of found) {
        expect(code.label).toBe('Unassigned QR code');
        expect(code.sizeCm).toBeGreaterThanOrEqual(2);
        expect(code.quietZoneBlank).toBe(true);
      }
      const theirs = ids((await batch(as.admin!, 1, other.id)).body);
      expect((await as.admin!.get(`/organizations/${acme.id}/unassigned_qr_codes/sheet?filter[id]=${theirs[0]}`)).status).toBe(422);
    });

    it('lets administrators and building or organization managers print a building, no one else', async () => {
      expect((await as.builder!.get(`/buildings/${tower}/qr_code_sheet`)).status).toBe(200);
      expect((await as.assigner!.get(`/buildings/${tower}/qr_code_sheet`)).status).toBe(403);
      expect((await as.viewer!.get(`/buildings/${tower}/qr_code_sheet`)).status).toBe(403);
      expect((await as.outsider!.get(`/buildings/${tower}/qr_code_sheet`)).status).toBe(404);
      expect((await as.annexonly!.get(`/buildings/${tower}/qr_code_sheet`)).status).toBe(404);
    });
  });

  it('names a QR image on every location, which decodes to its universal link', async () => {
    const answer = await as.viewer!.get(`/locations?filter[building]=${tower}&page[size]=3`);
    for (const location of list(answer.body)) {
      const image = await fetchFile(location.attributes.qrImageUrl as string);
      expect(image.statusCode).toBe(200);
      expect((await decodeQrCodes(image.rawPayload)).map((d) => d.text)).toEqual([location.attributes.universalLink]);
    }
    expect(list(answer.body)).toHaveLength(3);
  });
});
