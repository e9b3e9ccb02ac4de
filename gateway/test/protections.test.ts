/**
 * What protects the gateway and what it serves besides /graphql: query limits,
 * CSRF prevention, the public-tools switches, the bundled playground and the
 * web app's SPA fallback. Over the real backend (fresh demo-seeded PGlite).
 */
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createGateway, defaultPlaygroundDist } from '../src/app';
import { queryLimits } from '../src/limits';
import { startStack, type Stack } from './stack';

let stack: Stack;
let token: string;

beforeAll(async () => {
  stack = await startStack();
  token = await stack.signIn('admin');
});

afterAll(async () => {
  await stack?.close();
});

function nested(field: string, depth: number, leaf: string): string {
  return depth === 0 ? leaf : `${field} { ${nested(field, depth - 1, leaf)} }`;
}

describe('query limits', () => {
  it('refuse a query nested deeper than the limit before any REST call', async () => {
    const before = stack.restCalls.length;
    const { status, body } = await stack.graphql(`{ regions { ${nested('children', queryLimits.maxDepth, 'id')} } }`, { token });
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toMatch(/depth limit/i);
    expect(stack.restCalls.length).toBe(before);
  });

  it('refuse a query with too many aliases', async () => {
    const aliases = Array.from({ length: queryLimits.maxAliases + 1 }, (_, i) => `v${i}: viewer { id }`).join(' ');
    const { status, body } = await stack.graphql(`{ ${aliases} }`, { token });
    expect(status).toBe(400);
    expect(body.errors?.[0]?.message).toMatch(/aliases limit/i);
  });

  it('refuse a query that costs too much', async () => {
    // Within the depth and alias limits, yet about 3200 by armor's measure.
    const wide = Array.from({ length: 12 }, (_, i) => `r${i}: regions { ${nested('children', 8, 'id name level')} }`).join(' ');
    const { status, body } = await stack.graphql(`{ ${wide} }`, { token });
    expect(status).toBe(400);
    expect(body.errors?.map((e) => e.message).join('\n')).toMatch(/cost limit/i);
  });

  it('let a realistic deep query through: five region levels under each organization', async () => {
    const { status, body } = await stack.graphql(
      `{ organizations { nodes { name regions { ${nested('children', 4, 'id name')} id name } } } }`,
      { token },
    );
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
  });

  it('hide field suggestions that would reveal the schema', async () => {
    const { body } = await stack.graphql('{ viewr { id } }', { token });
    expect(body.errors?.[0]?.message).not.toMatch(/Did you mean/);
  });
});

describe('CSRF prevention', () => {
  it('refuses a GET without a preflight-forcing header', async () => {
    const response = await fetch(`${stack.url}/graphql?query=${encodeURIComponent('{ ok }')}`);
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/Cross-Site Request Forgery/);
  });

  it('refuses a simple POST that a form or another site could send', async () => {
    const response = await fetch(`${stack.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ query: '{ ok }' }),
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/Cross-Site Request Forgery/);
  });

  it('answers a GET that carries apollo-require-preflight', async () => {
    const response = await fetch(`${stack.url}/graphql?query=${encodeURIComponent('{ ok }')}`, {
      headers: { 'apollo-require-preflight': 'true' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { ok: true } });
  });
});

describe('public tools', () => {
  const introspection = '{ __schema { queryType { name } } }';

  it('offer introspection by default', async () => {
    const { status, body } = await stack.graphql(introspection);
    expect(status).toBe(200);
    expect(body.data).toEqual({ __schema: { queryType: { name: 'Query' } } });
  });

  it('turn introspection and the playground off with the switches', async () => {
    const locked = await createGateway({ backendUrl: stack.backend.url, introspection: false, playground: false });
    try {
      const response = await locked.inject({
        method: 'POST',
        url: '/graphql',
        headers: { accept: 'application/graphql-response+json' },
        payload: { query: introspection },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      expect((await locked.inject({ method: 'GET', url: '/playground' })).statusCode).toBe(404);
      const ok = await locked.inject({ method: 'POST', url: '/graphql', payload: { query: '{ appInfo { environment } }' } });
      expect(ok.json()).toEqual({ data: { appInfo: { environment: 'production' } } });
    } finally {
      await locked.close();
    }
  });
});

describe('the playground', () => {
  it('is served at /playground with every asset from this origin', async () => {
    const page = await fetch(`${stack.url}/playground`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).not.toMatch(/https?:\/\//);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] as string);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) {
      expect(asset.startsWith('/playground/')).toBe(true);
      const response = await fetch(`${stack.url}${asset}`);
      // Read the body: an unread one keeps the connection busy and the gateway's close waiting.
      await response.arrayBuffer();
      expect(response.status).toBe(200);
    }
  });

  it('loads no script, style or font from another origin', () => {
    const dir = path.join(defaultPlaygroundDist, 'assets');
    const files = readdirSync(dir);
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    for (const file of files) {
      const text = readFileSync(path.join(dir, file), 'utf8');
      if (file.endsWith('.css')) {
        expect(text).not.toMatch(/url\(\s*["']?(https?:)?\/\//);
        expect(text).not.toMatch(/@import/);
      }
      if (file.endsWith('.js')) {
        expect(text).not.toMatch(/(import\(|from)\s*["'](https?:)?\/\//);
        expect(text).not.toMatch(/["'](https?:)?\/\/[^"'\s]+\.(m?js|css|woff2?|ttf|otf)(\?[^"']*)?["']/);
      }
    }
  });

  it('posts to /graphql on the same origin', () => {
    const entry = readdirSync(path.join(defaultPlaygroundDist, 'assets')).filter((file) => file.startsWith('index-') && file.endsWith('.js'));
    const text = entry.map((file) => readFileSync(path.join(defaultPlaygroundDist, 'assets', file), 'utf8')).join('\n');
    // Plain booleans: a failed toContain would print the whole megabyte bundle.
    expect(text.includes('`/graphql`') || text.includes('"/graphql"')).toBe(true);
    expect(text.includes('fsi.accessToken')).toBe(true);
  });
});

describe('the web app on the same origin', () => {
  let dist: string;
  let app: FastifyInstance;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'fsi-web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Fire-safety inspections</title><script src="/assets/app.js"></script>');
    writeFileSync(path.join(dist, 'assets/app.js'), 'console.log("app");');
    app = await createGateway({ backendUrl: stack.backend.url, webDist: dist });
  });

  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it("serves index.html for a client route, so a refresh on /buildings/12/walkabouts works", async () => {
    const response = await app.inject({ method: 'GET', url: '/buildings/12/walkabouts', headers: { accept: 'text/html,*/*' } });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Fire-safety inspections</title>');
  });

  it('serves the built files, and a 404 for a missing asset rather than the page', async () => {
    expect((await app.inject({ method: 'GET', url: '/assets/app.js' })).statusCode).toBe(200);
    const missing = await app.inject({ method: 'GET', url: '/assets/gone-1234.js', headers: { accept: 'text/html,*/*' } });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps /graphql and the playground on the same origin as the app', async () => {
    const graphql = await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ ok }' } });
    expect(graphql.json()).toEqual({ data: { ok: true } });
    expect((await app.inject({ method: 'GET', url: '/playground' })).body).toContain('/playground/assets/');
  });
});

describe('malformed requests', () => {
  it('answer a syntax error with 400 GRAPHQL_PARSE_FAILED, not a server error', async () => {
    const { status, body } = await stack.graphql('{ viewer { id }');
    expect(status).toBe(400);
    expect(body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
  });

  it('refuse a document with more tokens than the limit', async () => {
    const fields = Array.from({ length: queryLimits.maxTokens }, () => '__typename').join(' ');
    const { status, body } = await stack.graphql(`{ ${fields} }`);
    expect(status).toBe(400);
    // graphql-js 16 spells it 'more that'.
    expect(body.errors?.[0]?.message).toMatch(new RegExp(`Document contains more tha[nt] ${queryLimits.maxTokens} tokens`));
  });
});

describe('status codes by the media type the client accepts (GraphQL over HTTP)', () => {
  async function post(accept: string, body: unknown) {
    const response = await fetch(`${stack.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept },
      body: JSON.stringify(body),
    });
    return { status: response.status, type: response.headers.get('content-type'), body: (await response.json()) as { data?: unknown; errors?: { extensions?: { code?: string } }[] } };
  }

  const failures = [
    ['a document that does not parse', { query: '{ viewer { id }' }, 'GRAPHQL_PARSE_FAILED'],
    ['a document that does not validate', { query: '{ viewer { noSuchField } }' }, 'GRAPHQL_VALIDATION_FAILED'],
    ['variables that do not coerce', { query: 'query ($id: ID!) { building(id: $id) { id } }', variables: { id: { not: 'an id' } } }, 'BAD_USER_INPUT'],
  ] as const;

  it.each(failures)('%s: 200 with the errors for application/json', async (_what, request, code) => {
    const answer = await post('application/json', request);
    expect(answer.status).toBe(200);
    expect(answer.type).toMatch(/^application\/json/);
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors?.[0]?.extensions?.code).toBe(code);
  });

  it.each(failures)('%s: 400 for application/graphql-response+json', async (_what, request, code) => {
    const answer = await post('application/graphql-response+json', request);
    expect(answer.status).toBe(400);
    expect(answer.type).toMatch(/^application\/graphql-response\+json/);
    expect(answer.body.errors?.[0]?.extensions?.code).toBe(code);
  });

  it('a request that is not GraphQL over HTTP at all stays 400 for application/json', async () => {
    expect((await post('application/json', { qeury: '{ __typename }' })).status).toBe(400);
    expect((await post('application/json', { query: 7 })).status).toBe(400);
  });

  it('no Accept header counts as application/json', async () => {
    const response = await fetch(`${stack.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ viewer { noSuchField } }' }),
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { errors: { extensions: { code: string } }[] }).errors[0]!.extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });
});
