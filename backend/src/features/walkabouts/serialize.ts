import { parseValueList, toFiniteNumber, walkaboutState } from '@fsi/shared';
import type { Static } from 'typebox';
import { resource, toMany, toOne } from '../../jsonapi/serializer';
import type { walkaboutFloors } from '../../db/schema';
import type { ConditionView, EntryTree, EntryView, SectionRow, WalkaboutView } from './repository';
import type { ConditionResource, EntryResource, SectionResource, WalkaboutFloorResource, WalkaboutResource } from './schemas';
import { signedPhotoUrl, type UrlSigner } from '../../storage/signed-urls';

export type WalkaboutResourceObject = Static<typeof WalkaboutResource>;
export type EntryResourceObject = Static<typeof EntryResource>;
export type ConditionResourceObject = Static<typeof ConditionResource>;
type TreeResource = Static<typeof SectionResource> | ConditionResourceObject;

const iso = (d: Date | null | undefined) => d?.toISOString() ?? null;

/** The walkabout's state by the shared rule (inspection.md section 4), at `now`. */
export function walkaboutResource(w: WalkaboutView, now: Date, floorIds?: number[]): WalkaboutResourceObject {
  const state = walkaboutState({ id: String(w.id), openedAt: iso(w.openedAt), lockedAt: iso(w.lockedAt), closedAt: iso(w.closedAt) }, now);
  const relationships: WalkaboutResourceObject['relationships'] = { cycle: toOne('cycles', w.cycleId), building: toOne('buildings', w.buildingId) };
  if (floorIds) relationships.floors = toMany('walkabout-floors', floorIds);
  return resource(
    'walkabouts',
    w.id,
    {
      cycleId: w.cycleId,
      buildingId: w.buildingId,
      cycleName: w.cycleName,
      date: w.date,
      endDate: w.endDate,
      isOpen: state === 'open',
      isLocked: state === 'locked',
      isClosed: state === 'closed',
      // Frozen at the lock time; until then, live from the results.
      isComplete: w.finalIsComplete ?? (w.conditionsCount > 0 && w.markedCount === w.conditionsCount),
      isFireWatch: w.isFireWatch,
      openedAt: iso(w.openedAt),
      lockedAt: iso(w.lockedAt),
      closedAt: iso(w.closedAt),
      conditionsCount: w.conditionsCount,
      markedCount: w.markedCount,
      unsatisfactoryCount: w.finalUnsatisfactoryCount ?? w.unsatisfactoryCount,
    },
    relationships,
  );
}

export function walkaboutFloorResource(f: typeof walkaboutFloors.$inferSelect, entryIds: number[]): Static<typeof WalkaboutFloorResource> {
  return resource(
    'walkabout-floors',
    f.id,
    { name: f.name, order: f.order, walkaboutId: f.walkaboutId, floorId: f.floorId },
    { entries: toMany('entries', entryIds) },
  );
}

export function entryResource(e: EntryView, sectionIds: number[], now: Date): EntryResourceObject {
  const { entry } = e;
  const active = walkaboutState(
    { id: String(entry.walkaboutId), openedAt: iso(e.walkaboutOpenedAt), lockedAt: iso(e.walkaboutLockedAt), closedAt: iso(e.walkaboutClosedAt) },
    now,
  );
  return resource(
    'entries',
    entry.id,
    {
      order: entry.order,
      label: entry.label,
      aliasName: entry.aliasName,
      locationId: entry.locationId,
      locationName: e.locationName,
      locationHint: e.locationHint,
      locationUrl: e.locationUrl,
      equipmentId: entry.locationEquipmentId,
      equipmentTypeId: entry.equipmentTypeId,
      equipmentName: entry.equipmentName,
      scannedAt: iso(entry.scannedAt),
      scannerId: entry.scannerId,
      walkaboutId: entry.walkaboutId,
      walkaboutFloorId: entry.walkaboutFloorId,
      walkaboutActive: active === 'open',
      cycleName: e.cycleName,
      regularUuid: e.regularUuid,
      temporaryUuid: e.temporaryUuid,
      qrUnavailabilityReason: entry.qrUnavailabilityKind
        ? { kind: entry.qrUnavailabilityKind, comment: entry.qrUnavailabilityComment }
        : null,
    },
    {
      sections: toMany('sections', sectionIds),
      walkabout: toOne('walkabouts', entry.walkaboutId),
      floor: toOne('walkabout-floors', entry.walkaboutFloorId),
      location: toOne('locations', entry.locationId),
    },
  );
}

export function sectionResource(s: SectionRow, conditionIds: number[]): Static<typeof SectionResource> {
  return resource(
    'sections',
    s.id,
    { name: s.name, aliasName: s.aliasName, orderOnWalkabout: s.orderOnWalkabout, entryId: s.entryId, componentId: s.componentId },
    { conditions: toMany('conditions', conditionIds), entry: toOne('entries', s.entryId) },
  );
}

/**
 * A condition; with a signer its photo's stored reference becomes a signed URL (storage/signed-urls.ts
 * signedPhotoUrl), without one it stays the stored reference (a save's answer as it is kept for its replays).
 */
export function conditionResource(c: ConditionView, signer: UrlSigner | null): ConditionResourceObject {
  return resource(
    'conditions',
    c.id,
    {
      label: c.label,
      conditionType: c.type,
      classification: c.classification,
      description: c.description,
      hint: c.hint,
      referenceName: c.referenceName,
      referenceWording: c.referenceWording,
      value: c.value,
      remarks: c.remarks,
      photoUrl: signer ? signedPhotoUrl(signer, c.photoUrl) : c.photoUrl,
      photoMimetype: c.photoMimetype,
      hasSatisfactoryRemarks: c.hasSatisfactoryRemarks,
      // Neutral (unanswered, not applicable) is neither satisfactory nor unsatisfactory.
      isSatisfactory: c.satisfaction === 'neutral' ? null : c.satisfaction === 'satisfactory',
      isMarked: c.value !== null,
      orderOnWalkabout: c.orderOnWalkabout,
      typeValue: parseValueList(c.typeValue),
      typeSatisfactoryValue: parseValueList(c.typeSatisfactoryValue),
      typeUnsatisfactoryValue: parseValueList(c.typeUnsatisfactoryValue),
      typeRecordValue: parseValueList(c.typeRecordValue),
      rangeFrom: toFiniteNumber(c.rangeFrom),
      rangeTo: toFiniteNumber(c.rangeTo),
      options: {
        disableUnsatisfactoryRemarks: c.options.disableUnsatisfactoryRemarks ?? false,
        disableUnsatisfactoryPhoto: c.options.disableUnsatisfactoryPhoto ?? false,
        makePhotoAndRemarksOptional: c.options.makePhotoAndRemarksOptional ?? false,
        pattern: c.options.pattern ?? null,
      },
      editedVia: c.editedVia,
      editedAt: iso(c.editedAt),
      editorId: c.editorId,
      editorUsername: c.editorUsername,
      sectionId: c.sectionId,
      entryId: c.entryId,
      taskId: c.taskId,
      taskStatus: c.taskStatus,
    },
    { section: toOne('sections', c.sectionId), entry: toOne('entries', c.entryId) },
  );
}

/** Entries with their sections and conditions as JSON:API resources (entries first). */
export function entryTreeResources(tree: EntryTree, now: Date, signer: UrlSigner): { entries: EntryResourceObject[]; rest: TreeResource[] } {
  const sectionsOf = new Map<number, number[]>();
  for (const s of tree.sections) sectionsOf.set(s.entryId, [...(sectionsOf.get(s.entryId) ?? []), s.id]);
  const conditionsOf = new Map<number, number[]>();
  for (const c of tree.conditions) conditionsOf.set(c.sectionId, [...(conditionsOf.get(c.sectionId) ?? []), c.id]);
  return {
    entries: tree.entries.map((e) => entryResource(e, sectionsOf.get(e.entry.id) ?? [], now)),
    rest: [
      ...tree.sections.map((s) => sectionResource(s, conditionsOf.get(s.id) ?? [])),
      ...tree.conditions.map((c) => conditionResource(c, signer)),
    ],
  };
}
