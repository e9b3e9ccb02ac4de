/**
 * QR codes through the gateway over the real backend (issue 11; inspection.md sections 2, 5-8,
 * admin-organizations-buildings.md sections 2, 5-7), as an integrator sees them: an administrator's unassigned codes
 * and batches with the count rule's words, the check of a scanned code and its assignment to a location (canAssignQrCode:
 * the demo's manager has it, its viewer not), each code's image and the printable sheets on the gateway's own origin,
 * and Harbour Strata seeing nothing of Northwind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { schema } from '@fsi/backend/testing';
import { startStack, type GraphQLBody, type Stack } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};
let northwind = '';
let building = '';

type FieldErrors = Array<{ field: string | null; message: string; code: string }>;
type Code = { id: string; uuid: string; universalLink: string; qrImageUrl: string; organizationId: string };
type Location = { id: string; name: string; regularUuid: string; temporaryUuid: string | null; universalLink: string; qrImageUrl: string };
const CODE = 'id uuid universalLink qrImageUrl organizationId';
const LOCATION = 'id name regularUuid temporaryUuid universalLink qrImageUrl';

async function ok<T>(query: string, variables: Record<string, unknown>, who: string): Promise<T> {
  const { status, body } = await stack.graphql<T>(query, { variables, token: tokens[who] });
  expect(status, JSON.stringify(body).slice(0, 400)).toBe(200);
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data!;
}

async function refused(query: string, variables: Record<string, unknown>, who: string): Promise<GraphQLBody<unknown>> {
  const { body } = await stack.graphql(query, { variables, token: tokens[who] });
  return body;
}

const generate = (count: number | null, who = 'admin', organizationId = northwind) =>
  ok<{ generateQrCodes: { codes: Code[]; errors: FieldErrors } }>(
    `mutation ($o: ID!, $c: Int) { generateQrCodes(organizationId: $o, count: $c) { codes { ${CODE} } errors { field message code } } }`,
    { o: organizationId, c: count },
    who,
  ).then((d) => d.generateQrCodes);

const GENERATE = 'mutation ($o: ID!, $c: Int) { generateQrCodes(organizationId: $o, count: $c) { codes { id } errors { message } } }';
const UNASSIGNED = `query ($o: ID!) { unassignedQrCodes(organizationId: $o, pageSize: 100) { nodes { ${CODE} } pageInfo { totalCount } } }`;
const VALIDATE = `mutation ($b: ID!, $u: String!) { validateQrCodeUrl(buildingId: $b, url: $u) { code { ${CODE} } errors { field message code } } }`;
const ASSIGN = `mutation ($b: ID!, $n: String!, $e: String!, $t: String) {
  assignQrCode(buildingId: $b, newUuid: $n, existingUuid: $e, existingTemporaryUuid: $t) { location { ${LOCATION} } errors { field message code } }
}`;
const BUILDING_SHEET = 'query ($b: ID!, $s: String) { buildingQrCodeSheet(buildingId: $b, search: $s) { sheet { downloadUrl filename expiresAt codeCount pageCount } errors { field message code } } }';
const UNASSIGNED_SHEET = 'query ($o: ID!, $ids: [ID!]) { unassignedQrCodeSheet(organizationId: $o, ids: $ids) { sheet { downloadUrl filename codeCount pageCount } errors { field message code } } }';

async function locationsOf(who: string, search?: string): Promise<Location[]> {
  const data = await ok<{ locations: { nodes: Location[] } }>(
    `query ($b: ID!, $s: String) { locations(buildingId: $b, search: $s, pageSize: 500) { nodes { ${LOCATION} } } }`,
    { b: building, s: search ?? null },
    who,
  );
  return data.locations.nodes;
}

beforeAll(async () => {
  stack = await startStack({}, { publicUrl: 'https://inspect.example.com' });
  for (const username of ['admin', 'manager', 'viewer', 'harbour']) tokens[username] = await stack.signIn(username);
  const { buildings } = await ok<{ buildings: { nodes: Array<{ id: string; name: string; organization: { id: string } }> } }>(
    '{ buildings(pageSize: 100) { nodes { id name organization { id } } } }',
    {},
    'manager',
  );
  const king = buildings.nodes.find((b) => b.name === 'King Street Commerce Centre')!;
  building = king.id;
  northwind = king.organization.id;
});

afterAll(async () => {
  await stack?.close();
});

describe('unassigned QR codes', () => {
  it('generates 1 to 50 codes for an administrator and lists them newest first', async () => {
    const made = await generate(3);
    expect(made.errors).toEqual([]);
    expect(made.codes).toHaveLength(3);
    for (const code of made.codes) {
      expect(code.universalLink).toBe(`https://inspect.example.com/q/${code.uuid}`);
      expect(code.organizationId).toBe(northwind);
    }
    const { unassignedQrCodes } = await ok<{ unassignedQrCodes: { nodes: Code[]; pageInfo: { totalCount: number } } }>(UNASSIGNED, { o: northwind }, 'admin');
    expect(unassignedQrCodes.nodes.slice(0, 3).map((c) => c.id)).toEqual(made.codes.map((c) => c.id));
    expect(unassignedQrCodes.pageInfo.totalCount).toBeGreaterThanOrEqual(3);
  });

  it("answers the count rule's words as field errors at count", async () => {
    const cases: Array<[number | null, string]> = [
      [null, 'QR codes number is required field'],
      [0, "QR codes number can not be lower than '1'"],
      [51, "QR codes number can not be greater than '50'"],
    ];
    for (const [count, message] of cases) {
      const answer = await generate(count);
      expect(answer.codes).toEqual([]);
      expect(answer.errors).toEqual([{ field: 'count', message, code: 'VALIDATION_FAILED' }]);
    }
  });

  it('is FORBIDDEN to anyone but an administrator', async () => {
    for (const who of ['manager', 'viewer', 'harbour']) {
      expect((await refused(UNASSIGNED, { o: northwind }, who)).errors?.[0]?.extensions?.code, who).toBe('FORBIDDEN');
      expect((await refused(GENERATE, { o: northwind, c: 2 }, who)).errors?.[0]?.extensions?.code, who).toBe('FORBIDDEN');
      expect((await refused(UNASSIGNED_SHEET, { o: northwind }, who)).errors?.[0]?.extensions?.code, who).toBe('FORBIDDEN');
    }
  });

  it("serves each code's image as a PNG on the gateway's origin, and a sheet of them as a PDF", async () => {
    const made = await generate(2);
    const image = await fetch(`${stack.url}${made.codes[0]!.qrImageUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    const { unassignedQrCodeSheet } = await ok<{ unassignedQrCodeSheet: { sheet: { downloadUrl: string; codeCount: number; pageCount: number } | null; errors: FieldErrors } }>(
      UNASSIGNED_SHEET,
      { o: northwind, ids: made.codes.map((c) => c.id) },
      'admin',
    );
    expect(unassignedQrCodeSheet).toMatchObject({ sheet: { codeCount: 2, pageCount: 1 }, errors: [] });
    const pdf = await fetch(`${stack.url}${unassignedQrCodeSheet.sheet!.downloadUrl}`);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('checking and assigning a scanned code', () => {
  it("accepts an unassigned code of the building's organization, and answers 'QR code not supported.' at url otherwise", async () => {
    const [code] = (await generate(1)).codes;
    const good = await ok<{ validateQrCodeUrl: { code: Code | null; errors: FieldErrors } }>(VALIDATE, { b: building, u: code!.universalLink.toUpperCase() }, 'manager');
    expect(good.validateQrCodeUrl).toEqual({ code: expect.objectContaining({ id: code!.id, uuid: code!.uuid }), errors: [] });
    const [location] = await locationsOf('manager');
    for (const url of ['hello', location!.universalLink]) {
      const bad = await ok<{ validateQrCodeUrl: { code: Code | null; errors: FieldErrors } }>(VALIDATE, { b: building, u: url }, 'manager');
      expect(bad.validateQrCodeUrl).toEqual({ code: null, errors: [{ field: 'url', message: 'QR code not supported.', code: 'VALIDATION_FAILED' }] });
    }
    expect((await refused(VALIDATE, { b: building, u: code!.universalLink }, 'viewer')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await refused(VALIDATE, { b: building, u: code!.universalLink }, 'harbour')).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('gives a location a code and then replaces it; the location is found by its new code, its image shows it', async () => {
    const [first, second] = (await generate(2)).codes;
    const location = (await locationsOf('manager')).find((l) => l.temporaryUuid === null)!;
    const given = await ok<{ assignQrCode: { location: Location | null; errors: FieldErrors } }>(
      ASSIGN,
      { b: building, n: first!.uuid, e: location.regularUuid, t: null },
      'manager',
    );
    expect(given.assignQrCode.errors).toEqual([]);
    expect(given.assignQrCode.location).toMatchObject({ id: location.id, temporaryUuid: first!.uuid, universalLink: `https://inspect.example.com/q/${first!.uuid}` });
    const image = await fetch(`${stack.url}${given.assignQrCode.location!.qrImageUrl}`);
    expect(image.status).toBe(200);

    // Replacing needs the temporary uuid it has now: an out-of-date one is a CONFLICT in the payload, and nothing changes.
    const stale = await ok<{ assignQrCode: { location: Location | null; errors: FieldErrors } }>(ASSIGN, { b: building, n: second!.uuid, e: location.regularUuid, t: null }, 'manager');
    expect(stale.assignQrCode).toEqual({
      location: null,
      errors: [{ field: 'existingTemporaryUuid', message: "This location's QR code was changed meanwhile: reload the location and assign again.", code: 'CONFLICT' }],
    });
    const replaced = await ok<{ assignQrCode: { location: Location | null; errors: FieldErrors } }>(
      ASSIGN,
      { b: building, n: second!.uuid, e: location.regularUuid, t: first!.uuid },
      'manager',
    );
    expect(replaced.assignQrCode.location).toMatchObject({ id: location.id, temporaryUuid: second!.uuid });
    const { locationByUuid } = await ok<{ locationByUuid: { id: string } | null }>('query ($u: String!) { locationByUuid(uuid: $u) { id } }', { u: second!.uuid }, 'manager');
    expect(locationByUuid).toEqual({ id: location.id });

    // The first code is gone from the unassigned list, and cannot be given again.
    const again = await ok<{ assignQrCode: { location: Location | null; errors: FieldErrors } }>(ASSIGN, { b: building, n: first!.uuid, e: location.regularUuid, t: second!.uuid }, 'manager');
    expect(again.assignQrCode.errors).toEqual([{ field: 'newUuid', message: 'QR code not supported.', code: 'VALIDATION_FAILED' }]);
  });

  it('is FORBIDDEN without canAssignQrCode, and finds nothing of another organization', async () => {
    const [code] = (await generate(1)).codes;
    const [location] = await locationsOf('manager');
    const variables = { b: building, n: code!.uuid, e: location!.regularUuid, t: location!.temporaryUuid };
    expect((await refused(ASSIGN, variables, 'viewer')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await refused(ASSIGN, variables, 'harbour')).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe("a building's QR code sheet", () => {
  it("gives each location its alias ids, which the QR codes list's comma-separated search finds", async () => {
    const [first, second] = await locationsOf('manager');
    await stack.backend.db.update(schema.locations).set({ aliasIds: [901, 902] }).where(eq(schema.locations.id, Number(first!.id)));
    await stack.backend.db.update(schema.locations).set({ aliasIds: [903] }).where(eq(schema.locations.id, Number(second!.id)));
    const read = async (search: string) =>
      (
        await ok<{ locations: { nodes: Array<{ id: string; aliasIds: number[] }> } }>(
          'query ($b: ID!, $s: String) { locations(buildingId: $b, search: $s) { nodes { id aliasIds } } }',
          { b: building, s: search },
          'admin',
        )
      ).locations.nodes;
    expect(await read('902, 903')).toEqual([
      { id: first!.id, aliasIds: [901, 902] },
      { id: second!.id, aliasIds: [903] },
    ]);
    expect(await read('901')).toEqual([{ id: first!.id, aliasIds: [901, 902] }]);
  });

  it("prints the locations the QR codes list's search finds, with 'No results found' at search when none", async () => {
    const locations = await locationsOf('manager');
    const ids = locations.map((l) => Number(l.id)).sort((a, b) => a - b);
    const search = `${ids[0]}-${ids[2]}`;
    const { buildingQrCodeSheet } = await ok<{ buildingQrCodeSheet: { sheet: { downloadUrl: string; codeCount: number; filename: string } | null; errors: FieldErrors } }>(
      BUILDING_SHEET,
      { b: building, s: search },
      'manager',
    );
    expect(buildingQrCodeSheet.errors).toEqual([]);
    expect(buildingQrCodeSheet.sheet).toMatchObject({ codeCount: (await locationsOf('manager', search)).length, filename: `qr-codes-building-${building}.pdf` });
    const pdf = await fetch(`${stack.url}${buildingQrCodeSheet.sheet!.downloadUrl}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    const none = await ok<{ buildingQrCodeSheet: { sheet: unknown; errors: FieldErrors } }>(BUILDING_SHEET, { b: building, s: '999990-999999' }, 'manager');
    expect(none.buildingQrCodeSheet).toEqual({ sheet: null, errors: [{ field: 'search', message: 'No results found', code: 'VALIDATION_FAILED' }] });
  });

  it('is FORBIDDEN to a user who may not manage buildings, and answers nothing for another organization', async () => {
    expect((await refused(BUILDING_SHEET, { b: building }, 'viewer')).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const { buildingQrCodeSheet } = await ok<{ buildingQrCodeSheet: { sheet: unknown; errors: FieldErrors } }>(BUILDING_SHEET, { b: building }, 'harbour');
    expect(buildingQrCodeSheet).toEqual({ sheet: null, errors: [] });
  });
});
