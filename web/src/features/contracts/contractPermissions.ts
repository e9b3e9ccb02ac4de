import { canAcceptBuildingContract, canAcceptOrganizationContract } from '@fsi/shared';

type Viewer = {
  isAdmin: boolean;
  permissions: { canAcceptBuildingContract: boolean; canAcceptOrganizationContract: boolean };
};

/**
 * Whether the viewer may accept this building's contract (inspection.md section 6): its own contract with
 * canAcceptBuildingContract; a contract managed on organization level is accepted with the organization's,
 * with canAcceptOrganizationContract (admin-organizations-buildings.md section 6).
 */
export function mayAcceptBuildingContract(viewer: Viewer, building: { organizationContract: boolean }): boolean {
  return building.organizationContract
    ? canAcceptOrganizationContract(viewer.isAdmin, viewer.permissions)
    : canAcceptBuildingContract(viewer.isAdmin, viewer.permissions);
}
