/**
 * The gateway's HTTP app: Apollo Server on Fastify at /graphql, the bundled
 * GraphiQL at /playground, and the built web app on the same origin (so the
 * browser only ever talks to one origin).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import { ApolloServer } from '@apollo/server';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import fastifyApollo, { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import { compiledExecution } from './compiled-execution';
import { createContextFunction, type GatewayContext } from './context';
import { formatGatewayError } from './errors';
import { BODY_LIMIT_BYTES, createArmor, graphqlRequestErrors, hostileTextPlugin, queryLimits } from './limits';
import { jsonStatusPlugin } from './json-status';
import { noStorePlugins } from './no-store';
import type { RestCall } from './rest-client';
import { loadTypeDefs, resolvers } from './schema';
import { uploadRoutes } from './features/uploads/routes';
import { speedTestRoutes } from './features/walkabouts/speed-test';

export const defaultPlaygroundDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../playground-dist');

export type GatewayOptions = {
  /** The backend's origin, e.g. http://127.0.0.1:4001. */
  backendUrl: string;
  /** Schema introspection; on unless turned off for production. */
  introspection?: boolean;
  /** The GraphiQL page at /playground; on unless turned off for production. */
  playground?: boolean;
  /** The built web app (web/dist), served with an SPA fallback; not served when omitted. */
  webDist?: string;
  /** The built playground; gateway/playground-dist by default. */
  playgroundDist?: string;
  /** The deployment's environment name for appInfo; APP_ENV or production. */
  appEnv?: string;
  /** The vendor's website for appInfo (the Terms and Conditions link); VENDOR_WEBSITE or none. */
  vendorWebsite?: string | null;
  /** Sees every REST call the gateway makes (tests and the bench count them). */
  onRestRequest?: (call: RestCall) => void;
  /** Trust X-Forwarded-For from a load balancer in front of the gateway. */
  trustProxy?: boolean;
  /**
   * How many times a GraphQL document runs on graphql-js's executor before it is compiled (compiled-execution.ts);
   * 1 unless told otherwise. The gateway's tests set 0, so that every query they send runs compiled.
   */
  compileAfter?: number;
  logger?: boolean;
};

/**
 * Answers up to 64 KiB (a screen's page: the buildings screen's 24 buildings are 24.6 KB) are compressed in one
 * call rather than through a compression stream of their own. @fastify/compress streams every answer above 8 KiB
 * on a 2-core host (4 KiB on more cores: its stream hands the work to libuv's thread pool, which pays off only
 * with cores to spare), and a stream per answer costs more than the compression: measured here for that answer
 * (gzip, as fetch asks), about 0.9 ms of the gateway's thread plus the pool's work against 0.28 ms in one call,
 * and the gateway process's CPU per buildings screen went from 6.2-7.3 to 4.8-5.9 ms. One call of 64 KiB holds
 * the event loop a fraction of a millisecond; larger answers still stream. The backend compresses by the same
 * rule (backend/src/app.ts).
 */
export const COMPRESS_IN_ONE_CALL_BYTES = 64 * 1024;

/**
 * GraphQL answers of 1 KiB and more (@fastify/compress's default threshold: below it the answer fits in one
 * packet anyway and the encoding's framing eats the gain) are sent brotli- or gzip-compressed to a client that
 * accepts it, with `Vary: Accept-Encoding`. Request bodies are never decompressed (`globalDecompression: false`):
 * no client of ours compresses them, and it would be one more way to make a small request expensive.
 */
const compressOptions: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  globalDecompression: false,
  syncThreshold: COMPRESS_IN_ONE_CALL_BYTES,
};

export async function createGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: options.logger ?? false, trustProxy: options.trustProxy ?? false, bodyLimit: BODY_LIMIT_BYTES });
  const armor = createArmor();

  const apollo = new ApolloServer<GatewayContext>({
    // Our schema, executed by compiled functions (compiled-execution.ts) through Apollo's gateway interface.
    gateway: compiledExecution(makeExecutableSchema({ typeDefs: loadTypeDefs(), resolvers }), { compileAfter: options.compileAfter }),
    introspection: options.introspection ?? true,
    // The process's owner stops it (server.ts closes the gateway, then the embedded backend): Apollo's own handler
    // would stop the server and send the signal again, ending the process before the backend had closed its database.
    stopOnTerminationSignals: false,
    // Refuses GET and simple POSTs without a preflight-forcing header, so another site cannot make a browser run an operation.
    csrfPrevention: true,
    formatError: formatGatewayError,
    validationRules: armor.validationRules,
    parseOptions: { maxTokens: queryLimits.maxTokens },
    allowBatchedHttpRequests: armor.allowBatchedHttpRequests,
    includeStacktraceInErrorResponses: armor.includeStacktraceInErrorResponses,
    // Apollo's own landing page loads from a CDN; ours is the bundled playground.
    plugins: [fastifyApolloDrainPlugin(app), ApolloServerPluginLandingPageDisabled(), ...noStorePlugins(), jsonStatusPlugin(), hostileTextPlugin(), ...armor.plugins],
  });
  await apollo.start();

  // Compression is scoped to /graphql, the only answers the gateway makes itself that are worth it: the web
  // app's files are precompressed at build, /uploads and /signed-files pass through what the backend sent
  // (compressed there if it was worth it), and /speed-test must stay the bytes the check counts.
  await app.register(async (graphql) => {
    await graphql.register(fastifyCompress, compressOptions);
    // A body over the limit (or not JSON) is answered as GraphQL errors the client can read.
    graphqlRequestErrors(graphql);
    await graphql.register(fastifyApollo(apollo), {
      context: createContextFunction({
        backendUrl: options.backendUrl,
        deployment: {
          environment: options.appEnv ?? (process.env.APP_ENV || 'production'),
          vendorWebsite: options.vendorWebsite ?? (process.env.VENDOR_WEBSITE || null),
        },
        onRestRequest: options.onRestRequest,
      }),
    });
  });

  app.get('/healthz', async () => ({ ok: true }));
  await app.register(uploadRoutes, { backendUrl: options.backendUrl });
  await app.register(speedTestRoutes);

  if (options.playground ?? true) await registerPlayground(app, options.playgroundDist ?? defaultPlaygroundDist);
  if (options.webDist) await registerWebApp(app, options.webDist);
  else app.setNotFoundHandler(notFound);

  return app;
}

async function registerPlayground(app: FastifyInstance, dist: string) {
  const index = path.join(dist, 'index.html');
  const servePage = async (_request: FastifyRequest, reply: FastifyReply) => {
    if (!existsSync(index)) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The playground is not built yet: run `npm run build:playground -w gateway`.');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(await readFile(index));
  };
  app.get('/playground', servePage);
  app.get('/playground/', servePage);
  if (existsSync(dist)) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/playground/',
      decorateReply: false,
      index: false,
      // Our own header, as for the web app: @fastify/static's cacheControl would overwrite setHeaders'.
      cacheControl: false,
      setHeaders: (res, filePath) => res.setHeader('cache-control', cacheControlOf(dist, filePath)),
    });
  }
}

/**
 * Vite's hashed files under assets/ never change under their name: a year, immutable, so a returning
 * inspector loads none of them again. Everything else (index.html, sw.js, favicon.svg) keeps its name across
 * deployments and is revalidated on every load (`no-cache`: an ETag round trip, a 304 when unchanged).
 */
function cacheControlOf(dist: string, filePath: string): string {
  const hashed = filePath.startsWith(path.join(dist, 'assets') + path.sep);
  return hashed ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * The built web app. A GET for a page (Accept: text/html) that matches no file
 * gets index.html, so the client's routes (/buildings/12/walkabouts) load on
 * refresh; a missing /assets/ file stays a 404 so a stale bundle fails loudly.
 *
 * The build writes a brotli `.br` and a gzip `.gz` beside each compressible file (web/precompress.ts);
 * `preCompressed` sends the best one the client accepts (br, then gzip) with its Content-Encoding and the
 * plain file otherwise, also for index.html sent by the fallback below. Nothing is compressed per request.
 */
async function registerWebApp(app: FastifyInstance, dist: string) {
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    preCompressed: true,
    // Without this, @fastify/static's own `public, max-age=0` overwrites the header set in setHeaders.
    cacheControl: false,
    setHeaders: (res, filePath) => {
      res.setHeader('cache-control', cacheControlOf(dist, filePath));
      // @fastify/static picks the file by Accept-Encoding but does not say so; a shared cache must know.
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      (request.headers.accept ?? '').includes('text/html') &&
      !/^\/(assets|graphql|playground)(\/|$|\?)/.test(request.url);
    if (!isPage) return notFound(request, reply);
    return reply.sendFile('index.html', dist);
  });
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({ error: 'Not Found', message: `Nothing is served at ${request.method} ${request.url}.` });
}
