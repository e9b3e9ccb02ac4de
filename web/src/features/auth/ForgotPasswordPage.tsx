import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Anchor, Button, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconMailCheck } from '../../ui/icons';
import { AuthLayout } from './AuthLayout';
import { useRequestPasswordReset } from './useRequestPasswordReset';

export function ForgotPasswordPage() {
  const [usernameOrEmail, setUsernameOrEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { requestReset, requesting } = useRequestPasswordReset();
  const value = usernameOrEmail.trim();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (value === '') return;
    setError(null);
    const result = await requestReset(value);
    if (result.ok) setSent(true);
    else setError(result.message);
  }

  if (sent) {
    return (
      <AuthLayout title="Check Your Email">
        <Stack gap="md" align="flex-start">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconMailCheck size={26} />
          </ThemeIcon>
          <Text>
            If an account matches <strong>{value}</strong>, we have sent it a link to choose a new password. The link
            can be used once.
          </Text>
          <Anchor component={Link} to="/signin">
            Back to Sign In
          </Anchor>
        </Stack>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Forgot Password" description="Enter your user name or e-mail and we will send you a link to choose a new password.">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="User name or email"
            name="usernameOrEmail"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={usernameOrEmail}
            onChange={(event) => setUsernameOrEmail(event.currentTarget.value)}
            autoFocus
          />
          <Button type="submit" size="md" fullWidth disabled={value === ''} loading={requesting}>
            Continue
          </Button>
          <Anchor component={Link} to="/signin" size="sm" ta="center">
            Back to Sign In
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
