/**
 * 'Print Types' (admin-organizations-buildings.md sections 2, 4 and 7): a PDF of the building's equipment types by
 * location, with each one's inspection state in each cycle's latest walkabout and its status (P when paused, X when
 * inactive, as on the walkabout reports), narrowed by the screen's Location, Type and State filters. Made by the
 * report job like every other report (reports/generate.ts), asked for on demand and polled by its identificator.
 */
import { equipmentStateLabel, isEquipmentState, matchesEquipmentState, type EquipmentState } from '@fsi/shared/suspensions';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/raw';
import type { AddressInformation } from '../../db/schema';
import type { ReportDocument, ReportMark, TableCell } from '../../reports/pdf/model';
import { equipmentStatesOf } from '../locations/manage';
import { addressText, displayTime } from '../reports/content';

export const TYPES_REPORT_NAME = 'Equipment Types by Location';
export const TYPES_REPORT_TYPE = 'equipments_on_locations';
const KEY_PREFIX = 'equipments-on-locations';
export const NO_TYPES_TEXT = 'No results found';

export type TypesReportFilters = { locationId: number | null; typeId: number | null; state: EquipmentState | null };

/** The generated report's source key: one per request, the filters in it (the job reads them back). */
export function typesReportKey(identificator: string, f: TypesReportFilters): string {
  return `${KEY_PREFIX}:${identificator}:${f.locationId ?? ''}:${f.typeId ?? ''}:${f.state ?? ''}`;
}

export function parseTypesReportKey(key: string): TypesReportFilters | null {
  const parts = key.split(':');
  if (parts.length !== 5 || parts[0] !== KEY_PREFIX) return null;
  const id = (text: string | undefined) => (text ? Number(text) : null);
  return { locationId: id(parts[2]), typeId: id(parts[3]), state: isEquipmentState(parts[4]) ? parts[4] : null };
}

export type TypesReportRow = {
  floor: string;
  location: string;
  locationId: number;
  typeId: number;
  type: string;
  /** 'Monthly: Satisfactory' per cycle, or 'Not Scanned'. */
  state: string;
  status: string;
  mark: ReportMark | null;
};

/** The rows of the report: each equipment at each (undeleted) location, by floor, location and type order. */
export async function typesReportRows(db: Database, buildingId: number, filters: TypesReportFilters): Promise<TypesReportRow[]> {
  const links = await queryRows<{
    floor: string;
    location: string;
    locationId: number;
    typeId: number;
    type: string;
    typeStatus: 'active' | 'paused' | 'disabled';
    shortName: string | null;
  }>(
    db,
    sql`select f.name as floor, l.name as location, l.id as "locationId", et.id as "typeId", et.name as type, et.status as "typeStatus",
        (select s.short_name from building_suspensions s where s.building_id = l.building_id and s.equipment_type_id = et.id order by s.id limit 1) as "shortName"
      from locations l
      join floors f on f.id = l.floor_id
      join location_equipment le on le.location_id = l.id and not le.disabled
      join equipment_types et on et.id = le.equipment_type_id
      where l.building_id = ${buildingId} and l.deleted_at is null
      order by f."order", f.id, l."order", l.id, le.type_order, le.id`,
  );
  const states = await equipmentStatesOf(db, buildingId);
  const rows: TypesReportRow[] = [];
  for (const link of links) {
    if (filters.locationId !== null && link.locationId !== filters.locationId) continue;
    if (filters.typeId !== null && link.typeId !== filters.typeId) continue;
    const own = states.filter((s) => s.locationId === link.locationId && s.equipmentId === link.typeId);
    if (!matchesEquipmentState(filters.state, own.map((s) => s.state))) continue;
    const inactive = link.typeStatus === 'disabled';
    const paused = link.typeStatus === 'paused' || link.shortName !== null;
    rows.push({
      floor: link.floor,
      location: link.location,
      locationId: link.locationId,
      typeId: link.typeId,
      type: link.type,
      state: own.length ? own.map((s) => `${s.cycleName}: ${equipmentStateLabel(s.state)}`).join('\n') : equipmentStateLabel(null),
      status: inactive ? 'Inactive' : link.shortName !== null ? `Paused (${link.shortName})` : paused ? 'Paused' : 'Active',
      mark: inactive ? 'X' : paused ? 'P' : null,
    });
  }
  return rows;
}

/** The report's document: its header, the filters chosen, and one table of the rows. */
export async function typesReportDocument(db: Database, buildingId: number, filters: TypesReportFilters, now: Date): Promise<ReportDocument | null> {
  const [building] = await queryRows<{ name: string; organization: string; timeZone: string; information: { addressInformation?: AddressInformation } }>(
    db,
    sql`select b.name, o.name as organization, b.time_zone as "timeZone", b.information
      from buildings b join organizations o on o.id = b.organization_id where b.id = ${buildingId}`,
  );
  if (!building) return null;
  const rows = await typesReportRows(db, buildingId, filters);
  const chosen = (await queryRows<{ location: string | null; type: string | null }>(
    db,
    sql`select (select name from locations where id = ${filters.locationId ?? -1} and building_id = ${buildingId}) as location,
        (select name from equipment_types where id = ${filters.typeId ?? -1}) as type`,
  ))[0]!;
  const table: TableCell[][] = rows.map((r) => [r.floor, r.location, r.type, r.state, r.status, { kind: 'mark', mark: r.mark }]);
  return {
    header: {
      organization: building.organization,
      building: building.name,
      address: addressText(building.information?.addressInformation),
      period: displayTime(now, building.timeZone),
      title: TYPES_REPORT_NAME,
      subtitle: [
        `Location: ${chosen.location ?? 'All'}`,
        `Type: ${chosen.type ?? 'All'}`,
        `State: ${filters.state ? equipmentStateLabel(filters.state) : 'All'}`,
      ].join(' · '),
    },
    blocks: table.length
      ? [
          { kind: 'paragraph', text: "State: each cycle's latest walkabout. Status: P paused at this building or organization, X inactive at organization level." },
          { kind: 'table', columns: ['Floor', 'Location', 'Type', 'State', 'Status', 'Mark'], widths: [1.4, 2, 2.2, 2.2, 1.4, 0.7], rows: table },
        ]
      : [{ kind: 'paragraph', text: NO_TYPES_TEXT }],
  };
}
