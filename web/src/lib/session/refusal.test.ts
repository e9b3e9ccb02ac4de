import { describe, expect, it } from 'vitest';
import { sessionRefused } from '../events';
import { endRefusedSession, refusesSession } from './refusal';
import { readAccessToken, storeAccessToken } from './session';

describe('A refused session (DESIGN.md section 4)', () => {
  it.each([401, 403])('ends on an HTTP %i', (status) => {
    expect(refusesSession(status)).toBe(true);
  });

  it.each(['UNAUTHENTICATED', 'FORBIDDEN'])('ends on a GraphQL error coded %s', (code) => {
    expect(refusesSession(200, [{ extensions: { code: 'BAD_USER_INPUT' } }, { extensions: { code } }])).toBe(true);
  });

  it('does not end on anything else: a fault, a refusal of the input, no answer', () => {
    expect(refusesSession(500)).toBe(false);
    expect(refusesSession(422)).toBe(false);
    expect(refusesSession(undefined)).toBe(false);
    expect(refusesSession(200, [{ extensions: { code: 'INTERNAL_SERVER_ERROR' } }, {}])).toBe(false);
  });

  it('forgets the token and tells the app when it ends', () => {
    storeAccessToken('secret');
    let told = 0;
    const stop = sessionRefused.subscribe(() => {
      told += 1;
    });
    endRefusedSession();
    stop();
    expect(readAccessToken()).toBeNull();
    expect(told).toBe(1);
  });
});
