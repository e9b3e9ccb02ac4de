import type { Static } from 'typebox';
import { resource, toOne } from '../../jsonapi/serializer';
import type { LocationView } from './repository';
import type { LocationResource } from './schemas';

/** The universal link a location's QR code encodes (DESIGN.md "QR codes"): `{public origin}/q/{uuid}`. */
export function universalLink(publicUrl: string, uuid: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/q/${uuid}`;
}

export function locationResource(l: LocationView, publicUrl: string): Static<typeof LocationResource> {
  return resource(
    'locations',
    l.id,
    {
      name: l.name,
      label: l.label,
      hint: l.hint,
      url: l.url,
      universalLink: universalLink(publicUrl, l.regularUuid),
      regularUuid: l.regularUuid,
      temporaryUuid: l.temporaryUuid,
      floorId: l.floorId,
      floorName: l.floorName,
      buildingId: l.buildingId,
      buildingFloorOrder: l.floorOrder,
      order: l.order,
      alias_ids: l.aliasIds,
    },
    { floor: toOne('floors', l.floorId), building: toOne('buildings', l.buildingId) },
  );
}
