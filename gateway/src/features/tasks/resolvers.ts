/**
 * Tasks at organization level (issue 13): the organization's tasks and the Add Task modal's equipment types, and the
 * mutations, each one REST call. A payload answers the task's organization too, so that a client can read its task
 * lists again in the same request (an added task joins them without a refetch).
 */
import type { Resolvers } from '../../generated/resolvers';
import { loadOptional } from '../../loaders';

export const taskResolvers: Resolvers = {
  Organization: {
    tasks: (organization, args, { data }) => data.tasks.ofOrganization({ organizationId: organization.id, ...args }),
    taskEquipmentChoices: (organization, _args, { data }) => data.tasks.equipmentChoices(organization.id),
  },
  TaskPayload: {
    organization: (payload, _args, { data }) => loadOptional(data.organizations.byId, payload.task?.organizationId ?? null),
  },
  Mutation: {
    createTask: (_parent, { input }, { data }) => data.tasks.create(input),
    updateTask: (_parent, { id, input }, { data }) => data.tasks.update(id, input),
    setTaskStatus: (_parent, { id, status, version }, { data }) => data.tasks.setStatus(id, status, version),
    reorderTasks: (_parent, { tasks }, { data }) => data.tasks.reorder(tasks),
  },
};
