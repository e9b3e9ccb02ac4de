import { gql } from '@apollo/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCache } from './client';

const ROLES = gql`
  query OrganizationRoles($id: ID!) {
    organization(id: $id) {
      id
      roles {
        id
        name
      }
    }
  }
`;

const answer = (roles: { id: string; name: string }[]) => ({
  organization: { __typename: 'Organization', id: '3', roles: roles.map((role) => ({ __typename: 'Role', ...role })) },
});

afterEach(() => vi.restoreAllMocks());

describe('the cache', () => {
  it("replaces an organization's list with a shorter answer, without Apollo's data-loss warning", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cache = createCache();
    cache.writeQuery({ query: ROLES, variables: { id: '3' }, data: answer([{ id: '5', name: 'Auditor' }, { id: '3', name: 'Manager' }, { id: '4', name: 'Reader' }]) });
    // Auditor deleted: the next answer lists two roles.
    cache.writeQuery({ query: ROLES, variables: { id: '3' }, data: answer([{ id: '3', name: 'Manager' }, { id: '4', name: 'Reader' }]) });
    expect(cache.readQuery({ query: ROLES, variables: { id: '3' } })).toEqual(answer([{ id: '3', name: 'Manager' }, { id: '4', name: 'Reader' }]));
    expect([...warn.mock.calls, ...error.mock.calls]).toEqual([]);
  });
});
