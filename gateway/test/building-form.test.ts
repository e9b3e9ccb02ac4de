/**
 * The building edit form through the gateway over the real backend (issue 12; admin-organizations-buildings.md
 * sections 2-7), as an integrator sees it: every field of the form on Building, the toggles' choices with what each
 * is attached to, updateBuilding returning the building with its new version, the user's mistakes at the input's
 * paths, STALE for a save made from an older version, and FORBIDDEN only for a part the viewer may not change.
 */
import { BUILDING_NAME_REQUIRED_MESSAGE, OFFSET_VALUE_MESSAGE, STALE_EDIT_MESSAGE, TIME_ZONE_MESSAGE, tooLongMessage } from '@fsi/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack, callersOf, type PayloadFieldErrors } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};
const buildingIds: Record<string, string> = {};
let northwind = '';

type FieldErrors = PayloadFieldErrors;

const { run, ok } = callersOf(() => stack, tokens);

const formFields = `id name version photoUrl floorDisplayName timeZone region { id name }
  contractUrl organizationContract contractAccepterUsername contractAcceptedAt reportDefinitionIds reportBookletTemplateIds
  information { occupancyType note1 note2 managementCompanyName monitoringCompanyName monitoringCompanyPhone monitoringCompanyAccountNumber monitoringCompanyPassCode
    addressInformation { address1 address2 city state postalCode email phone contactName contactPhone contactEmail }
    managementCompanyAddressInformation { address1 city phone } }
  buildingOffsets { cycleId cycle { name abbreviation } openOffsetValue openOffsetUnit closeOffsetValue closeOffsetUnit }`;
const readForm = `query ($id: ID!) { building(id: $id) { ${formFields} } }`;
const update = `mutation ($input: UpdateBuildingInput!) { updateBuilding(input: $input) { building { ${formFields} } errors { field message code } } }`;

type Building = Record<string, unknown> & { version: number; buildingOffsets: Array<{ cycleId: string; cycle: { name: string } }> };
type Payload = { updateBuilding: { building: Building | null; errors: FieldErrors } };

beforeAll(async () => {
  stack = await startStack();
  for (const username of ['admin', 'manager', 'regional', 'viewer', 'harbour']) tokens[username] = await stack.signIn(username);
  const { buildings } = await ok<{ buildings: { nodes: Array<{ id: string; name: string; organization: { id: string; name: string } }> } }>(
    '{ buildings(pageSize: 100) { nodes { id name organization { id name } } } }',
    {},
    'admin',
  );
  for (const b of buildings.nodes) {
    buildingIds[b.name] = b.id;
    if (b.organization.name.startsWith('Northwind')) northwind = b.organization.id;
  }
});
afterAll(() => stack?.close());

describe('the building form through GraphQL', () => {
  it('saves the whole form and answers the building with its new version, so the cache updates without a refetch', async () => {
    const id = buildingIds['Riverside Distribution Warehouse']!;
    const { building } = await ok<{ building: Building }>(readForm, { id }, 'manager');
    const daily = building.buildingOffsets.find((o) => o.cycle.name === 'Daily')!;
    const { regions } = await ok<{ regions: Array<{ id: string; name: string }> }>('query ($o: ID) { regions(organizationId: $o) { id name } }', { o: northwind }, 'manager');
    const uptown = regions.find((r) => r.name === 'Uptown')!;
    const { updateBuilding } = await ok<Payload>(
      update,
      {
        input: {
          id,
          version: building.version,
          floorDisplayName: 'Level',
          timeZone: 'America/Edmonton',
          regionId: uptown.id,
          information: {
            occupancyType: 'Industrial',
            note1: 'Gate code at security',
            addressInformation: { address1: '12 River Road', city: 'Toronto', state: 'ON', contactEmail: 'dock@example.com' },
            managementCompanyAddressInformation: { address1: '1 King St W', phone: '416-555-0100' },
            monitoringCompanyPassCode: 'heron',
          },
          offsets: [{ cycleId: daily.cycleId, openOffsetValue: 3, openOffsetUnit: 'HOUR', closeOffsetValue: 1, closeOffsetUnit: 'DAY' }],
          reportDefinitionIds: [],
        },
      },
      'manager',
    );
    expect(updateBuilding.errors).toEqual([]);
    expect(updateBuilding.building).toMatchObject({
      id,
      version: building.version + 1,
      floorDisplayName: 'Level',
      timeZone: 'America/Edmonton',
      region: { id: uptown.id, name: 'Uptown' },
      reportDefinitionIds: [],
      reportBookletTemplateIds: null,
      information: {
        occupancyType: 'Industrial',
        note1: 'Gate code at security',
        addressInformation: { address1: '12 River Road', city: 'Toronto', state: 'ON', contactEmail: 'dock@example.com', address2: null },
        managementCompanyAddressInformation: { address1: '1 King St W', phone: '416-555-0100', city: null },
        monitoringCompanyPassCode: 'heron',
      },
    });
    expect(updateBuilding.building!.buildingOffsets).toContainEqual(
      expect.objectContaining({ cycleId: daily.cycleId, openOffsetValue: 3, openOffsetUnit: 'HOUR', closeOffsetValue: 1, closeOffsetUnit: 'DAY' }),
    );
  });

  it('answers the mistakes at the input paths, and a save from an older version as STALE', async () => {
    const id = buildingIds['Lawrence Park Seniors Residence']!;
    const { building } = await ok<{ building: Building }>(readForm, { id }, 'admin');
    const invalid = await ok<Payload>(
      update,
      {
        input: {
          id,
          version: building.version,
          name: '',
          timeZone: 'Moon/Base',
          information: { addressInformation: { city: 'c'.repeat(257) } },
          offsets: [{ cycleId: building.buildingOffsets[0]!.cycleId, openOffsetValue: 600_000, openOffsetUnit: 'HOUR', closeOffsetValue: 0, closeOffsetUnit: 'HOUR' }],
        },
      },
      'admin',
    );
    expect(invalid.updateBuilding.building).toBeNull();
    expect(invalid.updateBuilding.errors).toEqual(
      expect.arrayContaining([
        { field: 'name', message: BUILDING_NAME_REQUIRED_MESSAGE, code: 'VALIDATION_FAILED' },
        { field: 'timeZone', message: TIME_ZONE_MESSAGE, code: 'VALIDATION_FAILED' },
        { field: 'information.addressInformation.city', message: tooLongMessage('City'), code: 'VALIDATION_FAILED' },
        { field: 'offsets.0.openOffsetValue', message: OFFSET_VALUE_MESSAGE, code: 'VALIDATION_FAILED' },
      ]),
    );

    expect((await ok<Payload>(update, { input: { id, version: building.version, floorDisplayName: 'Storey' } }, 'manager')).updateBuilding.errors).toEqual([]);
    const stale = await ok<Payload>(update, { input: { id, version: building.version, floorDisplayName: 'Deck' } }, 'admin');
    expect(stale.updateBuilding).toEqual({ building: null, errors: [{ field: 'version', message: STALE_EDIT_MESSAGE, code: 'STALE' }] });
  });

  it('refuses with FORBIDDEN only what the viewer may not change, and a building of another organization is NOT_FOUND', async () => {
    const id = buildingIds['King Street Commerce Centre']!;
    const { building } = await ok<{ building: Building }>(readForm, { id }, 'viewer');
    const byViewer = await run<Payload>(update, { input: { id, version: building.version, floorDisplayName: 'Nope' } }, 'viewer');
    expect(byViewer.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const { regions } = await ok<{ regions: Array<{ id: string; name: string }> }>('query ($o: ID) { regions(organizationId: $o) { id name } }', { o: northwind }, 'admin');
    const move = await run<Payload>(update, { input: { id, version: building.version, regionId: regions.find((r) => r.name === 'Uptown')!.id } }, 'regional');
    expect(move.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const other = await ok<Payload>(update, { input: { id, version: building.version, floorDisplayName: 'Mine' } }, 'harbour');
    expect(other.updateBuilding).toEqual({ building: null, errors: [{ field: 'id', message: 'There is no such building.', code: 'NOT_FOUND' }] });
  });

  it("offers the organization's active report definitions and booklet templates with what each is attached to", async () => {
    const data = await ok<{
      reportDefinitionOptions: Array<{ name: string; scopeName: string; cycleName: string; isActive: boolean }>;
      reportBookletTemplateOptions: Array<{ name: string; scopeName: string; buildingId: string | null }>;
      viewer: { hasOrganizationWideScope: boolean };
    }>(
      'query ($o: ID!) { reportDefinitionOptions(organizationId: $o) { id name scopeName cycleName isActive } reportBookletTemplateOptions(organizationId: $o) { id name scopeName buildingId } viewer { hasOrganizationWideScope } }',
      { o: northwind },
      'manager',
    );
    expect(data.reportDefinitionOptions).toContainEqual(expect.objectContaining({ name: 'Weekly Sprinkler and Fire Pump Log', scopeName: 'Downtown', isActive: true }));
    expect(data.reportDefinitionOptions.every((d) => d.isActive)).toBe(true);
    expect(data.reportBookletTemplateOptions).toContainEqual(
      expect.objectContaining({ name: 'Weekly Consolidated Booklet', scopeName: 'King Street Commerce Centre', buildingId: buildingIds['King Street Commerce Centre'] }),
    );
    expect(data.viewer.hasOrganizationWideScope).toBe(true);
    const regional = await ok<{ viewer: { hasOrganizationWideScope: boolean } }>('{ viewer { hasOrganizationWideScope } }', {}, 'regional');
    expect(regional.viewer.hasOrganizationWideScope).toBe(false);
    const harbour = await ok<{ reportDefinitionOptions: unknown[] }>('query ($o: ID!) { reportDefinitionOptions(organizationId: $o) { id } }', { o: northwind }, 'harbour');
    expect(harbour.reportDefinitionOptions).toEqual([]);
  });
});
