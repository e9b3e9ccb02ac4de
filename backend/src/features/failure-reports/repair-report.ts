/**
 * The repair report (inspection.md sections 2, 5 and 7, GET /repair-reports): the items of a
 * building closed as repaired within a date range, for the chosen equipment types, as a
 * ReportDocument for the PDF renderer. The range is of local dates in the building's time zone,
 * both days included.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { ReportDocument, TableCell } from '../../reports/pdf/model';
import { displayDate, displayDateTime, itemOf } from './reports';
import type { CommentRow, EquipmentRow, ReportBuilding, ReportCondition, RepairRow } from './repository';

dayjs.extend(utc);
dayjs.extend(timezone);

export const REPAIR_REPORT_TITLE = 'Repair Report';
export const NO_REPAIRS_MESSAGE = 'No repairs were recorded for this equipment in this period.';

/** The instants [from, to) of the local dates start..end (end included) in the zone. */
export function repairRange(start: string, end: string, timeZone: string): { from: Date; to: Date } {
  return {
    from: dayjs.tz(`${start}T00:00:00`, timeZone).toDate(),
    to: dayjs.tz(`${end}T00:00:00`, timeZone).add(1, 'day').toDate(),
  };
}

export function repairReportDocument(input: {
  building: ReportBuilding;
  start: string;
  end: string;
  equipment: EquipmentRow[];
  items: RepairRow[];
  conditions: ReportCondition[];
  comments: CommentRow[];
}): ReportDocument {
  const { building, items } = input;
  const zone = building.timeZone;
  const rows: TableCell[][] = items.map((row) => {
    const type = row.failure ? 'failure' : 'notes';
    const item = itemOf(row, type, input.conditions.filter((c) => c.entryId === row.entryId), input.comments);
    const what =
      type === 'failure'
        ? item.sections.map((s) => `${s.name}: ${s.conditions.map((c) => `${c.label} (${c.result})${c.remarks ? ` - ${c.remarks}` : ''}`).join('; ')}`).join('\n')
        : (item.remarks ?? '');
    const acknowledged = row.acknowledgedAt
      ? [displayDateTime(row.acknowledgedAt, zone), row.acknowledgedUsername ?? '', row.acknowledgedNotes ?? ''].filter(Boolean).join('\n')
      : '';
    const repair = [displayDateTime(row.repairedAt, zone), row.repairedUsername ?? '', row.repairedComments ?? ''].filter(Boolean).join('\n');
    const comments = item.comments.map((c) => `${c.creatorUsername ?? ''}: ${c.body}`).join('\n');
    const photoUrl = row.repairedPhotoUrl ?? row.acknowledgedPhotoUrl;
    return [
      item.equipment ?? 'Location remark',
      item.location,
      item.floor,
      item.cycleName ?? 'Off-cycle',
      what,
      acknowledged,
      comments,
      repair,
      photoUrl ? { kind: 'photo', url: photoUrl } : '',
    ];
  });
  return {
    orientation: 'landscape',
    header: {
      organization: building.organizationName,
      building: building.name,
      address: building.address,
      period: `${displayDate(input.start)} – ${displayDate(input.end)}`,
      title: REPAIR_REPORT_TITLE,
      subtitle: `Equipment: ${input.equipment.map((e) => `${e.name} (${e.id})`).join(', ')}`,
    },
    blocks: rows.length
      ? [
          { kind: 'heading', text: `Items closed as repaired (${rows.length})` },
          {
            kind: 'table',
            columns: ['Equipment', 'Location', 'Floor', 'Cycle', 'Failure or note', 'Acknowledged', 'Comments', 'Repair', 'Photo'],
            widths: [1.4, 1.3, 0.8, 0.8, 2.4, 1.4, 1.6, 1.6, 1],
            rows,
          },
        ]
      : [{ kind: 'paragraph', text: NO_REPAIRS_MESSAGE }],
  };
}
