/**
 * The REST contract of Manage Types at organization level (admin-organizations-buildings.md section 7):
 * GET /equipments/{id}, POST /equipments/, PUT /equipments/{id} (an edit, a status change or a new order) and
 * PUT /equipment_component_condition_groups/{id} (the 'Override Conditions' modal). The organization's list is
 * GET /equipment?filter[organization]={id} (failure-reports/schemas.ts).
 */
import Type from 'typebox';
import { IdParams } from '../../jsonapi/query';
import { errorResponses, ListDocument, ref, SingleDocument, StringOrNull } from '../../jsonapi/schemas';
import { EquipmentResource, TypeStatus } from '../applicability/schemas';

const IdValue = Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.String({ pattern: '^\\d{1,9}$' })]);
const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The version the type was read at; an older one than stored is refused (409 STALE)' });
/** From and to are checked with the spec's rules (a 422 naming the field), so the schema only bounds their size. */
// Null first: the validator's type coercion would otherwise read null as 0.
const Bound = Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })]));
const Text = (description: string) => Type.Optional(StringOrNull({ maxLength: 1000, description }));

const ConditionGroupInput = Type.Object({
  // One flat union (null first: coercion would read null as 0), so that a refusal lists each reason once.
  condition_group_id: Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.String({ pattern: '^\\d{1,9}$' })], { description: 'A tasks group of the organization' }),
  from: Bound,
  to: Bound,
  order: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
});

const ComponentInput = Type.Object({
  id: Type.Optional(IdValue),
  name: Text("Required when the type has several components ('Equipment name is required field'); empty for the implicit component"),
  alias_name: Text('At most 256 characters'),
  order: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  disabled: Type.Optional(Type.Boolean()),
  equipment_component_condition_groups: Type.Array(ConditionGroupInput, { maxItems: 200 }),
});

const EquipmentInput = Type.Object({
  name: Text("Required ('Equipment name is required field'), at most 256 characters; not editable after creation"),
  alias_name: Text('At most 256 characters; not editable after creation'),
  status: Type.Optional(TypeStatus),
  order: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  version: Type.Optional(Version),
});

const TypeBody = Type.Object({
  equipment: EquipmentInput,
  equipment_components: Type.Optional(Type.Array(ComponentInput, { maxItems: 100 })),
  organization_id: IdValue,
});

/** The spec's client names the organization on an edit too; it is the type's own, so it may be left out. */
const UpdateBody = Type.Object({ ...TypeBody.properties, organization_id: Type.Optional(IdValue) });

const TypeDocument = { 200: SingleDocument(ref(EquipmentResource)), ...errorResponses };

export const getEquipmentTypeSchema = {
  tags: ['equipment-types'],
  summary:
    "An equipment type of the organization with its components, their tasks groups (from, to, order, overrides) and its status (administrators, the organization's users, canManageOrganization or canViewOrganization)",
  params: IdParams,
  response: TypeDocument,
};

export const createEquipmentTypeSchema = {
  tags: ['equipment-types'],
  summary:
    "Add an equipment type after the organization's last one (administrators and canManageOrganization). A type without components sends one component without a name: the implicit component that holds its tasks groups, which walkabouts show as the type itself",
  body: TypeBody,
  response: { 201: SingleDocument(ref(EquipmentResource)), ...errorResponses },
};

export const updateEquipmentTypeSchema = {
  tags: ['equipment-types'],
  summary:
    "Change an equipment type (administrators and canManageOrganization): with equipment_components, its components and their tasks groups (its name and alias are not editable: a change is refused with 422; components left out are removed); with only equipment.status, its status; with only equipment.order, its place in the list (send only the types whose order changed). With equipment.version, a change over an older version is refused (409 STALE)",
  params: IdParams,
  body: UpdateBody,
  response: TypeDocument,
};

export const reorderEquipmentTypesSchema = {
  tags: ['equipment-types'],
  summary:
    'Set the order of the types whose order changed, all of one organization (administrators and canManageOrganization), in one transaction: one stale version refuses them all (409 STALE). Answers the changed types',
  body: Type.Object({
    attributes: Type.Array(Type.Object({ id: IdValue, order: Type.Integer({ minimum: 0, maximum: 1_000_000 }), version: Type.Optional(Version) }), { minItems: 1, maxItems: 1000 }),
  }),
  response: { 200: ListDocument(ref(EquipmentResource)), ...errorResponses },
};

export const updateOverridesSchema = {
  tags: ['equipment-types'],
  summary:
    "The 'Override Conditions' of one tasks group of a component (administrators and canManageOrganization): walkabouts created afterwards give the group's tasks these options. Answers the equipment type",
  params: IdParams,
  body: Type.Object({
    type: Type.Optional(Type.String({ maxLength: 100, description: "The JSON:API type member ('equipment_component_condition_groups'); not used" })),
    options: Type.Object({
      overrides: Type.Object({
        disableUnsatisfactoryPhoto: Type.Optional(Type.Boolean()),
        disableUnsatisfactoryRemarks: Type.Optional(Type.Boolean()),
        makePhotoAndRemarksOptional: Type.Optional(Type.Boolean()),
      }),
    }),
    version: Type.Optional(Version),
  }),
  response: TypeDocument,
};
