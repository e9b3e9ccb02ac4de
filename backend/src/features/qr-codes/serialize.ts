import type { Static } from 'typebox';
import { resource, toOne } from '../../jsonapi/serializer';
import type { UrlSigner } from '../../storage/signed-urls';
import { universalLink } from './encode';
import { qrImageUrl } from './images';
import type { UnassignedQrCode } from './repository';
import type { UnassignedQrCodeResource } from './schemas';

export function unassignedQrCodeResource(code: UnassignedQrCode, publicUrl: string, signer: UrlSigner): Static<typeof UnassignedQrCodeResource> {
  return resource(
    'unassigned_qr_codes',
    code.id,
    {
      uuid: code.uuid,
      universalLink: universalLink(publicUrl, code.uuid),
      qrImageUrl: qrImageUrl(signer, code.uuid),
      organizationId: code.organizationId,
      createdAt: code.createdAt.toISOString(),
    },
    { organization: toOne('organizations', code.organizationId) },
  );
}
