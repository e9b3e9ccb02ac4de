/**
 * The REST contract of the building walkabout applicability screen (admin-organizations-buildings.md section 7):
 * GET /equipment?filter[building]={id}&include=equipment-equipment-conditions (the list the repair report reads
 * too, failure-reports/schemas.ts) and PUT /equipment.
 */
import Type from 'typebox';
import { errorResponses, Int, IntArray, IntNull, Included, ListDocument, ref, Resource, Str, StrNull, StringEnum, ToMany } from '../../jsonapi/schemas';
import { TYPE_STATUSES } from './repository';
import { OrganizationEquipmentAttributes } from '../equipment-types/attributes';

/** The building status record (section 3) of a type or task, answered by the building-level list (view=building-level) and the suspension calls. */
const BuildingStatusAttributes = {
  building_level_status: Type.Optional(StringEnum(['active', 'paused'] as const)),
  suspension_id: Type.Optional(IntNull),
  suspension_short_name: Type.Optional(StrNull),
  suspension_description: Type.Optional(StrNull),
};

export const APPLICABILITY_INCLUDES = ['equipment-equipment-conditions'] as const;

export const TypeStatus = StringEnum(TYPE_STATUSES);

/** A task of an equipment type (the spec's equipment condition), as the applicability screen lists it. */
export const EquipmentConditionResource = Resource(
  'EquipmentConditionResource',
  'equipment-conditions',
  {
    label: Str,
    cycleId: Int,
    cycleName: Str,
    /** The component the task belongs to, or null for the type's own tasks. */
    componentName: StrNull,
    status: TypeStatus,
    order: Int,
    equipmentTypeId: Int,
    // The building tasks screen's details (view=building-level).
    componentId: Type.Optional(IntNull),
    groupName: Type.Optional(StrNull),
    description: Type.Optional(StrNull),
    hint: Type.Optional(StrNull),
    ...BuildingStatusAttributes,
  },
  {},
);

/** The equipment types at a building: what the repair report offers and what the applicability screen edits. */
export const EquipmentResource = Resource(
  'EquipmentResource',
  'equipment',
  {
    name: Str,
    /** The name with the id in brackets (inspection.md section 9). */
    displayName: Str,
    aliasName: StrNull,
    order: Int,
    status: TypeStatus,
    /** Every task of the type, by cycle name and order. */
    allEquipmentConditionIds: IntArray,
    /** The tasks this building's walkabouts include: all of them until an administrator unticks some. */
    applicableWalkaboutEquipmentConditionIds: IntArray,
    // Organization level (Manage Types, issue 13): GET /equipment?filter[organization] and /equipments/{id} add these.
    ...OrganizationEquipmentAttributes,
    ...BuildingStatusAttributes,
  },
  { 'equipment-equipment-conditions': ToMany('equipment-conditions') },
);

export const equipmentIncluded = Included(EquipmentConditionResource);

const IdValue = Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.String({ pattern: '^\\d{1,9}$' })]);

export const putEquipmentSchema = {
  tags: ['equipment'],
  summary:
    "Choose which tasks of each equipment type the building's walkabouts include (administrators only), in one transaction; walkabouts created afterwards leave the others out. Answers the types as saved, with their tasks",
  body: Type.Object({
    data: Type.Array(
      Type.Object({
        id: IdValue,
        type: Type.Optional(Str),
        attributes: Type.Object({ applicableWalkaboutEquipmentConditionIds: Type.Array(IdValue, { maxItems: 2000 }) }),
        relationships: Type.Object({ building: Type.Object({ data: Type.Object({ type: Type.Optional(Str), id: IdValue }) }) }),
      }),
      { minItems: 1, maxItems: 500 },
    ),
  }),
  response: { 200: ListDocument(ref(EquipmentResource), { included: equipmentIncluded }), ...errorResponses },
};

/** The same save by PATCH, as the spec's applicability screen also sends it (section 7). */
export const patchEquipmentSchema = { ...putEquipmentSchema, summary: 'The same as PUT /equipment (the spec sends either)' };
