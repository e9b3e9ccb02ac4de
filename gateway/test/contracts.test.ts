/**
 * Contracts of buildings and organizations through the gateway over the real backend (issue 11; inspection.md
 * sections 2, 4-8, admin-organizations-buildings.md sections 2-7), as an integrator sees them: the contract
 * fields, who may upload, clear and accept (FORBIDDEN for the others, which ends a session, so only for real
 * permission refusals), the user's mistakes as payload errors in the spec's words, the confirmation before an
 * organization contract overrides the buildings' own, and the gate that refuses a walkabout save with
 * CONTRACT_NOT_ACCEPTED until the contract is accepted.
 */
import { randomBytes } from 'node:crypto';
import {
  CONTRACT_NOT_ACCEPTED_MESSAGE,
  CONTRACT_NOT_PDF_MESSAGE,
  LOGO_NOT_IMAGE_MESSAGE,
  ORGANIZATION_NAME_REQUIRED_MESSAGE,
} from '@fsi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '@fsi/backend/testing';
import { startStack, type Stack, callersOf, type PayloadFieldErrors } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};
const buildingIds: Record<string, string> = {};
const organizationIds: Record<string, string> = {};

type FieldErrors = PayloadFieldErrors;

const { run, ok } = callersOf(() => stack, tokens);

/** A stored file as an upload leaves it (its bytes in the storage, its row in uploads); its reference. */
async function stored(kind: 'document' | 'image', owner: string | null): Promise<string> {
  const pdf = kind === 'document';
  const key = `${randomBytes(24).toString('base64url')}.${pdf ? 'pdf' : 'png'}`;
  const bytes = pdf ? Buffer.from('%PDF-1.4\n% contract\n%%EOF\n') : Buffer.from('89504e470d0a1a0a', 'hex');
  await stack.backend.storage.put(key, bytes, pdf ? 'application/pdf' : 'image/png');
  await stack.backend.db
    .insert(schema.uploads)
    .values({ key, mimetype: pdf ? 'application/pdf' : 'image/png', size: bytes.length, kind, organizationId: owner === null ? null : Number(owner) });
  return `/files/${key}`;
}

const buildingContract = `id name contractUrl contractFileUrl organizationContract contractAccepterUsername contractAcceptedAt`;
const acceptBuilding = `mutation ($id: ID!) { acceptBuildingContract(id: $id) { building { ${buildingContract} } errors { field message code } } }`;
const setBuilding = `mutation ($id: ID!, $url: String) { setBuildingContract(id: $id, contractUrl: $url) { building { ${buildingContract} } errors { field message code } } }`;
const organizationFields = `id name logoUrl displayLogoUrl contractUrl contractFileUrl contractAcceptedAt contractAcceptedBy buildingsWithContracts { id name }`;
const createOrganization = `mutation ($input: CreateOrganizationInput!) { createOrganization(input: $input) { organization { ${organizationFields} } overriddenBuildings { id name } errors { field message code } } }`;
const updateOrganization = `mutation ($id: ID!, $input: UpdateOrganizationInput!) { updateOrganization(id: $id, input: $input) { organization { ${organizationFields} } overriddenBuildings { id name } errors { field message code } } }`;
const acceptOrganization = `mutation ($id: ID!) { acceptOrganizationContract(id: $id) { organization { ${organizationFields} } errors { field message code } } }`;

type BuildingPayload = { building: Record<string, unknown> | null; errors: FieldErrors };
type OrganizationPayload = { organization: Record<string, unknown> | null; overriddenBuildings: Array<{ id: string; name: string }>; errors: FieldErrors };

/** An open walkabout of a building saved with nothing in it: its payload errors. */
async function saveErrors(building: string, who: string): Promise<FieldErrors> {
  const { walkabouts } = await ok<{ walkabouts: Array<{ id: string; cycle: { name: string } }> }>(
    'query ($b: ID!) { walkabouts(buildingId: $b) { id cycle { name } } }',
    { b: building },
    who,
  );
  const walkabout = walkabouts.find((w) => w.cycle.name === 'Daily') ?? walkabouts[0]!;
  const { saveWalkabout } = await ok<{ saveWalkabout: { errors: FieldErrors } }>(
    'mutation ($input: SaveWalkaboutInput!) { saveWalkabout(input: $input) { errors { field message code } } }',
    { input: { walkaboutId: walkabout.id, saveId: `contracts-${randomBytes(6).toString('hex')}` } },
    who,
  );
  return saveWalkabout.errors;
}

beforeAll(async () => {
  stack = await startStack();
  for (const username of ['admin', 'manager', 'viewer', 'harbour']) tokens[username] = await stack.signIn(username);
  const { buildings } = await ok<{ buildings: { nodes: Array<{ id: string; name: string; organization: { id: string; name: string } }> } }>(
    '{ buildings(pageSize: 100) { nodes { id name organization { id name } } } }',
    {},
    'admin',
  );
  for (const b of buildings.nodes) {
    buildingIds[b.name] = b.id;
    organizationIds[b.organization.name] = b.organization.id;
  }
});
afterAll(() => stack?.close());

describe('building contracts through GraphQL', () => {
  it('shows who accepted a building contract and when, and whether it is the organization\'s', async () => {
    const { building } = await ok<{ building: Record<string, unknown> }>(`query ($id: ID!) { building(id: $id) { ${buildingContract} } }`, { id: buildingIds['Riverside Distribution Warehouse'] }, 'manager');
    expect(building).toMatchObject({ contractAccepterUsername: 'manager', organizationContract: false });
    expect(building.contractAcceptedAt).toEqual(expect.any(String));
  });

  it('lets an administrator set a PDF contract, which blocks walkabout saves until the manager accepts it', async () => {
    const id = buildingIds['Riverside Distribution Warehouse']!;
    const contract = await stored('document', null);

    // Not the manager's to set: FORBIDDEN, and nothing changes.
    const refused = await run<{ setBuildingContract: BuildingPayload }>(setBuilding, { id, url: contract }, 'manager');
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const wrongKind = await ok<{ setBuildingContract: BuildingPayload }>(setBuilding, { id, url: await stored('image', null) }, 'admin');
    expect(wrongKind.setBuildingContract).toEqual({ building: null, errors: [{ field: 'contractUrl', message: CONTRACT_NOT_PDF_MESSAGE, code: 'VALIDATION_FAILED' }] });

    const set = (await ok<{ setBuildingContract: BuildingPayload }>(setBuilding, { id, url: contract }, 'admin')).setBuildingContract;
    expect(set.errors).toEqual([]);
    expect(set.building).toMatchObject({ contractUrl: contract, contractAcceptedAt: null, contractAccepterUsername: null });
    const file = await fetch(`${stack.url}${set.building!.contractFileUrl as string}`);
    expect([file.status, file.headers.get('content-type')]).toEqual([200, 'application/pdf']);

    expect(await saveErrors(id, 'manager')).toEqual([{ field: null, message: CONTRACT_NOT_ACCEPTED_MESSAGE, code: 'CONTRACT_NOT_ACCEPTED' }]);

    const notAllowed = await run<{ acceptBuildingContract: BuildingPayload }>(acceptBuilding, { id }, 'viewer');
    expect(notAllowed.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const accepted = (await ok<{ acceptBuildingContract: BuildingPayload }>(acceptBuilding, { id }, 'manager')).acceptBuildingContract;
    expect(accepted.errors).toEqual([]);
    expect(accepted.building).toMatchObject({ contractUrl: contract, contractAccepterUsername: 'manager' });
    expect(await saveErrors(id, 'manager')).toEqual([]);
  });

  it("answers another organization's building as not found, in the payload", async () => {
    const { acceptBuildingContract } = await ok<{ acceptBuildingContract: BuildingPayload }>(acceptBuilding, { id: buildingIds['Cedar Point Strata (BCS 4127)'] }, 'manager');
    expect(acceptBuildingContract).toEqual({ building: null, errors: [{ field: 'id', message: 'There is no such building.', code: 'NOT_FOUND' }] });
  });
});

describe('organizations through GraphQL', () => {
  it('lets administrators add an organization, with the form messages as payload errors', async () => {
    const denied = await run<{ createOrganization: OrganizationPayload }>(createOrganization, { input: { name: 'Harbour Made' } }, 'harbour');
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const pdf = await stored('document', null);
    const invalid = (await ok<{ createOrganization: OrganizationPayload }>(createOrganization, { input: { name: '', logoUrl: pdf } }, 'admin')).createOrganization;
    expect(invalid.organization).toBeNull();
    expect(invalid.errors).toEqual([
      { field: 'name', message: ORGANIZATION_NAME_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' },
      { field: 'logoUrl', message: LOGO_NOT_IMAGE_MESSAGE, code: 'VALIDATION_FAILED' },
    ]);

    const logo = await stored('image', null);
    const created = (await ok<{ createOrganization: OrganizationPayload }>(createOrganization, { input: { name: 'Lakeshore Co-operative Homes', logoUrl: logo, contractUrl: pdf } }, 'admin'))
      .createOrganization;
    expect(created.errors).toEqual([]);
    expect(created.organization).toMatchObject({ name: 'Lakeshore Co-operative Homes', logoUrl: logo, contractUrl: pdf, contractAcceptedAt: null, buildingsWithContracts: [] });
    const shown = await fetch(`${stack.url}${created.organization!.displayLogoUrl as string}`);
    expect([shown.status, shown.headers.get('content-type')]).toEqual([200, 'image/png']);
  });

  it("asks before an organization contract overrides the buildings' own, then accepts them all with it", async () => {
    const harbour = organizationIds['Harbour Strata Services']!;
    const cedar = buildingIds['Cedar Point Strata (BCS 4127)']!;
    const contract = await stored('document', null);
    const { organization } = await ok<{ organization: Record<string, unknown> }>(`query ($id: ID!) { organization(id: $id) { ${organizationFields} } }`, { id: harbour }, 'harbour');
    expect(organization.buildingsWithContracts).toEqual([{ id: cedar, name: 'Cedar Point Strata (BCS 4127)' }]);

    // The contract is the administrator's: the organization's own administrator role may change only the logo.
    const denied = await run<{ updateOrganization: OrganizationPayload }>(updateOrganization, { id: harbour, input: { contractUrl: contract } }, 'harbour');
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const unconfirmed = (await ok<{ updateOrganization: OrganizationPayload }>(updateOrganization, { id: harbour, input: { contractUrl: contract } }, 'admin')).updateOrganization;
    expect(unconfirmed.organization).toBeNull();
    expect(unconfirmed.errors).toHaveLength(1);
    expect(unconfirmed.errors[0]).toMatchObject({ field: 'overrideBuildingContracts', code: 'CONFLICT' });
    expect(unconfirmed.errors[0]!.message).toContain('Cedar Point Strata (BCS 4127)');

    const confirmed = (
      await ok<{ updateOrganization: OrganizationPayload }>(updateOrganization, { id: harbour, input: { contractUrl: contract, overrideBuildingContracts: true } }, 'admin')
    ).updateOrganization;
    expect(confirmed.errors).toEqual([]);
    expect(confirmed.overriddenBuildings).toEqual([{ id: cedar, name: 'Cedar Point Strata (BCS 4127)' }]);
    expect(confirmed.organization).toMatchObject({ contractUrl: contract, contractAcceptedAt: null, buildingsWithContracts: [] });
    const { building } = await ok<{ building: Record<string, unknown> }>(`query ($id: ID!) { building(id: $id) { ${buildingContract} } }`, { id: cedar }, 'harbour');
    expect(building).toMatchObject({ contractUrl: contract, organizationContract: true, contractAcceptedAt: null });
    expect((await saveErrors(cedar, 'harbour'))[0]?.code).toBe('CONTRACT_NOT_ACCEPTED');

    const notFound = (await ok<{ acceptOrganizationContract: OrganizationPayload }>(acceptOrganization, { id: harbour }, 'manager')).acceptOrganizationContract;
    expect(notFound.errors).toEqual([{ field: 'id', message: 'There is no such organization.', code: 'NOT_FOUND' }]);
    const accepted = (await ok<{ acceptOrganizationContract: OrganizationPayload }>(acceptOrganization, { id: harbour }, 'harbour')).acceptOrganizationContract;
    expect(accepted.errors).toEqual([]);
    expect(accepted.organization).toMatchObject({ contractAcceptedBy: 'harbour' });
    expect(await saveErrors(cedar, 'harbour')).toEqual([]);
  });

  it("refuses to accept an organization contract that does not exist, in the payload; and to a user without the permission", async () => {
    const northwind = organizationIds['Northwind Property Management']!;
    const denied = await run<{ acceptOrganizationContract: OrganizationPayload }>(acceptOrganization, { id: northwind }, 'manager');
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const none = (await ok<{ acceptOrganizationContract: OrganizationPayload }>(acceptOrganization, { id: northwind }, 'admin')).acceptOrganizationContract;
    expect(none.errors).toEqual([{ field: null, message: 'This organization has no contract to accept.', code: 'CONFLICT' }]);
  });
});
