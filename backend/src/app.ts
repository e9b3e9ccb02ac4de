/**
 * Builds the Fastify application: infrastructure plugins first, then one plugin per feature
 * (the fastify/demo layout). The database is opened by the caller and passed in, so tests,
 * the standalone server and the gateway's embedded start all share this one assembly.
 */
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Database } from './db/client';
import buildingRoutes from './features/buildings/routes';
import cycleRoutes from './features/cycles/routes';
import cycleOverrideRoutes from './features/cycle-overrides/routes';
import documentRoutes from './features/documents/routes';
import failureReportRoutes from './features/failure-reports/routes';
import fireWatchRoutes from './features/fire-watches/routes';
import floorRoutes from './features/floors/routes';
import applicabilityRoutes from './features/applicability/routes';
// Issue 13: equipment types and tasks groups at organization level.
import equipmentTypeRoutes from './features/equipment-types/routes';
import taskGroupRoutes from './features/task-groups/routes';
// Issue 13: tasks at organization level.
import taskRoutes from './features/tasks/routes';
import buildingTypesRoutes from './features/building-types/routes';
import uploadRoutes from './features/uploads/routes';
import locationRoutes from './features/locations/routes';
import mailOutboxRoutes from './features/mail-outbox/routes';
import organizationRoutes from './features/organizations/routes';
import regionRoutes from './features/regions/routes';
import sessionRoutes from './features/sessions/routes';
import userRoutes from './features/users/routes';
import roleRoutes from './features/roles/routes';
import walkaboutRoutes from './features/walkabouts/routes';
import currentWalkaboutRoutes from './features/walkabouts/current-routes';
import walkaboutReportRoutes from './features/walkabout-reports/routes';
// Issue 12, building form: the Reports and Report Booklets toggles' lists.
import reportDefinitionRoutes from './features/report-definitions/routes';
import qrCodeRoutes from './features/qr-codes/routes';
// Issue 12, organization settings and the buildings list.
import organizationSettingsRoutes from './features/organizations/counters';
import manageBuildingRoutes from './features/buildings/manage-routes';
import overviewRoutes from './features/overview/routes';
// Organization usage, import and export (issue 13).
import usageRoutes from './features/usage/routes';
import importExportRoutes from './features/import-export/routes';
// Issue 14: reminders and notifications (jobs and the reminder round).
import notificationsPlugin from './features/notifications/plugin';
// Issue 14: API tokens for integrators.
import apiTokenRoutes from './features/api-tokens/routes';
import authPlugin from './plugins/auth';
import authorizationPlugin from './plugins/authorization';
import dbPlugin from './plugins/db';
import jobsPlugin, { type JobsOptions } from './jobs';
import reportsPlugin from './features/reports/generate';
import jsonapiErrorsPlugin from './plugins/jsonapi-errors';
import mailPlugin from './plugins/mail';
import requestHygienePlugin, { clientErrorHandler, frameworkErrors } from './plugins/request-hygiene';
import schedulerPlugin from './plugins/scheduler';
import swaggerPlugin from './plugins/swagger';
import { DiskStorage, type FileStorage } from './storage';
import signedUrlsPlugin from './storage/signed-urls';
import { cachedSerializerFactory, cachedValidatorFactory } from './http/compiler-cache';

export type AppOptions = {
  db: Database;
  /** The web app's origin, for links in e-mails (PUBLIC_URL). */
  publicUrl?: string;
  /** Send mail through this SMTP server (SMTP_URL); without it mail stays in the outbox table. */
  smtpUrl?: string;
  mailFrom?: string;
  logger?: FastifyServerOptions['logger'];
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (sign-in rate limit per address).
   * Default: loopback, i.e. the embedded gateway on the same machine.
   */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /**
   * Run the walkabout job every this many milliseconds, and once when the app is ready
   * (startBackend: every minute). Without it the job runs only through app.runWalkaboutSchedule().
   */
  scheduleIntervalMs?: number;
  /** Where uploads are kept (default: a folder `${DATA_DIR}/files`). */
  storage?: FileStorage;
  /** Background jobs' retry delay, retry limit and stop timeout (jobs/index.ts; defaults suit production). */
  jobs?: JobsOptions;
  /** The HMAC key of signed file URLs (URL_SIGNING_SECRET; storage/signed-urls.ts); default: random per process. */
  urlSigningSecret?: string;
};

export type RouteEntry = { method: string; url: string; public: boolean };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered, so that tests can prove each one is covered (tenancy, documents, OpenAPI). */
    routeList: RouteEntry[];
    /** Where uploads and generated files are kept (a folder or an S3 bucket). */
    storage: FileStorage;
  }
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? 'loopback',
    // One JSON:API 404 document for unknown routes, whatever the trailing slash.
    routerOptions: { ignoreTrailingSlash: true },
    // A request Node refuses outright (a control character in a header) still gets a JSON:API document.
    clientErrorHandler,
    // And one the router refuses (a path parameter too long, a path that does not decode).
    frameworkErrors,
    // Each distinct schema's validator and serializer is built once per process (see compiler-cache.ts). With a
    // validator factory of its own, fastify takes a route's headers schema as written, not lower-cased: write
    // header names in lower case (as Idempotency-Key's is).
    schemaController: { compilersFactory: { buildValidator: cachedValidatorFactory(), buildSerializer: cachedSerializerFactory() } },
  });

  const routeList: RouteEntry[] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') routeList.push({ method, url: route.url, public: route.config?.public === true });
    }
  });

  // Answers of 1 KiB and more (the plugin's default: smaller ones fit in a packet anyway) go out brotli- or
  // gzip-compressed to a client that asks, with Vary: Accept-Encoding. Registered before the routes, whose
  // onRoute it hooks. Types by the plugin's rule (text/*, +json, +xml, mime-db's compressible) less its
  // `octet-stream`: unknown bytes are rarely text. Stored photos are image/* and pass as they are. The
  // gateway asks for `identity` (its rest-client.ts says why). Request bodies are never decompressed. Answers up to
  // 64 KiB are compressed in one call, not through a stream of their own: the gateway's COMPRESS_IN_ONE_CALL_BYTES
  // (gateway/src/app.ts) says why, with its measurements.
  await app.register(fastifyCompress, {
    syncThreshold: 64 * 1024,
    encodings: ['br', 'gzip'],
    customTypes: /^text\/(?!event-stream)|(?:\+|\/)json(?:;|$)|(?:\+|\/)xml(?:;|$)/,
    globalDecompression: false,
  });
  await app.register(swaggerPlugin);
  await app.register(jsonapiErrorsPlugin);
  // Before authentication: its hooks refuse what the database cannot store, in headers too.
  await app.register(requestHygienePlugin);
  await app.register(dbPlugin, { db: options.db });
  // Typed as the decoration is (TypeScript 7 infers the union's DiskStorage for app.decorate's value otherwise).
  const storage: FileStorage = options.storage ?? new DiskStorage(path.resolve(process.env.DATA_DIR ?? './data', 'files'));
  await app.register(jobsPlugin, options.jobs ?? {});
  await app.register(reportsPlugin);
  await app.register(mailPlugin, { smtpUrl: options.smtpUrl, from: options.mailFrom, storage });
  await app.register(authPlugin);
  await app.register(authorizationPlugin);
  await app.register(schedulerPlugin, { intervalMs: options.scheduleIntervalMs });
  app.decorate('storage', storage);
  await app.register(signedUrlsPlugin, { storage, secret: options.urlSigningSecret });

  await app.register(sessionRoutes, { publicUrl: options.publicUrl ?? 'http://localhost:4000' });
  await app.register(userRoutes);
  await app.register(roleRoutes);
  await app.register(organizationRoutes);
  await app.register(regionRoutes);
  await app.register(cycleRoutes);
  await app.register(cycleOverrideRoutes);
  await app.register(buildingRoutes);
  await app.register(walkaboutRoutes);
  await app.register(currentWalkaboutRoutes);
  await app.register(locationRoutes, { publicUrl: options.publicUrl ?? 'http://localhost:4000' });
  await app.register(fireWatchRoutes);
  await app.register(mailOutboxRoutes);
  await app.register(failureReportRoutes);
  await app.register(uploadRoutes, { storage });
  await app.register(walkaboutReportRoutes);
  await app.register(reportDefinitionRoutes);
  await app.register(qrCodeRoutes, { publicUrl: options.publicUrl ?? 'http://localhost:4000' });
  await app.register(documentRoutes, { publicUrl: options.publicUrl ?? 'http://localhost:4000' });
  // Issue 12, organization settings and the buildings list.
  await app.register(organizationSettingsRoutes);
  await app.register(manageBuildingRoutes);
  // Organization usage, import and export (issue 13).
  await app.register(usageRoutes);
  await app.register(importExportRoutes);
  // Floors (issue 12): add, rename, reorder.
  await app.register(floorRoutes);
  // The building walkabout applicability screen (issue 12): PUT /equipment (GET /equipment is failure-reports').
  await app.register(applicabilityRoutes);
  // The overview dashboards (issue 13): filter data and entry state counters.
  await app.register(overviewRoutes);
  // Issue 13: equipment types (GET /equipment?filter[organization] is failure-reports') and tasks groups at organization level.
  await app.register(equipmentTypeRoutes);
  await app.register(taskGroupRoutes);
  // Tasks at organization level (issue 13): list, add, edit or set status, reorder.
  await app.register(taskRoutes);
  // Types and tasks at building level (issue 13): the suspensions that pause a type or task at a building.
  await app.register(buildingTypesRoutes);
  // Issue 14: incomplete-walkabout reminders (beside the walkabout schedule, same clock) and result notifications.
  await app.register(notificationsPlugin, { publicUrl: options.publicUrl ?? 'http://localhost:4000', intervalMs: options.scheduleIntervalMs });
  // Issue 14: API tokens (create, list one's own, revoke).
  await app.register(apiTokenRoutes);

  app.get(
    '/openapi.json',
    { config: { public: true }, schema: { tags: ['meta'], summary: 'This OpenAPI document', security: [] } },
    async () => app.swagger(),
  );

  return app;
}
