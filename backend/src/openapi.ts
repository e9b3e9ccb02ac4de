/**
 * The OpenAPI document of the routes' own schemas, built without a database or a listening port:
 * `npm run openapi -w backend` writes it to backend/openapi.json, which the gateway's REST types
 * are generated from, and test/openapi.test.ts fails when that file and the routes disagree.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import type { Database } from './db/client';
import type { FileStorage } from './storage';

export const openApiPath = fileURLToPath(new URL('../openapi.json', import.meta.url));

/** Registering the routes reads no data; any use of these stand-ins would be a bug, so they throw. */
const unused = <T extends object>(what: string) =>
  new Proxy({} as T, {
    get(_target, property) {
      // Fastify's decorate() and promise checks probe these; they are not a use.
      if (typeof property === 'symbol' || property === 'getter' || property === 'setter' || property === 'then') return undefined;
      throw new Error(`The OpenAPI document is built without ${what} (read ${String(property)})`);
    },
  });

/**
 * The stand-in database: its client is there for the plugins that watch the statements sent through it
 * (the caller cache, db/caller-changes.ts), but sending one throws like any other use.
 */
function unusedDatabase(): Database {
  const refuse = () => {
    throw new Error('The OpenAPI document is built without a database (a statement was sent)');
  };
  const $client = { query: refuse, exec: refuse, transaction: refuse };
  const rest = unused<Database>('a database');
  return new Proxy({} as Database, { get: (_target, property) => (property === '$client' ? $client : Reflect.get(rest, property)) });
}

export async function openApiDocument(): Promise<unknown> {
  const app = await buildApp({ db: unusedDatabase(), storage: unused<FileStorage>('file storage'), jobs: { startWhenReady: false } });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
  }
}

/** The file's text: 2-space JSON with a trailing newline, so that diffs read line by line. */
export function openApiText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

export function committedOpenApi(): unknown {
  return JSON.parse(readFileSync(openApiPath, 'utf8'));
}
