/**
 * Report definitions' sections as a reader of the PDF sees them (issue 10 point 1; spec admin-people-schedules.md
 * sections 3 and 4): the details location, group, location_x_types and types_by_location laid out as content.ts
 * lays them out, pageBreakAfter, includeMetadata, and the interim and completed reports around the schedule's lock.
 * The PDFs are read back with pdfjs-dist (test/pdf-reading.ts) and parsed into headings, key-value lines and tables.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLETED_SUBTITLE, displayTime, INTERIM_SUBTITLE } from '../src/features/reports/content';
import { AUDIT_REPORT_NAME, requestReport } from '../src/features/reports/generate';
import { reportSection } from '../src/seed/test-seed';
import { schema, type TestBackend } from '../src/testing';
import { databases, demoIds, signedIn, startTestBackend, tree, type Client } from './helpers';
import { readPdfText, type PdfPageText, type PdfTextItem } from './pdf-reading';

type Demo = Awaited<ReturnType<typeof demoIds>>;
type Section = Parameters<typeof reportSection>[0];

const BUILDING = 'Yonge & Eglinton Tower';
const FIRE_PUMP_ROOM = 'P1 · Fire Pump Room';
const SPRINKLER_ROOM = 'P1 · Sprinkler Room';
const PARKING = 'P1 · Parking Level P1';
const PUMP = {
  suction: 'Suction pressure (psi)',
  discharge: 'Discharge pressure at churn (psi)',
  drip: 'Packing gland drip rate (drops per minute)',
  runs: 'Pump runs for 10 minutes (diesel 30)',
  controller: 'Controller shows power available; no alarms',
};
const VALVE = { open: 'Valve open and sealed/locked', position: 'Valve position' };
const PUMP_REMARK = 'Pump did not start; contractor called.';
const CHAIN_REMARK = 'Chain and padlock missing.';
const POSITION_REMARK = 'Valve found a quarter turn closed.';

// --- Reading a report's layout ---

/** A line of text on a page: its runs left to right. */
type Line = { page: number; y: number; items: PdfTextItem[] };

/** What a section shows, in order: level-2 headings, key-value lines (secondary data), tables (header and rows by column). */
type Block = { heading: string } | { keyValue: [string, string][] } | { table: string[]; rows: string[][] };

const HEADING_1 = 12.5; // level-1 headings are 13 pt, level-2 10.5 pt, key-value lines 9 pt, tables 8 pt (marks 8.5 pt)
const BODY = 8.8;
const size = (line: Line) => Math.max(...line.items.map((i) => i.size));
const joined = (line: Line) => line.items.map((i) => i.str).join(' ');

/** Every page's lines, top to bottom, without the running header and the footer. */
function linesOf(pages: PdfPageText[]): Line[] {
  const lines: Line[] = [];
  for (const page of pages) {
    const items = page.items.filter((i) => i.y > 40 && i.y < page.height - 60).sort((a, b) => b.y - a.y);
    const ofPage: Line[] = [];
    for (const item of items) {
      // A mark's letter sits a point or two off the baseline of its row's text.
      const line = ofPage.find((l) => Math.abs(l.y - item.y) < 3);
      if (line) line.items.push(item);
      else ofPage.push({ page: page.number, y: item.y, items: [item] });
    }
    for (const line of ofPage) line.items.sort((a, b) => a.x - b.x);
    lines.push(...ofPage);
  }
  return lines;
}

/** The lines of the section titled `title`: from its heading to the next level-1 heading. */
function sectionLines(pages: PdfPageText[], title: string): Line[] {
  const lines = linesOf(pages);
  const start = lines.findIndex((l) => size(l) >= HEADING_1 && joined(l) === title);
  if (start < 0) throw new Error(`No section '${title}' in the PDF`);
  const end = lines.findIndex((l, i) => i > start && size(l) >= HEADING_1);
  return lines.slice(start, end < 0 ? undefined : end);
}

/** The page a section's title is on (1-based). */
const sectionPage = (pages: PdfPageText[], title: string) => sectionLines(pages, title)[0]!.page;

/**
 * A section's blocks as the text reads: a table's header gives its columns (each run of text belongs to the column
 * whose header starts at or left of it); a row's wrapped lines (10 pt apart, rows at least 17 pt) are joined by a
 * space; a header repeated on a new page is left out.
 */
function layoutOf(lines: Line[]): Block[] {
  const blocks: Block[] = [];
  let table: { header: string[]; xs: number[]; rows: string[][]; last: Line | null } | null = null;
  for (const line of lines.slice(1)) {
    if (size(line) >= 10) {
      blocks.push({ heading: joined(line) });
      table = null;
    } else if (size(line) >= BODY && !table) {
      const last = blocks.at(-1);
      let pairs: [string, string][];
      if (last && 'keyValue' in last) pairs = last.keyValue;
      else blocks.push({ keyValue: (pairs = []) });
      const [label, ...value] = line.items.map((i) => i.str);
      // A wrapped value goes on under its label.
      if (line.items[0]!.x > 45 && pairs.length) pairs.at(-1)![1] += ` ${[label, ...value].join(' ')}`;
      else pairs.push([label!, value.join(' ')]);
    } else if (!table) {
      table = { header: line.items.map((i) => i.str), xs: line.items.map((i) => i.x), rows: [], last: line };
      blocks.push({ table: table.header, rows: table.rows });
    } else {
      const strs = line.items.map((i) => i.str);
      if (strs.join('|') === table.header.join('|') && line.page !== table.last!.page) continue;
      const continued = table.last && table.last.page === line.page && table.last.y - line.y < 13;
      const column = (item: PdfTextItem) => Math.max(0, table!.xs.findLastIndex((x) => x <= item.x + 0.5));
      if (continued && !table.rows.length) {
        // The header's own wrapped lines.
        for (const item of line.items) table.header[column(item)] += ` ${item.str}`;
      } else {
        if (!continued) table.rows.push(table.header.map(() => ''));
        const row = table.rows.at(-1)!;
        for (const item of line.items) row[column(item)] = row[column(item)] ? `${row[column(item)]} ${item.str}` : item.str;
      }
      table.last = line;
    }
  }
  return blocks;
}

describe.each(databases)('report sections on %s', (database) => {
  let backend: TestBackend;
  let demo: Demo;
  let inspector: Client;
  let building = 0;
  let type: (name: string) => number;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    demo = await demoIds(backend);
    inspector = await signedIn(backend, 'inspector');
    building = Number(demo.building(BUILDING));
    const types = await backend.db.select().from(schema.equipmentTypes).where(eq(schema.equipmentTypes.organizationId, demo.northwind));
    type = (name) => types.find((t) => t.name === name)!.id;
  });
  afterAll(() => backend?.close());

  async function define(cycle: string, name: string, sections: Section[]): Promise<number> {
    const [row] = await backend.db
      .insert(schema.reportDefinitions)
      .values({ organizationId: demo.northwind, buildingId: building, cycleId: Number(demo.cycle(demo.northwind, cycle)), name, sections: sections.map(reportSection) })
      .returning({ id: schema.reportDefinitions.id });
    return row!.id;
  }

  async function reportRow(id: number) {
    const [row] = await backend.db.select().from(schema.generatedReports).where(eq(schema.generatedReports.id, id));
    return row!;
  }

  async function pdfOf(uploadKey: string | null): Promise<PdfPageText[]> {
    const file = await backend.storage.get(uploadKey!);
    const chunks: Buffer[] = [];
    for await (const chunk of file!.body) chunks.push(Buffer.from(chunk as Uint8Array));
    return readPdfText(new Uint8Array(Buffer.concat(chunks)));
  }

  /** The report of a definition for a walkabout, generated through the job queue, and its pages. */
  async function generated(walkaboutId: number, reportDefinitionId: number) {
    const requested = await requestReport(backend.app, { kind: 'walkabout', walkaboutId, reportDefinitionId });
    await backend.app.jobs.drain();
    const row = await reportRow(requested.id);
    expect(row).toMatchObject({ status: 'ready' });
    return { row, pages: await pdfOf(row.uploadKey) };
  }

  describe('the Weekly walkabout with a section of each detail', () => {
    let pages: PdfPageText[] = [];
    const SECTIONS = {
      location: 'Valves and Pump by Location',
      group: 'Results by Task Group',
      locationByTypes: 'Locations and Equipment Types',
      typesByLocation: 'Equipment at Each Location',
    };

    beforeAll(async () => {
      // The Weekly walkabout: the fire pump and a valve in the pump room, a valve in the sprinkler room and one in the parking.
      const weekly = Number(await demo.walkabout(BUILDING, 'Weekly'));
      const t = tree((await inspector.get(`/walkabouts/${weekly}`)).body);
      const locationOf = async (name: string) => Number(await demo.location(BUILDING, name));
      const pumpRoom = await locationOf('Fire Pump Room');
      const sprinklerRoom = await locationOf('Sprinkler Room');
      const entryAt = (equipment: string, locationId: number) => t.entries.find((e) => e.attributes.equipmentName === equipment && Number(e.attributes.locationId) === locationId)!;
      const of = (e: { id: string }, label: string) => t.conditions.find((c) => c.attributes.entryId === Number(e.id) && c.attributes.label === label)!.id;
      const pump = entryAt('Fire Pump', pumpRoom);
      const pumpRoomValve = entryAt('Sprinkler Control Valve', pumpRoom);
      const sprinklerValve = entryAt('Sprinkler Control Valve', sprinklerRoom);
      const at = new Date().toISOString();
      const saved = await inspector.save('sections-weekly', {
        generateReport: false,
        walkaboutToUpdateId: String(weekly),
        data: {
          entries: [pump, pumpRoomValve, sprinklerValve].map((e) => ({ id: e.id, scannedAt: at })),
          conditions: [
            { id: of(pump, PUMP.suction), value: '55', editedVia: 'tap', editedAt: at },
            { id: of(pump, PUMP.runs), value: 'no', remarks: PUMP_REMARK, editedVia: 'tap', editedAt: at },
            { id: of(pump, PUMP.controller), value: true, editedVia: 'tap', editedAt: at },
            { id: of(pumpRoomValve, VALVE.open), value: 'yes', editedVia: 'tap', editedAt: at },
            { id: of(pumpRoomValve, VALVE.position), value: 'Fully open', editedVia: 'tap', editedAt: at },
            { id: of(sprinklerValve, VALVE.open), value: 'no', remarks: CHAIN_REMARK, editedVia: 'tap', editedAt: at },
            { id: of(sprinklerValve, VALVE.position), value: 'Partially closed', remarks: POSITION_REMARK, editedVia: 'tap', editedAt: at },
          ],
        },
      });
      expect(saved.status).toBe(200);
      const both = [type('Sprinkler Control Valve'), type('Fire Pump')];
      const definition = await define('Weekly', 'Weekly Section Details', [
        { detail: 'location', title: SECTIONS.location, applicableEquipmentIds: both, pageBreakAfter: false },
        { detail: 'group', title: SECTIONS.group, applicableGroupNames: ['Sprinkler', 'Fire Pump'], pageBreakAfter: false },
        { detail: 'location_x_types', title: SECTIONS.locationByTypes, applicableEquipmentIds: both, pageBreakAfter: false },
        { detail: 'types_by_location', title: SECTIONS.typesByLocation, applicableEquipmentIds: both, pageBreakAfter: false },
      ]);
      pages = (await generated(weekly, definition)).pages;
    });

    const pumpRows = (place: string[]) => [
      [...place, 'Fire Pump', PUMP.suction, '55', 'S', '', ''],
      [...place, 'Fire Pump', PUMP.discharge, '', '', '', ''],
      [...place, 'Fire Pump', PUMP.drip, '', '', '', ''],
      [...place, 'Fire Pump', PUMP.runs, 'No', 'U', PUMP_REMARK, ''],
      [...place, 'Fire Pump', PUMP.controller, '', 'S', '', ''],
    ];
    const valveRows = (place: string[], state: 'good' | 'bad' | 'none') =>
      state === 'good'
        ? [
            [...place, 'Sprinkler Control Valve', VALVE.open, 'Yes', 'S', '', ''],
            [...place, 'Sprinkler Control Valve', VALVE.position, 'Fully open', 'S', '', ''],
          ]
        : state === 'bad'
          ? [
              [...place, 'Sprinkler Control Valve', VALVE.open, 'No', 'U', CHAIN_REMARK, ''],
              [...place, 'Sprinkler Control Valve', VALVE.position, 'Partially closed', 'U', POSITION_REMARK, ''],
            ]
          : [
              [...place, 'Sprinkler Control Valve', VALVE.open, '', '', '', ''],
              [...place, 'Sprinkler Control Valve', VALVE.position, '', '', '', ''],
            ];

    it('lays out a location section: a heading per location, then a table of its equipment\'s tasks with value, mark and remarks', () => {
      const columns = ['Equipment', 'Task', 'Value', 'Result', 'Remarks', 'Photo'];
      expect(layoutOf(sectionLines(pages, SECTIONS.location))).toEqual([
        { heading: FIRE_PUMP_ROOM },
        { table: columns, rows: [...pumpRows([]), ...valveRows([], 'good')] },
        { heading: SPRINKLER_ROOM },
        { table: columns, rows: valveRows([], 'bad') },
        { heading: PARKING },
        { table: columns, rows: valveRows([], 'none') },
      ]);
    });

    it('lays out a group section: a heading per task group, then a table of its results with location and equipment', () => {
      const columns = ['Location', 'Equipment', 'Task', 'Value', 'Result', 'Remarks', 'Photo'];
      expect(layoutOf(sectionLines(pages, SECTIONS.group))).toEqual([
        { heading: 'Fire Pump' },
        { table: columns, rows: pumpRows([FIRE_PUMP_ROOM]) },
        { heading: 'Sprinkler' },
        { table: columns, rows: [...valveRows([FIRE_PUMP_ROOM], 'good'), ...valveRows([SPRINKLER_ROOM], 'bad'), ...valveRows([PARKING], 'none')] },
      ]);
    });

    it('lays out a location_x_types section: locations down, equipment types across, each cell the mark of that equipment there or —', () => {
      expect(layoutOf(sectionLines(pages, SECTIONS.locationByTypes))).toEqual([
        {
          table: ['Location', 'Fire Pump', 'Sprinkler Control Valve'],
          rows: [
            // The pump failed; the pump room's valve passed; the sprinkler room's failed; the parking's is not inspected yet.
            [FIRE_PUMP_ROOM, 'U', 'S'],
            [SPRINKLER_ROOM, '—', 'U'],
            [PARKING, '—', ''],
          ],
        },
      ]);
    });

    it('lays out a types_by_location section: each location\'s equipment with its mark and what failed with its remarks', () => {
      expect(layoutOf(sectionLines(pages, SECTIONS.typesByLocation))).toEqual([
        {
          table: ['Location', 'Equipment', 'Result', 'Unsatisfactory'],
          rows: [
            [FIRE_PUMP_ROOM, 'Fire Pump', 'U', `${PUMP.runs}: ${PUMP_REMARK}`],
            ['', 'Sprinkler Control Valve', 'S', ''],
            [SPRINKLER_ROOM, 'Sprinkler Control Valve', 'U', `${VALVE.open}: ${CHAIN_REMARK} ${VALVE.position}: ${POSITION_REMARK}`],
            [PARKING, 'Sprinkler Control Valve', '', ''],
          ],
        },
      ]);
    });
  });

  it('starts the section after one with pageBreakAfter on the next page, and keeps the sections without it on one page', async () => {
    const weekly = Number(await demo.walkabout(BUILDING, 'Weekly'));
    const both = [type('Sprinkler Control Valve'), type('Fire Pump')];
    const definition = await define('Weekly', 'Weekly Page Breaks', [
      { detail: 'location_x_types', title: 'First: Types Grid', applicableEquipmentIds: both, pageBreakAfter: false },
      { detail: 'location_x_types', title: 'Second: Breaks After', applicableEquipmentIds: both, pageBreakAfter: true },
      { detail: 'types_by_location', title: 'Third: After the Break', applicableEquipmentIds: both, pageBreakAfter: false },
      { detail: 'location_x_types', title: 'Fourth: Same Page', applicableEquipmentIds: both, pageBreakAfter: true },
    ]);
    const { row, pages } = await generated(weekly, definition);
    expect(sectionPage(pages, 'First: Types Grid')).toBe(1);
    expect(sectionPage(pages, 'Second: Breaks After')).toBe(1);
    expect(sectionPage(pages, 'Third: After the Break')).toBe(2);
    expect(sectionPage(pages, 'Fourth: Same Page')).toBe(2);
    // The last section's break leaves no blank page.
    expect(pages).toHaveLength(2);
    expect(row.pageCount).toBe(2);
    expect(pages[1]!.text).toContain('Page 2 of 2');
  });

  it('shows the equipment\'s secondary data with includeMetadata and leaves it out without it', async () => {
    const monthly = Number(await demo.walkabout(BUILDING, 'Monthly'));
    const extinguisher = type('Portable Fire Extinguisher');
    // Each extinguisher of the building with its secondary data, by its place as the report names it.
    const held = await backend.db
      .select({ metadata: schema.locationEquipment.metadata, location: schema.locations.name, floor: schema.floors.name })
      .from(schema.locationEquipment)
      .innerJoin(schema.locations, eq(schema.locations.id, schema.locationEquipment.locationId))
      .innerJoin(schema.floors, eq(schema.floors.id, schema.locations.floorId))
      .where(and(eq(schema.locations.buildingId, building), inArray(schema.locationEquipment.equipmentTypeId, [extinguisher])));
    const extinguishers = held.map((h) => ({ place: `${h.floor} · ${h.location}`, make: String(h.metadata.Make), serial: String(h.metadata['Serial Number']) }));
    expect(extinguishers.length).toBeGreaterThan(3);
    expect(new Set(extinguishers.map((e) => e.serial)).size).toBe(extinguishers.length);

    const sections = (withData: boolean): Section[] => [
      { detail: 'condition', title: 'Extinguisher Conditions', equipmentId: extinguisher, includeMetadata: withData, pageBreakAfter: false },
      { detail: 'location', title: 'Extinguishers by Location', equipmentId: extinguisher, includeMetadata: withData, pageBreakAfter: false },
      { detail: 'types_by_location', title: 'Extinguisher Inventory', equipmentId: extinguisher, includeMetadata: withData, pageBreakAfter: false },
    ];
    const withData = (await generated(monthly, await define('Monthly', 'Extinguishers With Data', sections(true)))).pages;
    const without = (await generated(monthly, await define('Monthly', 'Extinguishers Without Data', sections(false)))).pages;

    // condition: per extinguisher a heading of its place and type, its data, then its tasks.
    const conditionBlocks = layoutOf(sectionLines(withData, 'Extinguisher Conditions'));
    // location: per location a heading, its extinguisher's data, then its tasks.
    const locationBlocks = layoutOf(sectionLines(withData, 'Extinguishers by Location'));
    const dataUnder = (blocks: Block[], heading: string) => {
      const at = blocks.findIndex((b) => 'heading' in b && b.heading === heading);
      const next = blocks[at + 1];
      return at >= 0 && next && 'keyValue' in next ? next.keyValue : [];
    };
    // types_by_location: the data under the equipment's name, 'label: value' joined by '; '.
    const [inventory] = layoutOf(sectionLines(withData, 'Extinguisher Inventory')) as { table: string[]; rows: string[][] }[];
    expect(inventory!.table).toEqual(['Location', 'Equipment', 'Result', 'Unsatisfactory']);
    for (const e of extinguishers) {
      expect(dataUnder(conditionBlocks, `${e.place}: Portable Fire Extinguisher`), e.place).toEqual(expect.arrayContaining([['Make', e.make], ['Serial Number', e.serial]]));
      expect(dataUnder(locationBlocks, e.place), e.place).toEqual(expect.arrayContaining([['Make', e.make], ['Serial Number', e.serial]]));
      const row = inventory!.rows.find((r) => r[0] === e.place)!;
      expect(row[1]).toMatch(/^Portable Fire Extinguisher /);
      expect(row[1]).toContain(`Make: ${e.make};`);
      expect(row[1]).toContain(`Serial Number: ${e.serial}`);
    }

    // Without: the same sections, with no label or value of the data anywhere.
    const text = without.map((p) => p.text).join('\n');
    for (const title of ['Extinguisher Conditions', 'Extinguishers by Location', 'Extinguisher Inventory']) expect(text).toContain(title);
    expect(text).not.toContain('Make');
    expect(text).not.toContain('Serial Number');
    for (const e of extinguishers) expect(text).not.toContain(e.serial);
    const [plain] = layoutOf(sectionLines(without, 'Extinguisher Conditions'));
    expect(plain).toMatchObject({ table: ['Location', 'Equipment', 'Task', 'Value', 'Result', 'Remarks', 'Photo'] });
    for (const title of ['Extinguisher Conditions', 'Extinguishers by Location', 'Extinguisher Inventory']) {
      expect(layoutOf(sectionLines(without, title)).filter((b) => 'keyValue' in b)).toEqual([]);
    }
    const [bare] = layoutOf(sectionLines(without, 'Extinguisher Inventory')) as { rows: string[][] }[];
    expect(bare!.rows.filter((r) => r[1]).map((r) => r[1])).toEqual(extinguishers.map(() => 'Portable Fire Extinguisher'));
  });

  describe('interim and completed around the lock', () => {
    let daily = 0;
    let definition = 0;
    let reportId = 0;

    beforeAll(async () => {
      daily = Number(await demo.walkabout(BUILDING, 'Daily'));
      const [log] = await backend.db.select().from(schema.reportDefinitions).where(eq(schema.reportDefinitions.name, 'Daily Panel and Stairwell Door Log'));
      definition = log!.id;
    });

    it('makes an interim report while the walkabout\'s lock time is in the future', async () => {
      // Locks in five minutes: not yet.
      const lockedAt = new Date(Date.now() + 5 * 60_000);
      await backend.db.update(schema.walkabouts).set({ lockedAt }).where(eq(schema.walkabouts.id, daily));
      const { row, pages } = await generated(daily, definition);
      reportId = row.id;
      // An interim report has no lock time of its own.
      expect(row).toMatchObject({ kind: 'walkabout', walkaboutId: daily, reportDefinitionId: definition, isInterim: true, lockedAt: null });
      const [walkabout] = await backend.db.select({ lockedAt: schema.walkabouts.lockedAt }).from(schema.walkabouts).where(eq(schema.walkabouts.id, daily));
      expect(walkabout!.lockedAt!.getTime()).toBeGreaterThan(Date.now());
      const text = pages.map((p) => p.text).join('\n');
      expect(text).toContain('Daily Panel and Stairwell Door Log');
      expect(text).toContain(INTERIM_SUBTITLE);
      expect(text).not.toContain(COMPLETED_SUBTITLE);
      expect(text).not.toContain('Locked at');
    });

    it('makes the completed report when the schedule\'s round locks the walkabout', async () => {
      expect(reportId).toBeGreaterThan(0);
      // Its lock time has passed; until the schedule's round nothing is made.
      const lockedAt = new Date(Date.now() - 2000);
      await backend.db.update(schema.walkabouts).set({ lockedAt }).where(eq(schema.walkabouts.id, daily));
      await backend.app.jobs.drain();
      expect(await reportRow(reportId)).toMatchObject({ isInterim: true });

      const run = await backend.app.runWalkaboutSchedule(new Date(lockedAt.getTime() + 1000));
      expect(run.finalizedIds).toContain(daily);
      await backend.app.jobs.drain();
      const row = await reportRow(reportId);
      expect(row).toMatchObject({ status: 'ready', isInterim: false, lockedAt });
      const [{ timeZone } = { timeZone: '' }] = await backend.db.select({ timeZone: schema.buildings.timeZone }).from(schema.buildings).where(eq(schema.buildings.id, building));
      const pages = await pdfOf(row.uploadKey);
      const text = pages.map((p) => p.text).join('\n');
      expect(text).toContain('Daily Panel and Stairwell Door Log');
      expect(text).toContain(COMPLETED_SUBTITLE);
      expect(text).not.toContain(INTERIM_SUBTITLE);
      // The header's lock time: 'Locked at' over the time in the building's zone.
      const label = pages[0]!.items.find((i) => i.str === 'Locked at')!;
      expect(label).toBeDefined();
      const value = pages[0]!.items.find((i) => Math.abs(i.x - label.x) < 1 && i.y < label.y && label.y - i.y < 14)!;
      expect(value.str).toBe(displayTime(lockedAt, timeZone));
      // The round asked for the walkabout's audit report too.
      const [audit] = await backend.db
        .select()
        .from(schema.generatedReports)
        .where(and(eq(schema.generatedReports.walkaboutId, daily), eq(schema.generatedReports.kind, 'audit')));
      expect(audit).toMatchObject({ status: 'ready', isInterim: false, name: AUDIT_REPORT_NAME });
    });
  });
});
