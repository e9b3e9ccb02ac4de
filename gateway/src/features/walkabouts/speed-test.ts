/**
 * The payload of the web's network speed check (inspection.md section 9: a download of 1003088 bytes,
 * slow when it takes more than 4 s), served from the gateway's own origin so the check measures the
 * connection the saves will use. Random bytes, made once: nothing on the way can compress or cache them.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';

export const SPEED_TEST_BYTES = 1_003_088;

export const speedTestRoutes: FastifyPluginAsync = async (app) => {
  const payload = randomBytes(SPEED_TEST_BYTES);
  app.get('/speed-test', (_request, reply) =>
    reply.type('application/octet-stream').header('cache-control', 'no-store').send(payload),
  );
};
