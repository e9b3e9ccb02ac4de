import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';

describe('Forgot password', () => {
  it('keeps Continue disabled while the field is empty, then says to check the e-mail', async () => {
    let searched: unknown;
    const { user } = renderApp({
      route: '/forgot-password',
      signedIn: false,
      handlers: [
        graphql.mutation('RequestPasswordReset', ({ variables }) => {
          searched = variables.usernameOrEmail;
          return HttpResponse.json({
            data: { requestPasswordReset: { __typename: 'RequestPasswordResetPayload', ok: true, errors: [] } },
          });
        }),
      ],
    });
    const button = screen.getByRole('button', { name: 'Continue' });
    expect(button).toBeDisabled();

    await user.type(screen.getByLabelText('User name or email'), 'ida@example.test');
    expect(button).toBeEnabled();
    await user.click(button);

    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument();
    expect(searched).toBe('ida@example.test');
    expect(screen.getByRole('link', { name: 'Back to Sign In' })).toHaveAttribute('href', '/signin');
  });
});

function changePasswordAnswering(errors: { field: string | null; message: string }[], sent: unknown[] = []) {
  return graphql.mutation('ChangePassword', ({ variables }) => {
    sent.push(variables);
    return HttpResponse.json({
      data: {
        changePassword: {
          __typename: 'ChangePasswordPayload',
          ok: errors.length === 0,
          errors: errors.map((error) => ({ __typename: 'FieldError', code: 'VALIDATION_FAILED', ...error })),
        },
      },
    });
  });
}

describe('Change password', () => {
  it('keeps the button disabled only while both fields are empty', async () => {
    const { user } = renderApp({ route: '/change-password?hash=abc', signedIn: false });
    const button = screen.getByRole('button', { name: 'Change Password' });
    expect(button).toBeDisabled();
    await user.type(screen.getByLabelText('Confirm Password'), 'x');
    expect(button).toBeEnabled();
  });

  it('says both fields are required when one is empty', async () => {
    const { user } = renderApp({ route: '/change-password?hash=abc', signedIn: false });
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password and Confirm Password are required fields')).toBeInTheDocument();
  });

  it('says the passwords are not the same when they differ', async () => {
    const { user } = renderApp({ route: '/change-password?hash=abc', signedIn: false });
    await user.type(screen.getByLabelText('Password'), 'secret');
    await user.type(screen.getByLabelText('Confirm Password'), 'secrets');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('The password and Confirm Password are not the same')).toBeInTheDocument();
  });

  it('says the password must have at least 4 characters', async () => {
    const { user } = renderApp({ route: '/change-password?hash=abc', signedIn: false });
    await user.type(screen.getByLabelText('Password'), 'abc');
    await user.type(screen.getByLabelText('Confirm Password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password must be at least 4 characters')).toBeInTheDocument();
  });

  it('sends the hash with the new password, then says it changed and links to sign in', async () => {
    const sent: unknown[] = [];
    const { user } = renderApp({
      route: '/change-password?hash=reset-hash-1',
      signedIn: false,
      handlers: [changePasswordAnswering([], sent)],
    });
    await user.type(screen.getByLabelText('Password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByRole('heading', { name: 'Password Changed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/signin');
    expect(sent).toEqual([{ token: 'reset-hash-1', password: 'new-secret', confirmation: 'new-secret' }]);
  });

  it("shows the server's errors, whether about a field or the whole request", async () => {
    const { user } = renderApp({
      route: '/change-password?hash=used-hash',
      signedIn: false,
      handlers: [
        changePasswordAnswering([
          { field: null, message: 'The password reset link is invalid or has expired.' },
          { field: 'password', message: 'String contains invalid characters' },
        ]),
      ],
    });
    await user.type(screen.getByLabelText('Password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('The password reset link is invalid or has expired.');
    expect(screen.getByText('String contains invalid characters')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Password Changed' })).not.toBeInTheDocument();
  });

  it('explains that a link without a reset code cannot be used', () => {
    renderApp({ route: '/change-password', signedIn: false });
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });
});
