/**
 * Who may do what on Manage Locations (admin-organizations-buildings.md section 6), for the backend's refusals and
 * the web's enabled buttons and fields alike. An administrator may do everything.
 */
import type { Permissions } from './permissions';

type Flags = Pick<
  Permissions,
  'canCreateLocation' | 'canUpdateLocation' | 'canDeleteLocation' | 'canManageSecondaryData' | 'canManageOrganization' | 'canManageBuildings' | 'canAssignQrCode'
>;

export function locationRights(isAdmin: boolean, p: Flags) {
  return {
    /** The Add Location button: can-create-location, manage-organization, manage-buildings or admin. */
    create: isAdmin || p.canCreateLocation || p.canManageOrganization || p.canManageBuildings,
    /** Name, hint and equipment of an existing location: "disabled without create or update location rights". */
    editBasics: isAdmin || p.canUpdateLocation || p.canCreateLocation,
    /** Secondary data fields: can-manage-secondary-data. */
    editSecondaryData: isAdmin || p.canManageSecondaryData,
    /** The Edit row action: can-update-location or can-manage-secondary-data. */
    edit: isAdmin || p.canUpdateLocation || p.canManageSecondaryData,
    /** Both orders (locations and their equipment): can-update-location. */
    reorder: isAdmin || p.canUpdateLocation,
    delete: isAdmin || p.canDeleteLocation,
    assignQrCode: isAdmin || p.canAssignQrCode,
  };
}

export type LocationRights = ReturnType<typeof locationRights>;
