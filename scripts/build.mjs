#!/usr/bin/env node
// Compiles the servers for production with esbuild: backend/src/server.ts → backend/dist/server.js (and the
// create-admin command beside it), gateway/src/server.ts → gateway/dist/server.js. `node scripts/build.mjs`
// builds both; `node scripts/build.mjs backend` (or gateway) one. `npm run build` also builds codegen, web and
// playground first.
//
// The workspace packages (@fsi/*) are bundled in; every third-party package stays external and is loaded from
// node_modules at run time, so native and file-carrying ones (sharp, @node-rs/argon2, @electric-sql/pglite with
// its WebAssembly and data files) work as they do under tsx.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What each package compiles: dist/<name>.js from its source. */
export const targets = {
  backend: { server: 'src/server.ts', 'create-admin': 'src/admin/create-admin.ts' },
  // The embedded backend's thread (gateway/src/backend-thread.ts) is a module of its own.
  gateway: { server: 'src/server.ts', 'embedded-backend': 'src/embedded-backend.ts' },
};

/**
 * Node's options for the gateway's process, wherever it runs: `npm start` in both modes (scripts/start.mjs,
 * which runs the embedded backend in a thread of the same process), the gateway image (docker/gateway.Dockerfile's CMD
 * repeats them, having no scripts/) and the bench's gateway (tests/bench/stack.ts).
 *
 * A young generation of up to 32 MiB per semi-space (V8's default ceiling is 16 on 64-bit): a GraphQL answer is
 * built of short-lived objects (the REST documents, graphql-js's per-field records, the result tree), about
 * 20 KB of them per building. With the default, a 500-building query ran several scavenges, each copying the
 * objects still live (the whole page being built) and promoting them to the old generation, where they were
 * collected again: measured here, the gateway's CPU per query of 500 buildings went from 60 to 45 ms
 * (NODE_ENV=production both times). The space grows only when the load needs it.
 */
export const gatewayNodeOptions = ['--max-semi-space-size=32'];

/** Bare imports other than @fsi/* (and node: built-ins) are left to node_modules. */
const thirdPartyExternal = {
  name: 'third-party-external',
  setup(b) {
    // (Go regular expressions have no look-ahead: @fsi/ is told apart in the callback.)
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@fsi/') ? undefined : { path: args.path, external: true }));
  },
};

/**
 * A bundle has one import.meta.url, the bundle's own, where each source file had its own. The files the code
 * reads at run time are found from it (backend/drizzle from backend/src/db/client.ts, gateway/playground-dist and
 * schema/ from gateway/src, web/dist from gateway/src/server.ts). So in each of our files, import.meta.url is
 * replaced by the URL that file has beside the bundle: `new URL('../src/db/client.ts', import.meta.url)` from
 * backend/dist/server.js. The same relative paths then work from the sources (tsx) and from dist, wherever the
 * tree is copied, as long as the package folders keep their places (the source files themselves need not be there).
 */
function sourceUrls(outdir) {
  return {
    name: 'source-import-meta-url',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const contents = await readFile(args.path, 'utf8');
        if (!contents.includes('import.meta.url')) return undefined;
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        return { contents: contents.replaceAll('import.meta.url', `new URL(${JSON.stringify(relative)}, import.meta.url).href`), loader: 'ts' };
      });
    },
  };
}

export async function buildPackage(name) {
  const entries = targets[name];
  if (!entries) throw new Error(`Unknown package "${name}": one of ${Object.keys(targets).join(', ')}.`);
  const outdir = path.join(root, name, 'dist');
  // Chunks are named by their hash: a fresh folder, so that none of an older build is left behind.
  rmSync(outdir, { recursive: true, force: true });
  // Imported here, not at the top: scripts/start.mjs reads gatewayNodeOptions from this file, also where esbuild (a
  // development dependency) is not installed.
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(entries).map(([entry, source]) => [entry, path.join(root, name, source)])),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // The gateway loads the embedded backend only without BACKEND_URL: its own chunk, read only then.
    splitting: true,
    // Every output file sits in dist/ itself, where the import.meta.url rewrite below counts from.
    chunkNames: '[name]-[hash]',
    // Stack traces name the source file and line (node --enable-source-maps); the maps do not carry the sources.
    sourcemap: true,
    sourcesContent: false,
    // Keeps class and function names (error.name checks, stack traces) as in the sources.
    keepNames: true,
    logLevel: 'warning',
    // What the code tells a build by (gateway/src/server.ts: which module its backend's thread runs).
    define: { FSI_BUILT: 'true' },
    plugins: [thirdPartyExternal, sourceUrls(outdir)],
  });
  return Object.keys(entries).map((entry) => path.join(outdir, `${entry}.js`));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const names = process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(targets);
  for (const name of names) {
    const t0 = Date.now();
    const files = await buildPackage(name);
    console.log(`built ${files.map((f) => path.relative(root, f)).join(', ')} (${Date.now() - t0} ms)`);
  }
}
