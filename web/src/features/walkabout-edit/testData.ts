import { graphql, HttpResponse } from 'msw';
import type { SaveWalkaboutInput } from '../../generated/schema';
import { aViewer } from '../../test/builders';

/**
 * Walkabouts as the gateway answers WalkaboutEditPage, built from a few fields per test. Only the
 * walkabout edit tests use them.
 */
type ConditionKind =
  | 'BOOLEAN'
  | 'YESNO'
  | 'YESNONOTAPPLICABLE'
  | 'NUMBER'
  | 'RANGE'
  | 'STRING'
  | 'TIME'
  | 'DROPDOWN'
  | 'MULTISELECT';

type ConditionInput = {
  id: string;
  label: string;
  type?: ConditionKind;
  value?: unknown;
  remarks?: string | null;
  hint?: string | null;
  hasSatisfactoryRemarks?: boolean;
  options?: Partial<{ disableUnsatisfactoryRemarks: boolean; disableUnsatisfactoryPhoto: boolean; makePhotoAndRemarksOptional: boolean; pattern: string | null }>;
  rangeFrom?: number | null;
  rangeTo?: number | null;
  choices?: string[];
  satisfactoryValues?: string[];
  unsatisfactoryValues?: string[];
  recordValues?: string[];
};

const TYPENAMES: Record<ConditionKind, { typename: string; field: string }> = {
  BOOLEAN: { typename: 'BooleanCondition', field: 'booleanValue' },
  YESNO: { typename: 'YesNoCondition', field: 'yesNoValue' },
  YESNONOTAPPLICABLE: { typename: 'YesNoNotApplicableCondition', field: 'yesNoNotApplicableValue' },
  NUMBER: { typename: 'NumberCondition', field: 'numberValue' },
  RANGE: { typename: 'RangeCondition', field: 'rangeValue' },
  STRING: { typename: 'StringCondition', field: 'stringValue' },
  TIME: { typename: 'TimeCondition', field: 'timeValue' },
  DROPDOWN: { typename: 'DropdownCondition', field: 'dropdownValue' },
  MULTISELECT: { typename: 'MultiselectCondition', field: 'multiselectValue' },
};

export function aCondition({ id, label, type = 'BOOLEAN', value = null, remarks = null, hint = null, hasSatisfactoryRemarks = false, options = {}, ...extra }: ConditionInput) {
  const { typename, field } = TYPENAMES[type];
  const typed: Record<string, unknown> = { [field]: value };
  if (type === 'RANGE') Object.assign(typed, { rangeFrom: extra.rangeFrom ?? null, rangeTo: extra.rangeTo ?? null });
  if (type === 'STRING') typed.satisfactoryValues = extra.satisfactoryValues ?? [];
  if (type === 'DROPDOWN') Object.assign(typed, { choices: extra.choices ?? [], satisfactoryValues: extra.satisfactoryValues ?? [] });
  if (type === 'MULTISELECT') {
    Object.assign(typed, {
      choices: extra.choices ?? [],
      satisfactoryValues: extra.satisfactoryValues ?? [],
      unsatisfactoryValues: extra.unsatisfactoryValues ?? [],
      recordValues: extra.recordValues ?? [],
    });
  }
  return {
    __typename: typename,
    id,
    label,
    type,
    classification: null,
    description: null,
    hint,
    referenceName: null,
    referenceWording: null,
    remarks,
    photoUrl: null,
    photoMimetype: null,
    hasSatisfactoryRemarks,
    orderOnWalkabout: 0,
    editedVia: null,
    editedAt: null,
    options: {
      __typename: 'ConditionOptions',
      disableUnsatisfactoryRemarks: false,
      disableUnsatisfactoryPhoto: false,
      makePhotoAndRemarksOptional: false,
      pattern: null,
      ...options,
    },
    ...typed,
  };
}

export const UUID_A = '3f2504e0-4f89-11d3-9a0c-0305e82c3301';
export const UUID_B = '9a6e1f6e-2b8c-4a55-8d0e-7f1e2c3b4a50';
export const UUID_C = 'c0ffee00-1234-4abc-8def-0123456789ab';
export const UUID_UNKNOWN = '00000000-0000-4000-8000-000000000000';

type EntryInput = {
  id: string;
  label: string;
  locationId?: string;
  locationName?: string;
  locationHint?: string | null;
  equipmentName?: string;
  uuid?: string;
  scannedAt?: string | null;
  conditions: ReturnType<typeof aCondition>[];
};

export function anEntry({
  id,
  label,
  locationId = `loc-${id}`,
  locationName = `Location ${id}`,
  locationHint = null,
  equipmentName = 'Fire Door',
  uuid = UUID_A,
  scannedAt = null,
  conditions,
}: EntryInput) {
  return {
    __typename: 'Entry',
    id,
    order: 0,
    label,
    aliasName: null,
    locationId,
    locationName,
    locationHint,
    equipmentId: `eq-${id}`,
    equipmentName,
    scannedAt,
    scannerId: scannedAt ? '7' : null,
    regularUuid: uuid,
    temporaryUuid: null,
    qrUnavailabilityReason: null,
    sections: [{ __typename: 'Section', id: `s-${id}`, name: equipmentName, aliasName: null, orderOnWalkabout: 0, conditions }],
  };
}

export function aFloor(id: string, name: string, entries: ReturnType<typeof anEntry>[]) {
  return { __typename: 'WalkaboutFloor', id, name, order: Number(id), entries };
}

type WalkaboutInput = {
  floors: ReturnType<typeof aFloor>[];
  isLocked?: boolean;
  isClosed?: boolean;
  lockedAt?: string | null;
  closedAt?: string | null;
  floorDisplayName?: string;
};

export const WALKABOUT_ID = '501';
export const BUILDING_ID = '11';
export const EDIT_ROUTE = `/buildings/${BUILDING_ID}/walkabouts/${WALKABOUT_ID}`;

export function aWalkabout({ floors, isLocked = false, isClosed = false, lockedAt, closedAt = null, floorDisplayName = 'Floor' }: WalkaboutInput) {
  const day = 86_400_000;
  return {
    __typename: 'Walkabout',
    id: WALKABOUT_ID,
    date: '2026-03-02',
    isOpen: !isLocked && !isClosed,
    isLocked,
    isClosed,
    openedAt: new Date(Date.now() - day).toISOString(),
    lockedAt: lockedAt === undefined ? new Date(Date.now() + day).toISOString() : lockedAt,
    closedAt,
    cycle: { __typename: 'Cycle', id: '1', name: 'Daily' },
    building: { __typename: 'Building', id: BUILDING_ID, name: 'Tower A', floorDisplayName, timeZone: 'America/Toronto' },
    floors,
  };
}

/**
 * A user who may record results but not lock: the backend takes saves from users who may lock or
 * flag unavailable QR codes (or administrators); a viewer with neither sees the walkabout read-only.
 */
export function anInspector(overrides: Parameters<typeof aViewer>[0] = {}) {
  return aViewer({ granted: ['canHandleUnavailableQRCodes'], ...overrides });
}

export function pageAnswering(walkabout: ReturnType<typeof aWalkabout>, viewer = anInspector()) {
  return graphql.query('WalkaboutEditPage', () => HttpResponse.json({ data: { viewer, walkabout } }));
}

/** Answers SaveWalkabout like the server: each save id is recorded once. */
export function saveRecorder() {
  const inputs: SaveWalkaboutInput[] = [];
  const recorded = new Set<string>();
  let failing = false;
  const handler = graphql.mutation('SaveWalkabout', ({ variables }) => {
    const input = (variables as { input: SaveWalkaboutInput }).input;
    inputs.push(input);
    if (failing) return HttpResponse.error();
    recorded.add(input.saveId);
    return HttpResponse.json({
      data: {
        saveWalkabout: {
          __typename: 'SaveWalkaboutPayload',
          walkabout: {
            __typename: 'Walkabout',
            id: input.walkaboutId,
            isComplete: false,
            conditionsCount: 1,
            markedCount: 1,
            unsatisfactoryCount: 0,
            building: { __typename: 'Building', id: BUILDING_ID, statuses: [] },
          },
          errors: [],
        },
      },
    });
  });
  return {
    handler,
    inputs,
    recorded,
    /** No answer at all, as in a basement. */
    goOffline: () => {
      failing = true;
    },
    goOnline: () => {
      failing = false;
    },
  };
}
