/** The REST contract of walkabouts, their trees, saves, locks and unavailable QR codes (docs/REST.md "Walkabout calls"). */
import { CONDITION_TYPES, QR_UNAVAILABILITY_KINDS, type QrUnavailabilityKind } from '@fsi/shared';
import Type from 'typebox';
import { IdList, IdParams, ListQuery, SingleId } from '../../jsonapi/query';
import { FieldsParameter, sparseResource } from '../../jsonapi/sparse';
import {
  Bool,
  BoolNull,
  errorResponses,
  Included,
  Int,
  IntNull,
  ListDocument,
  Nullable,
  NumNull,
  ref,
  RelationshipBody,
  Resource,
  SingleDocument,
  Str,
  StrArray,
  StringEnum,
  StringOrNull,
  StrNull,
  ToMany,
  ToOne,
} from '../../jsonapi/schemas';
import { BuildingResource } from '../buildings/schemas';
import { CycleResource } from '../cycles/schemas';

export const ConditionType = StringEnum(CONDITION_TYPES);
export const QrUnavailabilityKindSchema = StringEnum(QR_UNAVAILABILITY_KINDS);
export const TASK_STATUSES = ['active', 'paused', 'disabled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

/**
 * A recorded value: boolean (boolean), 'yes' | 'no' | 'na' (the yes/no types), a number or its
 * text (number, range), text (string, dropdown, time), the chosen values (multiselect); null is unmarked.
 */
export const ConditionValue = Type.Union([Type.Boolean(), Type.String(), Type.Number(), StrArray, Type.Null()]);

export const WalkaboutResource = Resource(
  'WalkaboutResource',
  'walkabouts',
  {
    cycleId: Int,
    buildingId: Int,
    cycleName: Str,
    /** The period's first local day, YYYY-MM-DD. */
    date: Str,
    endDate: StrNull,
    isOpen: Bool,
    isLocked: Bool,
    isClosed: Bool,
    isComplete: Bool,
    isFireWatch: Bool,
    openedAt: StrNull,
    lockedAt: StrNull,
    closedAt: StrNull,
    conditionsCount: Int,
    markedCount: Int,
    unsatisfactoryCount: Int,
  },
  {
    cycle: ToOne('cycles'),
    building: ToOne('buildings'),
    /** Only on GET /walkabouts/{id} and in a save's answer: the floors the caller may see. */
    floors: Type.Optional(ToMany('walkabout-floors')),
  },
);

export const WalkaboutFloorResource = Resource(
  'WalkaboutFloorResource',
  'walkabout-floors',
  { name: Str, order: Int, walkaboutId: Int, floorId: IntNull },
  { entries: ToMany('entries') },
);

export const QrUnavailabilityReason = Type.Object({ kind: QrUnavailabilityKindSchema, comment: StrNull });

export const EntryResource = Resource(
  'EntryResource',
  'entries',
  {
    order: Int,
    label: Str,
    aliasName: StrNull,
    locationId: Int,
    locationName: Str,
    locationHint: StrNull,
    locationUrl: StrNull,
    /** The equipment at the location. */
    equipmentId: Int,
    equipmentTypeId: Int,
    equipmentName: Str,
    /** Set when the location was first scanned: only then may its conditions be recorded. */
    scannedAt: StrNull,
    scannerId: IntNull,
    walkaboutId: Int,
    walkaboutFloorId: Int,
    walkaboutActive: Bool,
    cycleName: Str,
    regularUuid: Str,
    temporaryUuid: StrNull,
    qrUnavailabilityReason: Nullable(QrUnavailabilityReason),
  },
  {
    sections: ToMany('sections'),
    walkabout: ToOne('walkabouts'),
    floor: ToOne('walkabout-floors'),
    location: ToOne('locations'),
  },
);

export const SectionResource = Resource(
  'SectionResource',
  'sections',
  { name: Str, aliasName: StrNull, orderOnWalkabout: Int, entryId: Int, componentId: IntNull },
  { conditions: ToMany('conditions'), entry: ToOne('entries') },
);

export const ConditionOptions = Type.Object({
  disableUnsatisfactoryRemarks: Bool,
  disableUnsatisfactoryPhoto: Bool,
  makePhotoAndRemarksOptional: Bool,
  /** A satisfactory pattern for string and dropdown; 'HH:MM' makes a string condition a time input. */
  pattern: StrNull,
});

export const ConditionResource = Resource(
  'ConditionResource',
  'conditions',
  {
    label: Str,
    /** The spec's Condition.type: JSON:API forbids an attribute named type. */
    conditionType: ConditionType,
    classification: StrNull,
    description: StrNull,
    hint: StrNull,
    referenceName: StrNull,
    referenceWording: StrNull,
    value: ConditionValue,
    remarks: StrNull,
    photoUrl: StrNull,
    photoMimetype: StrNull,
    hasSatisfactoryRemarks: Bool,
    /** null when neutral (unanswered, not applicable). */
    isSatisfactory: BoolNull,
    isMarked: Bool,
    orderOnWalkabout: Int,
    typeValue: StrArray,
    typeSatisfactoryValue: StrArray,
    typeUnsatisfactoryValue: StrArray,
    typeRecordValue: StrArray,
    rangeFrom: NumNull,
    rangeTo: NumNull,
    options: ConditionOptions,
    editedVia: StrNull,
    editedAt: StrNull,
    editorId: IntNull,
    editorUsername: StrNull,
    sectionId: Int,
    entryId: Int,
    /** The task the condition was taken from: the same across walkabouts when the task is renamed; null once it is deleted. */
    taskId: IntNull,
    /**
     * Its task's status in the walkabout's building now, the most restrictive of the task's own, its
     * equipment type's, its component's (disabled) and a building suspension of the task or the type:
     * paused is shown P and disabled (Inactive) X (inspection.md section 9). Null once the task is deleted.
     */
    taskStatus: Nullable(StringEnum(TASK_STATUSES)),
  },
  { section: ToOne('sections'), entry: ToOne('entries') },
);

export const listWalkaboutsSchema = {
  tags: ['walkabouts'],
  summary: "A building's walkabouts (filter[open]=true: open ones), Daily, Weekly, Monthly, Yearly, then by date",
  querystring: ListQuery({ 'filter[building]': Type.Optional(IdList), 'filter[open]': Type.Optional(Type.Boolean()) }),
  response: { 200: ListDocument(ref(WalkaboutResource)), ...errorResponses },
};

export const getWalkaboutSchema = {
  tags: ['walkabouts'],
  summary: 'One walkabout with its floors, entries, sections and conditions in included',
  params: IdParams,
  response: {
    200: SingleDocument(ref(WalkaboutResource), {
      included: Included(WalkaboutFloorResource, EntryResource, SectionResource, ConditionResource),
    }),
    ...errorResponses,
  },
};

export const createWalkaboutSchema = {
  tags: ['walkabouts'],
  summary: 'Create the walkabout of a building and cycle (the fire watch cycle opens the active fire watch walkabout)',
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      relationships: Type.Object({ building: RelationshipBody, cycle: RelationshipBody }),
    }),
  }),
  response: {
    200: SingleDocument(ref(WalkaboutResource)),
    201: SingleDocument(ref(WalkaboutResource)),
    ...errorResponses,
  },
};

export const notRepeatableCyclesSchema = {
  tags: ['walkabouts'],
  summary: "The non-repeating cycles of the building's organization, less the Fire Watch cycle",
  querystring: ListQuery({ 'filter[building]': SingleId }),
  response: { 200: ListDocument(ref(CycleResource)), ...errorResponses },
};

/** An id as the device sends it: digits, as text or a number. */
const IdValue = Type.Union([Type.String(), Type.Integer()]);

/**
 * The body of PATCH /walkabout-data. It describes the structure for clients; the request is
 * checked by parseWalkaboutDataPayload of @fsi/shared (one 422 listing a pointer per mistake,
 * in the words the device shows), not by this schema (see `bodyCheckedByHandler`).
 */
export const WalkaboutDataBody = Type.Object({
  walkaboutToUpdateId: IdValue,
  generateReport: Type.Optional(Type.Boolean()),
  data: Type.Optional(
    Type.Object({
      entries: Type.Optional(Type.Array(Type.Object({ id: IdValue, scannedAt: Type.Optional(StrNull) }))),
      conditions: Type.Optional(
        Type.Array(
          Type.Object({
            id: IdValue,
            value: Type.Optional(ConditionValue),
            remarks: Type.Optional(StrNull),
            photoUrl: Type.Optional(StrNull),
            photoMimetype: Type.Optional(StrNull),
            hasSatisfactoryRemarks: Type.Optional(Type.Boolean()),
            editedVia: Type.Optional(StrNull),
            /** The device's time of the change (ISO 8601 with offset); later edits win. */
            editedAt: Type.Optional(StrNull),
          }),
        ),
      ),
    }),
  ),
});

export const SaveMeta = Type.Object({
  savedAt: Str,
  /** true when this answers an earlier send of the same Idempotency-Key (its savedAt is that send's). */
  replayed: Bool,
});

/**
 * The saved entries and conditions; in included the walkabout and its building with their fresh
 * figures (first and second), then the cycles they name.
 */
export const SaveDocument = Type.Object({
  data: Type.Array(Type.Union([ref(EntryResource), ref(ConditionResource)])),
  included: Type.Array(Type.Union([ref(WalkaboutResource), ref(BuildingResource), ref(CycleResource)])),
  meta: SaveMeta,
});

/** SaveDocument with its entries and conditions narrowed to the fields asked for (null: all of them). */
export function SparseSaveDocument(fields: { entries: readonly string[] | null; conditions: readonly string[] | null }) {
  return Type.Object({
    data: Type.Array(
      Type.Union([
        fields.entries ? sparseResource(EntryResource, fields.entries) : ref(EntryResource),
        fields.conditions ? sparseResource(ConditionResource, fields.conditions) : ref(ConditionResource),
      ]),
    ),
    included: SaveDocument.properties.included,
    meta: SaveMeta,
  });
}

export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

export const saveWalkaboutDataSchema = {
  tags: ['walkabouts'],
  summary: "Record scans and results (idempotent per Idempotency-Key, the device's save id)",
  description:
    'Answers the saved entries and conditions, with the walkabout and its building (fresh counts and statuses) and the cycles they name in included. ' +
    'fields[entries] and fields[conditions] (JSON:API sparse fieldsets) answer only those fields of them: empty, their type and id. ' +
    'The body is checked by the shared rule (parseWalkaboutDataPayload of @fsi/shared): 422 with a pointer per mistake.',
  headers: Type.Object({
    'idempotency-key': Type.String({
      minLength: 1,
      maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
      description: "The device's save id: a repeat records nothing and answers the first save's entries and conditions as they are now",
    }),
  }),
  querystring: Type.Object({
    'fields[entries]': Type.Optional(FieldsParameter(EntryResource)),
    'fields[conditions]': Type.Optional(FieldsParameter(ConditionResource)),
  }),
  body: WalkaboutDataBody,
  response: { 200: SaveDocument, ...errorResponses },
};

export const lockWalkaboutSchema = {
  tags: ['walkabouts'],
  summary: 'Lock the walkabout for good (canLockWalkabout)',
  params: IdParams,
  response: { 200: SingleDocument(ref(WalkaboutResource)), ...errorResponses },
};

export const qrUnavailabilitySchema = {
  tags: ['walkabouts'],
  summary: "Flag entries whose location's QR code cannot be scanned (canHandleUnavailableQRCodes)",
  body: Type.Object({
    data: Type.Object({
      attributes: Type.Object({
        entry_ids: Type.Array(Type.Union([SingleId, Type.Integer({ minimum: 1, maximum: 999_999_999 })]), { minItems: 1, maxItems: 500 }),
        // Checked by the shared rule ('Reason is required field'), so that an unknown kind gets its words.
        kind: Type.Unsafe<QrUnavailabilityKind>({ description: 'missing, unusable or access_denied' }),
        comment: Type.Optional(StringOrNull({ maxLength: 2000 })),
      }),
    }),
  }),
  response: { 200: Type.Object({ data: Type.Array(ref(EntryResource)) }), ...errorResponses },
};

export const entriesSchema = {
  tags: ['walkabouts'],
  summary:
    "A location's entries in open walkabouts (active) or in each cycle's latest locked walkabout, with sections and conditions",
  querystring: ListQuery({
    'filter[location]': SingleId,
    'filter[active]': Type.Optional(Type.Boolean({ default: true })),
  }),
  response: { 200: ListDocument(ref(EntryResource), { included: Included(SectionResource, ConditionResource) }), ...errorResponses },
};
