/**
 * Manage Locations (admin-organizations-buildings.md sections 2 to 7): add, edit, delete and order a building's
 * locations and the equipment at each, with the rules of section 5 (@fsi/shared) and the permissions of section 6.
 *
 * Every write runs in one transaction, and an edit or a reorder names the version of each location it was made on: when
 * another user changed the location meanwhile, the whole write is refused with 409 STALE and nothing is saved.
 */
import { randomUUID } from 'node:crypto';
import { FLOOR_REQUIRED_MESSAGE, locationRights as sharedLocationRights, validateLocation } from '@fsi/shared';
import { canChangeBuildingStatuses } from '@fsi/shared/suspensions';
// A subpath of its own, so that the web's first screens do not carry the catalogue (see the web's LocationModal).
import { compactSecondaryData, validateSecondaryData, type SecondaryData } from '@fsi/shared/secondary-data';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { queryRows } from '../../db/raw';
import { buildings, entries, equipmentTypes, floors, locationEquipment, locations } from '../../db/schema';
import { FieldErrors, HttpError, notFound, type FieldError } from '../../jsonapi/errors';
import { buildingsInScope, requirePermission, type Scope } from '../../plugins/authorization';
import { liveLocation } from './repository';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Id = number | string;

export const STALE_LOCATION_MESSAGE = 'The location was changed by someone else since it was loaded: reload it and make the change again.';
export const STALE_LOCATION_ORDER_MESSAGE = 'The order was changed by someone else since it was loaded: reload it and arrange it again.';
export const NO_LOCATION_RIGHTS_MESSAGE = 'You may not change the name, hint or equipment of a location.';
export const NO_SECONDARY_DATA_RIGHTS_MESSAGE = 'You may not change the secondary data of a location.';

/** The rights of section 6 for locations (@fsi/shared, which the web shows too). */
export function locationRights(scope: Scope) {
  return sharedLocationRights(scope.isAdmin, scope.permissions);
}

const stale = (message: string, pointer: string) => new HttpError(409, message, { pointer }, 'STALE');

/** The building (in the caller's scope) the write names, or 404. */
async function buildingInScope(db: Database | Tx, scope: Scope, buildingId: Id) {
  const [row] = await db
    .select({ id: buildings.id, organizationId: buildings.organizationId })
    .from(buildings)
    .where(and(eq(buildings.id, Number(buildingId)), buildingsInScope(scope)));
  if (!row) throw notFound('Building');
  return row;
}

type EquipmentRow = { id: number; name: string; status: string };

/** The organization's equipment types among `ids`, by id. */
async function equipmentById(db: Tx, organizationId: number, ids: number[]) {
  const rows = ids.length
    ? await db
        .select({ id: equipmentTypes.id, name: equipmentTypes.name, status: equipmentTypes.status })
        .from(equipmentTypes)
        .where(and(eq(equipmentTypes.organizationId, organizationId), inArray(equipmentTypes.id, ids)))
    : [];
  return new Map<number, EquipmentRow>(rows.map((r) => [r.id, r]));
}

const statusLabel = (status: string) => (status === 'disabled' ? 'Inactive' : status === 'paused' ? 'Paused' : status);
export const inactiveEquipmentMessage = (e: { name: string; status: string }) =>
  `'${e.name}' is ${statusLabel(e.status)}: equipment that is not active can not be added to a location`;

/** The equipment a write names must be the organization's, and one being added must be active. */
function equipmentErrors(pointer: (index: number) => string, ids: number[], known: Map<number, EquipmentRow>, alreadyThere: Set<number>): FieldError[] {
  const errors: FieldError[] = [];
  ids.forEach((id, index) => {
    const equipment = known.get(id);
    if (!equipment) errors.push({ pointer: pointer(index), detail: 'Equipment not found' });
    else if (equipment.status !== 'active' && !alreadyThere.has(id)) errors.push({ pointer: pointer(index), detail: inactiveEquipmentMessage(equipment) });
  });
  return errors;
}

function metadataErrors(pointer: string, data: Record<string, unknown> | undefined, stored?: Record<string, unknown>): FieldError[] {
  return validateSecondaryData(data, stored).map((e) => ({ pointer: e.field ? `${pointer}/${e.field}` : pointer, detail: e.message }));
}

const sameData = (a: SecondaryData, b: SecondaryData) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

export type NewLocation = {
  name: string;
  hint?: string | null;
  building_floor_id?: Id | null;
  relations: Array<{ building_floor_id: Id | null; equipment_id: Id }>;
  metadata?: Record<string, Record<string, unknown>>;
};

/** POST /locations/batch: each location gets a new regular uuid and the last place on its floor. */
export async function createLocations(db: Database, scope: Scope, buildingId: Id, items: NewLocation[]): Promise<number[]> {
  const rights = locationRights(scope);
  requirePermission(scope, rights.create, 'You may not add locations.');
  const building = await buildingInScope(db, scope, buildingId);
  if (!rights.editSecondaryData && items.some((item) => Object.values(item.metadata ?? {}).some((m) => Object.keys(compactSecondaryData(m)).length))) {
    requirePermission(scope, false, NO_SECONDARY_DATA_RIGHTS_MESSAGE);
  }
  return db.transaction(async (tx) => {
    const floorRows = await tx.select({ id: floors.id }).from(floors).where(eq(floors.buildingId, building.id));
    const floorIds = new Set(floorRows.map((f) => f.id));
    const known = await equipmentById(tx, building.organizationId, [...new Set(items.flatMap((i) => i.relations.map((r) => Number(r.equipment_id))))]);
    const errors: FieldError[] = [];
    const prepared = items.map((item, index) => {
      const at = `/locations_attributes/${index}`;
      const floorValue = item.building_floor_id ?? item.relations.find((r) => r.building_floor_id != null)?.building_floor_id ?? null;
      const equipmentIds = item.relations.map((r) => Number(r.equipment_id));
      for (const e of validateLocation({ name: item.name, hint: item.hint, floorId: floorValue, equipmentIds })) {
        const pointer = { name: `${at}/name`, hint: `${at}/hint`, floorId: `${at}/building_floor_id`, equipmentIds: `${at}/relations` }[e.field] ?? at;
        errors.push({ pointer, detail: e.message });
      }
      const floorId = floorValue == null ? null : Number(floorValue);
      if (floorId !== null && !floorIds.has(floorId)) errors.push({ pointer: `${at}/building_floor_id`, detail: FLOOR_REQUIRED_MESSAGE });
      if (item.relations.some((r) => r.building_floor_id != null && Number(r.building_floor_id) !== floorId)) {
        errors.push({ pointer: `${at}/relations`, detail: 'Every equipment of a location is on its one floor' });
      }
      if (new Set(equipmentIds).size !== equipmentIds.length) errors.push({ pointer: `${at}/relations`, detail: 'An equipment is given twice' });
      errors.push(...equipmentErrors((i) => `${at}/relations/${i}/equipment_id`, equipmentIds, known, new Set()));
      for (const [equipmentId, data] of Object.entries(item.metadata ?? {})) {
        if (!equipmentIds.includes(Number(equipmentId))) errors.push({ pointer: `${at}/metadata/${equipmentId}`, detail: 'Secondary data of an equipment the location does not have' });
        errors.push(...metadataErrors(`${at}/metadata/${equipmentId}`, data));
      }
      return { item, floorId: floorId!, equipmentIds };
    });
    if (errors.length) throw new FieldErrors(errors);
    const ids: number[] = [];
    for (const { item, floorId, equipmentIds } of prepared) {
      const [last] = await tx
        .select({ value: sql<number>`coalesce(max(${locations.order}), -1)::int` })
        .from(locations)
        .where(and(eq(locations.floorId, floorId), liveLocation));
      const [created] = await tx
        .insert(locations)
        .values({ buildingId: building.id, floorId, name: item.name.trim(), hint: item.hint?.trim() || null, order: (last?.value ?? -1) + 1, regularUuid: randomUUID() })
        .returning({ id: locations.id });
      await tx.insert(locationEquipment).values(
        equipmentIds.map((equipmentTypeId, typeOrder) => ({
          locationId: created!.id,
          equipmentTypeId,
          typeOrder,
          metadata: compactSecondaryData(item.metadata?.[String(equipmentTypeId)]),
        })),
      );
      ids.push(created!.id);
    }
    return ids;
  });
}

/** The live location of the building with this regular uuid (what the spec's calls name it by), or 404. */
async function locationByUuid(db: Tx, buildingId: number, uuid: string) {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.buildingId, buildingId), sql`lower(${locations.regularUuid}) = ${uuid.trim().toLowerCase()}`, liveLocation));
  return row;
}

export type LocationEdit = {
  building_id: Id;
  uuids: { uuid: string; temporary_uuid?: string | null };
  location_name: string;
  location_hint?: string | null;
  version: number;
  equipments_on_locations_attributes: Array<{ equipment_id: Id; metadata?: Record<string, unknown> }>;
};

/**
 * PUT /locations/batch: the name, hint and equipment list (create or update rights) and each equipment's secondary data
 * (can-manage-secondary-data). What the caller may not change must come back as it is. An equipment removed while
 * recorded results refer to its link is kept disabled (those results keep their equipment), else deleted.
 */
export async function updateLocation(db: Database, scope: Scope, edit: LocationEdit): Promise<number> {
  const rights = locationRights(scope);
  requirePermission(scope, rights.edit, 'You may not edit locations.');
  const building = await buildingInScope(db, scope, edit.building_id);
  return db.transaction(async (tx) => {
    const location = await locationByUuid(tx, building.id, edit.uuids.uuid);
    if (!location) throw notFound('Location');
    if (location.version !== edit.version) throw stale(STALE_LOCATION_MESSAGE, '/version');
    const links = await tx.select().from(locationEquipment).where(eq(locationEquipment.locationId, location.id));
    const live = links.filter((l) => !l.disabled);
    const requested = edit.equipments_on_locations_attributes.map((e) => Number(e.equipment_id));
    const known = await equipmentById(tx, building.organizationId, [...new Set(requested)]);

    const errors: FieldError[] = [];
    for (const e of validateLocation({ name: edit.location_name, hint: edit.location_hint, floorId: location.floorId, equipmentIds: requested })) {
      const pointer = { name: '/location_name', hint: '/location_hint', equipmentIds: '/equipments_on_locations_attributes' }[e.field] ?? '';
      errors.push({ pointer, detail: e.message });
    }
    if (new Set(requested).size !== requested.length) errors.push({ pointer: '/equipments_on_locations_attributes', detail: 'An equipment is given twice' });
    errors.push(...equipmentErrors((i) => `/equipments_on_locations_attributes/${i}/equipment_id`, requested, known, new Set(live.map((l) => l.equipmentTypeId))));
    edit.equipments_on_locations_attributes.forEach((e, i) => {
      const stored = live.find((l) => l.equipmentTypeId === Number(e.equipment_id))?.metadata;
      errors.push(...metadataErrors(`/equipments_on_locations_attributes/${i}/metadata`, e.metadata, stored));
    });
    if (errors.length) throw new FieldErrors(errors);

    const name = edit.location_name.trim();
    const hint = edit.location_hint?.trim() || null;
    const liveIds = live.map((l) => l.equipmentTypeId);
    const basicsChanged =
      name !== location.name || hint !== (location.hint || null) || requested.length !== liveIds.length || requested.some((id) => !liveIds.includes(id));
    const dataOf = (id: number) => compactSecondaryData(links.find((l) => l.equipmentTypeId === id)?.metadata);
    const dataChanged = edit.equipments_on_locations_attributes.some(
      (e) => e.metadata !== undefined && !sameData(compactSecondaryData(e.metadata), live.some((l) => l.equipmentTypeId === Number(e.equipment_id)) ? dataOf(Number(e.equipment_id)) : {}),
    );
    if (basicsChanged) requirePermission(scope, rights.editBasics, NO_LOCATION_RIGHTS_MESSAGE);
    if (dataChanged) requirePermission(scope, rights.editSecondaryData, NO_SECONDARY_DATA_RIGHTS_MESSAGE);

    const removed = live.filter((l) => !requested.includes(l.equipmentTypeId));
    if (removed.length) {
      const referenced = new Set(
        (
          await tx
            .selectDistinct({ id: entries.locationEquipmentId })
            .from(entries)
            .where(inArray(entries.locationEquipmentId, removed.map((l) => l.id)))
        ).map((r) => r.id),
      );
      const keep = removed.filter((l) => referenced.has(l.id)).map((l) => l.id);
      const drop = removed.filter((l) => !referenced.has(l.id)).map((l) => l.id);
      if (keep.length) await tx.update(locationEquipment).set({ disabled: true }).where(inArray(locationEquipment.id, keep));
      if (drop.length) await tx.delete(locationEquipment).where(inArray(locationEquipment.id, drop));
    }
    let nextOrder = Math.max(-1, ...live.map((l) => l.typeOrder)) + 1;
    for (const item of edit.equipments_on_locations_attributes) {
      const equipmentTypeId = Number(item.equipment_id);
      const link = links.find((l) => l.equipmentTypeId === equipmentTypeId);
      const metadata = item.metadata === undefined ? undefined : compactSecondaryData(item.metadata);
      if (!link) {
        await tx.insert(locationEquipment).values({ locationId: location.id, equipmentTypeId, typeOrder: nextOrder++, metadata: metadata ?? {} });
      } else if (link.disabled) {
        // Added back: the same link again, so that its earlier results and secondary data stay with it.
        await tx
          .update(locationEquipment)
          .set({ disabled: false, typeOrder: nextOrder++, ...(metadata ? { metadata } : {}) })
          .where(eq(locationEquipment.id, link.id));
      } else if (metadata && !sameData(metadata, compactSecondaryData(link.metadata))) {
        await tx.update(locationEquipment).set({ metadata }).where(eq(locationEquipment.id, link.id));
      }
    }
    const saved = await tx
      .update(locations)
      .set({ name, hint, version: sql`${locations.version} + 1` })
      .where(and(eq(locations.id, location.id), eq(locations.version, edit.version)))
      .returning({ id: locations.id });
    if (!saved.length) throw stale(STALE_LOCATION_MESSAGE, '/version');
    return location.id;
  });
}

/** DELETE /locations/{id}: a soft delete, so that walkabouts and reports that recorded the location keep it. */
export async function deleteLocation(db: Database, scope: Scope, id: number, buildingId: Id | undefined): Promise<void> {
  requirePermission(scope, locationRights(scope).delete, 'You may not delete locations.');
  const [row] = await db
    .select({ id: locations.id, buildingId: locations.buildingId })
    .from(locations)
    .innerJoin(buildings, eq(buildings.id, locations.buildingId))
    .where(and(eq(locations.id, id), liveLocation, buildingsInScope(scope)));
  if (!row || (buildingId !== undefined && Number(buildingId) !== row.buildingId)) throw notFound('Location');
  await db
    .update(locations)
    .set({ deletedAt: new Date(), version: sql`${locations.version} + 1` })
    .where(and(eq(locations.id, id), isNull(locations.deletedAt)));
}

type Versioned = { uuid: string; version: number };

/** The live locations of the building named by the items' uuids, each checked against its version (409 STALE for any older one). */
async function versionedLocations(tx: Tx, buildingId: number, items: Versioned[], pointer: (index: number) => string) {
  const uuids = [...new Set(items.map((i) => i.uuid.trim().toLowerCase()))];
  const rows = await tx
    .select()
    .from(locations)
    .where(and(eq(locations.buildingId, buildingId), liveLocation, inArray(sql`lower(${locations.regularUuid})`, uuids)));
  const byUuid = new Map(rows.map((r) => [r.regularUuid.toLowerCase(), r]));
  const errors: FieldError[] = [];
  items.forEach((item, index) => {
    if (!byUuid.has(item.uuid.trim().toLowerCase())) errors.push({ pointer: `${pointer(index)}/uuid`, detail: 'Location not found' });
  });
  if (errors.length) throw new FieldErrors(errors);
  items.forEach((item, index) => {
    if (byUuid.get(item.uuid.trim().toLowerCase())!.version !== item.version) throw stale(STALE_LOCATION_ORDER_MESSAGE, `${pointer(index)}/version`);
  });
  return byUuid;
}

async function bumpVersions(tx: Tx, rows: ReadonlyArray<{ id: number; version: number }>) {
  for (const row of rows) {
    const saved = await tx
      .update(locations)
      .set({ version: sql`${locations.version} + 1` })
      .where(and(eq(locations.id, row.id), eq(locations.version, row.version)))
      .returning({ id: locations.id });
    if (!saved.length) throw stale(STALE_LOCATION_ORDER_MESSAGE, '/');
  }
}

/** PUT /locations/order/batch/: the changed locations' new places on their floors, all or none. */
export async function reorderLocations(
  db: Database,
  scope: Scope,
  buildingId: Id,
  items: Array<Versioned & { order: number }>,
): Promise<number[]> {
  requirePermission(scope, locationRights(scope).reorder, 'You may not reorder locations.');
  const building = await buildingInScope(db, scope, buildingId);
  return db.transaction(async (tx) => {
    const byUuid = await versionedLocations(tx, building.id, items, (i) => `/locations/${i}`);
    for (const item of items) {
      const row = byUuid.get(item.uuid.trim().toLowerCase())!;
      await tx.update(locations).set({ order: item.order }).where(eq(locations.id, row.id));
    }
    const changed = [...new Map(items.map((i) => [i.uuid.trim().toLowerCase(), byUuid.get(i.uuid.trim().toLowerCase())!])).values()];
    await bumpVersions(tx, changed);
    return changed.map((r) => r.id);
  });
}

/**
 * PUT /locations/type-order/batch/: the changed equipment's places at their locations, all or none. The building's
 * types screen reorders with it, which admin-organizations-buildings.md section 6 gives to administrators and users who
 * manage buildings ('Building-level status change, type reorder, …'), as the building's status changes.
 */
export async function reorderLocationEquipment(
  db: Database,
  scope: Scope,
  buildingId: Id,
  items: Array<Versioned & { type_order: number; equipment_id: Id }>,
): Promise<number[]> {
  requirePermission(scope, canChangeBuildingStatuses(scope.isAdmin, scope.permissions), 'You may not reorder equipment.');
  const building = await buildingInScope(db, scope, buildingId);
  return db.transaction(async (tx) => {
    const byUuid = await versionedLocations(tx, building.id, items, (i) => `/equipments_on_locations/${i}`);
    const errors: FieldError[] = [];
    for (const [index, item] of items.entries()) {
      const row = byUuid.get(item.uuid.trim().toLowerCase())!;
      const updated = await tx
        .update(locationEquipment)
        .set({ typeOrder: item.type_order })
        .where(and(eq(locationEquipment.locationId, row.id), eq(locationEquipment.equipmentTypeId, Number(item.equipment_id)), eq(locationEquipment.disabled, false)))
        .returning({ id: locationEquipment.id });
      if (!updated.length) errors.push({ pointer: `/equipments_on_locations/${index}/equipment_id`, detail: 'The location has no such equipment' });
    }
    if (errors.length) throw new FieldErrors(errors);
    const changed = [...new Map(items.map((i) => [i.uuid.trim().toLowerCase(), byUuid.get(i.uuid.trim().toLowerCase())!])).values()];
    await bumpVersions(tx, changed);
    return changed.map((r) => r.id);
  });
}

export type EquipmentStateRow = { locationId: number; equipmentId: number; cycleId: number; cycleName: string; state: 'satisfactory' | 'unsatisfactory' | 'not_applicable' | 'incomplete' };

/**
 * GET /buildings/{id}/equipment-states: per cycle, the building's latest walkabout (fire watches aside); per entry there,
 * unsatisfactory when a task is, incomplete while a task is unmarked, not applicable when every task is, else
 * satisfactory. An entry with nothing recorded has no record: the spec's 'unscanned' is "no state recorded".
 */
export async function equipmentStates(db: Database, scope: Scope, buildingId: Id): Promise<EquipmentStateRow[]> {
  const building = await buildingInScope(db, scope, buildingId);
  return equipmentStatesOf(db, building.id);
}

/** The same for a building already checked (the Print Types report reads it too). */
export async function equipmentStatesOf(db: Database, buildingId: number): Promise<EquipmentStateRow[]> {
  const building = { id: buildingId };
  return queryRows<EquipmentStateRow>(
    db,
    sql`with latest as (
        select distinct on (w.cycle_id) w.id, w.cycle_id, c.name as cycle_name
        from walkabouts w join cycles c on c.id = w.cycle_id
        where w.building_id = ${building.id} and not w.is_fire_watch and w.closed_at is null and w.opened_at <= now()
        order by w.cycle_id, w.opened_at desc, w.id desc
      ), per_entry as (
        select e.location_id, e.equipment_type_id, latest.cycle_id, latest.cycle_name,
          bool_or(c.satisfaction = 'unsatisfactory') as unsatisfactory,
          bool_or(c.value is null) as unmarked,
          coalesce(bool_or(c.value is not null), false) as recorded,
          bool_and(c.value = '"na"'::jsonb) as all_na,
          bool_or(e.scanned_at is not null) as scanned
        from latest join entries e on e.walkabout_id = latest.id
        join locations l on l.id = e.location_id and l.deleted_at is null
        left join conditions c on c.entry_id = e.id
        group by e.location_id, e.equipment_type_id, latest.cycle_id, latest.cycle_name
      )
      select location_id as "locationId", equipment_type_id as "equipmentId", cycle_id as "cycleId", cycle_name as "cycleName",
        case when unsatisfactory then 'unsatisfactory' when coalesce(unmarked, false) then 'incomplete' when all_na then 'not_applicable' else 'satisfactory' end as state
      from per_entry
      where scanned or recorded
      order by location_id, equipment_type_id, cycle_name`,
  );
}

/** GET /buildings/{id}/equipment-choices: the organization's equipment types, for the Assign Equipment select. */
export async function equipmentChoices(db: Database, scope: Scope, buildingId: Id) {
  const building = await buildingInScope(db, scope, buildingId);
  return db
    .select({ id: equipmentTypes.id, name: equipmentTypes.name, aliasName: equipmentTypes.aliasName, order: equipmentTypes.order, status: equipmentTypes.status })
    .from(equipmentTypes)
    .where(eq(equipmentTypes.organizationId, building.organizationId))
    .orderBy(equipmentTypes.order, equipmentTypes.name, equipmentTypes.id);
}
