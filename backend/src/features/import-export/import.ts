/**
 * POST /data: applying a checked file to an organization, all or nothing in one transaction. Records are found by
 * name (type, component, cycle, group, building, floor, location) and changed in place, or added when missing, so
 * that importing the same file twice changes nothing the second time. A row that names what does not exist (a cycle,
 * a type) is a problem; every problem is collected and the transaction rolled back, so a failed row changes nothing.
 */
import { randomUUID } from 'node:crypto';
import { EQUIPMENT_TYPES_SEPARATOR, type DataSetRow, type DataSetType, type ImportProblem } from '@fsi/shared/import-export';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  buildingCycleOffsets,
  buildings,
  cycles,
  equipmentComponentConditionGroups,
  equipmentComponents,
  equipmentTypes,
  floors,
  locationEquipment,
  locations,
  organizations,
  taskGroups,
  tasks,
  type ConditionType,
  type EntityStatus,
} from '../../db/schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Progress = (rowsDone: number) => void;

/** The rows of a file, each with its line number (the header is row 1). */
export type NumberedRow<T extends DataSetType> = { row: number; values: DataSetRow<T> };

export class ImportRefused extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super(`${problems.length} problem(s) in the file`);
  }
}

const orNull = (value: string) => (value === '' ? null : value);
const intOr = (value: string, fallback: number) => (value === '' ? fallback : Number(value));
const intOrNull = (value: string) => (value === '' ? null : Number(value));
const bool = (value: string) => value === 'true';
const key = (...parts: Array<string | number | null>) => JSON.stringify(parts);
/** Rows are written in chunks: one insert per chunk rather than per row (a 10,000-row file). */
const CHUNK = 500;

async function named(tx: Tx, organizationId: number) {
  // One after the other: a transaction is one connection, which runs one statement at a time (sent together, pg
  // queued them, which it deprecates).
  const typeRows = await tx.select({ id: equipmentTypes.id, name: equipmentTypes.name }).from(equipmentTypes).where(eq(equipmentTypes.organizationId, organizationId));
  const componentRows = await tx
    .select({ id: equipmentComponents.id, name: equipmentComponents.name, typeId: equipmentComponents.equipmentTypeId })
    .from(equipmentComponents)
    .innerJoin(equipmentTypes, eq(equipmentTypes.id, equipmentComponents.equipmentTypeId))
    .where(eq(equipmentTypes.organizationId, organizationId));
  const cycleRows = await tx.select({ id: cycles.id, name: cycles.name }).from(cycles).where(eq(cycles.organizationId, organizationId));
  const groupRows = await tx.select({ id: taskGroups.id, name: taskGroups.name }).from(taskGroups).where(eq(taskGroups.organizationId, organizationId));
  return {
    types: new Map(typeRows.map((r) => [r.name, r.id])),
    components: new Map(componentRows.map((r) => [key(r.typeId, r.name), r.id])),
    cycles: new Map(cycleRows.map((r) => [r.name, r.id])),
    groups: new Map(groupRows.map((r) => [r.name, r.id])),
  };
}

async function groupId(tx: Tx, organizationId: number, groups: Map<string, number>, name: string): Promise<number | null> {
  if (name === '') return null;
  const known = groups.get(name);
  if (known) return known;
  const [row] = await tx.insert(taskGroups).values({ organizationId, name }).returning({ id: taskGroups.id });
  groups.set(name, row!.id);
  return row!.id;
}

/** The task a conditions or references row names: by type, component, cycle and label. */
function resolveTask(
  names: Awaited<ReturnType<typeof named>>,
  r: { row: number; values: { type_name: string; component_name: string; cycle_name: string } },
  problems: ImportProblem[],
): { typeId: number; componentId: number | null; cycleId: number } | null {
  const typeId = names.types.get(r.values.type_name);
  if (!typeId) {
    problems.push({ row: r.row, column: 'type_name', detail: `No equipment type named '${r.values.type_name}' in the organization.` });
    return null;
  }
  let componentId: number | null = null;
  if (r.values.component_name !== '') {
    componentId = names.components.get(key(typeId, r.values.component_name)) ?? null;
    if (!componentId) problems.push({ row: r.row, column: 'component_name', detail: `The type '${r.values.type_name}' has no component named '${r.values.component_name}'.` });
  }
  const cycleId = names.cycles.get(r.values.cycle_name);
  if (!cycleId) problems.push({ row: r.row, column: 'cycle_name', detail: `No cycle named '${r.values.cycle_name}' in the organization.` });
  if (!cycleId || (r.values.component_name !== '' && !componentId)) return null;
  return { typeId, componentId, cycleId };
}

async function existingTasks(tx: Tx, organizationId: number) {
  const rows = await tx
    .select({ id: tasks.id, type: tasks.type, typeId: tasks.equipmentTypeId, componentId: tasks.componentId, cycleId: tasks.cycleId, label: tasks.label })
    .from(tasks)
    .where(eq(tasks.organizationId, organizationId));
  return new Map(rows.map((t) => [key(t.typeId, t.componentId, t.cycleId, t.label), { id: t.id, type: t.type as string }]));
}

async function importConditions(tx: Tx, organizationId: number, rows: NumberedRow<'conditions'>[], progress: Progress): Promise<string[]> {
  const names = await named(tx, organizationId);
  const known = await existingTasks(tx, organizationId);
  const problems: ImportProblem[] = [];
  const inserts: Array<typeof tasks.$inferInsert> = [];
  let updated = 0;
  let done = 0;
  for (const r of rows) {
    const v = r.values;
    const found = resolveTask(names, r, problems);
    done += 1;
    if (!found) continue;
    const attributes = {
      groupId: await groupId(tx, organizationId, names.groups, v.group_name),
      groupOrder: intOr(v.group_order, 0),
      classification: orNull(v.classification),
      description: orNull(v.description),
      hint: orNull(v.hint),
      referenceName: orNull(v.reference_name),
      referenceDescription: orNull(v.reference_description),
      rangeFrom: orNull(v.range_from),
      rangeTo: orNull(v.range_to),
      typeValue: orNull(v.type_value),
      typeSatisfactoryValue: orNull(v.type_satisfactory_value),
      typeUnsatisfactoryValue: orNull(v.type_unsatisfactory_value),
      typeRecordValue: orNull(v.type_record_value),
      status: (orNull(v.status) ?? 'active') as EntityStatus,
      order: intOr(v.order, 0),
    };
    const existing = known.get(key(found.typeId, found.componentId, found.cycleId, v.label));
    if (existing && existing.id < 0) {
      problems.push({ row: r.row, column: 'label', detail: `The task '${v.label}' is already in row ${-existing.id} for the same type, component and cycle.` });
    } else if (existing) {
      // A task's type is fixed after creation (section 4): a row that changes it is refused.
      if (existing.type !== v.task_type) {
        problems.push({ row: r.row, column: 'task_type', detail: `The task '${v.label}' is of type ${existing.type}, which cannot change.` });
        continue;
      }
      if (problems.length === 0) await tx.update(tasks).set({ ...attributes, version: sql`${tasks.version} + 1` }).where(eq(tasks.id, existing.id));
      updated += 1;
    } else {
      known.set(key(found.typeId, found.componentId, found.cycleId, v.label), { id: -r.row, type: v.task_type });
      inserts.push({ organizationId, equipmentTypeId: found.typeId, componentId: found.componentId, cycleId: found.cycleId, label: v.label, type: v.task_type as ConditionType, ...attributes });
    }
    // A row read and changed (or refused) is done; a row to add is half done until its insert.
    if (done % CHUNK === 0) progress(Math.floor(done - inserts.length / 2));
  }
  if (problems.length) throw new ImportRefused(problems);
  for (let i = 0; i < inserts.length; i += CHUNK) {
    await tx.insert(tasks).values(inserts.slice(i, i + CHUNK));
    progress(Math.floor(rows.length - inserts.length / 2 + Math.min(i + CHUNK, inserts.length) / 2));
  }
  return [`${inserts.length} task(s) added, ${updated} changed.`];
}

async function importReferences(tx: Tx, organizationId: number, rows: NumberedRow<'references'>[], progress: Progress): Promise<string[]> {
  const names = await named(tx, organizationId);
  const known = await existingTasks(tx, organizationId);
  const problems: ImportProblem[] = [];
  const changes: Array<{ id: number; referenceName: string | null; referenceDescription: string | null }> = [];
  for (const r of rows) {
    const found = resolveTask(names, r, problems);
    if (!found) continue;
    const id = known.get(key(found.typeId, found.componentId, found.cycleId, r.values.label))?.id;
    if (!id) {
      problems.push({ row: r.row, column: 'label', detail: `No task '${r.values.label}' of '${r.values.type_name}' for the cycle '${r.values.cycle_name}'.` });
      continue;
    }
    changes.push({ id, referenceName: orNull(r.values.reference_name), referenceDescription: orNull(r.values.reference_description) });
  }
  if (problems.length) throw new ImportRefused(problems);
  let done = 0;
  for (const change of changes) {
    await tx
      .update(tasks)
      .set({ referenceName: change.referenceName, referenceDescription: change.referenceDescription, version: sql`${tasks.version} + 1` })
      .where(eq(tasks.id, change.id));
    done += 1;
    if (done % CHUNK === 0) progress(done);
  }
  return [`${changes.length} task reference(s) changed.`];
}

async function importTypes(tx: Tx, organizationId: number, rows: NumberedRow<'types'>[], progress: Progress): Promise<string[]> {
  const names = await named(tx, organizationId);
  const counts = { types: 0, components: 0, groups: 0 };
  const seenTypes = new Set<number>();
  const seenComponents = new Set<number>();
  let done = 0;
  for (const { values: v } of rows) {
    let typeId = names.types.get(v.type_name);
    const typeAttributes = { aliasName: orNull(v.type_alias), order: intOr(v.type_order, 0), status: (orNull(v.type_status) ?? 'active') as EntityStatus };
    if (!typeId) {
      const [row] = await tx.insert(equipmentTypes).values({ organizationId, name: v.type_name, ...typeAttributes }).returning({ id: equipmentTypes.id });
      typeId = row!.id;
      names.types.set(v.type_name, typeId);
      counts.types += 1;
      seenTypes.add(typeId);
    } else if (!seenTypes.has(typeId)) {
      seenTypes.add(typeId);
      await tx.update(equipmentTypes).set({ ...typeAttributes, version: sql`${equipmentTypes.version} + 1` }).where(eq(equipmentTypes.id, typeId));
    }
    // A task group on no named component is on the type's implicit component (a type without components keeps its
    // groups there, as the Manage Types form saves it, and as the export writes it).
    if (v.component_name !== '' || v.group_name !== '') {
      let componentId = names.components.get(key(typeId, v.component_name));
      const componentAttributes = { aliasName: orNull(v.component_alias), order: intOr(v.component_order, 0), disabled: bool(v.component_disabled) };
      if (!componentId) {
        const [row] = await tx
          .insert(equipmentComponents)
          .values({ equipmentTypeId: typeId, name: v.component_name, ...componentAttributes })
          .returning({ id: equipmentComponents.id });
        componentId = row!.id;
        names.components.set(key(typeId, v.component_name), componentId);
        counts.components += 1;
        seenComponents.add(componentId);
      } else if (!seenComponents.has(componentId)) {
        seenComponents.add(componentId);
        await tx.update(equipmentComponents).set(componentAttributes).where(eq(equipmentComponents.id, componentId));
      }
      if (v.group_name !== '') {
        const taskGroupId = (await groupId(tx, organizationId, names.groups, v.group_name))!;
        const from = intOrNull(v.group_from);
        const to = intOrNull(v.group_to);
        const values = {
          order: intOr(v.group_order, 0),
          overrides: {
            disableUnsatisfactoryPhoto: bool(v.disable_unsatisfactory_photo),
            disableUnsatisfactoryRemarks: bool(v.disable_unsatisfactory_remarks),
            makePhotoAndRemarksOptional: bool(v.make_photo_and_remarks_optional),
          },
        };
        const [same] = await tx
          .select({ id: equipmentComponentConditionGroups.id })
          .from(equipmentComponentConditionGroups)
          .where(
            and(
              eq(equipmentComponentConditionGroups.componentId, componentId),
              eq(equipmentComponentConditionGroups.taskGroupId, taskGroupId),
              from === null ? isNull(equipmentComponentConditionGroups.from) : eq(equipmentComponentConditionGroups.from, from),
              to === null ? isNull(equipmentComponentConditionGroups.to) : eq(equipmentComponentConditionGroups.to, to),
            ),
          );
        if (same) await tx.update(equipmentComponentConditionGroups).set(values).where(eq(equipmentComponentConditionGroups.id, same.id));
        else {
          await tx.insert(equipmentComponentConditionGroups).values({ componentId, taskGroupId, from, to, ...values });
          counts.groups += 1;
        }
      }
    }
    done += 1;
    if (done % 100 === 0) progress(done);
  }
  // The implicit component is a type's only one: groups on no component and named components do not mix.
  const touched = [...seenTypes];
  const components = touched.length
    ? await tx.select({ typeId: equipmentComponents.equipmentTypeId, name: equipmentComponents.name }).from(equipmentComponents).where(inArray(equipmentComponents.equipmentTypeId, touched))
    : [];
  const problems: ImportProblem[] = [];
  for (const typeId of touched) {
    const componentNames = components.filter((c) => c.typeId === typeId).map((c) => c.name);
    if (componentNames.includes('') && componentNames.some((name) => name !== '')) {
      const row = rows.find((r) => r.values.component_name === '' && names.types.get(r.values.type_name) === typeId) ?? rows.find((r) => names.types.get(r.values.type_name) === typeId)!;
      problems.push({ row: row.row, column: 'component_name', detail: `The type '${row.values.type_name}' has named components: name the component of this task group.` });
    }
  }
  if (problems.length) throw new ImportRefused(problems);
  return [`${counts.types} type(s), ${counts.components} component(s) and ${counts.groups} component task group(s) added; the others were updated.`];
}

async function importBuildings(tx: Tx, organizationId: number, rows: NumberedRow<'buildings'>[], progress: Progress): Promise<string[]> {
  const names = await named(tx, organizationId);
  const [organization] = await tx.select({ timeZone: organizations.timeZone }).from(organizations).where(eq(organizations.id, organizationId));
  const repeating = await tx.select({ id: cycles.id }).from(cycles).where(and(eq(cycles.organizationId, organizationId), isNotNull(cycles.every)));
  const problems: ImportProblem[] = [];
  // Every type a row names must exist before anything is written.
  for (const r of rows) {
    for (const name of r.values.equipment_types.split(EQUIPMENT_TYPES_SEPARATOR.trim()).map((n) => n.trim()).filter(Boolean)) {
      if (!names.types.has(name)) problems.push({ row: r.row, column: 'equipment_types', detail: `No equipment type named '${name}' in the organization.` });
    }
  }
  if (problems.length) throw new ImportRefused(problems);
  const existing = await tx.select({ id: buildings.id, name: buildings.name }).from(buildings).where(eq(buildings.organizationId, organizationId));
  const buildingIds = new Map(existing.map((b) => [b.name, b.id]));
  const floorIds = new Map<string, number>();
  const locationIds = new Map<string, number>();
  const touched = new Set<string>();
  const counts = { buildings: 0, floors: 0, locations: 0 };
  let done = 0;
  for (const { values: v } of rows) {
    let buildingId = buildingIds.get(v.building_name);
    const attributes = { order: intOr(v.building_order, 0), floorDisplayName: orNull(v.floor_label_name), timeZone: orNull(v.time_zone) ?? organization!.timeZone };
    if (!buildingId) {
      const [row] = await tx
        .insert(buildings)
        .values({ organizationId, name: v.building_name, ...attributes, information: v.occupancy_type ? { occupancyType: v.occupancy_type } : {} })
        .returning({ id: buildings.id });
      buildingId = row!.id;
      buildingIds.set(v.building_name, buildingId);
      touched.add(key('b', buildingId));
      counts.buildings += 1;
      if (repeating.length) {
        await tx.insert(buildingCycleOffsets).values(
          repeating.map((c) => ({ buildingId: buildingId!, cycleId: c.id, openOffsetValue: 0, openOffsetUnit: 'hour' as const, closeOffsetValue: 0, closeOffsetUnit: 'hour' as const })),
        );
      }
    } else if (!touched.has(key('b', buildingId))) {
      touched.add(key('b', buildingId));
      await tx
        .update(buildings)
        .set({
          ...attributes,
          information: sql`jsonb_set(${buildings.information}, '{occupancyType}', ${JSON.stringify(orNull(v.occupancy_type))}::jsonb)`,
          version: sql`${buildings.version} + 1`,
        })
        .where(eq(buildings.id, buildingId));
    }
    if (v.floor_name !== '') {
      const floorKey = key(buildingId, v.floor_name);
      let floorId = floorIds.get(floorKey);
      if (!floorId) {
        const [found] = await tx.select({ id: floors.id }).from(floors).where(and(eq(floors.buildingId, buildingId), eq(floors.name, v.floor_name))).limit(1);
        if (found) await tx.update(floors).set({ order: intOr(v.floor_order, 0), version: sql`${floors.version} + 1` }).where(eq(floors.id, found.id));
        else counts.floors += 1;
        floorId = found?.id ?? (await tx.insert(floors).values({ buildingId, name: v.floor_name, order: intOr(v.floor_order, 0) }).returning({ id: floors.id }))[0]!.id;
        floorIds.set(floorKey, floorId);
      }
      if (v.location_name !== '') {
        const locationKey = key(floorId, v.location_name);
        let locationId = locationIds.get(locationKey);
        if (!locationId) {
          const [found] = await tx
            .select({ id: locations.id })
            .from(locations)
            .where(and(eq(locations.floorId, floorId), eq(locations.name, v.location_name), isNull(locations.deletedAt)))
            .limit(1);
          const locationValues = { hint: orNull(v.location_hint), order: intOr(v.location_order, 0) };
          if (found) await tx.update(locations).set({ ...locationValues, version: sql`${locations.version} + 1` }).where(eq(locations.id, found.id));
          else counts.locations += 1;
          locationId =
            found?.id ??
            (await tx.insert(locations).values({ buildingId, floorId, name: v.location_name, regularUuid: randomUUID(), ...locationValues }).returning({ id: locations.id }))[0]!.id;
          locationIds.set(locationKey, locationId);
        }
        const linked = await tx.select({ typeId: locationEquipment.equipmentTypeId }).from(locationEquipment).where(eq(locationEquipment.locationId, locationId));
        const have = new Set(linked.map((l) => l.typeId));
        const wanted = v.equipment_types.split(EQUIPMENT_TYPES_SEPARATOR.trim()).map((n) => n.trim()).filter(Boolean);
        const adds = wanted.flatMap((name, typeOrder) => {
          const typeId = names.types.get(name)!;
          return have.has(typeId) ? [] : [{ locationId: locationId!, equipmentTypeId: typeId, typeOrder }];
        });
        if (adds.length) await tx.insert(locationEquipment).values(adds);
      }
    }
    done += 1;
    if (done % 100 === 0) progress(done);
  }
  return [`${counts.buildings} building(s), ${counts.floors} floor(s) and ${counts.locations} location(s) added; the others were updated.`];
}

/** Applies the rows in one transaction; answers the success messages, or throws ImportRefused (nothing changed). */
export async function applyImport(db: Database, type: DataSetType, organizationId: number, rows: NumberedRow<DataSetType>[], progress: Progress): Promise<string[]> {
  return db.transaction(async (tx) => {
    switch (type) {
      case 'conditions':
        return importConditions(tx, organizationId, rows as NumberedRow<'conditions'>[], progress);
      case 'references':
        return importReferences(tx, organizationId, rows as NumberedRow<'references'>[], progress);
      case 'types':
        return importTypes(tx, organizationId, rows as NumberedRow<'types'>[], progress);
      case 'buildings':
        return importBuildings(tx, organizationId, rows as NumberedRow<'buildings'>[], progress);
    }
  });
}
