import type { Resolvers } from '../../generated/resolvers';
import { loadOptional, loadRequired } from '../../loaders';

export const reportAdministrationResolvers: Resolvers = {
  Query: {
    reportDefinition: (_parent, { id }, { data }) => data.reportAdministration.definitionById.load(id),
    reportBookletTemplate: (_parent, { id }, { data }) => data.reportAdministration.bookletById.load(id),
    reportEquipments: (_parent, args, { data }) => data.reportAdministration.equipments(args),
  },
  Mutation: {
    createReportDefinition: (_parent, { input }, { data }) => data.reportAdministration.createDefinition(input),
    updateReportDefinition: (_parent, { input }, { data }) => data.reportAdministration.updateDefinition(input),
    createReportBookletTemplate: (_parent, { input }, { data }) => data.reportAdministration.createBooklet(input),
    updateReportBookletTemplate: (_parent, { input }, { data }) => data.reportAdministration.updateBooklet(input),
  },
  // Plain fields are the model's properties (model.ts); relationships load here.
  Organization: {
    reportDefinitions: (organization, { region }, { data }) => data.reportAdministration.definitionsOf({ organizationId: organization.id, region }),
    reportBookletTemplates: (organization, { region }, { data }) => data.reportAdministration.bookletsOf({ organizationId: organization.id, region }),
    allReportDefinitions: (organization, _args, { data }) => data.reportAdministration.allDefinitionsOf(organization.id),
    allReportBookletTemplates: (organization, _args, { data }) => data.reportAdministration.allBookletsOf(organization.id),
  },
  Region: {
    reportDefinitions: (region, _args, { data }) => data.reportAdministration.definitionsOfRegion.load(region.id),
    reportBookletTemplates: (region, _args, { data }) => data.reportAdministration.bookletsOfRegion.load(region.id),
  },
  ReportDefinition: {
    cycle: (definition, _args, { data }) => loadRequired(data.cycles.byId, definition.cycleId, 'cycle'),
  },
  ReportBookletTemplate: {
    reportDefinitions: async (booklet, _args, { data }) => {
      const loaded = await Promise.all(booklet.reportDefinitionIds.map((id) => loadOptional(data.reportAdministration.definitionById, id)));
      return loaded.filter((d) => d !== null);
    },
  },
};
