import { and, eq, gt, isNull, lt, or, sql, count } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordResetTokens, sessions, signInAttempts, users } from '../../db/schema';
import { hashToken, newToken } from '../../auth/tokens';
import { SESSION_TTL_MS } from '../../plugins/auth';

/**
 * Sign-in rate limit: at most MAX_FAILURES_PER_ACCOUNT failed sign-ins per username and
 * MAX_FAILURES_PER_ADDRESS per client address within RATE_WINDOW_MS. The per-address limit is
 * higher because an office or a proxy puts many honest users behind one address.
 */
export const RATE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_ACCOUNT = 10;
export const MAX_FAILURES_PER_ADDRESS = 50;
export const RESET_TOKEN_TTL_MS = 2 * 60 * 60 * 1000;

export const normalizeUsername = (username: string) => username.trim().toLowerCase();

export async function isRateLimited(db: Database, username: string, address: string): Promise<boolean> {
  const since = new Date(Date.now() - RATE_WINDOW_MS);
  const failures = (condition: ReturnType<typeof eq>) =>
    db
      .select({ value: count() })
      .from(signInAttempts)
      .where(and(condition, eq(signInAttempts.succeeded, false), gt(signInAttempts.createdAt, since)));
  const [[byAccount], [byAddress]] = await Promise.all([
    failures(eq(signInAttempts.username, username)),
    failures(eq(signInAttempts.address, address)),
  ]);
  return (byAccount?.value ?? 0) >= MAX_FAILURES_PER_ACCOUNT || (byAddress?.value ?? 0) >= MAX_FAILURES_PER_ADDRESS;
}

export async function recordAttempt(db: Database, username: string, address: string, succeeded: boolean) {
  if (succeeded) {
    // A successful sign-in proves the owner is back: their earlier failures no longer count against the account.
    await db.delete(signInAttempts).where(and(eq(signInAttempts.username, username), eq(signInAttempts.succeeded, false)));
    return;
  }
  await db.insert(signInAttempts).values({ username, address, succeeded });
  // Keep the table small: nothing older than a day matters to any limit.
  await db.delete(signInAttempts).where(lt(signInAttempts.createdAt, new Date(Date.now() - 24 * 60 * 60 * 1000)));
}

export async function findUserByUsername(db: Database, username: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.username})`, username))
    .limit(1);
  return user;
}

export async function createSession(db: Database, userId: number) {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const [row] = await db
    .insert(sessions)
    .values({ userId, tokenHash: hashToken(token), expiresAt })
    .returning({ id: sessions.id });
  return { id: row!.id, token, expiresAt };
}

export async function deleteSession(db: Database, sessionId: number) {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Users matching a forgot-password search term by username or e-mail, case-insensitively. */
export async function findUsersForReset(db: Database, term: string) {
  const t = term.trim().toLowerCase();
  if (!t) return [];
  return db
    .select()
    .from(users)
    .where(
      or(eq(sql`lower(${users.username})`, t), eq(sql`lower(${users.email})`, t), eq(sql`lower(${users.securityemail})`, t)),
    );
}

export async function createResetToken(db: Database, userId: number) {
  const token = newToken();
  await db
    .insert(passwordResetTokens)
    .values({ userId, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
  return token;
}

/**
 * Uses a reset token once: marks it used and sets the new password hash in one transaction;
 * the user's sessions end, since whoever held them may be why the password is changing.
 * Returns false when the token is unknown, used or expired.
 */
export async function consumeResetToken(db: Database, token: string, passwordHash: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, hashToken(token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, new Date()),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!row) return false;
    await tx.update(users).set({ passwordHash }).where(eq(users.id, row.userId));
    await tx.delete(sessions).where(eq(sessions.userId, row.userId));
    return true;
  });
}
