import type { Static } from 'typebox';
import { equipmentConditionResource, equipmentResource } from '../applicability/serialize';
import type { EquipmentConditionResource, EquipmentResource } from '../applicability/schemas';
import { resource, toOne } from '../../jsonapi/serializer';
import type { UrlSigner } from '../../storage/signed-urls';
import type { OnDemandRow } from '../walkabout-reports/repository';
import { onDemandStatus } from '../walkabout-reports/serialize';
import type { TypesReportResource } from './schemas';
import { TYPES_REPORT_NAME } from './types-report';
import type { BuildingStatus, BuildingTaskRow, BuildingTypeRow } from './repository';

function statusAttributes(s: BuildingStatus) {
  return {
    building_level_status: s.buildingLevelStatus,
    suspension_id: s.suspensionId,
    suspension_short_name: s.suspensionShortName,
    suspension_description: s.suspensionDescription,
  };
}

/** A type of the building-level list: the applicability list's resource with its building status. */
export function buildingTypeResource(row: BuildingTypeRow): Static<typeof EquipmentResource> {
  const base = equipmentResource(row);
  return { ...base, attributes: { ...base.attributes, ...statusAttributes(row) } };
}

/** A task of the building-level list, with the tasks screen's details and its building status. */
export function buildingTaskResource(row: BuildingTaskRow): Static<typeof EquipmentConditionResource> {
  const base = equipmentConditionResource(row);
  return {
    ...base,
    attributes: { ...base.attributes, componentId: row.componentId, groupName: row.groupName, description: row.description, hint: row.hint, ...statusAttributes(row) },
  };
}

/** A 'Print Types' request as polled: the PDF's signed URL once it is made. */
export function typesReportResource(r: OnDemandRow, signer: UrlSigner): Static<typeof TypesReportResource> {
  const status = onDemandStatus(r);
  const key = status === 'ready' ? r.report?.uploadKey : null;
  return resource(
    'equipments-on-locations-reports',
    r.id,
    {
      report_identificator: r.identificator,
      building_id: r.buildingId,
      status,
      pdf_url: key ? signer.fileUrl({ key, filename: `${TYPES_REPORT_NAME}.pdf`, contentType: 'application/pdf' }).url : null,
      report_id: r.report?.id ?? null,
      error: status === 'failed' ? (r.error ?? r.report?.error ?? 'The report could not be generated.') : null,
    },
    { building: toOne('buildings', r.buildingId) },
  );
}
