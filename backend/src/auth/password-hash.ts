import { hash, verify } from '@node-rs/argon2';

// argon2id (the library's default algorithm) with its default costs: ~20 ms per hash on this class of machine.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A hash of no one's password, verified when the username is unknown so that a wrong
 * username takes as long as a wrong password (no account discovery by timing).
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hash('no-such-user-decoy-password');
  return decoy;
}
