/**
 * Walkabout reports from report definitions (spec admin-people-schedules.md sections 3 and 4, inspection.md
 * sections 2 and 9): each section of a definition becomes blocks of a ReportDocument by its detail. Pure
 * functions of the data read in data.ts, so the same data always gives the same document (and content hash).
 *
 * Marks (inspection.md section 9): U unsatisfactory and S satisfactory for a recorded result; for a task with no
 * result, P while the task is paused at the building and X while it is inactive; blank when unmarked.
 */
import { DISPLAY_DATE_FORMAT } from '@fsi/shared';
import { secondaryDataLabel } from '@fsi/shared/secondary-data';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { ReportDefinitionSection, AddressInformation } from '../../db/schema';
import type { ReportBlock, ReportDocument, ReportHeader, ReportMark, TableCell } from '../../reports/pdf/model';
import type { ReportCondition, WalkaboutContext } from './data';

dayjs.extend(utc);
dayjs.extend(timezone);

export const INTERIM_SUBTITLE = 'Interim report: the walkabout is still open and its results may change.';
export const COMPLETED_SUBTITLE = 'Completed walkabout report';
export const NO_RESULTS_TEXT = 'No results for this section in this walkabout.';

/** A result's mark: S or U when recorded, P or X for a missing result of a paused or inactive task, else none. */
export function markOf(c: Pick<ReportCondition, 'value' | 'satisfaction' | 'taskStatus'>): ReportMark | null {
  if (c.satisfaction === 'unsatisfactory') return 'U';
  if (c.value !== null) return c.satisfaction === 'satisfactory' ? 'S' : null;
  if (c.taskStatus === 'paused') return 'P';
  if (c.taskStatus === 'disabled') return 'X';
  return null;
}

/**
 * One mark for an equipment at a location (an entry): U if any result is unsatisfactory; blank while an active
 * task is unanswered; S when its results are in; P or X when all its tasks are paused or inactive.
 */
export function entryMark(list: Pick<ReportCondition, 'value' | 'satisfaction' | 'taskStatus'>[]): ReportMark | null {
  const marks = list.map(markOf);
  if (marks.includes('U')) return 'U';
  if (list.some((c, i) => marks[i] === null && c.value === null)) return null;
  if (marks.includes('S') || list.some((c) => c.value !== null)) return 'S';
  if (marks.includes('P')) return 'P';
  if (marks.includes('X')) return 'X';
  return null;
}

/** A recorded value as text: yes/no answers as words, lists joined; booleans say nothing the mark does not. */
export function valueText(value: ReportCondition['value']): string {
  if (value === null || typeof value === 'boolean') return '';
  if (Array.isArray(value)) return value.join(', ');
  if (value === 'yes') return 'Yes';
  if (value === 'no') return 'No';
  if (value === 'na') return 'N/A';
  return String(value);
}

export const displayDate = (date: string) => dayjs(date).format(DISPLAY_DATE_FORMAT);
export const displayTime = (at: Date, timeZone: string) => dayjs(at).tz(timeZone).format(`${DISPLAY_DATE_FORMAT} h:mm A`);

export function addressText(a: AddressInformation | undefined): string | null {
  if (!a) return null;
  const cityLine = [a.City, [a.State, a.PostalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const text = [a.Address1, a.Address2, cityLine].filter((part) => part && part.trim()).join(', ');
  return text || null;
}

/**
 * A walkabout's last day: its endDate is the next period's first day, not part of it. Never before
 * its first day (a one-day period ends where it starts).
 */
export function lastDayOf(w: Pick<WalkaboutContext, 'date' | 'endDate'>): string {
  const last = w.endDate ? dayjs(w.endDate).subtract(1, 'day').format('YYYY-MM-DD') : null;
  return last && last > w.date ? last : w.date;
}

/** The dates a walkabout covers: its first day to its last. */
export function periodText(w: Pick<WalkaboutContext, 'date' | 'endDate'>): string {
  const last = lastDayOf(w);
  return last > w.date ? `${displayDate(w.date)} – ${displayDate(last)}` : displayDate(w.date);
}

export function walkaboutHeader(w: WalkaboutContext, title: string, inspectors: string[], isInterim: boolean): ReportHeader {
  return {
    organization: w.organization,
    building: w.building,
    address: addressText(w.address),
    cycle: w.cycle,
    period: periodText(w),
    inspector: inspectors.length ? inspectors.join(', ') : null,
    lockedAt: !isInterim && w.lockedAt ? displayTime(w.lockedAt, w.timeZone) : null,
    title,
    subtitle: isInterim ? INTERIM_SUBTITLE : COMPLETED_SUBTITLE,
  };
}

/** The results of an earlier walkabout, by equipment at a location and task, and by equipment alone. */
export type EarlierResults = {
  date: string;
  byTask: Map<string, ReportMark | null>;
  byEquipment: Map<number, ReportMark | null>;
};

const taskKey = (c: Pick<ReportCondition, 'locationEquipmentId' | 'taskId' | 'label'>) => `${c.locationEquipmentId}/${c.taskId ?? c.label}`;

export function earlierResults(date: string, list: ReportCondition[]): EarlierResults {
  const byTask = new Map<string, ReportMark | null>();
  for (const c of list) byTask.set(taskKey(c), markOf(c));
  const byEquipment = new Map<number, ReportMark | null>();
  for (const [id, group] of groupBy(list, (c) => c.locationEquipmentId)) byEquipment.set(id, entryMark(group));
  return { date, byTask, byEquipment };
}

function groupBy<T, K>(list: T[], key: (item: T) => K): Map<K, T[]> {
  const map = new Map<K, T[]>();
  for (const item of list) {
    const k = key(item);
    const group = map.get(k);
    if (group) group.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/** The conditions a section reports: its equipment, its tasks, its task groups and its equipment list. */
export function sectionConditions(section: ReportDefinitionSection, list: ReportCondition[]): ReportCondition[] {
  const tasks = section.applicableEquipmentConditionIds;
  const groups = section.applicableGroupNames ?? [];
  const types = section.applicableEquipmentIds ?? [];
  return list.filter(
    (c) =>
      (section.equipmentId === null || c.equipmentTypeId === section.equipmentId) &&
      (tasks === null || tasks === undefined || (c.taskId !== null && tasks.includes(c.taskId))) &&
      (!groups.length || (c.group !== null && groups.includes(c.group))) &&
      (!types.length || types.includes(c.equipmentTypeId)),
  );
}

const place = (c: Pick<ReportCondition, 'floor' | 'location'>) => `${c.floor} · ${c.location}`;
const mark = (m: ReportMark | null): TableCell => ({ kind: 'mark', mark: m });
const photo = (url: string | null): TableCell => (url ? { kind: 'photo', url } : '');
const remarksOf = (c: ReportCondition) => c.remarks ?? '';
const earlierColumns = (earlier: EarlierResults[]) => earlier.map((e) => displayDate(e.date));
const earlierTaskMarks = (earlier: EarlierResults[], c: ReportCondition) => earlier.map((e) => mark(e.byTask.get(taskKey(c)) ?? null));

/** The secondary data of a condition's equipment at its location, as label and value pairs (empty values left out). */
export function metadataBlock(c: Pick<ReportCondition, 'metadata'>): ReportBlock[] {
  const items = Object.entries(c.metadata)
    .filter(([, v]) => v !== null && v !== '')
    // A field of the secondary data list (Manage Locations) by its label; a key of older data as it is.
    .map(([key, v]) => ({ label: secondaryDataLabel(key), value: typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v) }));
  return items.length ? [{ kind: 'keyValue', items }] : [];
}

function conditionTable(list: ReportCondition[], earlier: EarlierResults[], withPlace: boolean): ReportBlock {
  const columns = [...(withPlace ? ['Location', 'Equipment'] : []), 'Task', 'Value', 'Result', ...earlierColumns(earlier), 'Remarks', 'Photo'];
  const widths = [...(withPlace ? [1.8, 1.5] : []), 2.8, 1.1, 1, ...earlier.map(() => 1.1), 2.4, 1.4];
  return {
    kind: 'table',
    columns,
    widths,
    rows: list.map((c) => [
      ...(withPlace ? [place(c), c.equipmentName] : []),
      c.label,
      valueText(c.value),
      mark(markOf(c)),
      ...earlierTaskMarks(earlier, c),
      remarksOf(c),
      photo(c.photoUrl),
    ]),
  };
}

/** detail 'condition': one row per condition; with includeMetadata, per equipment its secondary data above its rows. */
function conditionDetail(section: ReportDefinitionSection, list: ReportCondition[], earlier: EarlierResults[]): ReportBlock[] {
  if (!section.includeMetadata) return [conditionTable(list, earlier, true)];
  return [...groupBy(list, (c) => c.entryId).values()].flatMap((group) => [
    { kind: 'heading', level: 2, text: `${place(group[0]!)}: ${group[0]!.equipmentName}` } as ReportBlock,
    ...metadataBlock(group[0]!),
    conditionTable(group, earlier, false),
  ]);
}

/** detail 'location': the results grouped by location. */
function locationDetail(section: ReportDefinitionSection, list: ReportCondition[], earlier: EarlierResults[]): ReportBlock[] {
  return [...groupBy(list, (c) => c.locationId).values()].flatMap((group) => [
    { kind: 'heading', level: 2, text: place(group[0]!) } as ReportBlock,
    ...(section.includeMetadata ? [...groupBy(group, (c) => c.entryId).values()].flatMap((g) => metadataBlock(g[0]!)) : []),
    {
      kind: 'table',
      columns: ['Equipment', 'Task', 'Value', 'Result', ...earlierColumns(earlier), 'Remarks', 'Photo'],
      widths: [1.8, 3, 1.1, 1, ...earlier.map(() => 1.1), 2.4, 1.4],
      rows: group.map((c) => [c.equipmentName, c.label, valueText(c.value), mark(markOf(c)), ...earlierTaskMarks(earlier, c), remarksOf(c), photo(c.photoUrl)]),
    } as ReportBlock,
  ]);
}

/** detail 'group': the results grouped by task group. */
function groupDetail(section: ReportDefinitionSection, list: ReportCondition[], earlier: EarlierResults[]): ReportBlock[] {
  return [...groupBy(list, (c) => c.group ?? 'Other').entries()].flatMap(([group, rows]) => [
    { kind: 'heading', level: 2, text: group } as ReportBlock,
    conditionTable(rows, earlier, true),
  ]);
}

/** detail 'location_x_types': locations down, equipment types across, the mark of each equipment at each location. */
function locationByTypesDetail(list: ReportCondition[]): ReportBlock[] {
  const types = [...new Map(list.map((c) => [c.equipmentTypeId, c.equipmentName])).entries()];
  const rows = [...groupBy(list, (c) => c.locationId).values()].map((group) => {
    const byType = groupBy(group, (c) => c.equipmentTypeId);
    return [place(group[0]!), ...types.map(([typeId]) => (byType.has(typeId) ? mark(entryMark(byType.get(typeId)!)) : '—'))] as TableCell[];
  });
  return [{ kind: 'table', columns: ['Location', ...types.map(([, name]) => name)], widths: [2.5, ...types.map(() => 1)], rows }];
}

/** detail 'types_by_location': per location, its equipment with their marks (and the remarks of what failed). */
function typesByLocationDetail(section: ReportDefinitionSection, list: ReportCondition[], earlier: EarlierResults[]): ReportBlock[] {
  const rows: TableCell[][] = [];
  for (const group of groupBy(list, (c) => c.locationId).values()) {
    for (const [index, equipment] of [...groupBy(group, (c) => c.entryId).values()].entries()) {
      const first = equipment[0]!;
      const failed = equipment.filter((c) => markOf(c) === 'U').map((c) => (c.remarks ? `${c.label}: ${c.remarks}` : c.label));
      const data = section.includeMetadata
        ? Object.entries(first.metadata)
            .filter(([, v]) => v !== null && v !== '')
            .map(([k, v]) => `${secondaryDataLabel(k)}: ${typeof v === 'boolean' ? (v ? 'Yes' : 'No') : String(v)}`)
            .join('; ')
        : null;
      rows.push([
        index === 0 ? place(first) : '',
        data ? `${first.equipmentName}\n${data}` : first.equipmentName,
        mark(entryMark(equipment)),
        ...earlier.map((e) => mark(e.byEquipment.get(first.locationEquipmentId) ?? null)),
        failed.join('\n'),
      ]);
    }
  }
  return [
    {
      kind: 'table',
      columns: ['Location', 'Equipment', 'Result', ...earlierColumns(earlier), 'Unsatisfactory'],
      widths: [2.4, 2.4, 1, ...earlier.map(() => 1.1), 3],
      rows,
    },
  ];
}

export type DefinitionContent = {
  name: string;
  previousWalkaboutsCount: number;
  sections: ReportDefinitionSection[];
};

/** The blocks of one section: its title, its results by its detail, and a page break when it asks for one. */
export function sectionBlocks(section: ReportDefinitionSection, list: ReportCondition[], earlier: EarlierResults[]): ReportBlock[] {
  const rows = sectionConditions(section, list);
  const blocks: ReportBlock[] = [{ kind: 'heading', level: 1, text: section.title }];
  if (!rows.length) blocks.push({ kind: 'paragraph', text: NO_RESULTS_TEXT });
  else if (section.detail === 'condition') blocks.push(...conditionDetail(section, rows, earlier));
  else if (section.detail === 'location') blocks.push(...locationDetail(section, rows, earlier));
  else if (section.detail === 'group') blocks.push(...groupDetail(section, rows, earlier));
  else if (section.detail === 'location_x_types') blocks.push(...locationByTypesDetail(rows));
  else blocks.push(...typesByLocationDetail(section, rows, earlier));
  if (section.pageBreakAfter) blocks.push({ kind: 'pageBreak' });
  return blocks;
}

/** The sections of a definition as blocks (no page break after the last: the report ends there). */
export function definitionBlocks(definition: DefinitionContent, list: ReportCondition[], earlier: EarlierResults[]): ReportBlock[] {
  const blocks = definition.sections.flatMap((s) => sectionBlocks(s, list, earlier.slice(0, definition.previousWalkaboutsCount)));
  while (blocks.at(-1)?.kind === 'pageBreak') blocks.pop();
  if (!definition.sections.length) blocks.push({ kind: 'paragraph', text: NO_RESULTS_TEXT });
  return blocks;
}

/** A walkabout report: the definition's sections under the walkabout's header (landscape when earlier walkabouts add columns). */
export function definitionDocument(header: ReportHeader, definition: DefinitionContent, list: ReportCondition[], earlier: EarlierResults[]): ReportDocument {
  return {
    header,
    blocks: definitionBlocks(definition, list, earlier),
    orientation: earlier.slice(0, definition.previousWalkaboutsCount).length > 0 ? 'landscape' : 'portrait',
  };
}
