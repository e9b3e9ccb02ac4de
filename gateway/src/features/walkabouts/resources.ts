/**
 * The backend's walkabout resources as the gateway reads them (docs/REST.md "Walkabout calls").
 * They are the codegen `mappers` of Walkabout, WalkaboutFloor, Entry, Section and the condition
 * types, so a resolver's parent is the REST resource itself.
 */
import type { ConditionType, ConditionValue, QrUnavailabilityKind } from '@fsi/shared';
import type { JsonApiResource } from '../../resources';

export type WalkaboutAttributes = {
  cycleId: number;
  buildingId: number;
  cycleName?: string;
  date: string;
  endDate: string | null;
  isOpen: boolean;
  isLocked: boolean;
  isClosed: boolean;
  isComplete: boolean;
  isFireWatch: boolean;
  openedAt: string | null;
  lockedAt: string | null;
  closedAt: string | null;
  conditionsCount: number;
  markedCount: number;
  unsatisfactoryCount: number;
};
export type WalkaboutResource = JsonApiResource<'walkabouts', WalkaboutAttributes>;

export type WalkaboutFloorResource = JsonApiResource<'walkabout-floors', { name: string; order: number; walkaboutId?: number }>;

export type QrUnavailabilityRecord = { kind: QrUnavailabilityKind; comment: string | null };

export type EntryAttributes = {
  order: number;
  label: string;
  aliasName: string | null;
  locationId: number;
  locationName: string;
  locationHint?: string | null;
  locationUrl?: string | null;
  equipmentId: number;
  equipmentTypeId?: number;
  equipmentName: string;
  scannedAt: string | null;
  scannerId: number | null;
  walkaboutId: number;
  walkaboutFloorId?: number;
  walkaboutActive: boolean;
  cycleName: string;
  regularUuid: string;
  temporaryUuid: string | null;
  qrUnavailabilityReason: QrUnavailabilityRecord | null;
};
export type EntryResource = JsonApiResource<'entries', EntryAttributes>;

export type SectionResource = JsonApiResource<
  'sections',
  { name: string; aliasName: string | null; orderOnWalkabout: number; entryId?: number }
>;

export type ConditionOptionsRecord = {
  disableUnsatisfactoryRemarks?: boolean | null;
  disableUnsatisfactoryPhoto?: boolean | null;
  makePhotoAndRemarksOptional?: boolean | null;
  pattern?: string | null;
};

/** Spec section 3 Condition; the spec's `type` is `conditionType` (JSON:API forbids an attribute named type). */
export type ConditionAttributes = {
  label: string;
  conditionType: ConditionType;
  classification: string | null;
  description: string | null;
  hint: string | null;
  referenceName: string | null;
  referenceWording: string | null;
  value: ConditionValue;
  remarks: string | null;
  photoUrl: string | null;
  photoMimetype: string | null;
  hasSatisfactoryRemarks: boolean;
  /** Null when neutral; the backend's own judgement by the shared rule. */
  isSatisfactory?: boolean | null;
  isMarked?: boolean;
  orderOnWalkabout: number;
  typeValue: string[] | string | null;
  typeSatisfactoryValue: string[] | string | null;
  typeUnsatisfactoryValue: string[] | string | null;
  typeRecordValue: string[] | string | null;
  rangeFrom: number | null;
  rangeTo: number | null;
  options: ConditionOptionsRecord | null;
  editedVia: string | null;
  editedAt: string | null;
  editorId: number | null;
  editorUsername: string | null;
  entryId?: number;
  sectionId?: number;
};
export type ConditionResource = JsonApiResource<'conditions', ConditionAttributes>;

/** One pair of EntryComparison: a location's entry in the latest locked walkabout and in the open one, for a cycle. */
export type EntryComparisonRecord = { cycleName: string; locked: EntryResource | null; active: EntryResource | null };
