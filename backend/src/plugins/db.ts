/** Makes the opened database available to routes as `app.db`. */
import fp from 'fastify-plugin';
import type { Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
  }
}

export default fp<{ db: Database }>(
  async (app, options) => {
    app.decorate('db', options.db);
  },
  { name: 'db' },
);
