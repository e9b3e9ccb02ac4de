import { PASSWORD_MESSAGES, validateNewPassword } from '@fsi/shared';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema, signIn, type TestBackend } from '../src/testing';
import { client, databases, startTestBackend, type Client } from './helpers';

const forgot = (searchterm: string) => ({ data: { type: 'users', attributes: { searchterm } } });
const change = (token: string | undefined, password: string, confirmation: string) => ({
  data: { type: 'users', attributes: { token, password, confirmation } },
});

describe('the shared change-password rule', () => {
  it('asks for both fields, then for equal values, then for 4 characters', () => {
    expect(validateNewPassword('', '')?.message).toBe('Password and Confirm Password are required fields');
    expect(validateNewPassword('abcd', '')?.message).toBe('Password and Confirm Password are required fields');
    expect(validateNewPassword('abcd', 'abce')?.message).toBe('The password and Confirm Password are not the same');
    expect(validateNewPassword('abc', 'abc')?.message).toBe('Password must be at least 4 characters');
    expect(validateNewPassword('abcd', 'abcd')).toBeNull();
  });
});

describe.each(databases)('forgot and change password on %s', (database) => {
  let backend: TestBackend;
  let anonymous: Client;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    anonymous = client(backend.app);
  });
  afterAll(() => backend?.close());

  async function latestMailTo(address: string) {
    const [mail] = await backend.db
      .select()
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.to, address))
      .orderBy(desc(schema.mailOutbox.id))
      .limit(1);
    return mail;
  }

  async function resetLinkToken(searchterm: string, address: string): Promise<string> {
    expect((await anonymous.post('/send-forgot-password-email', forgot(searchterm))).status).toBe(200);
    const mail = await latestMailTo(address);
    const match = /http:\/\/localhost:4000\/change-password\?hash=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    expect(match, mail?.text).not.toBeNull();
    return match![1]!;
  }

  it('answers the same whether or not an account matches', async () => {
    const known = await anonymous.post('/send-forgot-password-email', forgot('viewer'));
    const unknown = await anonymous.post('/send-forgot-password-email', forgot('no-such-person@example.com'));
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
  });

  it('keeps the mail with a single-use change-password link in the outbox when no SMTP server is set', async () => {
    const token = await resetLinkToken('viewer@northwindpm.example', 'viewer@northwindpm.example');
    const mail = await latestMailTo('viewer@northwindpm.example');
    expect(mail).toMatchObject({ subject: 'Change your password', sentAt: null });
    expect(token).toHaveLength(43);
  });

  it('changes the password with the link, once, and ends the old sessions', async () => {
    const { token: oldSession } = await signIn(backend.url, 'viewer', 'demo1234');
    const token = await resetLinkToken('VIEWER', 'viewer@northwindpm.example');
    const changed = await anonymous.post('/users/change-password', change(token, 'new-pass-1', 'new-pass-1'));
    expect(changed.status).toBe(200);
    expect((await client(backend.app, oldSession).get('/users/me')).status).toBe(401);
    const signInAgain = await anonymous.post('/sessions', { data: { type: 'sessions', attributes: { username: 'viewer', password: 'new-pass-1' } } });
    expect(signInAgain.status).toBe(201);

    const again = await anonymous.post('/users/change-password', change(token, 'other-pass', 'other-pass'));
    expect(again.status).toBe(422);
    expect(again.body.errors![0]!.detail).toBe('The password reset link is invalid or has expired.');
  });

  it('refuses an expired link', async () => {
    const token = await resetLinkToken('manager', 'manager@northwindpm.example');
    await backend.db.update(schema.passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const { status, body } = await anonymous.post('/users/change-password', change(token, 'abcd1234', 'abcd1234'));
    expect(status).toBe(422);
    expect(body.errors![0]!.detail).toBe('The password reset link is invalid or has expired.');
  });

  it('answers each rule of spec section 5 with its message, word for word', async () => {
    const token = await resetLinkToken('inspector', 'inspector@northwindpm.example');
    const cases: [string, string, string][] = [
      ['', '', PASSWORD_MESSAGES.required],
      ['abcd', '', 'Password and Confirm Password are required fields'],
      ['abcd', 'abce', 'The password and Confirm Password are not the same'],
      ['abc', 'abc', 'Password must be at least 4 characters'],
    ];
    for (const [password, confirmation, message] of cases) {
      const { status, body } = await anonymous.post('/users/change-password', change(token, password, confirmation));
      expect(status).toBe(422);
      expect(body.errors![0]!.detail).toBe(message);
      expect(body.errors![0]!.source!.pointer).toMatch(/^\/data\/attributes\/(password|confirmation)$/);
    }
    // The rules were checked before the link was used: it still works.
    expect((await anonymous.post('/users/change-password', change(token, 'abcd', 'abcd'))).status).toBe(200);
  });

  it('refuses a change without a token', async () => {
    const { status, body } = await anonymous.post('/users/change-password', change(undefined, 'abcd', 'abcd'));
    expect(status).toBe(422);
    expect(body.errors![0]!.source).toEqual({ pointer: '/data/attributes/token' });
  });
});
