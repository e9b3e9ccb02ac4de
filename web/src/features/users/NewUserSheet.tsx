import { useId, useState, type FormEvent } from 'react';
import { Alert, PasswordInput, Stack, TextInput } from '@mantine/core';
import { validateNewUser } from '@fsi/shared';
import { FormSheet } from '../../ui/FormSheet';
import { placeErrors } from '../reports/SheetActions';
import { useUserMutations } from './useUserMutations';

/**
 * New User (admin-people-schedules.md sections 2 and 5): Login ID and password are required (Save is disabled until
 * both are there), first and last name. 'Username has already been taken.' is said at the Login ID, which takes the
 * focus; every failure keeps what was typed.
 */
export function NewUserSheet({ organizationId, onCreated, onClose }: { organizationId: string; onCreated(id: string): void; onClose(): void }) {
  const formId = useId();
  const [values, setValues] = useState({ username: '', password: '', firstName: '', lastName: '' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { create } = useUserMutations();
  const problems = validateNewUser(values);
  const set = (key: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [key]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (problems.length) return;
    setSaving(true);
    setFailure(null);
    setFieldErrors({});
    const result = await create({ organizationId, username: values.username, password: values.password, firstName: values.firstName || null, lastName: values.lastName || null });
    setSaving(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'saved') return onCreated(result.id);
    if (result.status === 'failed') return setFailure(result.message);
    const placed = placeErrors(result.errors, ['username', 'password', 'firstName', 'lastName']);
    setFieldErrors(placed.fieldErrors);
    setFailure(placed.general);
    if (placed.fieldErrors.username) document.getElementById('new-user-username')?.focus();
  };

  return (
    <FormSheet opened title="New User" onCancel={onClose} formId={formId} saveDisabled={problems.length > 0} saving={saving}>
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput id="new-user-username" label="Login ID" required autoComplete="off" value={values.username} onChange={set('username')} error={fieldErrors.username} data-autofocus />
          <PasswordInput label="Password" required autoComplete="new-password" value={values.password} onChange={set('password')} error={fieldErrors.password} />
          <TextInput label="First Name" value={values.firstName} onChange={set('firstName')} error={fieldErrors.firstName} />
          <TextInput label="Last Name" value={values.lastName} onChange={set('lastName')} error={fieldErrors.lastName} />
          {failure && (
            <Alert role="alert" color="red" variant="light">
              {failure}
            </Alert>
          )}
        </Stack>
      </form>
    </FormSheet>
  );
}
