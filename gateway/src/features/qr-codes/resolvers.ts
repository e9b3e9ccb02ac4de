import type { Resolvers } from '../../generated/resolvers';
import { attributeResolvers } from '../../attribute-resolvers';
import type { UnassignedQrCodeResource } from '../../rest-types';

export const qrCodeResolvers: Resolvers = {
  Query: {
    unassignedQrCodes: (_parent, args, { data }) => data.qrCodes.unassigned(args),
    buildingQrCodeSheet: (_parent, { buildingId, search }, { data }) => data.qrCodes.buildingSheet(buildingId, search),
    unassignedQrCodeSheet: (_parent, { organizationId, ids }, { data }) => data.qrCodes.unassignedSheet(organizationId, ids),
  },
  Mutation: {
    generateQrCodes: (_parent, { organizationId, count }, { data }) => data.qrCodes.generate(organizationId, count),
    validateQrCodeUrl: (_parent, { buildingId, url }, { data }) => data.qrCodes.validateUrl(buildingId, url),
    assignQrCode: (_parent, args, { data }) => data.qrCodes.assign(args),
  },
  UnassignedQrCode: {
    id: (code) => code.id,
    ...attributeResolvers<UnassignedQrCodeResource>()(['uuid', 'universalLink', 'qrImageUrl', 'createdAt']),
    organizationId: (code) => String(code.attributes.organizationId),
  },
  Location: {
    qrImageUrl: (location) => location.attributes.qrImageUrl,
    aliasIds: (location) => location.attributes.alias_ids ?? [],
  },
};
