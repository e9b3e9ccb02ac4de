/**
 * The attributes an equipment type has at organization level (admin-organizations-buildings.md section 3): its
 * version, whether it is disabled, and its components with their tasks groups. The 'equipment' resource
 * (applicability/schemas.ts) lists them as optional: the organization's lists and GET /equipments/{id} fill them,
 * a building's lists leave them out.
 */
import Type from 'typebox';
import { Bool, Int, IntArray, IntNull, Named, ref, Str, StrNull } from '../../jsonapi/schemas';

/** What the 'Override Conditions' modal sets for the tasks of one group of a component (false when not set). */
export const ConditionOverrides = Named(
  'ConditionOverrides',
  Type.Object({ disableUnsatisfactoryPhoto: Bool, disableUnsatisfactoryRemarks: Bool, makePhotoAndRemarksOptional: Bool }),
);

/** A tasks group used by a component: `from` and `to` bound the part of the group it takes (null: from the start, to the end). */
export const ComponentConditionGroup = Named(
  'ComponentConditionGroup',
  Type.Object({
    /** The id PUT /equipment_component_condition_groups/{id} takes. */
    id: Int,
    condition_group_id: Int,
    condition_group_name: Str,
    from: IntNull,
    to: IntNull,
    order: Int,
    overrides: ref(ConditionOverrides),
  }),
);

export const EquipmentComponent = Named(
  'EquipmentComponent',
  Type.Object({
    id: Int,
    /** Empty for the implicit component of a type without components (see `implicit`). */
    name: Str,
    alias_name: StrNull,
    order: Int,
    disabled: Bool,
    /** True for the one nameless component that holds the groups of a type added without components. */
    implicit: Bool,
    all_condition_ids: IntArray,
    equipment_component_condition_groups: Type.Array(ref(ComponentConditionGroup)),
  }),
);

export const OrganizationEquipmentAttributes = {
  /** The type's organization. */
  organizationId: Type.Optional(Int),
  /** Raised by every change; an edit, status change or reorder naming an older one is refused (409 STALE). */
  version: Type.Optional(Int),
  /** True when the status is disabled (shown Inactive). */
  disabled: Type.Optional(Bool),
  equipmentComponents: Type.Optional(Type.Array(ref(EquipmentComponent))),
};
