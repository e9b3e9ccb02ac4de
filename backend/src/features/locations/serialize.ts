import type { Static } from 'typebox';
import { resource, toOne } from '../../jsonapi/serializer';
import type { UrlSigner } from '../../storage/signed-urls';
import { activeUuid, universalLink } from '../qr-codes/encode';
import { qrImageUrl } from '../qr-codes/images';
import type { LocationView } from './repository';
import type { LocationResource } from './schemas';

export function locationResource(l: LocationView, publicUrl: string, signer: UrlSigner): Static<typeof LocationResource> {
  return resource(
    'locations',
    l.id,
    {
      name: l.name,
      label: l.label,
      hint: l.hint,
      url: l.url,
      universalLink: universalLink(publicUrl, activeUuid(l)),
      qrImageUrl: qrImageUrl(signer, activeUuid(l)),
      regularUuid: l.regularUuid,
      temporaryUuid: l.temporaryUuid,
      floorId: l.floorId,
      floorName: l.floorName,
      buildingId: l.buildingId,
      buildingFloorOrder: l.floorOrder,
      order: l.order,
      alias_ids: l.aliasIds,
      version: l.version,
      location_equipments: l.equipments.map((e) => ({
        id: e.id,
        equipment: e.equipment,
        type_order: e.typeOrder,
        state: e.state,
        metadata: e.metadata,
        disabled: e.disabled,
      })),
      equipment_building_statuses: l.buildingStatuses.map((s) => ({
        equipment_id: s.equipmentId,
        suspension_id: s.suspensionId,
        building_level_status: s.status,
        suspension_short_name: s.shortName,
        suspension_description: s.description,
      })),
    },
    { floor: toOne('floors', l.floorId), building: toOne('buildings', l.buildingId) },
  );
}
