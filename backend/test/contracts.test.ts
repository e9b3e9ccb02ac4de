/**
 * Contracts of buildings and organizations (issue 11; inspection.md sections 2, 4-8,
 * admin-organizations-buildings.md sections 2-7): who may upload, clear and accept them, the
 * validation messages, the organization contract that overrides the buildings' own after a
 * confirmation, the signed URLs, and the gate that keeps a building's walkabouts and reports
 * closed until its contract is accepted.
 */
import { randomBytes } from 'node:crypto';
import {
  BUILDING_CONTRACT_IS_ORGANIZATIONS_MESSAGE,
  CONTRACT_ACCEPTED_AT_INVALID_MESSAGE,
  CONTRACT_MISSING_MESSAGE,
  CONTRACT_NOT_ACCEPTED_MESSAGE,
  CONTRACT_NOT_PDF_MESSAGE,
  FILE_NOT_UPLOADED_MESSAGE,
  LOGO_NOT_IMAGE_MESSAGE,
  NO_BUILDING_CONTRACT_MESSAGE,
  NO_ORGANIZATION_CONTRACT_MESSAGE,
  ONLY_ADMINISTRATORS_SET_CONTRACTS_MESSAGE,
  ORGANIZATION_NAME_REQUIRED_MESSAGE,
  ORGANIZATION_NAME_TOO_LONG_MESSAGE,
} from '@fsi/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, signIn, type TestBackend } from '../src/testing';
import { databases, demoIds, list, multipartFile, one, signedIn, startTestBackend, type Answer, type Client, type Grants, userWithGrants } from './helpers';

const RIVERSIDE = 'Riverside Distribution Warehouse';
const CEDAR_POINT = 'Cedar Point Strata (BCS 4127)';

describe.each(databases)('contracts on %s', (database) => {
  let backend: TestBackend;
  let demo: Awaited<ReturnType<typeof demoIds>>;
  const as: Record<string, Client> = {};

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    for (const username of ['admin', 'manager', 'inspector', 'viewer', 'harbour']) as[username] = await signedIn(backend, username);
  });
  afterAll(() => backend?.close());

  /** A PDF as the document upload stores it (kind document, its bytes in the storage); its reference `/files/{key}`. */
  async function pdfUpload(): Promise<string> {
    const key = `${randomBytes(24).toString('base64url')}.pdf`;
    const bytes = Buffer.from('%PDF-1.4\n% contract\n%%EOF\n');
    await backend.storage.put(key, bytes, 'application/pdf');
    await backend.db.insert(schema.uploads).values({ key, mimetype: 'application/pdf', size: bytes.length, kind: 'document', organizationId: null });
    return `/files/${key}`;
  }

  /** A PNG uploaded through POST /uploads by `who`; its reference. */
  async function imageUpload(who: string): Promise<string> {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#06c' } }).png().toBuffer();
    const { payload, headers } = multipartFile('logo.png', 'image/png', png);
    const { token } = await signIn(backend.url, who, 'demo1234');
    const answer = await backend.app.inject({ method: 'POST', url: '/uploads', payload, headers: { ...headers, authorization: `Bearer ${token}` } });
    expect(answer.statusCode, answer.body).toBe(201);
    return (JSON.parse(answer.body) as { data: { attributes: { url: string } } }).data.attributes.url;
  }

  /** A Northwind user with one role of these grants. */
  const userWith = (username: string, grants: Grants) => userWithGrants(backend, demo.northwind, username, grants);

  const patchBuilding = (who: Client, id: string, attributes: Record<string, unknown>) =>
    who.patch(`/buildings/${id}`, { data: { id, type: 'building', attributes } });
  const putOrganization = (who: Client, id: number, attributes: Record<string, unknown>) =>
    who.request('PUT', `/organizations/${id}`, { data: { id: String(id), type: 'organizations', attributes } });
  const acceptOrganization = (who: Client, id: number, contractAcceptedAt: unknown = new Date().toISOString()) =>
    who.patch(`/organizations/${id}/accept-contract`, { data: { contractAcceptedAt } });
  const buildingRow = async (id: string) => (await backend.db.select().from(schema.buildings).where(eq(schema.buildings.id, Number(id))))[0]!;
  const errorOf = (answer: Answer) => {
    const [error] = answer.body.errors ?? [];
    return [answer.status, error?.detail, error?.code, error?.source?.pointer];
  };
  const save = (who: Client, walkabout: string) => who.save(`contracts-${randomBytes(6).toString('hex')}`, { walkaboutToUpdateId: walkabout, data: {} });
  /** A file served through a signed URL: its status and type. */
  const served = async (url: string) => {
    const answer = await backend.app.inject({ method: 'GET', url });
    return [answer.statusCode, answer.headers['content-type']];
  };

  it("lets an administrator put a PDF contract on a building, which closes its walkabouts and reports until a permitted user accepts it", async () => {
    const building = demo.building(RIVERSIDE);
    const walkabout = await demo.walkabout(RIVERSIDE, 'Daily');
    expect((await save(as.manager!, walkabout)).status).toBe(200);

    const contract = await pdfUpload();
    const uploaded = await patchBuilding(as.admin!, building, { contractUrl: contract });
    expect(uploaded.status).toBe(200);
    const attributes = one(uploaded.body).attributes;
    expect(attributes).toMatchObject({ contractUrl: contract, contractAcceptedAt: null, contractAccepterUsername: null, organizationContract: false });
    expect(attributes.contractFileUrl).toMatch(/^\/signed-files\//);
    expect(await served(attributes.contractFileUrl as string)).toEqual([200, 'application/pdf']);

    // The gate: saves, locks, new walkabouts and reports are refused with the contract's reason (409, not a session-ending 403).
    expect(errorOf(await save(as.manager!, walkabout))).toEqual([409, CONTRACT_NOT_ACCEPTED_MESSAGE, 'CONTRACT_NOT_ACCEPTED', undefined]);
    expect(errorOf(await as.manager!.post(`/walkabouts/${walkabout}/lock`, {}))[2]).toBe('CONTRACT_NOT_ACCEPTED');
    const preOccupancy = demo.cycle(demo.northwind, 'Pre-Occupancy Inspection');
    const create = await as.manager!.post('/walkabouts', {
      data: { type: 'walkabouts', relationships: { building: { data: { type: 'buildings', id: building } }, cycle: { data: { type: 'cycles', id: preOccupancy } } } },
    });
    expect(errorOf(create)[2]).toBe('CONTRACT_NOT_ACCEPTED');
    for (const path of [
      `/walkabout-reports?filter[building]=${building}`,
      `/walkabout-reports/latest/${building}`,
      `/reports?filter[building]=${building}`,
      `/on-demand-reports/building-data/${building}`,
    ]) {
      expect(errorOf(await as.manager!.get(path)), path).toEqual([409, CONTRACT_NOT_ACCEPTED_MESSAGE, 'CONTRACT_NOT_ACCEPTED', undefined]);
    }
    // The batched latest reports leave the building out, as they leave out buildings the caller may not see.
    const king = demo.building('King Street Commerce Centre');
    const latest = await as.manager!.get(`/walkabout-reports/latest?filter[building]=${building},${king}`);
    expect(list(latest.body).map((r) => r.id)).toEqual([king]);

    // Acceptance: not by a viewer (no canAcceptBuildingContract), then by the manager, recorded with the server's time.
    expect((await patchBuilding(as.viewer!, building, { contractAcceptedAt: new Date().toISOString() })).status).toBe(403);
    expect((await buildingRow(building)).contractAcceptedAt).toBeNull();
    const before = Date.now();
    const accepted = await patchBuilding(as.manager!, building, { contractAcceptedAt: '2020-01-01T00:00:00.000Z' });
    expect(accepted.status).toBe(200);
    const acceptedAttributes = one(accepted.body).attributes;
    expect(acceptedAttributes.contractAccepterUsername).toBe('manager');
    expect(Date.parse(acceptedAttributes.contractAcceptedAt as string)).toBeGreaterThanOrEqual(before - 1000);
    // Accepting again keeps the first acceptance.
    const again = await patchBuilding(as.admin!, building, { contractAcceptedAt: new Date().toISOString() });
    expect(one(again.body).attributes).toMatchObject({ contractAccepterUsername: 'manager', contractAcceptedAt: acceptedAttributes.contractAcceptedAt });

    expect((await save(as.manager!, walkabout)).status).toBe(200);
    expect((await as.manager!.get(`/walkabout-reports/latest/${building}`)).status).toBe(200);
  });

  it('refuses contract uploads and clears to anyone but an administrator, and anything but an uploaded PDF', async () => {
    const building = demo.building('Yonge & Eglinton Tower');
    const before = await buildingRow(building);
    const contract = await pdfUpload();
    expect(errorOf(await patchBuilding(as.manager!, building, { contractUrl: contract }))).toEqual([403, ONLY_ADMINISTRATORS_SET_CONTRACTS_MESSAGE, 'FORBIDDEN', undefined]);
    expect((await patchBuilding(as.manager!, building, { contractUrl: null })).status).toBe(403);
    expect(await buildingRow(building)).toEqual(before);

    const image = await imageUpload('admin');
    const pointer = '/data/attributes/contractUrl';
    expect(errorOf(await patchBuilding(as.admin!, building, { contractUrl: image }))).toEqual([422, CONTRACT_NOT_PDF_MESSAGE, 'VALIDATION_FAILED', pointer]);
    expect(errorOf(await patchBuilding(as.admin!, building, { contractUrl: '/files/AAAAAAAAAAAAAAAAAAAAAAAA.pdf' }))).toEqual([422, FILE_NOT_UPLOADED_MESSAGE, 'VALIDATION_FAILED', pointer]);
    expect(errorOf(await patchBuilding(as.admin!, building, { contractUrl: 'https://example.com/contract.pdf' }))[1]).toBe(FILE_NOT_UPLOADED_MESSAGE);
    expect(errorOf(await patchBuilding(as.manager!, building, { contractAcceptedAt: 'yesterday' }))).toEqual([
      422,
      CONTRACT_ACCEPTED_AT_INVALID_MESSAGE,
      'VALIDATION_FAILED',
      '/data/attributes/contractAcceptedAt',
    ]);
    expect(await buildingRow(building)).toEqual(before);
  });

  it("says 'Contract Missing' when an administrator clears the contract, and then there is nothing to accept", async () => {
    const building = demo.building('King Street Commerce Centre');
    const walkabout = await demo.walkabout('King Street Commerce Centre', 'Daily');
    const cleared = await patchBuilding(as.admin!, building, { contractUrl: null });
    expect(one(cleared.body).attributes).toMatchObject({ contractUrl: null, contractFileUrl: null, contractAcceptedAt: null, contractAccepterUsername: null });
    expect(errorOf(await save(as.inspector!, walkabout))).toEqual([409, CONTRACT_MISSING_MESSAGE, 'CONTRACT_NOT_ACCEPTED', undefined]);
    expect(errorOf(await as.manager!.get(`/reports?filter[building]=${building}`))[1]).toBe(CONTRACT_MISSING_MESSAGE);
    expect(errorOf(await patchBuilding(as.manager!, building, { contractAcceptedAt: new Date().toISOString() }))).toEqual([
      409,
      NO_BUILDING_CONTRACT_MESSAGE,
      'CONFLICT',
      '/data/attributes/contractAcceptedAt',
    ]);
    // Put back, accepted, for the other tests.
    await patchBuilding(as.admin!, building, { contractUrl: await pdfUpload(), contractAcceptedAt: new Date().toISOString() });
    expect((await save(as.inspector!, walkabout)).status).toBe(200);
  });

  it("keeps another organization's building out of reach, and answers 404 rather than revealing it", async () => {
    const cedar = demo.building(CEDAR_POINT);
    const before = await buildingRow(cedar);
    expect((await patchBuilding(as.manager!, cedar, { contractAcceptedAt: new Date().toISOString() })).status).toBe(404);
    expect(await buildingRow(cedar)).toEqual(before);
  });

  it('lets administrators add organizations with a name, logo and contract, with the form messages word for word', async () => {
    const logo = await imageUpload('admin');
    const contract = await pdfUpload();
    const create = (who: Client, attributes: Record<string, unknown>) => who.post('/organizations', { data: { type: 'organizations', attributes } });

    expect((await create(as.manager!, { name: 'Manager Made Ltd' })).status).toBe(403);
    expect((await create(as.harbour!, { name: 'Harbour Made Ltd' })).status).toBe(403);
    const invalid = await create(as.admin!, { name: '  ', logoUrl: contract, contractUrl: logo });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors!.map((e) => [e.source?.pointer, e.detail])).toEqual([
      ['/data/attributes/name', ORGANIZATION_NAME_REQUIRED_MESSAGE],
      ['/data/attributes/logoUrl', LOGO_NOT_IMAGE_MESSAGE],
      ['/data/attributes/contractUrl', CONTRACT_NOT_PDF_MESSAGE],
    ]);
    expect(errorOf(await create(as.admin!, { name: 'x'.repeat(257) }))[1]).toBe(ORGANIZATION_NAME_TOO_LONG_MESSAGE);

    const created = await create(as.admin!, { name: 'Lakeshore Co-operative Homes', logoUrl: logo, contractUrl: contract });
    expect(created.status).toBe(201);
    const organization = one(created.body);
    expect(organization.attributes).toMatchObject({
      name: 'Lakeshore Co-operative Homes',
      logoUrl: logo,
      contractUrl: contract,
      contractAcceptedAt: null,
      contractAcceptedBy: null,
      buildingsWithContracts: [],
    });
    expect(await served(organization.attributes.displayLogoUrl as string)).toEqual([200, 'image/png']);
    expect(await served(organization.attributes.contractFileUrl as string)).toEqual([200, 'application/pdf']);
    // Nobody of another organization sees it.
    expect((await as.manager!.get(`/organizations/${organization.id}`)).status).toBe(404);
  });

  it("asks before a new organization contract overrides the buildings' own, then manages and accepts them with it", async () => {
    const harbour = demo.harbour;
    const cedar = demo.building(CEDAR_POINT);
    const walkabout = await demo.walkabout(CEDAR_POINT, 'Daily');
    const contract = await pdfUpload();
    const named = one((await as.harbour!.get(`/organizations/${harbour}`)).body).attributes.buildingsWithContracts;
    expect(named).toEqual([{ id: Number(cedar), name: CEDAR_POINT }]);

    // The contract is the administrator's to set; the organization's own users may change only the logo.
    expect(errorOf(await putOrganization(as.harbour!, harbour, { contractUrl: contract }))).toEqual([403, ONLY_ADMINISTRATORS_SET_CONTRACTS_MESSAGE, 'FORBIDDEN', undefined]);
    const logo = await imageUpload('harbour');
    const withLogo = await putOrganization(as.harbour!, harbour, { logoUrl: logo });
    expect(one(withLogo.body).attributes.logoUrl).toBe(logo);

    const unconfirmed = await putOrganization(as.admin!, harbour, { contractUrl: contract });
    const [status, detail, code, pointer] = errorOf(unconfirmed);
    expect([status, code, pointer]).toEqual([409, 'CONFLICT', '/data/attributes/overrideBuildingContracts']);
    expect(detail).toContain(CEDAR_POINT);
    expect((await buildingRow(cedar)).organizationContract).toBe(false);

    const confirmed = await putOrganization(as.admin!, harbour, { contractUrl: contract, overrideBuildingContracts: true });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.meta).toEqual({ overriddenBuildings: [{ id: Number(cedar), name: CEDAR_POINT }] });
    expect(one(confirmed.body).attributes).toMatchObject({ contractUrl: contract, contractAcceptedAt: null, buildingsWithContracts: [] });
    const building = one((await as.harbour!.get(`/buildings/${cedar}`)).body).attributes;
    expect(building).toMatchObject({ contractUrl: contract, organizationContract: true, contractAcceptedAt: null });
    expect(errorOf(await save(as.harbour!, walkabout))[2]).toBe('CONTRACT_NOT_ACCEPTED');
    // Accepted with the organization's, not on its own.
    expect(errorOf(await patchBuilding(as.harbour!, cedar, { contractAcceptedAt: new Date().toISOString() }))).toEqual([
      409,
      BUILDING_CONTRACT_IS_ORGANIZATIONS_MESSAGE,
      'CONFLICT',
      '/data/attributes/contractAcceptedAt',
    ]);

    expect((await acceptOrganization(as.manager!, harbour)).status).toBe(404);
    expect(errorOf(await acceptOrganization(as.harbour!, harbour, 'soon'))).toEqual([422, CONTRACT_ACCEPTED_AT_INVALID_MESSAGE, 'VALIDATION_FAILED', '/data/contractAcceptedAt']);
    const accepted = await acceptOrganization(as.harbour!, harbour);
    expect(accepted.status).toBe(200);
    expect(one(accepted.body).attributes).toMatchObject({ contractAcceptedBy: 'harbour' });
    expect(one((await as.harbour!.get(`/buildings/${cedar}`)).body).attributes).toMatchObject({ contractAccepterUsername: 'harbour', organizationContract: true });
    expect((await save(as.harbour!, walkabout)).status).toBe(200);
  });

  it("refuses the organization contract's acceptance to users without the permission, and when there is none", async () => {
    const northwind = demo.northwind;
    // The demo manager has building permissions but not canAcceptOrganizationContract.
    expect((await acceptOrganization(as.manager!, northwind)).status).toBe(403);
    const acceptor = await userWith('org-acceptor', { organizationPermissions: { acceptContract: true } });
    expect(errorOf(await acceptOrganization(acceptor, northwind))).toEqual([409, NO_ORGANIZATION_CONTRACT_MESSAGE, 'CONFLICT', undefined]);
    // A manager of the organization edits its logo, nothing else; a viewer not even that.
    const orgManager = await userWith('org-manager', { organizationPermissions: { manage: true } });
    expect((await putOrganization(orgManager, northwind, { logoUrl: await imageUpload('manager') })).status).toBe(200);
    expect((await putOrganization(as.viewer!, northwind, { logoUrl: null })).status).toBe(403);
    expect((await putOrganization(orgManager, northwind, { contractUrl: await pdfUpload() })).status).toBe(403);
    // Someone else's upload is not a logo one may pass.
    expect(errorOf(await putOrganization(orgManager, northwind, { logoUrl: await imageUpload('harbour') }))[1]).toBe(FILE_NOT_UPLOADED_MESSAGE);
  });
});
