/**
 * The REST contract of report definitions and booklet templates as lists (admin-people-schedules.md section 7:
 * GET /report-definitions and GET /report-booklet-templates with filter[organization] and filter[active]). The
 * building form's Reports and Report Booklets toggles read them, each with the name of what it is attached to.
 */
import Type from 'typebox';
import { IdList, ListQuery } from '../../jsonapi/query';
import { Bool, errorResponses, Int, IntArray, IntNull, ListDocument, ref, Resource, Str, StrNull, ToOne, ToOneOrNull } from '../../jsonapi/schemas';

const listFilters = {
  'filter[organization]': Type.Optional(IdList),
  'filter[active]': Type.Optional(Type.Enum(['true', 'false'], { type: 'string', description: 'true: active only; false: inactive only' })),
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
};

export const ReportDefinitionResource = Resource(
  'ReportDefinitionResource',
  'report-definitions',
  { name: Str, cycleId: Int, cycleName: Str, generateReport: Bool, ...scopeAttributes },
  { organization: ToOne('organizations'), region: ToOneOrNull('regions'), building: ToOneOrNull('buildings'), cycle: ToOne('cycles') },
);

export const ReportBookletTemplateResource = Resource(
  'ReportBookletTemplateResource',
  'report-booklet-templates',
  { name: Str, reportDefinitionIds: IntArray, primaryReportDefinitionId: IntNull, ...scopeAttributes },
  { organization: ToOne('organizations'), region: ToOneOrNull('regions'), building: ToOneOrNull('buildings') },
);

export const listReportDefinitionsSchema = {
  tags: ['report-definitions'],
  summary: "Report definitions of the caller's organization (administrators: any), by name",
  querystring: ListQuery(listFilters),
  response: { 200: ListDocument(ref(ReportDefinitionResource)), ...errorResponses },
};

export const listReportBookletTemplatesSchema = {
  tags: ['report-definitions'],
  summary: "Report booklet templates of the caller's organization (administrators: any), by name",
  querystring: ListQuery(listFilters),
  response: { 200: ListDocument(ref(ReportBookletTemplateResource)), ...errorResponses },
};
