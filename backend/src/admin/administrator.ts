/**
 * The first administrator of a new, empty database: made by `npm run create-admin` (create-admin.ts) or, once, at
 * start from ADMIN_USERNAME / ADMIN_PASSWORD when the database has no administrator. Administrators are users with
 * isAdmin and no organization, as the demo's `admin`; the password is checked with the change-password rules of
 * @fsi/shared and stored with argon2id like every other.
 */
import { validateNewPassword } from '@fsi/shared';
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../auth/password-hash';
import type { Database } from '../db/client';
import { users } from '../db/schema';

export type AdministratorInput = {
  username: string;
  password: string;
  /** The password typed a second time (a terminal asks for it); the password itself when it comes from the environment. */
  confirmation?: string;
  email?: string;
};

/** A refusal the person running the command can act on: printed in one line, never as a stack trace. */
export class AdministratorRefusedError extends Error {
  override name = 'AdministratorRefusedError';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with the input, in words, or null: the checks that need no database. */
export function administratorInputProblem(input: AdministratorInput): string | null {
  const username = input.username.trim();
  if (!username) return 'A username is required.';
  if (/\s/.test(username)) return 'A username has no spaces.';
  const email = input.email?.trim();
  if (email && !EMAIL.test(email)) return `"${email}" is not an e-mail address.`;
  const problem = validateNewPassword(input.password, input.confirmation ?? input.password);
  return problem ? `${problem.message}.` : null;
}

/**
 * ADMIN_USERNAME, ADMIN_PASSWORD and ADMIN_EMAIL, or undefined when neither of the first two is set. One of them
 * without the other is a mistake that would otherwise go unnoticed until nobody can sign in.
 */
export function administratorFromEnv(env: NodeJS.ProcessEnv = process.env): AdministratorInput | undefined {
  const username = env.ADMIN_USERNAME?.trim() || undefined;
  const password = env.ADMIN_PASSWORD || undefined;
  if (!username && !password) return undefined;
  if (!username || !password) throw new AdministratorRefusedError('Set both ADMIN_USERNAME and ADMIN_PASSWORD (and ADMIN_EMAIL), or neither.');
  return { username, password, email: env.ADMIN_EMAIL?.trim() || undefined };
}

export async function hasAdministrator(db: Database): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1);
  return rows.length > 0;
}

/** Adds the administrator, or throws AdministratorRefusedError (a weak password, a username already taken). */
export async function createAdministrator(db: Database, input: AdministratorInput): Promise<{ id: number; username: string }> {
  const problem = administratorInputProblem(input);
  if (problem) throw new AdministratorRefusedError(problem);
  const username = input.username.trim();
  const email = input.email?.trim() || null;
  // Sign-in matches usernames whatever their letter case, and so does the unique index.
  const taken = await db
    .select({ username: users.username })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  if (taken.length) throw new AdministratorRefusedError(`The username "${taken[0]!.username}" exists already: choose another one.`);
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(users)
      .values({ username, email, securityemail: email, passwordHash, isAdmin: true, organizationId: null })
      .returning({ id: users.id, username: users.username });
    return row!;
  } catch (error) {
    // Made by someone else between the check and the insert.
    const { code, cause } = error as { code?: string; cause?: { code?: string } };
    if (code === '23505' || cause?.code === '23505') throw new AdministratorRefusedError(`The username "${username}" exists already: choose another one.`);
    throw error;
  }
}

/**
 * At start: makes the administrator of ADMIN_USERNAME/ADMIN_PASSWORD when the database has none yet. Once there
 * is an administrator the variables are ignored, so leaving them set changes no password on a later start.
 */
export async function ensureAdministrator(db: Database, input: AdministratorInput | undefined): Promise<'created' | 'present' | 'not asked'> {
  if (!input) return 'not asked';
  if (await hasAdministrator(db)) return 'present';
  await createAdministrator(db, input);
  return 'created';
}
