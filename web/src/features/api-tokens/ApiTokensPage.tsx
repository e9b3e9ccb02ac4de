import { useState } from 'react';
import { Alert, Badge, Button, Card, Center, Container, EmptyState, Group, Modal, Stack, Text } from '@mantine/core';
import { API_TOKEN_CREATE_FORBIDDEN_MESSAGE, API_TOKEN_REVOKE_CONFIRMATION } from '@fsi/shared';
import { useApiTokensPageQuery, type ApiTokensPage_TokenFragment } from './ApiTokensPage.generated';
import { TopBar } from '../../ui/TopBar';
import { IconLock, IconPlus } from '../../ui/icons';
import { displayDateTime } from '../reports/reportDates';
import { ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { NewApiTokenModal } from './NewApiTokenModal';
import { permissionLabel } from './permissionLabels';
import { useRevokeApiToken } from './useApiTokenMutations';

export const API_TOKENS_PAGE_SIZE = 25;

function stateOf(token: ApiTokensPage_TokenFragment, now: number): { label: string; color: string } {
  if (token.revokedAt) return { label: 'Revoked', color: 'gray' };
  if (new Date(token.expiresAt).getTime() <= now) return { label: 'Expired', color: 'orange' };
  return { label: 'Active', color: 'green' };
}

/**
 * /account/api-tokens (issue 14 point 8): the viewer's API tokens for integrations, newest first, with when each was
 * created, expires and was last used, and whether it is revoked. Users whose role updates users create tokens
 * (the secret shown once) and revoke them after a confirmation; everyone else reads their list, told why they may
 * not create one.
 */
export function ApiTokensPage() {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiTokensPage_TokenFragment | null>(null);
  const { data, loading, error, refetch } = useApiTokensPageQuery({ variables: { page, pageSize: API_TOKENS_PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const tokens = data?.viewer.apiTokens;
  const pages = tokens ? Math.max(1, Math.ceil(tokens.pageInfo.totalCount / API_TOKENS_PAGE_SIZE)) : 1;
  const now = Date.now();

  return (
    <>
      <TopBar title="API Tokens" />
      <Container size={880} w="100%" p="md">
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            An API token lets an integration call this product on your behalf, with only the permissions you give it.
          </Text>
          {tokens && (
            <Group justify="space-between" align="flex-start">
              {tokens.mayCreate ? (
                <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
                  New API token
                </Button>
              ) : (
                <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
                  {API_TOKEN_CREATE_FORBIDDEN_MESSAGE}
                </Alert>
              )}
            </Group>
          )}
          {error && !tokens && <ReportsLoadError title="Your API tokens could not be loaded" onRetry={() => void refetch()} />}
          {loading && !tokens && <ReportsLoading label="Loading your API tokens" />}
          {tokens && tokens.nodes.length === 0 && (
            <Center py="xl">
              <EmptyState title="No results found" description="You have no API tokens yet." />
            </Center>
          )}
          {tokens && tokens.nodes.length > 0 && (
            <>
              <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="API tokens">
                {tokens.nodes.map((token) => {
                  const state = stateOf(token, now);
                  return (
                    <li key={token.id}>
                      <Card withBorder radius="md" padding="md">
                        <Stack gap={6}>
                          <Group justify="space-between" wrap="nowrap" align="flex-start">
                            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                              {token.name}
                            </Text>
                            <Badge color={state.color} variant="light" style={{ flexShrink: 0 }}>
                              {state.label}
                            </Badge>
                          </Group>
                          <Text size="sm" c="dimmed">
                            Created {displayDateTime(token.createdAt)} · {state.label === 'Expired' ? 'expired' : 'expires'} {displayDateTime(token.expiresAt)}
                            {token.revokedAt && ` · revoked ${displayDateTime(token.revokedAt)}`}
                          </Text>
                          <Text size="sm" c="dimmed">
                            {token.lastUsedAt ? `Last used ${displayDateTime(token.lastUsedAt)}` : 'Never used'}
                          </Text>
                          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                            {token.permissions.map(permissionLabel).join(', ')}
                          </Text>
                          {!token.revokedAt && (
                            <Group justify="flex-end">
                              <Button variant="light" color="red" size="xs" onClick={() => setRevoking(token)} aria-label={`Revoke ${token.name}`}>
                                Revoke
                              </Button>
                            </Group>
                          )}
                        </Stack>
                      </Card>
                    </li>
                  );
                })}
              </Stack>
              {pages > 1 && (
                <Group justify="space-between">
                  <Button variant="default" disabled={page <= 1 || loading} onClick={() => setPage((current) => current - 1)}>
                    Newer
                  </Button>
                  <Text size="sm" aria-live="polite">
                    Page {page} of {pages}
                  </Text>
                  <Button variant="default" disabled={!tokens.pageInfo.hasNextPage || loading} onClick={() => setPage((current) => current + 1)}>
                    Older
                  </Button>
                </Group>
              )}
            </>
          )}
        </Stack>
      </Container>
      {creating && tokens && <NewApiTokenModal grantable={tokens.grantablePermissions} onClose={() => setCreating(false)} />}
      {revoking && <RevokeModal token={revoking} onClose={() => setRevoking(null)} />}
    </>
  );
}

function RevokeModal({ token, onClose }: { token: ApiTokensPage_TokenFragment; onClose(): void }) {
  const revoke = useRevokeApiToken();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    const result = await revoke(token.id);
    setBusy(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'failed') return setFailure(result.message);
    onClose();
  };
  return (
    <Modal opened onClose={busy ? () => undefined : onClose} title={`Revoke ${token.name}`} centered>
      <Stack gap="md">
        <Text>{API_TOKEN_REVOKE_CONFIRMATION}</Text>
        {failure && (
          <Alert role="alert" color="red" variant="light">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color="red" loading={busy} onClick={() => void confirm()}>
            Revoke
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
