/**
 * Report generation (issue 10 point 1; DESIGN.md section 4, Lock and close, Reports, Background work).
 *
 * `requestReport` names what a report is made from (its source), keeps one generated_reports row per source
 * (its unique sourceKey) and queues a 'report.generate' job. The job (`generateReportNow`) reads the data, builds
 * the ReportDocument(s), and renders and stores the PDF only when the document differs from the one the row
 * already holds (its contentHash): a report that has not changed is not made again. A walkabout's report is
 * interim while the walkabout is not locked (the shared isLocked rule) and the completed report replaces it, in
 * the same row, once it locks.
 */
import { createHash, randomBytes } from 'node:crypto';
import { isLocked } from '@fsi/shared';
import { and, asc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { queryRows } from '../../db/raw';
import {
  buildings,
  cycles,
  fireWatches,
  generatedReports,
  organizations,
  reportBookletTemplates,
  reportDefinitions,
  uploads,
  walkabouts,
  type GeneratedReportKind,
  type StoredConditionValue,
} from '../../db/schema';
import { onReportReady } from '../walkabout-reports/emails';
import { parseTypesReportKey, typesReportDocument, typesReportKey, TYPES_REPORT_NAME, type TypesReportFilters } from '../building-types/types-report';
import { renderBookletPdf, renderReportPdf, type ReportDocument, type TableCell } from '../../reports/pdf';
import {
  addressText,
  definitionBlocks,
  definitionDocument,
  displayTime,
  earlierResults,
  lastDayOf,
  markOf,
  valueText,
  walkaboutHeader,
  type EarlierResults,
} from './content';
import {
  applicableReports,
  earlierWalkabouts,
  inspectorsOf,
  walkaboutConditions,
  walkaboutContext,
  walkaboutOfCycle,
  walkaboutVersion,
  type WalkaboutContext,
} from './data';

export const REPORT_QUEUE = 'report.generate';
export const AUDIT_REPORT_NAME = 'Walkabout Audit Report';
export const FIRE_WATCH_REPORT_NAME = 'Fire Watch Report';

/** What a report is made from. */
export type ReportSource =
  /** A walkabout reported by one report definition. */
  | { kind: 'walkabout'; walkaboutId: number; reportDefinitionId: number }
  /** A booklet of a walkabout, or of the latest walkabout of its primary report's cycle at a building. */
  | { kind: 'booklet'; bookletTemplateId: number; walkaboutId: number }
  | { kind: 'booklet'; bookletTemplateId: number; buildingId: number }
  /** The edit trail of a walkabout. */
  | { kind: 'audit'; walkaboutId: number }
  /** An ended fire watch with its walkabout's results. */
  | { kind: 'fire_watch'; fireWatchId: number }
  /** A report asked for on demand (its own row, named by the request's identificator): a definition or a booklet of a walkabout. */
  | { kind: 'adhoc'; identificator: string; walkaboutId: number; reportDefinitionId?: number | null; bookletTemplateId?: number | null }
  /** 'Print Types' (issue 13): the building's types by location with their state and status, as filtered on the screen. */
  | { kind: 'types'; identificator: string; buildingId: number; filters: TypesReportFilters };

export type RequestedReport = { id: number; sourceKey: string; status: 'pending' | 'ready' | 'failed' };

export class ReportSourceNotFound extends Error {}

type RowValues = Omit<typeof generatedReports.$inferInsert, 'id' | 'status' | 'createdAt'> & { kind: GeneratedReportKind };

async function rowValues(app: FastifyInstance, source: ReportSource, now: Date): Promise<{ values: RowValues; version: string }> {
  const db = app.db;
  const fromWalkabout = async (walkaboutId: number) => {
    const w = await walkaboutContext(db, walkaboutId);
    if (!w) throw new ReportSourceNotFound(`No walkabout ${walkaboutId}`);
    return {
      w,
      common: {
        buildingId: w.buildingId,
        cycleId: w.cycleId,
        walkaboutId: w.id,
        isInterim: !isLocked(w.lockedAt, now),
        startDate: w.date,
        // The report's period ends on the walkabout's last day (lists, e-mails and file names read it).
        endDate: lastDayOf(w),
        lockedAt: w.lockedAt,
      },
      version: await walkaboutVersion(db, w.id),
    };
  };
  const definitionName = async (id: number) => {
    const [d] = await db.select({ name: reportDefinitions.name }).from(reportDefinitions).where(eq(reportDefinitions.id, id));
    if (!d) throw new ReportSourceNotFound(`No report definition ${id}`);
    return d.name;
  };
  const bookletName = async (id: number) => {
    const [b] = await db.select({ name: reportBookletTemplates.name }).from(reportBookletTemplates).where(eq(reportBookletTemplates.id, id));
    if (!b) throw new ReportSourceNotFound(`No booklet template ${id}`);
    return b.name;
  };

  switch (source.kind) {
    case 'walkabout': {
      const { common, version } = await fromWalkabout(source.walkaboutId);
      return {
        values: { kind: 'walkabout', sourceKey: `walkabout:${source.walkaboutId}:definition:${source.reportDefinitionId}`, ...common, reportDefinitionId: source.reportDefinitionId, name: await definitionName(source.reportDefinitionId) },
        version,
      };
    }
    case 'booklet': {
      let walkaboutId: number;
      if ('walkaboutId' in source) walkaboutId = source.walkaboutId;
      else {
        const [latest] = await queryRows<{ id: number }>(
          db,
          sql`select w.id from walkabouts w
            join report_booklet_templates b on b.id = ${source.bookletTemplateId}
            join report_definitions d on d.id = b.primary_report_definition_id
            where w.building_id = ${source.buildingId} and w.cycle_id = d.cycle_id and w.opened_at <= ${now.toISOString()}
            order by w.opened_at desc limit 1`,
        );
        if (!latest) throw new ReportSourceNotFound(`No walkabout of booklet ${source.bookletTemplateId}'s cycle at building ${source.buildingId}`);
        walkaboutId = latest.id;
      }
      const { common, version } = await fromWalkabout(walkaboutId);
      return {
        values: { kind: 'booklet', sourceKey: `walkabout:${walkaboutId}:booklet:${source.bookletTemplateId}`, ...common, bookletTemplateId: source.bookletTemplateId, name: await bookletName(source.bookletTemplateId) },
        version,
      };
    }
    case 'audit': {
      const { common, version } = await fromWalkabout(source.walkaboutId);
      return { values: { kind: 'audit', sourceKey: `walkabout:${source.walkaboutId}:audit`, ...common, name: AUDIT_REPORT_NAME }, version };
    }
    case 'adhoc': {
      const { common, version } = await fromWalkabout(source.walkaboutId);
      const name = source.bookletTemplateId ? await bookletName(source.bookletTemplateId) : source.reportDefinitionId ? await definitionName(source.reportDefinitionId) : null;
      if (name === null) throw new ReportSourceNotFound('An on-demand report names a report definition or a booklet template');
      return {
        values: {
          kind: 'adhoc',
          sourceKey: `adhoc:${source.identificator}`,
          ...common,
          reportDefinitionId: source.bookletTemplateId ? null : (source.reportDefinitionId ?? null),
          bookletTemplateId: source.bookletTemplateId ?? null,
          name,
        },
        version,
      };
    }
    case 'types':
      return {
        values: { kind: 'adhoc', sourceKey: typesReportKey(source.identificator, source.filters), buildingId: source.buildingId, name: TYPES_REPORT_NAME, isInterim: false },
        version: source.identificator,
      };
    case 'fire_watch': {
      const [fw] = await db
        .select({ fireWatch: fireWatches, cycleId: walkabouts.cycleId })
        .from(fireWatches)
        .leftJoin(walkabouts, eq(walkabouts.id, fireWatches.walkaboutId))
        .where(eq(fireWatches.id, source.fireWatchId));
      if (!fw) throw new ReportSourceNotFound(`No fire watch ${source.fireWatchId}`);
      const f = fw.fireWatch;
      const version = f.walkaboutId ? await walkaboutVersion(db, f.walkaboutId) : '-';
      return {
        values: {
          kind: 'fire_watch',
          sourceKey: `fire_watch:${f.id}`,
          buildingId: f.buildingId,
          cycleId: fw.cycleId,
          walkaboutId: f.walkaboutId,
          fireWatchId: f.id,
          name: FIRE_WATCH_REPORT_NAME,
          isInterim: f.status !== 'ended',
          startDate: f.startedAt.toISOString().slice(0, 10),
          endDate: f.endedAt ? f.endedAt.toISOString().slice(0, 10) : null,
          lockedAt: f.endedAt,
        },
        version: `${version}/${f.endedAt?.toISOString() ?? 'open'}`,
      };
    }
  }
}

/**
 * Asks for a report: keeps its row (one per source) and queues its generation. The job's singleton key is the
 * source and its data version, so one request per change runs once, and a change made while a job runs (a
 * save, the lock) queues another that sees it.
 */
export async function requestReport(app: FastifyInstance, source: ReportSource, now = new Date()): Promise<RequestedReport> {
  const { values, version } = await rowValues(app, source, now);
  const { isInterim, ...updated } = values;
  const [row] = await app.db
    .insert(generatedReports)
    .values({ ...values, isInterim, status: 'pending' })
    .onConflictDoUpdate({
      target: generatedReports.sourceKey,
      // What the row says of its PDF (isInterim, status, hashes) changes only when a PDF is made.
      set: { name: updated.name, startDate: updated.startDate, endDate: updated.endDate, lockedAt: updated.lockedAt, cycleId: updated.cycleId },
    })
    .returning({ id: generatedReports.id, sourceKey: generatedReports.sourceKey, status: generatedReports.status });
  await app.jobs.enqueue(REPORT_QUEUE, { reportId: row!.id }, { singletonKey: `${row!.sourceKey}@${version}` });
  return row!;
}

/**
 * Asks for the reports of a walkabout: every active definition of its cycle that applies to its building and
 * generates a report, every active booklet that applies to it, and with `audit` its audit report. Interim
 * while the walkabout is open, completed once it is locked.
 */
export async function requestWalkaboutReports(app: FastifyInstance, walkaboutId: number, options: { audit: boolean }, now = new Date()): Promise<RequestedReport[]> {
  const w = await walkaboutContext(app.db, walkaboutId);
  if (!w) return [];
  const { definitionIds, bookletIds } = await applicableReports(app.db, w);
  const requested: RequestedReport[] = [];
  for (const reportDefinitionId of definitionIds) requested.push(await requestReport(app, { kind: 'walkabout', walkaboutId, reportDefinitionId }, now));
  for (const bookletTemplateId of bookletIds) requested.push(await requestReport(app, { kind: 'booklet', walkaboutId, bookletTemplateId }, now));
  if (options.audit) requested.push(await requestReport(app, { kind: 'audit', walkaboutId }, now));
  return requested;
}

/** The same, for hooks that must not fail their request (a lock, a save, the schedule): a failure is logged. */
export async function requestWalkaboutReportsQuietly(app: FastifyInstance, walkaboutIds: number[], options: { audit: boolean }): Promise<void> {
  for (const id of walkaboutIds) {
    try {
      await requestWalkaboutReports(app, id, options);
    } catch (error) {
      app.log.error({ err: error, walkaboutId: id }, 'walkabout reports could not be requested');
    }
  }
}

export async function requestFireWatchReportQuietly(app: FastifyInstance, fireWatchId: number): Promise<void> {
  try {
    await requestReport(app, { kind: 'fire_watch', fireWatchId });
  } catch (error) {
    app.log.error({ err: error, fireWatchId }, 'fire watch report could not be requested');
  }
}

// --- The job ---

type Built = { documents: ReportDocument[]; booklet: boolean; isInterim: boolean; lockedAt: Date | null };

async function definitionParts(app: FastifyInstance, w: WalkaboutContext, definitionIds: number[]) {
  const defs = definitionIds.length ? await app.db.select().from(reportDefinitions).where(inArray(reportDefinitions.id, definitionIds)) : [];
  const byId = new Map(defs.map((d) => [d.id, d]));
  return definitionIds.map((id) => byId.get(id)).filter((d) => d !== undefined);
}

/** A walkabout's conditions and the earlier walkabouts' results a definition needs, read once per walkabout. */
function walkaboutReader(app: FastifyInstance) {
  const cache = new Map<number, Promise<{ w: WalkaboutContext; list: Awaited<ReturnType<typeof walkaboutConditions>>; inspectors: string[] }>>();
  const read = (id: number) => {
    let hit = cache.get(id);
    if (!hit) {
      hit = (async () => {
        const w = await walkaboutContext(app.db, id);
        if (!w) throw new ReportSourceNotFound(`No walkabout ${id}`);
        return { w, list: await walkaboutConditions(app.db, id), inspectors: await inspectorsOf(app.db, id) };
      })();
      cache.set(id, hit);
    }
    return hit;
  };
  const earlier = async (w: WalkaboutContext, count: number): Promise<EarlierResults[]> => {
    const rows = await earlierWalkabouts(app.db, w, count);
    const results: EarlierResults[] = [];
    for (const r of rows) results.push(earlierResults(r.date, (await read(r.id)).list));
    return results;
  };
  return { read, earlier };
}

async function buildWalkaboutReport(app: FastifyInstance, row: typeof generatedReports.$inferSelect, now: Date): Promise<Built> {
  const reader = walkaboutReader(app);
  const { w, list, inspectors } = await reader.read(row.walkaboutId!);
  const isInterim = !isLocked(w.lockedAt, now);
  const lockedAt = isInterim ? null : w.lockedAt;

  if (row.bookletTemplateId !== null) {
    const [booklet] = await app.db.select().from(reportBookletTemplates).where(eq(reportBookletTemplates.id, row.bookletTemplateId));
    if (!booklet) throw new ReportSourceNotFound(`No booklet template ${row.bookletTemplateId}`);
    // The primary report first, then the others in the booklet's order (spec admin-people-schedules.md section 4).
    const order = [
      ...(booklet.primaryReportDefinitionId !== null ? [booklet.primaryReportDefinitionId] : []),
      ...booklet.reportDefinitionIds.filter((id) => id !== booklet.primaryReportDefinitionId),
    ];
    const defs = await definitionParts(app, w, order);
    const parts: { def: (typeof defs)[number]; data: Awaited<ReturnType<typeof reader.read>> }[] = [];
    for (const def of defs) {
      const walkaboutId = await walkaboutOfCycle(app.db, w, def.cycleId);
      if (walkaboutId !== null) parts.push({ def, data: await reader.read(walkaboutId) });
    }
    if (booklet.displayType === 'consolidated') {
      const blocks = [];
      let wide = false;
      for (const { def, data } of parts) {
        if (blocks.length) blocks.push({ kind: 'pageBreak' } as const);
        const earlier = await reader.earlier(data.w, def.previousWalkaboutsCount);
        wide ||= earlier.length > 0;
        blocks.push(...definitionBlocks(def, data.list, earlier));
      }
      return {
        documents: [
          {
            header: walkaboutHeader(w, booklet.name, inspectors, isInterim),
            blocks,
            orientation: wide ? 'landscape' : 'portrait',
          },
        ],
        booklet: true,
        isInterim,
        lockedAt,
      };
    }
    const documents: ReportDocument[] = [];
    for (const { def, data } of parts) {
      const partInterim = !isLocked(data.w.lockedAt, now);
      documents.push(
        definitionDocument(walkaboutHeader(data.w, def.name, data.inspectors, partInterim), def, data.list, await reader.earlier(data.w, def.previousWalkaboutsCount)),
      );
    }
    return { documents, booklet: true, isInterim, lockedAt };
  }

  const [def] = row.reportDefinitionId !== null ? await definitionParts(app, w, [row.reportDefinitionId]) : [];
  if (!def) throw new ReportSourceNotFound(`No report definition ${row.reportDefinitionId}`);
  const earlier = await reader.earlier(w, def.previousWalkaboutsCount);
  return { documents: [definitionDocument(walkaboutHeader(w, def.name, inspectors, isInterim), def, list, earlier)], booklet: false, isInterim, lockedAt };
}

/** 'Print Types' (building-types/types-report.ts): made from the building as it is now, never interim. */
async function buildTypesReport(app: FastifyInstance, row: typeof generatedReports.$inferSelect, filters: TypesReportFilters, now: Date): Promise<Built> {
  const document = await typesReportDocument(app.db, row.buildingId, filters, now);
  if (!document) throw new ReportSourceNotFound(`No building ${row.buildingId}`);
  return { documents: [document], booklet: false, isInterim: false, lockedAt: null };
}

const editValue = (value: StoredConditionValue) => (typeof value === 'boolean' ? (value ? 'Satisfactory' : 'Unsatisfactory') : valueText(value) || (value === null ? 'Unmarked' : ''));

/** The edit trail: who changed what, when (on the device and on the server), via what, applied or superseded. */
async function buildAuditReport(app: FastifyInstance, row: typeof generatedReports.$inferSelect, now: Date): Promise<Built> {
  const { w, inspectors } = await walkaboutReader(app).read(row.walkaboutId!);
  const isInterim = !isLocked(w.lockedAt, now);
  const edits = await queryRows<{
    kind: 'condition' | 'scan' | 'qr-unavailable';
    value: StoredConditionValue;
    remarks: string | null;
    photo_url: string | null;
    edited_via: string | null;
    edited_at: string | null;
    recorded_at: string;
    applied: boolean;
    who: string | null;
    task: string | null;
    equipment: string | null;
    location: string | null;
  }>(
    app.db,
    sql`select e.kind, e.value, e.remarks, e.photo_url, e.edited_via, e.edited_at::text, e.recorded_at::text, e.applied,
        coalesce(nullif(trim(concat_ws(' ', u.firstname, u.lastname)), ''), u.username) as who,
        c.label as task, en.equipment_name as equipment, l.name as location
      from walkabout_edits e
      left join users u on u.id = e.user_id
      left join conditions c on c.id = e.condition_id
      left join entries en on en.id = coalesce(e.entry_id, c.entry_id)
      left join locations l on l.id = en.location_id
      where e.walkabout_id = ${w.id}
      order by e.recorded_at, e.id`,
  );
  const at = (text: string | null) => (text ? displayTime(new Date(text), w.timeZone) : '');
  const rows: TableCell[][] = edits.map((e) => {
    const what = [e.location, e.equipment, e.task].filter(Boolean).join(' · ');
    const change =
      e.kind === 'scan'
        ? 'Scanned'
        : e.kind === 'qr-unavailable'
          ? `QR code unavailable${e.remarks ? `: ${e.remarks}` : ''}`
          : [editValue(e.value), e.remarks ? `Remarks: ${e.remarks}` : '', e.photo_url ? 'Photo' : ''].filter(Boolean).join('\n');
    return [at(e.edited_at) || at(e.recorded_at), at(e.recorded_at), e.who ?? 'Unknown user', what, change, e.edited_via ?? '', e.applied ? 'Applied' : 'Superseded'];
  });
  return {
    documents: [
      {
        header: walkaboutHeader(w, AUDIT_REPORT_NAME, inspectors, isInterim),
        orientation: 'landscape',
        blocks: rows.length
          ? [
              {
                kind: 'paragraph',
                text: 'Every change recorded in this walkabout, in the order it reached the server. A change is superseded when a newer change of the same result was recorded first (an older offline save).',
              },
              { kind: 'table', columns: ['Changed', 'Recorded', 'By', 'What', 'Change', 'Via', 'Status'], widths: [1.6, 1.6, 1.4, 3, 2.6, 0.9, 1], rows },
            ]
          : [{ kind: 'paragraph', text: 'No changes were recorded in this walkabout.' }],
      },
    ],
    booklet: false,
    isInterim,
    lockedAt: isInterim ? null : w.lockedAt,
  };
}

/** A fire watch: its start and end with comments and who, then its walkabout's results. */
async function buildFireWatchReport(app: FastifyInstance, row: typeof generatedReports.$inferSelect): Promise<Built> {
  const [f] = await queryRows<{
    started_at: Date | string;
    ended_at: Date | string | null;
    start_comments: string | null;
    end_comments: string | null;
    status: string;
    walkabout_id: number | null;
    started_by: string | null;
    ended_by: string | null;
    building: string;
    organization: string;
    time_zone: string;
    information: { addressInformation?: Parameters<typeof addressText>[0] };
    cycle: string | null;
  }>(
    app.db,
    sql`select f.started_at, f.ended_at, f.start_comments, f.end_comments, f.status, f.walkabout_id,
        coalesce(nullif(trim(concat_ws(' ', su.firstname, su.lastname)), ''), su.username) as started_by,
        coalesce(nullif(trim(concat_ws(' ', eu.firstname, eu.lastname)), ''), eu.username) as ended_by,
        b.name as building, o.name as organization, b.time_zone, b.information, c.name as cycle
      from ${fireWatches} f
      join ${buildings} b on b.id = f.building_id
      join ${organizations} o on o.id = b.organization_id
      left join users su on su.id = f.started_by
      left join users eu on eu.id = f.ended_by
      left join ${walkabouts} w on w.id = f.walkabout_id
      left join ${cycles} c on c.id = w.cycle_id
      where f.id = ${row.fireWatchId}`,
  );
  if (!f) throw new ReportSourceNotFound(`No fire watch ${row.fireWatchId}`);
  const started = new Date(f.started_at);
  const ended = f.ended_at ? new Date(f.ended_at) : null;
  const blocks: ReportDocument['blocks'] = [
    {
      kind: 'keyValue',
      items: [
        { label: 'Started', value: displayTime(started, f.time_zone) },
        { label: 'Started by', value: f.started_by ?? 'Unknown user' },
        { label: 'Start comments', value: f.start_comments || '—' },
        { label: 'Ended', value: ended ? displayTime(ended, f.time_zone) : 'Not ended' },
        { label: 'Ended by', value: f.ended_by ?? (ended ? 'Unknown user' : '—') },
        { label: 'End comments', value: f.end_comments || '—' },
      ],
    },
    { kind: 'heading', level: 1, text: 'Patrol Results' },
  ];
  const list = f.walkabout_id !== null ? await walkaboutConditions(app.db, f.walkabout_id) : [];
  if (list.length) {
    blocks.push({
      kind: 'table',
      columns: ['Location', 'Equipment', 'Task', 'Value', 'Result', 'Remarks', 'Photo'],
      widths: [1.8, 1.5, 2.8, 1.1, 1, 2.4, 1.4],
      rows: list.map((c) => [`${c.floor} · ${c.location}`, c.equipmentName, c.label, valueText(c.value), { kind: 'mark', mark: markOf(c) }, c.remarks ?? '', c.photoUrl ? { kind: 'photo', url: c.photoUrl } : '']),
    });
  } else blocks.push({ kind: 'paragraph', text: 'No patrol results were recorded during this fire watch.' });
  const inspectors = f.walkabout_id !== null ? await inspectorsOf(app.db, f.walkabout_id) : [];
  const people = [...new Set([f.started_by, ...inspectors, f.ended_by].filter((n): n is string => Boolean(n)))];
  return {
    documents: [
      {
        header: {
          organization: f.organization,
          building: f.building,
          address: addressText(f.information.addressInformation),
          cycle: f.cycle,
          period: `${displayTime(started, f.time_zone)} – ${ended ? displayTime(ended, f.time_zone) : 'ongoing'}`,
          inspector: people.join(', ') || null,
          // A fire watch ends rather than locks: its end is in the period and in the details below.
          lockedAt: null,
          title: FIRE_WATCH_REPORT_NAME,
          subtitle: ended ? null : 'The fire watch has not ended: this report may change.',
        },
        blocks,
      },
    ],
    booklet: false,
    isInterim: f.status !== 'ended',
    lockedAt: ended,
  };
}

const FILE_URL = /^\/files\/([A-Za-z0-9_.-]+)(?:[?#].*)?$/;

/** A photo's bytes from the storage, for the URLs the backend hands out ('/files/{key}'); other URLs are not fetched. */
function imageLoader(app: FastifyInstance) {
  return async (url: string): Promise<Uint8Array | null> => {
    const key = FILE_URL.exec(url)?.[1];
    if (!key) return null;
    const file = await app.storage.get(key);
    if (!file) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
    return new Uint8Array(Buffer.concat(chunks));
  };
}

/** rendered: a new PDF; unchanged: the stored one is of the same content; superseded: a later job stored a newer one first; missing: the source is gone. */
export type GenerationResult = { status: 'rendered' | 'unchanged' | 'superseded' | 'missing' };

/** The job: builds the report of a generated_reports row and stores its PDF unless its content is unchanged. */
export async function generateReportNow(app: FastifyInstance, reportId: number, now = new Date()): Promise<GenerationResult> {
  const [row] = await app.db.select().from(generatedReports).where(eq(generatedReports.id, reportId));
  if (!row) return { status: 'missing' };
  let built: Built;
  try {
    const typesFilters = parseTypesReportKey(row.sourceKey);
    built = typesFilters
      ? await buildTypesReport(app, row, typesFilters, now)
      : row.kind === 'audit'
        ? await buildAuditReport(app, row, now)
        : row.kind === 'fire_watch'
          ? await buildFireWatchReport(app, row)
          : await buildWalkaboutReport(app, row, now);
  } catch (error) {
    if (!(error instanceof ReportSourceNotFound)) throw error;
    // What the report was made from is gone (deleted since): nothing to retry.
    await app.db.update(generatedReports).set({ status: 'failed', error: error.message }).where(eq(generatedReports.id, reportId));
    return { status: 'missing' };
  }
  const contentHash = createHash('sha256').update(JSON.stringify({ booklet: built.booklet, isInterim: built.isInterim, documents: built.documents })).digest('hex');
  if (row.status === 'ready' && row.contentHash === contentHash && row.uploadKey) return { status: 'unchanged' };

  const options = { loadImage: imageLoader(app) };
  const { bytes, pageCount } = built.booklet ? await renderBookletPdf(built.documents, options) : await renderReportPdf(built.documents[0]!, options);
  const key = `${randomBytes(24).toString('base64url')}.pdf`;
  const body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  await app.storage.put(key, body, 'application/pdf');
  const stored = await app.db.transaction(async (tx) => {
    // A job that read the data later (another replica, after a newer change) may have finished first: its PDF stays.
    const [updated] = await tx
      .update(generatedReports)
      .set({ status: 'ready', uploadKey: key, contentHash, pageCount, sizeBytes: body.length, generatedAt: now, isInterim: built.isInterim, lockedAt: built.lockedAt, error: null })
      .where(and(eq(generatedReports.id, reportId), or(isNull(generatedReports.generatedAt), lte(generatedReports.generatedAt, now))))
      .returning({ id: generatedReports.id });
    if (updated) await tx.insert(uploads).values({ key, mimetype: 'application/pdf', size: body.length, originalName: `${row.name}.pdf`.slice(0, 255) });
    return Boolean(updated);
  });
  return { status: stored ? 'rendered' : 'superseded' };
}

/** Registers the 'report.generate' worker. */
export default fp(
  async (app) => {
    app.jobs.work(REPORT_QUEUE, async (data: { reportId: number }) => {
      const result = await generateReportNow(app, Number(data.reportId));
      // Automatic report e-mails (features/walkabout-reports/emails.ts): a completed report of a locked walkabout goes
      // to the users who chose it, once per PDF and user; also when unchanged, in case a retry follows a failed enqueue.
      if (result.status !== 'missing') await onReportReady(app, Number(data.reportId));
    });
  },
  { name: 'reports', dependencies: ['db', 'jobs'] },
);

/** The generated reports of a walkabout, for tests and the routes: newest sources last. */
export async function reportsOfWalkabout(app: FastifyInstance, walkaboutId: number) {
  return app.db.select().from(generatedReports).where(and(eq(generatedReports.walkaboutId, walkaboutId))).orderBy(asc(generatedReports.id));
}
