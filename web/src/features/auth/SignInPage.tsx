import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useSession } from '../../lib/session/SessionProvider';
import { safeRedirectPath } from '../../lib/session/session';
import { IconAlertTriangle } from '../../ui/icons';
import { AuthLayout } from './AuthLayout';
import { useSignIn } from './useSignIn';

export function SignInPage() {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { endSession } = useSession();
  const { signIn, signingIn } = useSignIn();

  // Spec section 2: reaching sign-in ends whatever session this device had.
  useEffect(() => {
    void endSession();
  }, [endSession]);

  const canSubmit = username.length > 0 && password.length > 0;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!canSubmit) return;
    setError(null);
    const result = await signIn(username, password);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    navigate(safeRedirectPath(searchParams.get('redirectUrl')), { replace: true });
  }

  // web/index.html paints this frame, title and description before the JavaScript has arrived: keep them alike.
  return (
    <AuthLayout title="Sign In" description="Sign in to see your buildings and run walkabouts.">
      <form onSubmit={(event) => void handleSubmit(event)} noValidate>
        <Stack gap="md">
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            value={username}
            onChange={(event) => setUsername(event.currentTarget.value)}
            data-autofocus
            autoFocus
          />
          <PasswordInput
            label="Password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            visibilityToggleButtonProps={{ 'aria-label': 'Show or hide the password' }}
          />
          <Button type="submit" size="md" fullWidth disabled={!canSubmit} loading={signingIn}>
            Sign In
          </Button>
          <Anchor component={Link} to="/forgot-password" size="sm" ta="center">
            Forgot your password?
          </Anchor>
        </Stack>
      </form>
    </AuthLayout>
  );
}
