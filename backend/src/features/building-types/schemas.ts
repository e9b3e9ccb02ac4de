/**
 * The REST contract of types and tasks at building level (admin-organizations-buildings.md section 7): the
 * suspensions that pause a type or a task at one building. The list is GET /equipment?view=building-level
 * (failure-reports/schemas.ts).
 */
import Type from 'typebox';
import { errorResponses, Int, IntNull, ref, Resource, SingleDocument, Str, StringEnum, StringOrNull, StrNull, ToOne } from '../../jsonapi/schemas';
import { EquipmentConditionResource, EquipmentResource } from '../applicability/schemas';

const IdValue = Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.String({ pattern: '^\\d{1,9}$' })]);

const SuspensionAttributes = Type.Object({
  short_name: Type.Optional(
    StringOrNull({
      maxLength: 1000,
      description: "Required ('Name is required field'), at most 2 characters, not X, P, C, S, -, US; an existing short name of the building is picked again with its reason",
    }),
  ),
  description: Type.Optional(StringOrNull({ maxLength: 2000, description: "The reason: required for a new short name ('Description is required field'), at most 256 characters" })),
});

const SuspensionParams = Type.Object({ suspensionId: Type.String({ pattern: '^\\d{1,9}$' }) });
/** The spec sends building_id in the body of a DELETE; when sent, it must be the suspension's building. */
const DeleteBody = Type.Union([Type.Object({ building_id: Type.Optional(IdValue) }), Type.Null()]);

export const suspendTypeSchema = {
  tags: ['building-types'],
  summary:
    'Pause an equipment type at a building with a short name and reason (administrators and canManageBuildings); walkabouts created afterwards leave it out and reports show P. Answers the type with its building status',
  body: Type.Object({ building_id: IdValue, equipment_id: IdValue, attributes: SuspensionAttributes }),
  response: { 201: SingleDocument(ref(EquipmentResource)), ...errorResponses },
};

export const resumeTypeSchema = {
  tags: ['building-types'],
  summary: 'Set a paused equipment type active again at its building: deletes the suspension (administrators and canManageBuildings). Answers the type',
  params: SuspensionParams,
  body: Type.Optional(DeleteBody),
  response: { 200: SingleDocument(ref(EquipmentResource)), ...errorResponses },
};

export const suspendTaskSchema = {
  tags: ['building-types'],
  summary:
    'Pause a task (equipment condition) at a building with a short name and reason (administrators and canManageBuildings). Answers the task with its building status',
  body: Type.Object({ building_id: IdValue, equipment_condition_id: IdValue, attributes: SuspensionAttributes }),
  response: { 201: SingleDocument(ref(EquipmentConditionResource)), ...errorResponses },
};

export const resumeTaskSchema = {
  tags: ['building-types'],
  summary: 'Set a paused task active again at its building: deletes the suspension (administrators and canManageBuildings). Answers the task',
  params: SuspensionParams,
  body: Type.Optional(DeleteBody),
  response: { 200: SingleDocument(ref(EquipmentConditionResource)), ...errorResponses },
};

export const BUILDING_LEVEL_VIEW = 'building-level';
export const BuildingLevelView = Type.Optional(
  Type.Literal(BUILDING_LEVEL_VIEW, {
    description:
      "building-level: the Manage Types and Manage Tasks at building level list (administrators, organization and region users, building managers and viewers), each type and task with its building status; include=equipment-equipment-conditions adds the tasks",
  }),
);

/** 'Print Types': the request and its answer while polled (report_identificator, then pdf_url once made). */
export const TypesReportResource = Resource(
  'TypesReportResource',
  'equipments-on-locations-reports',
  {
    report_identificator: Str,
    building_id: Int,
    /** pending until the PDF is made, then ready; failed when it could not be made (see error). */
    status: StringEnum(['pending', 'ready', 'failed'] as const),
    /** A short-lived signed URL of the PDF once it is made (open it in a new tab); null while it is generated. */
    pdf_url: StrNull,
    /** The generated report's id; null until it is asked for. */
    report_id: IntNull,
    error: StrNull,
  },
  { building: ToOne('buildings') },
);

// null first: a null tried against the id branches first would be coerced to 0. '' (no filter) is the string branch's.
const Filter = Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.String({ pattern: '^\\d{0,9}$' })]));

export const initTypesReportSchema = {
  tags: ['building-types'],
  summary:
    "'Print Types': ask for the PDF of the building's types by location with their state and status, narrowed like the screen (selectedLocation, selectedType, selectedState); poll GET /equipments-on-locations/reports/{report_identificator} each second",
  body: Type.Object({
    building_id: IdValue,
    selectedLocation: Filter,
    selectedType: Filter,
    selectedState: Type.Optional(Type.Union([Type.Null(), StringEnum(['', 'satisfactory', 'unsatisfactory', 'not_applicable', 'incomplete', 'unscanned'] as const)])),
  }),
  response: { 201: SingleDocument(ref(TypesReportResource)), ...errorResponses },
};

export const getTypesReportSchema = {
  tags: ['building-types'],
  summary: "A 'Print Types' request: pdf_url is null while the PDF is made",
  params: Type.Object({ reportIdentificator: Type.String({ pattern: '^[0-9a-f-]{36}$' }) }),
  response: { 200: SingleDocument(ref(TypesReportResource)), ...errorResponses },
};
