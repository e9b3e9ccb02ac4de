/**
 * The REST contract of report definitions and booklet templates (admin-people-schedules.md section 7): the lists
 * (filter[organization], filter[region], filter[active], filter[userId]), one record, adding and editing them, and
 * the equipment pick lists of a cycle that the section editor offers. The building form's Reports and Report
 * Booklets toggles read the lists too, each with the name of what it is attached to.
 */
import { BOOKLET_DISPLAY_TYPES } from '@fsi/shared/report-administration';
import Type from 'typebox';
import { IdList, IdParams, ListQuery, SingleId } from '../../jsonapi/query';
import {
  Bool,
  BoolNull,
  errorResponses,
  Int,
  IntArray,
  IntNull,
  ListDocument,
  Nullable,
  PlainResource,
  ref,
  Resource,
  SingleDocument,
  Str,
  StrArray,
  StringEnum,
  StrNull,
  ToOne,
  ToOneOrNull,
} from '../../jsonapi/schemas';

const listFilters = {
  'filter[organization]': Type.Optional(IdList),
  'filter[active]': Type.Optional(Type.Enum(['true', 'false'], { type: 'string', description: 'true: active only; false: inactive only' })),
  'filter[region]': Type.Optional(
    Type.String({ pattern: '^\\s*(null|\\d+(\\s*,\\s*\\d+)*)\\s*$', description: "null: those with no region (the organization's); ids: those of these regions (a region and its parents)" }),
  ),
  'filter[userId]': Type.Optional(Type.String({ pattern: '^\\d{1,9}$', description: "Those that apply to this user's region (all of the organization for a user with no region)" })),
};

/** What a definition or template is attached to: the region's name, the building's, or the organization's for an organization-wide one. */
const scopeAttributes = {
  organizationId: Int,
  organizationName: Str,
  regionId: IntNull,
  regionName: StrNull,
  buildingId: IntNull,
  buildingName: StrNull,
  isActive: Bool,
  buildingNames: Type.Array(Type.String(), { description: 'The buildings it is attached to or switched on for (their forms), by name' }),
  templateName: Str,
  version: Type.Integer({ description: 'Raised by every change; send it back with an edit (an older one is refused, 409 STALE)' }),
};

const Section = Type.Object({
  equipmentId: IntNull,
  detail: Str,
  title: Str,
  includeMetadata: BoolNull,
  pageBreakAfter: Bool,
  applicableEquipmentConditionIds: Nullable(IntArray),
  applicableEquipmentIds: IntArray,
  applicableGroupNames: StrArray,
});

export const ReportDefinitionResource = Resource(
  'ReportDefinitionResource',
  'report-definitions',
  { name: Str, cycleId: Int, cycleName: Str, cycleFrequency: StrNull, generateReport: Bool, previousWalkaboutsCount: Int, sections: Type.Array(Section), ...scopeAttributes },
  { organization: ToOne('organizations'), region: ToOneOrNull('regions'), building: ToOneOrNull('buildings'), cycle: ToOne('cycles') },
);

export const ReportBookletTemplateResource = Resource(
  'ReportBookletTemplateResource',
  'report-booklet-templates',
  { name: Str, displayType: Str, reportDefinitionIds: IntArray, primaryReportDefinitionId: IntNull, ...scopeAttributes },
  { organization: ToOne('organizations'), region: ToOneOrNull('regions'), building: ToOneOrNull('buildings') },
);

export const ReportEquipmentResource = PlainResource(
  'ReportEquipmentResource',
  'equipments',
  {
    name: Str,
    order: Int,
    conditions: Type.Array(Type.Object({ id: Int, label: Str, groupName: StrNull }), { description: "The equipment's active tasks of the cycle, in order" }),
    allLocationsGroupNames: Type.Array(Type.String(), { description: "The task groups of the equipment's tasks of the cycle, by name" }),
  },
);

export const listReportDefinitionsSchema = {
  tags: ['report-definitions'],
  summary: "Report definitions of the caller's organization (administrators: any; region users: their region's and the organization's), by name",
  querystring: ListQuery(listFilters),
  response: { 200: ListDocument(ref(ReportDefinitionResource)), ...errorResponses },
};

export const listReportBookletTemplatesSchema = {
  tags: ['report-definitions'],
  summary: "Report booklet templates of the caller's organization (administrators: any; region users: their region's and the organization's), by name",
  querystring: ListQuery(listFilters),
  response: { 200: ListDocument(ref(ReportBookletTemplateResource)), ...errorResponses },
};

export const getReportDefinitionSchema = {
  tags: ['report-definitions'],
  summary: 'One report definition the caller may see',
  params: IdParams,
  response: { 200: SingleDocument(ref(ReportDefinitionResource)), ...errorResponses },
};

export const getReportBookletTemplateSchema = {
  tags: ['report-definitions'],
  summary: 'One report booklet template the caller may see',
  params: IdParams,
  response: { 200: SingleDocument(ref(ReportBookletTemplateResource)), ...errorResponses },
};

const Name = Type.Optional(Nullable(Type.String({ maxLength: 1000, description: 'Required, unique within the organization' })));
const TemplateName = Type.Optional(Type.String({ maxLength: 256, description: 'The PDF template; only administrators may set one other than default' }));
const Version = Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The version read; an older one than stored is refused (409 STALE)' }));
const Ref = (type: string) => Type.Object({ type: Type.Optional(Type.String({ description: type })), id: Type.Union([SingleId, Type.Integer({ minimum: 1, maximum: 2_147_483_647 })]) });
const OneOrNull = (type: string) => Type.Optional(Type.Object({ data: Nullable(Ref(type)) }));
const Many = (type: string) => Type.Optional(Type.Object({ data: Type.Array(Ref(type), { maxItems: 200 }) }));
const Ids = Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 500 });

const SectionBody = Type.Object({
  equipmentId: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }))),
  detail: Type.String({ maxLength: 100, description: 'condition, location, group, location_x_types or types_by_location' }),
  title: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
  includeMetadata: Type.Optional(BoolNull),
  pageBreakAfter: Type.Optional(BoolNull),
  applicableEquipmentConditionIds: Type.Optional(Nullable(Ids)),
  applicableEquipmentIds: Type.Optional(Nullable(Ids)),
  applicableGroupNames: Type.Optional(Nullable(Type.Array(Type.String({ maxLength: 256 }), { maxItems: 500 }))),
});

const definitionAttributes = {
  name: Name,
  previousWalkaboutsCount: Type.Optional(Type.Integer({ minimum: -1000, maximum: 1000, description: 'From 0 (Latest Walkabout) to the most of the cycle frequency (section 9)' })),
  sections: Type.Optional(Type.Array(SectionBody, { maxItems: 100, description: 'At least one' })),
  templateName: TemplateName,
  generateReport: Type.Optional(Bool),
  isActive: Type.Optional(Bool),
  version: Version,
};

export const createReportDefinitionSchema = {
  tags: ['report-definitions'],
  summary: 'Add a report definition (canCreateWalkaboutReports); with a region, one the caller may see',
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      attributes: Type.Object(definitionAttributes),
      relationships: Type.Object({ organization: OneOrNull('organizations'), cycle: Type.Object({ data: Ref('cycles') }), region: OneOrNull('regions') }),
    }),
  }),
  response: { 201: SingleDocument(ref(ReportDefinitionResource)), ...errorResponses },
};

export const updateReportDefinitionSchema = {
  tags: ['report-definitions'],
  summary: 'Edit a report definition (administrators, canUpdateWalkaboutReports or canManageOrganization); the cycle cannot change; a stale version is refused (409 STALE)',
  params: IdParams,
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      id: Type.Optional(Type.String({ maxLength: 20 })),
      attributes: Type.Object(definitionAttributes),
      relationships: Type.Optional(Type.Object({ building: OneOrNull('buildings'), cycle: OneOrNull('cycles'), region: OneOrNull('regions') })),
    }),
  }),
  response: { 200: SingleDocument(ref(ReportDefinitionResource)), ...errorResponses },
};

const bookletAttributes = {
  name: Name,
  templateName: TemplateName,
  displayType: Type.Optional(StringEnum(BOOKLET_DISPLAY_TYPES)),
  isActive: Type.Optional(Bool),
  version: Version,
};
const bookletRelationships = {
  reportDefinitions: Many('report-definitions'),
  primaryReportDefinition: OneOrNull('report-definitions'),
  region: OneOrNull('regions'),
};

export const createReportBookletTemplateSchema = {
  tags: ['report-definitions'],
  summary: 'Add a report booklet template (canCreateWalkaboutReports): at least one report, the primary one of them',
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      attributes: Type.Object(bookletAttributes),
      relationships: Type.Object({ organization: OneOrNull('organizations'), ...bookletRelationships }),
    }),
  }),
  response: { 201: SingleDocument(ref(ReportBookletTemplateResource)), ...errorResponses },
};

export const updateReportBookletTemplateSchema = {
  tags: ['report-definitions'],
  summary: 'Edit a report booklet template (administrators, canUpdateWalkaboutReports or canManageOrganization); a stale version is refused (409 STALE)',
  params: IdParams,
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      id: Type.Optional(Type.String({ maxLength: 20 })),
      attributes: Type.Object(bookletAttributes),
      relationships: Type.Optional(Type.Object(bookletRelationships)),
    }),
  }),
  response: { 200: SingleDocument(ref(ReportBookletTemplateResource)), ...errorResponses },
};

export const organizationEquipmentsSchema = {
  tags: ['report-definitions'],
  summary: "The organization's active equipment types with their tasks of the cycle and task group names: the section editor's pick lists",
  params: Type.Object({ cycleId: SingleId, organizationId: SingleId }),
  querystring: ListQuery(),
  response: { 200: ListDocument(ref(ReportEquipmentResource)), ...errorResponses },
};

export const regionEquipmentsSchema = {
  tags: ['report-definitions'],
  summary: "The region's organization's active equipment types with their tasks of the cycle and task group names: the section editor's pick lists",
  params: Type.Object({ cycleId: SingleId, regionId: SingleId }),
  querystring: ListQuery(),
  response: { 200: ListDocument(ref(ReportEquipmentResource)), ...errorResponses },
};
