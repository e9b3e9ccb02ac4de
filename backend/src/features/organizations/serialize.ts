import type { Static } from 'typebox';
import { resource } from '../../jsonapi/serializer';
import { signedUrlOf, type UrlSigner } from '../../storage/signed-urls';
import type { OrganizationView } from './repository';
import type { OrganizationResource } from './schemas';

/** An organization as routes answer it (also in `included`); `signer` makes the logo's and the contract's signed URLs. */
export function organizationResource(o: OrganizationView, signer: UrlSigner): Static<typeof OrganizationResource> {
  return resource(
    'organizations',
    o.id,
    {
      name: o.name,
      logoUrl: o.logoUrl,
      displayLogoUrl: signedUrlOf(signer, o.logoUrl, `${o.name} logo`),
      contractUrl: o.contractUrl,
      contractFileUrl: signedUrlOf(signer, o.contractUrl, `${o.name} Contract`),
      contractAcceptedAt: o.contractAcceptedAt?.toISOString() ?? null,
      contractAcceptedBy: o.contractAcceptedBy,
      status: o.status,
      timeZone: o.timeZone,
      buildingsWithContracts: o.buildingsWithContracts,
    },
  );
}
