import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, ThemeIcon } from '@mantine/core';
import { validateNewPassword } from '@fsi/shared';
import { IconAlertTriangle, IconCircleCheck } from '../../ui/icons';
import { AuthLayout } from './AuthLayout';
import { useChangePassword } from './useChangePassword';

type FormErrors = { password?: string; confirmation?: string; form?: string };

export function ChangePasswordPage() {
  const [searchParams] = useSearchParams();
  const hash = searchParams.get('hash') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const [changed, setChanged] = useState(false);
  const { changePassword, changing } = useChangePassword();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Spec section 5: the button is disabled only when both are empty; the rules speak on submit.
    const problem = validateNewPassword(password, confirmation);
    if (problem) {
      setErrors({ [problem.field]: problem.message });
      return;
    }
    setErrors({});
    const result = await changePassword(hash, password, confirmation);
    if (result.ok) {
      setChanged(true);
      return;
    }
    const next: FormErrors = {};
    for (const { field, message } of result.errors) {
      const key = field === 'password' || field === 'confirmation' ? field : 'form';
      next[key] = next[key] ? `${next[key]} ${message}` : message;
    }
    setErrors(next);
  }

  if (changed) {
    return (
      <AuthLayout title="Password Changed">
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={48} radius="xl" variant="light" color="green">
            <IconCircleCheck size={26} />
          </ThemeIcon>
          <Text>Your new password is set. Sign in with it from now on.</Text>
          <Button component={Link} to="/signin">
            Sign In
          </Button>
        </Stack>
      </AuthLayout>
    );
  }

  if (hash === '') {
    return (
      <AuthLayout title="Change Password">
        <Stack gap="md" align="flex-start">
          <Text>
            This page is opened from the link in a password reset e-mail, and this address has no reset code in it.
          </Text>
          <Anchor component={Link} to="/forgot-password">
            Request a new link
          </Anchor>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Change Password" description="Choose a new password for your account.">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          {errors.form && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
              {errors.form}
            </Alert>
          )}
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={errors.password}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
            autoFocus
          />
          <PasswordInput
            label="Confirm Password"
            name="confirmation"
            autoComplete="new-password"
            value={confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
            error={errors.confirmation}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the confirmation' }}
          />
          <Button type="submit" size="md" fullWidth disabled={password === '' && confirmation === ''} loading={changing}>
            Change Password
          </Button>
          <Anchor component={Link} to="/signin" size="sm" ta="center">
            Back to Sign In
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
