import type { Resolvers } from '../../generated/resolvers';

/** The building form (issue 12): its fields on Building, the toggles' choices, and updateBuilding. */
export const buildingFormResolvers: Resolvers = {
  Query: {
    reportDefinitionOptions: (_parent, { organizationId, activeOnly }, { data }) => data.buildingForm.definitions({ organizationId, activeOnly: activeOnly !== false }),
    reportBookletTemplateOptions: (_parent, { organizationId, activeOnly }, { data }) => data.buildingForm.templates({ organizationId, activeOnly: activeOnly !== false }),
  },
  Mutation: {
    updateBuilding: (_parent, { input }, { data }) => data.buildingForm.update(input),
  },
  BuildingOffset: {
    cycleId: (offset) => String(offset.cycleId),
  },
  // REST keeps the spec's capitalised keys (Address1); GraphQL reads them in camelCase.
  AddressInformation: {
    address1: (a) => a.Address1 ?? null,
    address2: (a) => a.Address2 ?? null,
    city: (a) => a.City ?? null,
    state: (a) => a.State ?? null,
    postalCode: (a) => a.PostalCode ?? null,
    email: (a) => a.Email ?? null,
    phone: (a) => a.Phone ?? null,
    contactName: (a) => a.ContactName ?? null,
    contactPhone: (a) => a.ContactPhone ?? null,
    contactEmail: (a) => a.ContactEmail ?? null,
  },
  Viewer: {
    hasOrganizationWideScope: (viewer) =>
      viewer.isAdmin || (viewer.user.attributes.regionId == null && viewer.user.attributes.buildingIds.length === 0),
  },
};
