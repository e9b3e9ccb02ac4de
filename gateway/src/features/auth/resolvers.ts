import type { Resolvers } from '../../generated/resolvers';
import type { ViewerRecord } from './loaders';
import { permissionFlagNames, type Permissions } from '@fsi/shared';
import { identifiedOnly, loadOptional } from '../../loaders';
import { fieldsReadBelow, readsOnlyIdentity } from '../../selection';
import type { OrganizationModel } from '../organizations/model';
import type { RegionModel } from '../regions/model';

/**
 * Every flag of the spec as a boolean. The backend derives them (GET /users/me
 * `permissions`, with @fsi/shared's derivePermissions); a flag it leaves out is off.
 */
export function viewerPermissions(viewer: ViewerRecord): Permissions {
  const granted = viewer.user.attributes.permissions ?? {};
  return Object.fromEntries(permissionFlagNames.map((flag) => [flag, granted[flag] === true])) as Permissions;
}

export const authResolvers: Resolvers = {
  Query: {
    // The viewer's organization and region, when the query reads more of them than their ids (Viewer below), come in
    // GET /users/me's answer. Reading the organization cost the backend more than the rest of the call (issue 8: about
    // 2.2 of 7 ms of the buildings screen's REST calls, whose footer reads only its id).
    viewer: (_parent, _args, { data }, info) => {
      const read = fieldsReadBelow(info, []);
      return data.auth.viewer((['organization', 'region'] as const).filter((name) => read.has(name) && !readsOnlyIdentity(info, [name])));
    },
  },
  Mutation: {
    signIn: (_parent, { username, password }, { data }) => data.auth.signIn(username, password),
    signOut: (_parent, _args, { data }) => data.auth.signOut(),
    requestPasswordReset: (_parent, { usernameOrEmail }, { data }) => data.auth.requestPasswordReset(usernameOrEmail),
    changePassword: (_parent, args, { data }) => data.auth.changePassword(args),
  },
  Viewer: {
    id: (viewer) => viewer.user.id,
    username: (viewer) => viewer.user.attributes.username,
    firstName: (viewer) => viewer.user.attributes.firstname,
    lastName: (viewer) => viewer.user.attributes.lastname,
    isAdmin: (viewer) => viewer.isAdmin,
    // A signIn's viewer is read with its new token (viewer.data); any other with the caller's. Where the query reads
    // only the id, the user's relationship says it: a user always sees their own organization and region (the backend's
    // organizationsInScope and regionsInScope), so the record loaded would be there.
    organization: (viewer, _args, { data }, info) => {
      const id = viewer.user.relationships.organization.data?.id;
      return readsOnlyIdentity(info) ? identifiedOnly<OrganizationModel>(id) : loadOptional((viewer.data ?? data).organizations.byId, id);
    },
    region: (viewer, _args, { data }, info) => {
      const id = viewer.user.relationships.region.data?.id;
      return readsOnlyIdentity(info) ? identifiedOnly<RegionModel>(id) : loadOptional((viewer.data ?? data).regions.byId, id);
    },
    walkaboutAutoSavePeriodMins: (viewer) => viewer.user.attributes.walkaboutAutoSavePeriodMins,
    debugModeEnabled: (viewer) => viewer.user.attributes.debugModeEnabled,
    networkSpeedMeasurementEnabled: (viewer) => viewer.user.attributes.networkSpeedMeasurementEnabled,
    permissions: (viewer) => viewerPermissions(viewer),
  },
};
