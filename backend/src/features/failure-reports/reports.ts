/**
 * The building's reports (inspection.md sections 2 and 3, Report): the summary failure and notes
 * reports (every cycle's reported walkabout and the off-cycle remarks), per cycle its failure,
 * notes and default reports. Ids name what a report is: '{buildingId}-summary-failure',
 * '{buildingId}-summary-notes' (the web's /buildings/{id}/reports/summary/{id}-summary-notes), and
 * '{buildingId}-{cycleId}-failure|notes|default'.
 */
import type { Static } from 'typebox';
import type { Database } from '../../db/client';
import type { Scope } from '../../plugins/authorization';
import {
  itemComments,
  itemConditions,
  openItems,
  reportedWalkabouts,
  walkaboutResults,
  type CommentRow,
  type ItemRow,
  type ReportBuilding,
  type ReportCondition,
  type ResultRow,
} from './repository';
import type { FollowUpItem, ReportResource, ReportRow } from './schemas';
import { itemDocuments } from '../documents/repository';
import { signedPhotoUrl, type UrlSigner } from '../../storage/signed-urls';

type ItemDocument = { id: number; name: string; entryId: number | null; locationCommentId: number | null };

export type ReportType = 'failure' | 'notes' | 'default';
export type ReportKey = { buildingId: number; cycleId: number | null; type: ReportType };

export const NO_FAILURES_MESSAGE = 'No failures recorded in the latest walkabout(s).';
export const NO_RESULTS_MESSAGE = 'No results found';

/** The failure row column order of inspection.md section 3; notes end with remarks and photo instead of sections. */
export const FAILURE_HEADERS = ['Cycle', 'Equipment', 'Location', 'Floor', 'Model', 'ID', 'Documents', 'Acknowledged', 'Comments', 'Sections', 'Photo'];
export const NOTES_HEADERS = ['Cycle', 'Equipment', 'Location', 'Floor', 'Model', 'ID', 'Documents', 'Acknowledged', 'Comments', 'Remarks', 'Photo'];
export const DEFAULT_HEADERS = ['Floor', 'Location', 'Equipment', 'Section', 'Condition', 'Result', 'Remarks', 'Photo'];

export function parseReportId(id: string): ReportKey | null {
  const match = /^(\d{1,9})-(summary|\d{1,9})-(failure|notes|default)$/.exec(id);
  if (!match) return null;
  const cycleId = match[2] === 'summary' ? null : Number(match[2]);
  const type = match[3] as ReportType;
  // A summary is of failures or notes; a default report is one cycle's.
  if (cycleId === null && type === 'default') return null;
  return { buildingId: Number(match[1]), cycleId, type };
}

export const reportIdOf = (key: ReportKey) => `${key.buildingId}-${key.cycleId ?? 'summary'}-${key.type}`;

/** Whether the caller may see reports of this type (inspection.md section 6). */
export function mayView(scope: Scope, type: ReportType): boolean {
  if (scope.isAdmin) return true;
  return type === 'default' ? scope.permissions.canViewWalkaboutReports : scope.permissions.canViewFailureReport;
}

type Report = Static<typeof ReportResource>;
type Row = Static<typeof ReportRow>;
type Item = Static<typeof FollowUpItem>;

const equipmentLabel = (name: string | null, typeId: number | null) => (name === null ? null : `${name} (${typeId})`);

/** A date-time as the reports show it: MMMM D, YYYY h:mm A in the building's zone. */
export function displayDateTime(value: string | null, timeZone: string): string {
  if (!value) return '';
  return new Intl.DateTimeFormat('en-US', { timeZone, month: 'long', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }).format(
    new Date(value),
  );
}

/** A local date (YYYY-MM-DD) as MMMM D, YYYY. */
export function displayDate(value: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(`${value}T00:00:00Z`));
}

const resultMark = (c: { satisfaction: string }) => (c.satisfaction === 'unsatisfactory' ? 'U' : c.satisfaction === 'satisfactory' ? 'S' : 'N/A');

/** The item of a row: what it is about, its follow-up and comments, and the results (failure) or notes that make it. */
export function itemOf(row: ItemRow, type: 'failure' | 'notes', conditions: ReportCondition[], comments: CommentRow[], documents: ItemDocument[] = []): Item {
  const own = conditions.filter((c) => (type === 'failure' ? c.satisfaction === 'unsatisfactory' : c.satisfaction !== 'unsatisfactory'));
  const sections: Item['sections'] = [];
  for (const c of own) {
    let section = sections.at(-1);
    if (!section || section.name !== c.sectionName) sections.push((section = { name: c.sectionName, conditions: [] }));
    section.conditions.push({ label: c.label, result: resultMark(c), remarks: c.remarks, photoUrl: c.photoUrl });
  }
  const isComment = row.locationCommentId !== null;
  const remarks = isComment ? row.commentBody : own.map((c) => c.remarks).filter(Boolean).join('\n') || null;
  const photoUrl = isComment ? row.commentPhotoUrl : (own.find((c) => c.photoUrl)?.photoUrl ?? null);
  return {
    modelPath: isComment ? 'location-comments' : 'entries',
    modelId: (isComment ? row.locationCommentId : row.entryId)!,
    state: row.acknowledgedAt ? 'acknowledged' : 'unacknowledged',
    cycleName: row.cycleName,
    equipment: equipmentLabel(row.equipmentName, row.equipmentTypeId),
    equipmentTypeId: row.equipmentTypeId,
    location: row.locationName,
    floor: row.floorName,
    model: row.model,
    equipmentId: row.equipmentId,
    acknowledgedAt: row.acknowledgedAt,
    acknowledgedUsername: row.acknowledgedUsername,
    acknowledgedNotes: row.acknowledgedNotes,
    acknowledgedPhotoUrl: row.acknowledgedPhotoUrl,
    comments: comments
      .filter((c) => (isComment ? c.locationCommentId === row.locationCommentId : c.entryId === row.entryId))
      .map((c) => ({ id: String(c.id), body: c.body, creatorUsername: c.creatorUsername, createdAt: c.createdAt })),
    sections,
    remarks,
    photoUrl,
    documents: documents
      .filter((d) => (isComment ? d.locationCommentId === row.locationCommentId : d.entryId === row.entryId))
      .map((d) => ({ id: d.id, name: d.name })),
  };
}

/**
 * A report as a caller who may see it gets it: each photo's stored reference, in the items and in the Photo column
 * (one URL a line), becomes its signed URL (storage/signed-urls.ts signedPhotoUrl).
 */
export function withSignedPhotos(report: Report, signer: UrlSigner): Report {
  const sign = (url: string | null) => signedPhotoUrl(signer, url);
  const photoColumn = report.attributes.headers.indexOf('Photo');
  const rows = report.attributes.rows.map((row): Row => ({
    cells: row.cells.map((cell, column) => (column === photoColumn && cell !== '' ? cell.split('\n').map((url) => sign(url) ?? url).join('\n') : cell)),
    item: row.item && {
      ...row.item,
      photoUrl: sign(row.item.photoUrl),
      acknowledgedPhotoUrl: sign(row.item.acknowledgedPhotoUrl),
      sections: row.item.sections.map((section) => ({ ...section, conditions: section.conditions.map((c) => ({ ...c, photoUrl: sign(c.photoUrl) })) })),
    },
  }));
  return { ...report, attributes: { ...report.attributes, rows } };
}

/** The row of an item: its cells in the order of the headers, and the item. */
function itemRow(item: Item, type: 'failure' | 'notes', timeZone: string): Row {
  const acknowledged = item.acknowledgedAt
    ? [displayDateTime(item.acknowledgedAt, timeZone), item.acknowledgedUsername ?? '', item.acknowledgedNotes ?? ''].filter(Boolean).join(' / ')
    : '';
  const comments = item.comments.map((c) => `${c.creatorUsername ?? ''} (${displayDateTime(c.createdAt, timeZone)}): ${c.body}`).join('\n');
  const last =
    type === 'failure'
      ? [
          item.sections.map((s) => `${s.name}: ${s.conditions.map((c) => `${c.label} (${c.result})${c.remarks ? ` - ${c.remarks}` : ''}`).join('; ')}`).join('\n'),
          item.sections.flatMap((s) => s.conditions.flatMap((c) => (c.photoUrl ? [c.photoUrl] : []))).join('\n'),
        ]
      : [item.remarks ?? '', item.photoUrl ?? ''];
  const cells = [
    item.cycleName ?? 'Off-cycle',
    item.equipment ?? '',
    item.location,
    item.floor,
    item.model ?? '',
    item.equipmentId === null ? '' : String(item.equipmentId),
    // The names of the documents attached to the item (POST /documents with relationship entry or location-comment).
    item.documents.map((d) => d.name).join('\n'),
    acknowledged,
    comments,
    ...last,
  ];
  return { cells, item };
}

function resultCell(r: ResultRow): string {
  if (r.value === null) return r.taskStatus === 'paused' ? 'P' : r.taskStatus === 'disabled' ? 'X' : '';
  return resultMark(r);
}

type Loaded = { items: ItemRow[]; conditions: ReportCondition[]; comments: CommentRow[]; documents: ItemDocument[] };

async function loadItems(db: Database, buildingId: number, at: Date, cycleId?: number): Promise<Loaded> {
  const items = await openItems(db, buildingId, at, cycleId);
  const entryIds = items.flatMap((i) => (i.entryId === null ? [] : [i.entryId]));
  const commentIds = items.flatMap((i) => (i.locationCommentId === null ? [] : [i.locationCommentId]));
  const [conditions, comments, documents] = await Promise.all([
    itemConditions(db, entryIds),
    itemComments(db, entryIds, commentIds),
    itemDocuments(db, entryIds, commentIds),
  ]);
  return { items, conditions, comments, documents };
}

/**
 * The reports `keys` of the building at `at`, in that order. Items and the reported walkabouts are
 * read once for all of them.
 */
export async function buildReports(
  db: Database,
  building: ReportBuilding,
  keys: ReportKey[],
  at: Date,
  cycleNames: ReadonlyMap<number, string>,
): Promise<Report[]> {
  const cycleIds = new Set(keys.map((k) => k.cycleId));
  const oneCycle = cycleIds.size === 1 && !cycleIds.has(null) ? [...cycleIds][0]! : undefined;
  const needsItems = keys.some((k) => k.type !== 'default');
  const needsResults = keys.some((k) => k.type === 'default');
  const [loaded, walkabouts] = await Promise.all([
    needsItems ? loadItems(db, building.id, at, oneCycle) : Promise.resolve<Loaded>({ items: [], conditions: [], comments: [], documents: [] }),
    reportedWalkabouts(db, building.id, at, oneCycle),
  ]);
  const defaultWalkabouts = walkabouts.filter((w) => keys.some((k) => k.type === 'default' && k.cycleId === w.cycleId));
  const results = needsResults ? await walkaboutResults(db, defaultWalkabouts.map((w) => w.id)) : [];
  const conditionsOf = new Map<number, ReportCondition[]>();
  for (const c of loaded.conditions) conditionsOf.set(c.entryId, [...(conditionsOf.get(c.entryId) ?? []), c]);

  return keys.map((key): Report => {
    const cycleWalkabouts = walkabouts.filter((w) => key.cycleId === null || w.cycleId === key.cycleId);
    const cycleName = key.cycleId === null ? null : (cycleNames.get(key.cycleId) ?? null);
    const latest = [...cycleWalkabouts].sort((a, b) => b.date.localeCompare(a.date))[0];
    const base = {
      cycle: cycleName,
      cycleId: key.cycleId,
      date: latest?.date ?? null,
      building_id: building.id,
    };
    const walkaboutIds = cycleWalkabouts.map((w) => w.id);
    if (key.type === 'default') {
      const rows = results
        .filter((r) => walkaboutIds.includes(r.walkaboutId))
        .map((r): Row => ({
          cells: [r.floorName, r.locationName, `${r.equipmentName} (${r.equipmentTypeId})`, r.sectionName, r.label, resultCell(r), r.remarks ?? '', r.photoUrl ?? ''],
          item: null,
        }));
      return {
        type: 'reports',
        id: reportIdOf(key),
        attributes: {
          ...base,
          name: `${cycleName ?? 'Walkabout'} Walkabout Report`,
          reportType: 'default',
          meta: { buildingName: building.name, total: rows.length, acknowledgedTotal: 0, walkaboutIds, emptyMessage: NO_RESULTS_MESSAGE },
          headers: DEFAULT_HEADERS,
          rows,
        },
        relationships: {},
      };
    }
    const type = key.type;
    const rows = loaded.items
      .filter((i) => (type === 'failure' ? i.failure : i.notes))
      .filter((i) => key.cycleId === null || i.cycleId === key.cycleId)
      .map((i) => itemRow(itemOf(i, type, conditionsOf.get(i.entryId ?? -1) ?? [], loaded.comments, loaded.documents), type, building.timeZone));
    const title = type === 'failure' ? 'Failure' : 'Notes';
    return {
      type: 'reports',
      id: reportIdOf(key),
      attributes: {
        ...base,
        name: key.cycleId === null ? `Summary ${title} Report` : `${cycleName ?? ''} ${title} Report`.trim(),
        reportType: type,
        meta: {
          buildingName: building.name,
          total: rows.length,
          acknowledgedTotal: rows.filter((r) => r.item?.state === 'acknowledged').length,
          walkaboutIds,
          emptyMessage: type === 'failure' ? NO_FAILURES_MESSAGE : NO_RESULTS_MESSAGE,
        },
        headers: type === 'failure' ? FAILURE_HEADERS : NOTES_HEADERS,
        rows,
      },
      relationships: {},
    };
  });
}

/** The reports GET /reports lists for the building (one cycle's, with filter[cycle]) that the caller may see. */
export function listedKeys(scope: Scope, buildingId: number, cycleIds: number[], cycleId: number | undefined): ReportKey[] {
  const keys: ReportKey[] =
    cycleId === undefined
      ? [
          { buildingId, cycleId: null, type: 'failure' },
          { buildingId, cycleId: null, type: 'notes' },
          ...cycleIds.map((id): ReportKey => ({ buildingId, cycleId: id, type: 'default' })),
        ]
      : (['failure', 'notes', 'default'] as const).map((type) => ({ buildingId, cycleId, type }));
  return keys.filter((k) => mayView(scope, k.type));
}
