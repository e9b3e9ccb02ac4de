/**
 * The organizations, regions and cycles a REST answer brought along (`included`), put into their by-id loaders so
 * that reading them later in the request costs no call (GET /buildings and GET /users/me with `include`).
 */
import type DataLoader from 'dataloader';
import type { CycleResource, OrganizationResource, RegionResource } from './rest-types';
import { toCycle, type CycleModel } from './features/cycles/model';
import { toOrganization, type OrganizationModel } from './features/organizations/model';
import { toRegion, type RegionModel } from './features/regions/model';

export type IncludedLoaders = {
  organizations: DataLoader<string, OrganizationModel | null>;
  regions: DataLoader<string, RegionModel | null>;
  cycles?: DataLoader<string, CycleModel | null>;
};

export function primeIncluded(included: ReadonlyArray<{ type: string; id: string }> | undefined, loaders: IncludedLoaders): void {
  for (const resource of included ?? []) {
    if (resource.type === 'organizations') loaders.organizations.prime(resource.id, toOrganization(resource as OrganizationResource));
    else if (resource.type === 'regions') loaders.regions.prime(resource.id, toRegion(resource as RegionResource));
    else if (resource.type === 'cycles') loaders.cycles?.prime(resource.id, toCycle(resource as CycleResource));
  }
}
