import type { Resolvers } from '../../generated/resolvers';
import { idOf } from '../../json-api';
import { attributeResolvers } from '../../attribute-resolvers';
import { loadRequired } from '../../loaders';
import { fieldsReadBelow } from '../../selection';
import {
  ANSWER_FROM_WIRE,
  CONDITION_TYPE_FROM_WIRE,
  CONDITION_TYPENAMES,
  QR_UNAVAILABILITY_KIND_FROM_WIRE,
  YES_NO_FROM_WIRE,
  parseValueList,
} from '@fsi/shared';
import type { ConditionResource, EntryResource, SectionResource, WalkaboutFloorResource, WalkaboutResource } from '../../rest-types';
import { typedValue } from './condition-values';

/** A task status of REST (active, paused, disabled) as the GraphQL TaskStatus enum names it. */
const TASK_STATUS_FROM_WIRE = { active: 'ACTIVE', paused: 'PAUSED', disabled: 'DISABLED' } as const;

/** The fields every condition type shares (the Condition interface). */
const conditionFields = {
  id: (condition: ConditionResource) => condition.id,
  ...attributeResolvers<ConditionResource>()([
    'label', 'classification', 'description', 'hint', 'referenceName', 'referenceWording', 'remarks', 'photoUrl',
    'photoMimetype', 'hasSatisfactoryRemarks', 'isSatisfactory', 'isMarked', 'orderOnWalkabout', 'editedVia', 'editedAt',
    'editorUsername', 'options',
  ]),
  type: (condition: ConditionResource) => condition.attributes.conditionType,
  editorId: (condition: ConditionResource) => idOf(condition.attributes.editorId),
  taskId: (condition: ConditionResource) => idOf(condition.attributes.taskId),
  taskStatus: (condition: ConditionResource) => (condition.attributes.taskStatus ? TASK_STATUS_FROM_WIRE[condition.attributes.taskStatus] : null),
};

const choiceFields = {
  choices: (condition: ConditionResource) => parseValueList(condition.attributes.typeValue),
  satisfactoryValues: (condition: ConditionResource) => parseValueList(condition.attributes.typeSatisfactoryValue),
};

export const walkaboutResolvers: Resolvers = {
  Query: {
    walkabouts: (_parent, { buildingId, open }, { data }) => data.walkabouts.list({ buildingId, open: open !== false }),
    walkabout: (_parent, { id }, { data }) => data.walkabouts.tree.load(id),
    notRepeatableCycles: (_parent, { buildingId }, { data }) => data.walkabouts.notRepeatableCycles(buildingId),
  },
  Mutation: {
    saveWalkabout: (_parent, { input }, { data }, info) => {
      const read = fieldsReadBelow(info, []);
      return data.walkabouts.save(input, { conditions: read.has('conditions'), entries: read.has('entries') });
    },
    lockWalkabout: (_parent, { id }, { data }) => data.walkabouts.lock(id),
    createWalkabout: (_parent, { buildingId, cycleId }, { data }) => data.walkabouts.create(buildingId, cycleId),
    reportUnavailableQrCode: (_parent, { entryIds, kind, comment }, { data }) =>
      data.walkabouts.reportUnavailableQrCode(entryIds, kind, comment),
  },
  // The REST spelling behind each GraphQL enum value (GraphQL YESNONOTAPPLICABLE is REST 'yesnonotapplicable'): @fsi/shared's codec tables.
  ConditionType: CONDITION_TYPE_FROM_WIRE,
  YesNo: YES_NO_FROM_WIRE,
  YesNoNotApplicable: ANSWER_FROM_WIRE,
  QrUnavailabilityKind: QR_UNAVAILABILITY_KIND_FROM_WIRE,
  Walkabout: {
    id: (walkabout) => walkabout.id,
    ...attributeResolvers<WalkaboutResource>()([
      'date', 'endDate', 'isOpen', 'isLocked', 'isClosed', 'isComplete', 'isFireWatch', 'unsatisfactoryCount',
      'conditionsCount', 'markedCount', 'openedAt', 'lockedAt', 'closedAt',
    ]),
    cycle: (walkabout, _args, { data }) => loadRequired(data.cycles.byId, walkabout.relationships.cycle.data.id, 'cycle'),
    building: (walkabout, _args, { data }) => loadRequired(data.buildings.byId, walkabout.relationships.building.data.id, 'building'),
    floors: (walkabout, _args, { data }) => data.walkabouts.floorsOf(walkabout),
  },
  WalkaboutFloor: {
    id: (floor) => floor.id,
    ...attributeResolvers<WalkaboutFloorResource>()(['name', 'order']),
    entries: (floor, _args, { data }) => data.walkabouts.entriesOf(floor),
  },
  Entry: {
    id: (entry) => entry.id,
    ...attributeResolvers<EntryResource>()([
      'order', 'label', 'aliasName', 'locationName', 'equipmentName', 'scannedAt', 'walkaboutActive', 'cycleName',
      'temporaryUuid', 'regularUuid', 'qrUnavailabilityReason', 'locationHint', 'locationUrl',
    ]),
    locationId: (entry) => String(entry.attributes.locationId),
    equipmentId: (entry) => String(entry.attributes.equipmentId),
    scannerId: (entry) => idOf(entry.attributes.scannerId),
    sections: (entry, _args, { data }) => data.walkabouts.sectionsOf(entry),
  },
  Section: {
    id: (section) => section.id,
    ...attributeResolvers<SectionResource>()(['name', 'aliasName', 'orderOnWalkabout']),
    conditions: (section, _args, { data }) => data.walkabouts.conditionsOf(section),
  },
  ConditionOptions: {
    disableUnsatisfactoryRemarks: (options) => options.disableUnsatisfactoryRemarks,
    disableUnsatisfactoryPhoto: (options) => options.disableUnsatisfactoryPhoto,
    makePhotoAndRemarksOptional: (options) => options.makePhotoAndRemarksOptional,
    pattern: (options) => options.pattern,
  },
  Condition: {
    __resolveType: (condition) => {
      const typename = CONDITION_TYPENAMES[condition.attributes.conditionType];
      if (!typename) throw new Error(`Condition ${condition.id} has an unknown type '${String(condition.attributes.conditionType)}'.`);
      return typename;
    },
  },
  BooleanCondition: {
    ...conditionFields,
    booleanValue: (condition) => typedValue(condition, 'BooleanCondition')?.booleanValue ?? null,
  },
  YesNoCondition: {
    ...conditionFields,
    yesNoValue: (condition) => typedValue(condition, 'YesNoCondition')?.yesNoValue ?? null,
  },
  YesNoNotApplicableCondition: {
    ...conditionFields,
    yesNoNotApplicableValue: (condition) => typedValue(condition, 'YesNoNotApplicableCondition')?.yesNoNotApplicableValue ?? null,
  },
  NumberCondition: {
    ...conditionFields,
    numberValue: (condition) => typedValue(condition, 'NumberCondition')?.numberValue ?? null,
  },
  RangeCondition: {
    ...conditionFields,
    rangeValue: (condition) => typedValue(condition, 'RangeCondition')?.rangeValue ?? null,
    rangeFrom: (condition) => condition.attributes.rangeFrom,
    rangeTo: (condition) => condition.attributes.rangeTo,
  },
  StringCondition: {
    ...conditionFields,
    stringValue: (condition) => typedValue(condition, 'StringCondition')?.stringValue ?? null,
    satisfactoryValues: choiceFields.satisfactoryValues,
  },
  TimeCondition: {
    ...conditionFields,
    timeValue: (condition) => typedValue(condition, 'TimeCondition')?.timeValue ?? null,
  },
  DropdownCondition: {
    ...conditionFields,
    ...choiceFields,
    dropdownValue: (condition) => typedValue(condition, 'DropdownCondition')?.dropdownValue ?? null,
  },
  MultiselectCondition: {
    ...conditionFields,
    ...choiceFields,
    multiselectValue: (condition) => {
      const chosen = typedValue(condition, 'MultiselectCondition')?.multiselectValue;
      return chosen ? [...chosen] : null;
    },
    unsatisfactoryValues: (condition) => parseValueList(condition.attributes.typeUnsatisfactoryValue),
    recordValues: (condition) => parseValueList(condition.attributes.typeRecordValue),
  },
};
