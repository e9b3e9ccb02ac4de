/**
 * The GraphQL-over-HTTP audit suite of graphql-http against the running
 * gateway (over the real backend): one test per audit, failing on any audit
 * with status "error" (a requirement of the spec); warnings and notices are
 * recommendations, counted in the summary line.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverAudits, type AuditResult } from 'graphql-http';
import { startStack, type Stack } from './stack';

let stack: Stack;
let url = '';
const results: AuditResult[] = [];

beforeAll(async () => {
  stack = await startStack();
  url = `${stack.url}/graphql`;
});

afterAll(async () => {
  const count = (status: AuditResult['status']) => results.filter((result) => result.status === status).length;
  console.log(
    `graphql-http audits: ${count('ok')} ok, ${count('warn')} warn, ${count('notice')} notice, ${count('error')} error of ${results.length}`,
  );
  for (const result of results) {
    if (result.status !== 'ok') console.log(`  ${result.status}: ${result.name}: ${result.reason}`);
  }
  await stack?.close();
});

// The url is known once the stack listens; the audits read it when they run.
const audits = serverAudits({ url: () => url });

describe('GraphQL over HTTP', () => {
  it.each(audits.map((audit) => [audit.name, audit] as const))('%s', async (_name, audit) => {
    const result = await audit.fn();
    results.push(result);
    // An unread body would keep the connection busy and the gateway's close waiting.
    if (result.status !== 'ok') await result.response.text().catch(() => undefined);
    expect(result.status === 'error' ? `${result.reason}` : 'not an error').toBe('not an error');
  });
});
