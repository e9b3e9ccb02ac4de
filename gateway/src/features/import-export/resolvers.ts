import type { Resolvers } from '../../generated/resolvers';

export const importExportResolvers: Resolvers = {
  Query: {
    importJob: (_parent, { id }, { data }) => data.importExport.job(id),
    exportData: (_parent, { type, organizationId, id }, { data }) => data.importExport.exportData(type, organizationId, id),
  },
  Mutation: {
    importData: (_parent, { type, organizationId, file }, { data }) => data.importExport.importData(type, organizationId, file),
  },
};
