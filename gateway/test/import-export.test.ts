/**
 * Organization usage, import and export through the gateway over the real backend (issue 13 points 4 and 5;
 * admin-organizations-buildings.md sections 2, 6, 7 and 8): Organization.usage, exportData, importData and
 * importJob as an integrator sees them, administrators only.
 */
import { IMPORT_FILE_ERROR_MESSAGE } from '@fsi/shared/import-export';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack, callersOf, type PayloadFieldErrors } from './stack';

let stack: Stack;
const tokens: Record<string, string> = {};
let northwind = '';

const { run, ok } = callersOf(() => stack, tokens);

type Job = { id: string; type: string; status: string; rowsDone: number; rowsTotal: number; messages: string[]; problems: Array<{ row: number; column: string | null; text: string }>; failure: string | null };
const jobFields = 'id type organizationId status rowsDone rowsTotal messages problems { row column detail text } failure';
const usageQuery = `query ($id: ID!) { organization(id: $id) { id usage(pageSize: 500) { nodes { id buildingName floorDisplayName floorsCount usersCount usersWithNotificationsCount locationsCount unsatisfactoryPhotosCount documentsCount fireSafetyPlanUrl } pageInfo { totalCount } } } }`;
const exportQuery = 'query ($type: DataSetType!, $org: ID!, $id: ID) { exportData(type: $type, organizationId: $org, id: $id) { type filename csv rowsCount } }';
const importMutation = `mutation ($type: DataSetType!, $org: ID!, $file: String!) { importData(type: $type, organizationId: $org, file: $file) { job { ${jobFields} } errors { field message code } } }`;
const jobQuery = `query ($id: ID!) { importJob(id: $id) { ${jobFields} } }`;

beforeAll(async () => {
  stack = await startStack();
  for (const username of ['admin', 'manager', 'regional', 'inspector', 'viewer']) tokens[username] = await stack.signIn(username);
  const { organizations } = await ok<{ organizations: { nodes: Array<{ id: string; name: string }> } }>('{ organizations { nodes { id name } } }', {}, 'admin');
  northwind = organizations.nodes.find((o) => o.name.startsWith('Northwind'))!.id;
});
afterAll(() => stack?.close());

async function untilDone(id: string): Promise<Job> {
  for (let i = 0; i < 1000; i++) {
    const { importJob } = await ok<{ importJob: Job }>(jobQuery, { id }, 'admin');
    if (importJob.status === 'SUCCEEDED' || importJob.status === 'FAILED') return importJob;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The import did not finish');
}

describe('organization usage through GraphQL', () => {
  it("answers every building's counts to an administrator", async () => {
    const { organization } = await ok<{ organization: { usage: { nodes: Array<Record<string, unknown>>; pageInfo: { totalCount: number } } } }>(usageQuery, { id: northwind }, 'admin');
    expect(organization.usage.nodes.length).toBe(organization.usage.pageInfo.totalCount);
    const king = organization.usage.nodes.find((n) => n.buildingName === 'King Street Commerce Centre')!;
    expect(king.floorsCount).toBeGreaterThan(0);
    expect(king.locationsCount).toBeGreaterThan(0);
    expect(typeof king.floorDisplayName).toBe('string');
  });

  it('refuses everyone else with FORBIDDEN', async () => {
    for (const username of ['manager', 'regional', 'inspector', 'viewer']) {
      const answer = await run(usageQuery, { id: northwind }, username);
      expect(answer.errors?.[0]?.extensions?.code, username).toBe('FORBIDDEN');
    }
  });
});

describe('import and export through GraphQL', () => {
  it('exports a data set as CSV text and imports it back, reporting the job until it succeeds', async () => {
    const { exportData } = await ok<{ exportData: { type: string; filename: string; csv: string; rowsCount: number } }>(exportQuery, { type: 'TYPES', org: northwind }, 'admin');
    expect(exportData).toMatchObject({ type: 'TYPES', filename: 'types.csv' });
    expect(exportData.csv.startsWith('\ufefftype_name,type_alias,')).toBe(true);
    expect(exportData.rowsCount).toBeGreaterThan(0);
    const { importData } = await ok<{ importData: { job: Job; errors: PayloadFieldErrors } }>(
      importMutation,
      { type: 'TYPES', org: northwind, file: Buffer.from(exportData.csv).toString('base64') },
      'admin',
    );
    expect(importData.errors).toEqual([]);
    expect(importData.job).toMatchObject({ type: 'TYPES', organizationId: northwind, status: 'QUEUED', rowsDone: 0, rowsTotal: exportData.rowsCount });
    const done = await untilDone(importData.job.id);
    expect(done).toMatchObject({ status: 'SUCCEEDED', rowsDone: exportData.rowsCount, problems: [], failure: null });
    expect(done.messages[0]).toBe('The file was imported.');
  });

  it("puts a file's problems in the payload, and a failed job's problems in importJob", async () => {
    const unreadable = await ok<{ importData: { job: Job | null; errors: PayloadFieldErrors } }>(importMutation, { type: 'TYPES', org: northwind, file: Buffer.from('%PDF\u0000').toString('base64') }, 'admin');
    expect(unreadable.importData).toEqual({ job: null, errors: [{ field: 'file', message: IMPORT_FILE_ERROR_MESSAGE, code: 'VALIDATION_FAILED' }] });
    const header = 'type_name,component_name,cycle_name,label,reference_name,reference_description';
    const missing = await ok<{ importData: { job: Job | null; errors: PayloadFieldErrors } }>(importMutation, { type: 'REFERENCES', org: northwind, file: Buffer.from(`${header}\r\n,,Monthly,X,,\r\n`).toString('base64') }, 'admin');
    expect(missing.importData.errors).toEqual([{ field: 'file', message: 'Row 2, column type_name: Equipment name is required field', code: 'VALIDATION_FAILED' }]);
    const unknown = await ok<{ importData: { job: Job; errors: PayloadFieldErrors } }>(importMutation, { type: 'REFERENCES', org: northwind, file: Buffer.from(`${header}\r\nNo Such Type,,Monthly,X,,\r\n`).toString('base64') }, 'admin');
    const failed = await untilDone(unknown.importData.job.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.problems.map((p) => p.text)).toEqual(["Row 2, column type_name: No equipment type named 'No Such Type' in the organization."]);
  });

  it('refuses everyone else with FORBIDDEN', async () => {
    for (const username of ['manager', 'regional', 'inspector', 'viewer']) {
      expect((await run(exportQuery, { type: 'TYPES', org: northwind }, username)).errors?.[0]?.extensions?.code, username).toBe('FORBIDDEN');
      expect((await run(importMutation, { type: 'TYPES', org: northwind, file: '' }, username)).errors?.[0]?.extensions?.code, username).toBe('FORBIDDEN');
      expect((await run(jobQuery, { id: '00000000-0000-4000-8000-000000000000' }, username)).errors?.[0]?.extensions?.code, username).toBe('FORBIDDEN');
    }
  });
});
