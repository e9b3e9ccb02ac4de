import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, HttpResponse, type RequestHandler } from 'msw';
import {
  API_TOKEN_CREATE_FORBIDDEN_MESSAGE,
  API_TOKEN_NAME_REQUIRED_MESSAGE,
  API_TOKEN_PERMISSIONS_REQUIRED_MESSAGE,
  API_TOKEN_REVOKE_CONFIRMATION,
  API_TOKEN_SECRET_WARNING,
} from '@fsi/shared';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';

const aToken = (fields: Partial<{ id: string; name: string; permissions: string[]; expiresAt: string; lastUsedAt: string | null; revokedAt: string | null }>) => ({
  __typename: 'ApiToken' as const,
  id: '1',
  name: 'Reporting',
  permissions: ['buildingPermissions.view'],
  createdAt: '2026-11-01T12:00:00.000Z',
  expiresAt: '2027-02-01T23:59:59.999Z',
  lastUsedAt: null,
  revokedAt: null,
  ...fields,
});

function renderPage({ tokens = [aToken({})], mayCreate = true, handlers = [] as RequestHandler[] } = {}) {
  const viewer = aViewer({ granted: ['canUpdateUsers'] });
  const state = { tokens: [...tokens], created: [] as unknown[] };
  renderApp({
    route: '/account/api-tokens',
    viewer,
    handlers: [
      ...handlers,
      graphql.query('ApiTokensPage', () =>
        HttpResponse.json({
          data: {
            viewer: {
              __typename: 'Viewer',
              id: viewer.id,
              apiTokens: {
                __typename: 'ApiTokenConnection',
                nodes: state.tokens,
                pageInfo: { __typename: 'PageInfo', page: 1, pageSize: 25, totalCount: state.tokens.length, hasNextPage: false },
                mayCreate,
                grantablePermissions: mayCreate ? ['buildingPermissions.view', 'userPermissions.update'] : [],
              },
            },
          },
        }),
      ),
    ],
  });
  return state;
}

describe('API tokens', () => {
  it('lists the tokens with their state, expiry and permissions, never a secret', async () => {
    renderPage({ tokens: [aToken({}), aToken({ id: '2', name: 'Old sync', revokedAt: '2026-11-10T10:00:00.000Z' })] });
    const list = await screen.findByRole('list', { name: 'API tokens' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Active')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Buildings: view')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Never used')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Revoked')).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button', { name: /Revoke/ })).toBeNull();
  });

  it("says 'No results found' without tokens, and why a user may not create one", async () => {
    renderPage({ tokens: [], mayCreate: false });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.getByText(API_TOKEN_CREATE_FORBIDDEN_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New API token' })).toBeNull();
  });

  it('checks the form as the user types, keeps it on a refusal, and shows the secret once with a copy button', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    let refuse = true;
    renderPage({
      handlers: [
        graphql.mutation('CreateApiToken', ({ variables }) => {
          sent.push(variables.input);
          if (refuse) {
            refuse = false;
            return HttpResponse.json({
              data: { createApiToken: { __typename: 'CreateApiTokenPayload', secret: null, apiToken: null, errors: [{ __typename: 'FieldError', field: 'name', message: 'Name taken by the server.', code: 'VALIDATION_FAILED' }] } },
            });
          }
          return HttpResponse.json({ data: { createApiToken: { __typename: 'CreateApiTokenPayload', secret: 'S3cr3t-token-value', apiToken: aToken({ id: '9', name: 'Sync' }), errors: [] } } });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'New API token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(within(dialog).getByText(API_TOKEN_NAME_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByText(API_TOKEN_PERMISSIONS_REQUIRED_MESSAGE)).toBeInTheDocument();
    expect(sent).toEqual([]);
    // Only the viewer's own permissions are offered.
    expect(within(dialog).getAllByRole('checkbox')).toHaveLength(2);
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Sync');
    await user.click(within(dialog).getByRole('checkbox', { name: 'view' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    expect(await within(dialog).findByText('Name taken by the server.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveValue('Sync');
    await user.click(within(dialog).getByRole('button', { name: 'Create token' }));
    const shown = await screen.findByRole('dialog', { name: 'Your new API token' });
    expect(within(shown).getByText(API_TOKEN_SECRET_WARNING)).toBeInTheDocument();
    expect(within(shown).getByText('S3cr3t-token-value')).toBeInTheDocument();
    expect(within(shown).getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    expect(sent[1]).toMatchObject({ name: 'Sync', permissions: ['buildingPermissions.view'] });
    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByText('S3cr3t-token-value')).toBeNull());
  });

  it('revokes a token after a confirmation, and the answer marks it revoked', async () => {
    const user = userEvent.setup();
    renderPage({
      handlers: [
        graphql.mutation('RevokeApiToken', () =>
          HttpResponse.json({ data: { revokeApiToken: { __typename: 'RevokeApiTokenPayload', apiToken: aToken({ revokedAt: '2026-11-26T03:00:00.000Z' }), errors: [] } } }),
        ),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Revoke Reporting' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke Reporting' });
    expect(within(dialog).getByText(API_TOKEN_REVOKE_CONFIRMATION)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Revoke Reporting' })).toBeNull();
  });
});
