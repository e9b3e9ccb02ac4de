/**
 * The overview dashboards (admin-organizations-buildings.md sections 2 to 9; issue 13 points 3 and 9): the filter data
 * and the entry state counters of an organization's buildings, each one SQL statement aggregated in the database, so
 * that an organization of 1,000 buildings with a year of daily walkabouts answers in well under a second.
 *
 * What counts is each building's current walkabout of each cycle: the latest opened one (opened_at <= now), fire
 * watches aside, that is not closed. A locked one still counts (its results are final). This is the rule of
 * GET /buildings/{id}/equipment-states (locations/manage.ts), so that a count here and the state filter of Manage
 * Types agree. An entry (a location's equipment in that walkabout) is, from its conditions:
 * - unscanned: nothing recorded (not scanned, no answer): the spec's "no state recorded";
 * - unsatisfactory: a condition is unsatisfactory;
 * - incomplete: a condition is still unanswered;
 * - not_applicable: every condition is answered 'na';
 * - satisfactory: otherwise.
 * A cycle's status at a building is its walkabout's: complete when every condition of the walkabout is answered (or as
 * frozen when it was finalized after its lock time), as GET /walkabouts says isComplete.
 */
import { canViewOverview, type OverviewState, type WalkaboutFilterType } from '@fsi/shared/overview';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { idArrayLiteral as idArray, queryRows } from '../../db/raw';
import { buildings, organizations } from '../../db/schema';
import { forbidden, notFound } from '../../jsonapi/errors';
import type { Page } from '../../jsonapi/query';
import { buildingsInScope, organizationsInScope, regionsInScope, usersInScope, type Scope } from '../../plugins/authorization';

export const NOT_ALLOWED_OVERVIEW_DETAIL = 'Only administrators and users with an overview permission can see the overview.';

function requireOverview(scope: Scope): void {
  if (!canViewOverview(scope.isAdmin, scope.permissions)) throw forbidden(NOT_ALLOWED_OVERVIEW_DETAIL);
}

/** The organization when the caller may see it (404 otherwise, as for every record of another organization), and may see overviews (403). */
export async function overviewOrganization(db: Database, scope: Scope, id: number): Promise<number> {
  const [row] = await db.select({ id: organizations.id }).from(organizations).where(and(eq(organizations.id, id), organizationsInScope(scope)));
  if (!row) throw notFound('Organization');
  requireOverview(scope);
  return row.id;
}

/** The building and its organization when the caller may see it (404), and may see overviews (403). */
export async function overviewBuilding(db: Database, scope: Scope, id: number): Promise<{ id: number; organizationId: number }> {
  const [row] = await db.select({ id: buildings.id, organizationId: buildings.organizationId }).from(buildings).where(and(eq(buildings.id, id), buildingsInScope(scope)));
  if (!row) throw notFound('Building');
  requireOverview(scope);
  return row;
}

// ---- filter data ------------------------------------------------------------------------------

export type FilterUser = { id: number; name: string; username: string; building_ids: number[] };
export type FilterBuilding = { id: number; name: string; region_id: number | null; user_ids: number[]; equipment_ids: number[] };
export type FilterRegion = { id: number; name: string; parent_id: number | null; building_ids: number[] };
export type FilterCycle = { id: number; name: string; equipment_ids: number[] };
export type FilterComponent = { id: number; name: string; alias_name: string | null };
export type FilterEquipment = { id: number; name: string; alias_name: string | null; status: string; building_ids: number[]; cycle_ids: number[]; components: FilterComponent[] };
export type OverviewFilters = { users: FilterUser[]; buildings: FilterBuilding[]; regions: FilterRegion[]; cycles: FilterCycle[]; equipments: FilterEquipment[] };

const ints = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);

/**
 * The filter data of an organization's overview (section 3, "Overview filter data"): the buildings the caller may
 * see; the users of the organization they may see, each with the buildings (of those) that user may see; the regions
 * with the buildings in them or in their sub-regions; the cycles with the equipment types that have tasks in them;
 * the equipment types with their components, the buildings where they are at a location and their cycles. With
 * `buildingId`, everything is narrowed to that building (the building overview).
 */
export async function overviewFilters(db: Database, scope: Scope, organizationId: number, buildingId?: number): Promise<OverviewFilters> {
  const oneBuilding = buildingId === undefined ? sql`` : sql`and buildings.id = ${buildingId}`;
  const [buildingRows, regionRows, userRows, cycleRows, equipmentRows] = await Promise.all([
    queryRows<{ id: number; name: string; region_id: number | null; equipment_ids: number[] }>(
      db,
      sql`select buildings.id, buildings.name, buildings.region_id,
          coalesce((select array_agg(distinct le.equipment_type_id order by le.equipment_type_id)
            from locations l join location_equipment le on le.location_id = l.id and not le.disabled
            where l.building_id = buildings.id and l.deleted_at is null), '{}') as equipment_ids
        from buildings
        where buildings.organization_id = ${organizationId} and ${buildingsInScope(scope)} ${oneBuilding}
        order by buildings."order", buildings.id`,
    ),
    queryRows<{ id: number; name: string; parent_id: number | null; building_ids: number[] }>(
      db,
      sql`with recursive tree(root, id) as (
          select regions.id, regions.id from regions where regions.organization_id = ${organizationId}
          union all
          select tree.root, r.id from regions r join tree on r.parent_id = tree.id
        )
        select regions.id, regions.name, regions.parent_id,
          coalesce((select array_agg(buildings.id order by buildings."order", buildings.id)
            from tree join buildings on buildings.region_id = tree.id
            where tree.root = regions.id and buildings.organization_id = ${organizationId} and ${buildingsInScope(scope)} ${oneBuilding}), '{}') as building_ids
        from regions
        where regions.organization_id = ${organizationId} and ${regionsInScope(scope)}
        order by regions.name, regions.id`,
    ),
    // A user sees their permitted buildings when they have some, else their region's (and its sub-regions'), else all.
    queryRows<{ id: number; username: string; firstname: string | null; lastname: string | null; building_ids: number[] }>(
      db,
      sql`with recursive tree(root, id) as (
          select regions.id, regions.id from regions where regions.organization_id = ${organizationId}
          union all
          select tree.root, r.id from regions r join tree on r.parent_id = tree.id
        )
        select users.id, users.username, users.firstname, users.lastname,
          coalesce((select array_agg(buildings.id order by buildings."order", buildings.id) from buildings
            where buildings.organization_id = ${organizationId} and ${buildingsInScope(scope)} ${oneBuilding}
              and (not exists (select 1 from user_buildings ub where ub.user_id = users.id)
                or exists (select 1 from user_buildings ub where ub.user_id = users.id and ub.building_id = buildings.id))
              and (users.region_id is null
                or buildings.region_id in (select tree.id from tree where tree.root = users.region_id))), '{}') as building_ids
        from users
        where users.organization_id = ${organizationId} and not users.is_admin and ${usersInScope(scope)}
        order by lower(coalesce(users.firstname, '') || ' ' || coalesce(users.lastname, '')), users.username, users.id`,
    ),
    queryRows<{ id: number; name: string; equipment_ids: number[] }>(
      db,
      sql`select cycles.id, cycles.name,
          coalesce((select array_agg(distinct t.equipment_type_id order by t.equipment_type_id) from tasks t where t.cycle_id = cycles.id), '{}') as equipment_ids
        from cycles where cycles.organization_id = ${organizationId}
        order by cycles.id`,
    ),
    queryRows<{ id: number; name: string; alias_name: string | null; status: string; building_ids: number[]; cycle_ids: number[]; components: FilterComponent[] | string }>(
      db,
      sql`select et.id, et.name, et.alias_name, et.status,
          coalesce((select array_agg(distinct l.building_id order by l.building_id)
            from location_equipment le join locations l on l.id = le.location_id and l.deleted_at is null
            join buildings on buildings.id = l.building_id
            where le.equipment_type_id = et.id and not le.disabled and ${buildingsInScope(scope)} ${oneBuilding}), '{}') as building_ids,
          coalesce((select array_agg(distinct t.cycle_id order by t.cycle_id) from tasks t where t.equipment_type_id = et.id), '{}') as cycle_ids,
          coalesce((select json_agg(json_build_object('id', ec.id, 'name', ec.name, 'alias_name', ec.alias_name) order by ec."order", ec.id)
            from equipment_components ec where ec.equipment_type_id = et.id and not ec.disabled and ec.name <> ''), '[]'::json) as components
        from equipment_types et where et.organization_id = ${organizationId}
        order by et."order", et.name, et.id`,
    ),
  ]);
  const equipmentOf = new Map(buildingRows.map((b) => [b.id, ints(b.equipment_ids)]));
  const filterUsers = userRows.map((u) => ({
    id: u.id,
    username: u.username,
    name: [u.firstname, u.lastname].filter((part) => part && part.trim()).join(' ') || u.username,
    building_ids: ints(u.building_ids),
  }));
  const usersOf = (building: number) => filterUsers.filter((u) => u.building_ids.includes(building)).map((u) => u.id);
  const result: OverviewFilters = {
    buildings: buildingRows.map((b) => ({ id: b.id, name: b.name, region_id: b.region_id, user_ids: usersOf(b.id), equipment_ids: equipmentOf.get(b.id) ?? [] })),
    regions: regionRows.map((r) => ({ id: r.id, name: r.name, parent_id: r.parent_id, building_ids: ints(r.building_ids) })),
    users: filterUsers,
    cycles: cycleRows.map((c) => ({ id: c.id, name: c.name, equipment_ids: ints(c.equipment_ids) })),
    equipments: equipmentRows.map((e) => ({
      id: e.id,
      name: e.name,
      alias_name: e.alias_name,
      status: e.status,
      building_ids: ints(e.building_ids),
      cycle_ids: ints(e.cycle_ids),
      components: typeof e.components === 'string' ? (JSON.parse(e.components) as FilterComponent[]) : e.components,
    })),
  };
  if (buildingId === undefined) return result;
  // The building overview: only what concerns the building.
  return {
    ...result,
    regions: result.regions.filter((r) => r.building_ids.length),
    users: result.users.filter((u) => u.building_ids.length),
    equipments: result.equipments.filter((e) => e.building_ids.length),
  };
}

// ---- entry state counters ---------------------------------------------------------------------

export type StateCounters = { total: number } & Record<OverviewState, number>;
export type CycleCounters = { id: number; name: string; status: WalkaboutFilterType; walkabout_id: number; entries: StateCounters };
export type EquipmentCounters = { id: number; name: string; alias_name: string | null; cycles: CycleCounters[] };
export type BuildingCounters = {
  id: number;
  name: string;
  photoUrl: string | null;
  regionId: number | null;
  order: number;
  counters: StateCounters;
  equipments: EquipmentCounters[];
};

export type CounterFilters = {
  buildingIds?: readonly number[];
  cycleIds?: readonly number[];
  walkaboutTypes?: readonly WalkaboutFilterType[];
  /** Equipment types, each whole (componentId null) or one of its components. */
  equipment?: ReadonlyArray<{ id: number; componentId: number | null }>;
};

type CounterRow = {
  building_id: number | null;
  equipment_type_id: number | null;
  cycle_id: number | null;
  walkabout_id: number | null;
  complete: boolean | null;
  level: number;
} & StateCounters;

const zero = (): StateCounters => ({ total: 0, satisfactory: 0, unsatisfactory: 0, not_applicable: 0, incomplete: 0, unscanned: 0 });

function countersOf(row: CounterRow | undefined): StateCounters {
  if (!row) return zero();
  return {
    total: Number(row.total),
    satisfactory: Number(row.satisfactory),
    unsatisfactory: Number(row.unsatisfactory),
    not_applicable: Number(row.not_applicable),
    incomplete: Number(row.incomplete),
    unscanned: Number(row.unscanned),
  };
}

/**
 * The entry state counters of an organization's buildings in the caller's scope, narrowed by the filters: the totals
 * of every matching building, and one page of the buildings (by order, then id) with their equipment types, each with
 * its cycles, status and counters. One statement aggregates them all with grouping sets (type and cycle, building,
 * everything); the buildings of the page are read in a second one.
 */
export async function entryStateCounters(
  db: Database,
  scope: Scope,
  organizationId: number,
  filters: CounterFilters,
  page: Page,
): Promise<{ counters: StateCounters; total: number; buildings: BuildingCounters[] }> {
  const buildingFilter = filters.buildingIds?.length ? sql`and buildings.id = any(${idArray(filters.buildingIds)})` : sql``;
  const cycleFilter = filters.cycleIds?.length ? sql`and cy.id = any(${idArray(filters.cycleIds)})` : sql``;
  const types = new Set(filters.walkaboutTypes ?? []);
  const statusFilter = types.size === 1 ? (types.has('complete') ? sql`where complete` : sql`where not complete`) : sql``;
  const equipment = filters.equipment ?? [];
  const wholeTypes = equipment.filter((e) => e.componentId === null).map((e) => e.id);
  const pairs = equipment.filter((e) => e.componentId !== null) as Array<{ id: number; componentId: number }>;
  for (const p of pairs) if (!Number.isSafeInteger(p.id) || !Number.isSafeInteger(p.componentId)) throw new TypeError('Not an id');
  // A condition counts when its entry's type is chosen whole, or its section is a chosen component of that type.
  const chosen = !equipment.length
    ? sql`true`
    : sql`(e.equipment_type_id = any(${idArray(wholeTypes)})${
        pairs.length ? sql.raw(` or (e.equipment_type_id, s.component_id) in (${pairs.map((p) => `(${p.id}, ${p.componentId})`).join(', ')})`) : sql``
      })`;
  const sectionJoin = pairs.length ? sql`left join sections s on s.id = c.section_id` : sql``;
  const entryFilter = !equipment.length ? sql`` : sql`and (equipment_type_id = any(${idArray(wholeTypes)}) or chosen > 0)`;

  const scoped = sql`select buildings.id, buildings."order" from buildings
    where buildings.organization_id = ${organizationId} and ${buildingsInScope(scope)} ${buildingFilter}`;

  const rows = await queryRows<CounterRow>(
    db,
    sql`with scoped as (${scoped}),
      cur as (
        select w.id, w.building_id, w.cycle_id, w.final_is_complete
        from scoped b
        join cycles cy on cy.organization_id = ${organizationId} ${cycleFilter}
        cross join lateral (
          select w.id, w.building_id, w.cycle_id, w.final_is_complete from walkabouts w
          where w.building_id = b.id and w.cycle_id = cy.id and not w.is_fire_watch and w.opened_at <= now()
            and (w.closed_at is null or w.closed_at > now())
          order by w.opened_at desc, w.id desc limit 1
        ) w
      ),
      per_entry as (
        select cur.id as walkabout_id, cur.building_id, cur.cycle_id, cur.final_is_complete, e.equipment_type_id,
          l.deleted_at is null as live,
          e.scanned_at is not null as scanned,
          count(c.id) as conditions,
          count(c.value) as marked,
          count(c.id) filter (where ${chosen}) as chosen,
          coalesce(bool_or(c.satisfaction = 'unsatisfactory') filter (where ${chosen}), false) as unsatisfactory,
          coalesce(bool_or(c.value is null) filter (where ${chosen}), false) as unmarked,
          coalesce(bool_or(c.value is not null) filter (where ${chosen}), false) as recorded,
          bool_and(c.value = '"na"'::jsonb) filter (where ${chosen}) as all_na
        from cur join entries e on e.walkabout_id = cur.id
        join locations l on l.id = e.location_id
        left join conditions c on c.entry_id = e.id
        ${sectionJoin}
        group by cur.id, cur.building_id, cur.cycle_id, cur.final_is_complete, e.id, l.deleted_at
      ),
      status as (
        select walkabout_id, coalesce(bool_or(final_is_complete), sum(conditions) > 0 and sum(conditions) = sum(marked)) as complete
        from per_entry group by walkabout_id
      ),
      states as (
        select p.building_id, p.equipment_type_id, p.cycle_id, p.walkabout_id, s.complete,
          case when not (p.scanned or p.recorded) then 'unscanned'
            when p.unsatisfactory then 'unsatisfactory'
            when p.unmarked then 'incomplete'
            when p.all_na then 'not_applicable'
            else 'satisfactory' end as state
        from per_entry p join status s using (walkabout_id)
        where p.live ${entryFilter}
      ),
      kept as (select * from states ${statusFilter})
      select building_id, equipment_type_id, cycle_id, walkabout_id, complete,
        grouping(building_id, equipment_type_id) as level,
        count(*)::int as total,
        (count(*) filter (where state = 'satisfactory'))::int as satisfactory,
        (count(*) filter (where state = 'unsatisfactory'))::int as unsatisfactory,
        (count(*) filter (where state = 'not_applicable'))::int as not_applicable,
        (count(*) filter (where state = 'incomplete'))::int as incomplete,
        (count(*) filter (where state = 'unscanned'))::int as unscanned
      from kept
      group by grouping sets ((building_id, equipment_type_id, cycle_id, walkabout_id, complete), (building_id), ())`,
  );

  const [pageRows, [{ count } = { count: 0 }], names] = await Promise.all([
    queryRows<{ id: number; name: string; photo_url: string | null; region_id: number | null; order: number }>(
      db,
      sql`select buildings.id, buildings.name, buildings.photo_url, buildings.region_id, buildings."order" from buildings
        where buildings.organization_id = ${organizationId} and ${buildingsInScope(scope)} ${buildingFilter}
        order by buildings."order", buildings.id limit ${page.size} offset ${page.offset}`,
    ),
    queryRows<{ count: number }>(db, sql`select count(*)::int as count from (${scoped}) scoped`),
    queryRows<{ kind: 'type' | 'cycle'; id: number; name: string; alias_name: string | null; order: number }>(
      db,
      sql`select 'type' as kind, id, name, alias_name, "order" from equipment_types where organization_id = ${organizationId}
        union all select 'cycle', id, name, null, id from cycles where organization_id = ${organizationId}`,
    ),
  ]);
  const typeById = new Map(names.filter((n) => n.kind === 'type').map((n) => [Number(n.id), n]));
  const cycleById = new Map(names.filter((n) => n.kind === 'cycle').map((n) => [Number(n.id), n]));
  // level: 0 the (building, type, cycle) rows, 1 a building's own totals, 3 the grand total.
  const total = rows.find((r) => Number(r.level) === 3);
  const ofBuilding = new Map(rows.filter((r) => Number(r.level) === 1).map((r) => [Number(r.building_id), r]));
  const detail = new Map<number, CounterRow[]>();
  for (const r of rows.filter((row) => Number(row.level) === 0)) {
    const id = Number(r.building_id);
    detail.set(id, [...(detail.get(id) ?? []), r]);
  }
  const result = pageRows.map((b): BuildingCounters => {
    const byType = new Map<number, CycleCounters[]>();
    for (const r of detail.get(b.id) ?? []) {
      const typeId = Number(r.equipment_type_id);
      const cycle = cycleById.get(Number(r.cycle_id));
      byType.set(typeId, [
        ...(byType.get(typeId) ?? []),
        { id: Number(r.cycle_id), name: cycle?.name ?? '', status: r.complete ? 'complete' : 'incomplete', walkabout_id: Number(r.walkabout_id), entries: countersOf(r) },
      ]);
    }
    const equipments = [...byType.entries()]
      .map(([id, cycles]) => ({ id, type: typeById.get(id), cycles: cycles.sort((x, y) => x.id - y.id) }))
      .sort((x, y) => (x.type?.order ?? 0) - (y.type?.order ?? 0) || (x.type?.name ?? '').localeCompare(y.type?.name ?? '') || x.id - y.id)
      .map(({ id, type, cycles }) => ({ id, name: type?.name ?? '', alias_name: type?.alias_name ?? null, cycles }));
    return { id: b.id, name: b.name, photoUrl: b.photo_url, regionId: b.region_id, order: b.order, counters: countersOf(ofBuilding.get(b.id)), equipments };
  });
  return { counters: countersOf(total), total: Number(count), buildings: result };
}
