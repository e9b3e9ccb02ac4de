import { createHash, randomBytes } from 'node:crypto';

/** An opaque bearer or reset token: 32 random bytes, base64url. Only its hash is stored. */
/**
 * What begins every API token's secret (issue 14 point 8), never a session's: a request names which table holds its
 * token, so that authenticating it costs one query (issue 8 point 4), and a secret pasted where it should not be is
 * recognisable (secret scanners look for such prefixes).
 */
export const API_TOKEN_PREFIX = 'fsi_';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
