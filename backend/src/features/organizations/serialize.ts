import type { Static } from 'typebox';
import { resource } from '../../jsonapi/serializer';
import type { OrganizationView } from './repository';
import type { OrganizationResource } from './schemas';

export function organizationResource(o: OrganizationView): Static<typeof OrganizationResource> {
  return resource(
    'organizations',
    o.id,
    {
      name: o.name,
      logoUrl: o.logoUrl,
      displayLogoUrl: o.logoUrl,
      contractUrl: o.contractUrl,
      contractAcceptedAt: o.contractAcceptedAt?.toISOString() ?? null,
      contractAcceptedBy: o.contractAcceptedBy,
      status: o.status,
      timeZone: o.timeZone,
      buildingsWithContracts: o.buildingsWithContracts,
    },
  );
}
