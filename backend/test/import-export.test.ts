/**
 * Import and export (issue 13 point 5; admin-organizations-buildings.md sections 2, 5, 7, 8 and 9): CSV written and
 * read by csv-stringify and csv-parse, an export imported into an empty organization gives the same file again, an
 * import is all or nothing, its problems are listed by row and column, and only administrators may do any of it.
 */
import { DATA_SET_COLUMNS, IMPORT_FILE_ERROR_MESSAGE, type DataSetRow, type DataSetType } from '@fsi/shared/import-export';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../src/features/import-export/csv';
import { applyImport, type NumberedRow } from '../src/features/import-export/import';
import { schema, signIn, type TestBackend } from '../src/testing';
import { databases, demoIds, list, one, signedIn, startTestBackend, type Client, type JsonApiResource } from './helpers';

const BOM = '\ufeff';

describe.each(databases)('import and export on %s', (database) => {
  let backend: TestBackend;
  let admin: Client;
  let adminAuth = '';
  let northwind: number;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    admin = await signedIn(backend, 'admin');
    adminAuth = `Bearer ${(await signIn(backend.url, 'admin', 'demo1234')).token}`;
    northwind = (await demoIds(backend)).northwind;
  });
  afterAll(() => backend?.close());

  async function exported(type: DataSetType, organizationId: number, id?: string): Promise<string> {
    const response = await backend.app.inject({
      method: 'GET',
      url: `/data?type=${type}&organization_id=${organizationId}${id ? `&id=${id}` : ''}`,
      headers: { authorization: adminAuth },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${type}.csv"`);
    return response.body;
  }

  const startImport = (type: string, csv: string | Buffer, organizationId: number) =>
    admin.post('/data', { data: { type: `${type}-csv`, attributes: { file: Buffer.from(csv).toString('base64'), organization_id: organizationId } } });

  /** Polls the import until it ends; answers its last state and every state seen on the way. */
  async function finished(id: string): Promise<{ last: JsonApiResource; seen: JsonApiResource[] }> {
    const seen: JsonApiResource[] = [];
    for (let i = 0; i < 6000; i++) {
      const answer = await admin.get(`/data-imports/${id}`);
      expect(answer.status).toBe(200);
      const state = one(answer.body);
      seen.push(state);
      if (state.attributes.status === 'succeeded' || state.attributes.status === 'failed') return { last: state, seen };
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('The import did not finish');
  }

  async function imported(type: DataSetType, csv: string, organizationId: number): Promise<JsonApiResource> {
    const started = await startImport(type, csv, organizationId);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    return (await finished(one(started.body).id)).last;
  }

  /** A new organization with the cycles of Northwind (cycles are set up on their own screen, not imported). */
  async function emptyOrganization(name: string): Promise<number> {
    const [organization] = await backend.db.insert(schema.organizations).values({ name }).returning({ id: schema.organizations.id });
    const cycles = await backend.db.select().from(schema.cycles).where(eq(schema.cycles.organizationId, northwind));
    await backend.db.insert(schema.cycles).values(cycles.map(({ id: _id, createdAt: _c, ...c }) => ({ ...c, organizationId: organization!.id })));
    return organization!.id;
  }

  it('exports CSV with a BOM, CRLF lines and the documented header', async () => {
    for (const type of ['conditions', 'references', 'types', 'buildings'] as const) {
      const csv = await exported(type, northwind);
      expect(csv.startsWith(BOM)).toBe(true);
      expect(csv.slice(1).split('\r\n')[0]).toBe(DATA_SET_COLUMNS[type].join(','));
      const rows = parse(csv, { bom: true }) as string[][];
      expect(rows.length, type).toBeGreaterThan(1);
    }
  });

  it('reproduces the data of every type in an empty organization: export, import, export again gives the same CSV', async () => {
    const target = await emptyOrganization('Round Trip Holdings');
    for (const type of ['types', 'conditions', 'references', 'buildings'] as const) {
      const source = await exported(type, northwind);
      const state = await imported(type, source, target);
      expect(state.attributes.status, JSON.stringify(state.attributes)).toBe('succeeded');
      expect(state.attributes.messages).toContain('The file was imported.');
      expect(await exported(type, target), type).toBe(source);
    }
    // Importing the same file again changes nothing.
    const again = await imported('buildings', await exported('buildings', northwind), target);
    expect(again.attributes.status).toBe('succeeded');
    expect(await exported('buildings', target)).toBe(await exported('buildings', northwind));
  });

  it('exports one building with id', async () => {
    const demo = await demoIds(backend);
    const building = demo.building('King Street Commerce Centre');
    const rows = parse(await exported('buildings', northwind, building), { bom: true, columns: true }) as Array<Record<string, string>>;
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.building_name))).toEqual(new Set(['King Street Commerce Centre']));
  });

  it('keeps quotes, commas, embedded newlines and formula-like cells through a round trip, the formulas behind an apostrophe', async () => {
    const target = await emptyOrganization('Quoting Ltd');
    await imported('types', await exported('types', northwind), target);
    const [type] = await backend.db.select().from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, target)).limit(1);
    const header = DATA_SET_COLUMNS.conditions.join(',');
    const row = (label: string, description: string) =>
      [type!.name, '', 'Monthly', 'Tricky', '0', label, 'string', 'Inspect', description, '', '', '', '', '', '', '', '', '', 'active', '0']
        .map((cell) => `"${cell.replace(/"/g, '""')}"`)
        .join(',');
    const file = `${header}\n${row('=HYPERLINK("http://evil")', 'Says "hello", then\nanother line')}\n${row('@SUM(A1)', '-2+3')}\n`;
    const state = await imported('conditions', file, target);
    expect(state.attributes.status, JSON.stringify(state.attributes)).toBe('succeeded');
    const stored = await backend.db.select().from(schema.tasks).where(eq(schema.tasks.organizationId, target));
    expect(stored.map((t) => t.label).sort()).toEqual(['=HYPERLINK("http://evil")', '@SUM(A1)']);
    expect(stored.find((t) => t.label.startsWith('='))!.description).toBe('Says "hello", then\nanother line');
    const csv = await exported('conditions', target);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).toContain(`'@SUM(A1)`);
    expect(csv).toContain(`'-2+3`);
    expect(csv).toContain('"Says ""hello"", then\nanother line"');
    // The escaped export imports back to the same values.
    const again = await imported('conditions', csv, target);
    expect(again.attributes.status).toBe('succeeded');
    const after = await backend.db.select().from(schema.tasks).where(eq(schema.tasks.organizationId, target));
    expect(after.map((t) => [t.label, t.description]).sort()).toEqual(stored.map((t) => [t.label, t.description]).sort());
  });

  it('refuses a file with row problems with one error per problem, naming the row and the column, and keeps nothing', async () => {
    const header = DATA_SET_COLUMNS.conditions.join(',');
    const file = `${header}\r\nFire Extinguisher,,Monthly,,0,,string,,,,,,,,,,,,active,0\r\nFire Extinguisher,,,,0,Ok,sometype,,,,,,,,,,,,active,x\r\n`;
    const answer = await startImport('conditions', file, northwind);
    expect(answer.status).toBe(422);
    expect(answer.body.errors!.map((e) => e.detail)).toEqual([
      'Row 2, column label: Task name is required field',
      'Row 3, column cycle_name: Cycle is required field',
      expect.stringMatching(/^Row 3, column task_type: One of boolean, /),
      'Row 3, column order: A whole number.',
    ]);
    for (const error of answer.body.errors!) expect(error).toMatchObject({ code: 'VALIDATION_FAILED', source: { pointer: '/data/attributes/file' } });
    const wrongHeader = await startImport('conditions', 'type_name,colour\r\nA,red\r\n', northwind);
    expect(wrongHeader.status).toBe(422);
    expect(wrongHeader.body.errors!.map((e) => e.detail)).toContain('Row 1, column colour: Not a column of a conditions file.');
  });

  it('is all or nothing: a row naming an unknown cycle fails the import and no other row is kept', async () => {
    const count = async () => (await backend.db.select({ n: sql<number>`count(*)::int` }).from(schema.tasks).where(eq(schema.tasks.organizationId, northwind)))[0]!.n;
    const before = await count();
    const [type] = await backend.db.select({ name: schema.equipmentTypes.name }).from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, northwind)).limit(1);
    const header = DATA_SET_COLUMNS.conditions.join(',');
    const good = (label: string) => `${type!.name},,Monthly,,0,${label},string,,,,,,,,,,,,active,0`;
    const file = [header, good('New check one'), `${type!.name},,Fortnightly,,0,New check two,string,,,,,,,,,,,,active,0`, good('New check three')].join('\r\n');
    const state = await imported('conditions', file, northwind);
    expect(state.attributes.status).toBe('failed');
    expect(state.attributes.problems).toEqual([
      { row: 3, column: 'cycle_name', detail: "No cycle named 'Fortnightly' in the organization.", text: "Row 3, column cycle_name: No cycle named 'Fortnightly' in the organization." },
    ]);
    expect(await count()).toBe(before);
  });

  it("puts a type's task group on no named component on its implicit component, and refuses one that mixes it with named components", async () => {
    const organization = await emptyOrganization('Implicit Components Ltd');
    const header = DATA_SET_COLUMNS.types.join(',');
    const row = (type: string, component: string, group: string) => `${type},,0,active,${component},,0,false,${group},,,0,false,false,false`;
    const state = await imported('types', [header, row('Wall Hydrant', '', 'Standpipe'), row('Wall Hydrant', '', 'Monthly checks')].join('\r\n'), organization);
    expect(state.attributes.status, JSON.stringify(state.attributes)).toBe('succeeded');
    const [listed] = list((await admin.get(`/equipment?filter[organization]=${organization}`)).body);
    expect(listed!.attributes.equipmentComponents).toMatchObject([{ name: '', implicit: true, equipment_component_condition_groups: [{ condition_group_name: 'Standpipe' }, { condition_group_name: 'Monthly checks' }] }]);

    const before = await exported('types', organization);
    const mixed = await imported('types', [header, row('Hose Reel', 'Reel', 'Standpipe'), row('Hose Reel', '', 'Monthly checks')].join('\r\n'), organization);
    expect(mixed.attributes.status).toBe('failed');
    expect(mixed.attributes.problems).toEqual([
      { row: 3, column: 'component_name', detail: "The type 'Hose Reel' has named components: name the component of this task group.", text: "Row 3, column component_name: The type 'Hose Reel' has named components: name the component of this task group." },
    ]);
    expect(await exported('types', organization)).toBe(before);
  });

  it('answers an unreadable file (not CSV, not UTF-8, not base64) with the file-error message, and a wrong type with its pointer', async () => {
    for (const file of [Buffer.from('%PDF-1.4\u0000\u0001binary'), Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0xe9, 0x0d, 0x0a]), Buffer.from('a,"b\r\n1,2')]) {
      const answer = await startImport('types', file, northwind);
      expect(answer.status).toBe(422);
      expect(answer.body.errors![0]).toMatchObject({ detail: IMPORT_FILE_ERROR_MESSAGE, source: { pointer: '/data/attributes/file' } });
    }
    const notBase64 = await admin.post('/data', { data: { type: 'types-csv', attributes: { file: '%%%not base64%%%', organization_id: northwind } } });
    expect(notBase64.body.errors![0]!.detail).toBe(IMPORT_FILE_ERROR_MESSAGE);
    const wrongType = await startImport('widgets', 'a\r\n1\r\n', northwind);
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.errors![0]!.source).toEqual({ pointer: '/data/type' });
  });

  it('refuses a file larger than the limit with 413', async () => {
    const huge = 'x'.repeat(17 * 1024 * 1024);
    const response = await backend.app.inject({
      method: 'POST',
      url: '/data',
      headers: { authorization: adminAuth, 'content-type': 'application/vnd.api+json' },
      payload: JSON.stringify({ data: { type: 'types-csv', attributes: { file: huge, organization_id: northwind } } }),
    });
    expect(response.statusCode).toBe(413);
  });

  it('imports 10,000 rows, reporting rows done of the total', async () => {
    const target = await emptyOrganization('Ten Thousand Inc');
    await imported('types', await exported('types', northwind), target);
    const [type] = await backend.db.select().from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, target)).limit(1);
    const lines = [DATA_SET_COLUMNS.conditions.join(',')];
    for (let i = 0; i < 10_000; i++) lines.push(`${type!.name},,Monthly,Bulk,${i},Check number ${i},string,Inspect,,,,,,,,,,,active,${i}`);
    const started = await startImport('conditions', lines.join('\r\n'), target);
    expect(started.status).toBe(202);
    expect(one(started.body).attributes).toMatchObject({ status: 'queued', rowsDone: 0, rowsTotal: 10_000 });
    const { last, seen } = await finished(one(started.body).id);
    expect(last.attributes).toMatchObject({ status: 'succeeded', rowsDone: 10_000, rowsTotal: 10_000 });
    for (const state of seen) expect(Number(state.attributes.rowsDone)).toBeLessThanOrEqual(10_000);
    const [{ n }] = (await backend.db.select({ n: sql<number>`count(*)::int` }).from(schema.tasks).where(eq(schema.tasks.organizationId, target))) as [{ n: number }];
    expect(n).toBe(10_000);
  }, 300_000);

  it('reports rows done part-way through a 10,000-row import, rising to the total only at the end', async () => {
    // The job's progress callback, called by applyImport itself (no timing: every report is recorded as it is made).
    const target = await emptyOrganization('Progress Inc');
    await backend.db.insert(schema.equipmentTypes).values({ organizationId: target, name: 'Bulk Type' });
    const lines = [DATA_SET_COLUMNS.conditions.join(',')];
    for (let i = 0; i < 10_000; i++) lines.push(`Bulk Type,,Monthly,Bulk,${i},Check number ${i},string,Inspect,,,,,,,,,,,active,${i}`);
    const [header, ...cells] = readCsv(Buffer.from(lines.join('\r\n')));
    const rows: NumberedRow<DataSetType>[] = cells.map((row, index) => ({
      row: index + 2,
      values: Object.fromEntries(header!.map((column, i) => [column, row[i] ?? ''])) as DataSetRow<DataSetType>,
    }));
    const reported: number[] = [];
    const messages = await applyImport(backend.db, 'conditions', target, rows, (done) => reported.push(done));
    expect(messages).toEqual(['10000 task(s) added, 0 changed.']);
    // Never down, never past the total, the total last; on the way several values strictly between 0 and the total.
    expect(reported).toEqual([...reported].sort((a, b) => a - b));
    expect(reported.at(-1)).toBe(10_000);
    const partWay = new Set(reported.filter((done) => done > 0 && done < 10_000));
    expect(partWay.size).toBeGreaterThanOrEqual(5);
    expect(reported.indexOf(10_000)).toBe(reported.length - 1);
    const [{ n }] = (await backend.db.select({ n: sql<number>`count(*)::int` }).from(schema.tasks).where(eq(schema.tasks.organizationId, target))) as [{ n: number }];
    expect(n).toBe(10_000);
    // 2,000 of the rows again: each changes its task, and the count rises with the changes, not only at the end.
    const again: number[] = [];
    expect(await applyImport(backend.db, 'conditions', target, rows.slice(0, 2_000), (done) => again.push(done))).toEqual(['0 task(s) added, 2000 changed.']);
    expect(again).toEqual([500, 1_000, 1_500, 2_000]);
  }, 300_000);

  it('is refused to every user but administrators, on every route', async () => {
    const file = Buffer.from(`${DATA_SET_COLUMNS.types.join(',')}\r\nNew Type,,0,active,,,,,,,,,,,\r\n`).toString('base64');
    const started = await startImport('types', Buffer.from(file, 'base64'), northwind);
    const importId = one(started.body).id;
    await finished(importId);
    for (const username of ['manager', 'regional', 'inspector', 'viewer']) {
      const user = await signedIn(backend, username);
      expect((await user.request('GET', `/data?type=types&organization_id=${northwind}`, undefined, { accept: 'application/vnd.api+json' })).status, username).toBe(403);
      expect((await user.post('/data', { data: { type: 'types-csv', attributes: { file, organization_id: northwind } } })).status, username).toBe(403);
      expect((await user.get(`/data-imports/${importId}`)).status, username).toBe(403);
    }
    expect(await backend.db.select().from(schema.equipmentTypes).where(eq(schema.equipmentTypes.name, 'New Type'))).toHaveLength(1);
  });
});
