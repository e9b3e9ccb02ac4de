import type { Resolvers } from '../../generated/resolvers';
import { loadOptional, loadRequired } from '../../loaders';

export const documentResolvers: Resolvers = {
  Query: {
    documentCategories: (_parent, _args, { data }) => data.documents.categories({}),
    document: (_parent, { id }, { data }) => data.documents.byId.load(id),
  },
  Mutation: {
    createDocument: (_parent, { input }, { data }) => data.documents.create(input),
    updateDocument: (_parent, { id, input }, { data }) => data.documents.update(id, input),
    emailDocument: (_parent, { documentId, recipients, message }, { data }) => data.documents.email(documentId, recipients, message),
  },
  // Plain fields are the model's properties (model.ts); the building loads by id, batched for every document of a request.
  Document: {
    building: (document, _args, { data }) => loadRequired(data.buildings.byId, document.buildingId, 'building'),
  },
  DocumentEmail: {
    document: (email, _args, { data }) => loadRequired(data.documents.byId, email.documentId, 'document'),
  },
  Building: {
    documents: (building, args, { data }) => data.documents.page({ ...args, buildingId: building.id }),
    // Batched: the plans of a page of buildings are one GET /documents?filter[id]=….
    fireSafetyPlan: (building, _args, { data }) => loadOptional(data.documents.byId, building.fireSafetyPlanId),
    documentCategoryCounts: (building, _args, { data }) => data.documents.categoryCounts.load(building.id),
  },
  // Batched: the documents of every item of the reports of a request are one call.
  FailureItem: {
    documents: async (item, _args, { data }) =>
      (await data.documents.byId.loadMany(item.documentIds)).flatMap((d) => (d && !(d instanceof Error) ? [d] : [])),
  },
};
