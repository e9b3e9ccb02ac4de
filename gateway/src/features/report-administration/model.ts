import type { BookletDisplayType, ReportBookletTemplate, ReportDefinition, ReportSection, ReportSectionDetail } from '../../generated/resolvers';
import type { PlainFields } from '../../models';
import type { RestBody } from '../../rest-types';

export type ReportDefinitionResource = RestBody<'/report-definitions'>['data'][number];
export type ReportBookletTemplateResource = RestBody<'/report-booklet-templates'>['data'][number];

/** A report definition as GraphQL serves it (models.ts): the cycle loads by cycleId. */
export type ReportDefinitionModel = PlainFields<
  ReportDefinition,
  | 'id'
  | 'name'
  | 'templateName'
  | 'previousWalkaboutsCount'
  | 'generateReport'
  | 'isActive'
  | 'cycleName'
  | 'cycleFrequency'
  | 'organizationId'
  | 'regionId'
  | 'buildingId'
  | 'buildingNames'
  | 'version'
> & { cycleId: string; sections: ReportSection[] };

export type ReportBookletTemplateModel = PlainFields<
  ReportBookletTemplate,
  'id' | 'name' | 'templateName' | 'displayType' | 'reportDefinitionIds' | 'primaryReportDefinitionId' | 'isActive' | 'organizationId' | 'regionId' | 'buildingId' | 'buildingNames' | 'version'
>;

const idOrNull = (id: number | null | undefined) => (id == null ? null : String(id));

/** The REST spelling of a section detail (condition, location_x_types…) as the GraphQL enum, and back. */
export const detailToGraphQL = (detail: string) => detail.toUpperCase() as ReportSectionDetail;
export const detailToRest = (detail: ReportSectionDetail) => detail.toLowerCase();
export const displayTypeToGraphQL = (displayType: string): BookletDisplayType => (displayType === 'consolidated' ? 'CONSOLIDATED' : 'DEFAULT');
export const displayTypeToRest = (displayType: BookletDisplayType) => (displayType === 'CONSOLIDATED' ? 'consolidated' : 'default');

export function toReportDefinition(record: ReportDefinitionResource): ReportDefinitionModel {
  const a = record.attributes;
  return {
    id: record.id,
    name: a.name,
    templateName: a.templateName,
    previousWalkaboutsCount: a.previousWalkaboutsCount,
    generateReport: a.generateReport,
    isActive: a.isActive,
    cycleId: String(a.cycleId),
    cycleName: a.cycleName,
    cycleFrequency: (a.cycleFrequency ?? null) as ReportDefinitionModel['cycleFrequency'],
    organizationId: String(a.organizationId),
    regionId: idOrNull(a.regionId),
    buildingId: idOrNull(a.buildingId),
    buildingNames: a.buildingNames,
    version: a.version,
    sections: a.sections.map((s) => ({
      equipmentId: idOrNull(s.equipmentId),
      detail: detailToGraphQL(s.detail),
      title: s.title,
      includeMetadata: s.includeMetadata,
      pageBreakAfter: s.pageBreakAfter,
      applicableEquipmentConditionIds: s.applicableEquipmentConditionIds?.map(String) ?? null,
      applicableEquipmentIds: s.applicableEquipmentIds.map(String),
      applicableGroupNames: s.applicableGroupNames,
    })),
  };
}

export function toReportBookletTemplate(record: ReportBookletTemplateResource): ReportBookletTemplateModel {
  const a = record.attributes;
  return {
    id: record.id,
    name: a.name,
    templateName: a.templateName,
    displayType: displayTypeToGraphQL(a.displayType),
    reportDefinitionIds: a.reportDefinitionIds.map(String),
    primaryReportDefinitionId: idOrNull(a.primaryReportDefinitionId),
    isActive: a.isActive,
    organizationId: String(a.organizationId),
    regionId: idOrNull(a.regionId),
    buildingId: idOrNull(a.buildingId),
    buildingNames: a.buildingNames,
    version: a.version,
  };
}
