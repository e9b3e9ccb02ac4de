import { useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Code, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { API_TOKEN_NAME_MAX, API_TOKEN_SECRET_WARNING, validateApiToken, type ApiTokenError } from '@fsi/shared';
import { useIsPhone } from '../../ui/phone';
import { placeErrors, SheetActions } from '../reports/SheetActions';
import { groupOf, permissionLabel } from './permissionLabels';
import { useCreateApiToken } from './useApiTokenMutations';

type Props = {
  /** The permissions the viewer may give a token: their own (ApiTokenConnection.grantablePermissions). */
  grantable: readonly string[];
  onClose(): void;
};

const dateInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function firstOf(errors: ApiTokenError[], field: ApiTokenError['field']): string | null {
  return errors.find((error) => error.field === field)?.message ?? null;
}

/**
 * New API token (issue 14 point 8): a name, an expiry (90 days ahead by default, at most a year) and the permissions,
 * each one the viewer holds. The rules of @fsi/shared answer as the user types once a save was tried; the server
 * checks them again. On success the secret is shown once, with a copy button and the warning that it will not be
 * shown again. Every failure is said in the form, which keeps what the user typed.
 */
export function NewApiTokenModal({ grantable, onClose }: Props) {
  const isPhone = useIsPhone();
  const create = useCreateApiToken();
  const [name, setName] = useState('');
  const [expiresAt, setExpiresAt] = useState(dateInDays(90));
  const [permissions, setPermissions] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const problems = tried ? validateApiToken({ name, expiresAt, permissions }, { now: new Date(), held: grantable }) : [];
  const groups = useMemo(() => {
    const byGroup = new Map<string, string[]>();
    for (const permission of grantable) byGroup.set(groupOf(permission), [...(byGroup.get(groupOf(permission)) ?? []), permission]);
    return [...byGroup.entries()];
  }, [grantable]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setServerErrors({});
    setFailure(null);
    if (validateApiToken({ name, expiresAt, permissions }, { now: new Date(), held: grantable }).length > 0) return;
    setSaving(true);
    const result = await create({ name, expiresAt, permissions });
    setSaving(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'created') return setSecret(result.secret);
    if (result.status === 'failed') return setFailure(result.message);
    const placed = placeErrors(result.errors, ['name', 'expiresAt', 'permissions']);
    setServerErrors(placed.fieldErrors);
    setFailure(placed.general);
  };

  if (secret) {
    return (
      <Modal opened onClose={onClose} title="Your new API token" fullScreen={isPhone} centered>
        <Stack gap="md">
          <Alert color="yellow" variant="light" role="alert">
            {API_TOKEN_SECRET_WARNING}
          </Alert>
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} aria-label="API token">
            {secret}
          </Code>
          <Text size="sm" c="dimmed">
            Send it as <Code>Authorization: Bearer {'<token>'}</Code> with each request.
          </Text>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={secret}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'light' : 'filled'} color={copied ? 'green' : undefined} onClick={copy} aria-live="polite">
                  {copied ? 'Copied' : 'Copy token'}
                </Button>
              )}
            </CopyButton>
            <Button variant="default" onClick={onClose}>
              Done
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }

  const permissionsError = firstOf(problems, 'permissions') ?? serverErrors.permissions ?? null;
  return (
    <Modal opened onClose={saving ? () => undefined : onClose} title="New API token" fullScreen={isPhone} centered size="lg">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
            description="What the token is for, so that you can tell your integrations apart."
            required
            maxLength={API_TOKEN_NAME_MAX + 1}
            value={name}
            error={firstOf(problems, 'name') ?? serverErrors.name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setServerErrors(({ name: _dropped, ...rest }) => rest);
            }}
            data-autofocus
          />
          <TextInput
            type="date"
            label="Expires on"
            description="At most one year ahead."
            required
            min={dateInDays(1)}
            max={dateInDays(365)}
            value={expiresAt}
            error={firstOf(problems, 'expiresAt') ?? serverErrors.expiresAt}
            onChange={(event) => {
              setExpiresAt(event.currentTarget.value);
              setServerErrors(({ expiresAt: _dropped, ...rest }) => rest);
            }}
          />
          <Checkbox.Group
            label="Permissions"
            description="A token can do only what you allow here, and never more than you can yourself."
            required
            value={permissions}
            onChange={(value) => {
              setPermissions(value);
              setServerErrors(({ permissions: _dropped, ...rest }) => rest);
            }}
            error={permissionsError}
          >
            <Stack gap="sm" mt="xs">
              {groups.map(([group, names]) => (
                <Stack key={group} gap={6} role="group" aria-label={group}>
                  <Text size="sm" fw={600}>
                    {group}
                  </Text>
                  {names.map((permission) => (
                    <Checkbox key={permission} value={permission} label={permissionLabel(permission).slice(group.length + 2)} />
                  ))}
                </Stack>
              ))}
            </Stack>
          </Checkbox.Group>
          <SheetActions failure={failure} busy={saving} submitLabel="Create token" onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
