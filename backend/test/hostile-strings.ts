/**
 * The hostile strings of the sweeps (issue 9 point 21): the REST sweep (backend/test/hostile-input.test.ts) and the
 * GraphQL sweep (gateway/test/hostile-sweep.test.ts) send each of these into every text input.
 */
export const hostileStrings: Record<string, string> = {
  'SQL injection': "'; DROP TABLE users; -- ' OR '1'='1",
  template: '${{7*7}} {{7*7}} #{7*7} <%= 7*7 %>',
  'path traversal': '../../etc/passwd ..\\..\\windows\\win.ini %2e%2e%2f',
  markup: '<script>alert(1)</script><img src=x onerror=alert(1)>',
  'control characters': 'a\u0001\u0007\b\t\n\r\u001b[31mred\u007f',
  'bidirectional override': 'abc\u202Edcba\u202C \u2066x\u2069 \u200F',
  'emoji and ZWJ sequences': '👩‍👩‍👧‍👦 🏳️‍🌈 👍🏽 𝕳𝖊𝖑𝖑𝖔',
  'zero width and BOM': '\uFEFF\u200B\u200D',
  'combining marks': 'e\u0301 Z\u0351\u0352\u0353',
  'very long': 'x'.repeat(100_000),
  NUL: 'a\u0000b',
  'half a surrogate pair': 'a\ud800b',
};

/** The strings no input may take (they cannot be stored): refused wherever they come. */
export const unstorable = ['NUL', 'half a surrogate pair'];

/** Plain text, if hostile in intent, that every free-text input must take (so that its read-back is proven to run). */
export const mustKeep = ['SQL injection', 'template', 'path traversal'];
