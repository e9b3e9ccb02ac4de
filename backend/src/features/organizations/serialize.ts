import { freeArray, resourceSchema, str, strNull } from '../../jsonapi/schemas';
import { resource, type Resource } from '../../jsonapi/serializer';
import type { OrganizationView } from './repository';

export const organizationResourceSchema = resourceSchema('organizations', {
  name: str,
  logoUrl: strNull,
  displayLogoUrl: strNull,
  contractUrl: strNull,
  contractAcceptedAt: strNull,
  contractAcceptedBy: strNull,
  status: str,
  timeZone: str,
  buildingsWithContracts: freeArray,
});

export function organizationResource(o: OrganizationView): Resource {
  return resource('organizations', o.id, {
    name: o.name,
    logoUrl: o.logoUrl,
    // The logo to show: the organization's own, or none (the web then shows the product's mark).
    displayLogoUrl: o.logoUrl,
    contractUrl: o.contractUrl,
    contractAcceptedAt: o.contractAcceptedAt?.toISOString() ?? null,
    contractAcceptedBy: o.contractAcceptedBy,
    status: o.status,
    timeZone: o.timeZone,
    buildingsWithContracts: o.buildingsWithContracts,
  });
}
