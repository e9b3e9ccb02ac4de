import type { Resolvers } from '../../generated/resolvers';
import { loadOptional } from '../../loaders';
import type { RoleModel } from './model';

export const peopleResolvers: Resolvers = {
  Query: {
    user: (_parent, { id }, { data }) => data.people.userById.load(id),
    role: (_parent, { id }, { data }) => data.people.roleById.load(id),
  },
  Mutation: {
    createUser: (_parent, { input }, { data }) => data.people.createUser(input),
    updateUser: (_parent, { id, input, version }, { data }) => data.people.updateUser(id, input, version),
    setUserActive: (_parent, { id, active }, { data }) => data.people.setUserActive(id, active),
    changeUserPassword: (_parent, { id, password }, { data }) => data.people.changeUserPassword(id, password),
    createRole: (_parent, { input }, { data }) => data.people.createRole(input),
    updateRole: (_parent, { id, input, version }, { data }) => data.people.updateRole(id, input, version),
  },
  Organization: {
    users: (organization, _args, { data }) => data.people.usersOfOrganization.load(organization.id),
    roles: (organization, _args, { data }) => data.people.rolesOfOrganization.load(organization.id),
  },
  User: {
    region: (user, _args, { data }) => loadOptional(data.regions.byId, user.regionId),
    roles: async (user, _args, { data }) => {
      const roles = await data.people.roleById.loadMany(user.roleIds);
      return roles.filter((role): role is RoleModel => role !== null && !(role instanceof Error)).sort((a, b) => a.name.localeCompare(b.name));
    },
  },
  ReminderSubscription: {
    cycle: (subscription, _args, { data }) => loadOptional(data.cycles.byId, subscription.cycleId),
  },
};
