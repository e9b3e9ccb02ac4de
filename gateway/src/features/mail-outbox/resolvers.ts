import type { Resolvers } from '../../generated/resolvers';

export const mailOutboxResolvers: Resolvers = {
  Query: {
    mailOutbox: (_parent, args, { data }) => data.mailOutbox.page(args),
  },
};
