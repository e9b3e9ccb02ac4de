/** The OpenAPI document, built from the routes' own schemas and served at GET /openapi.json. */
import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Fire-safety inspections backend',
          description: 'The REST/JSON:API contract of docs/REST.md. Send `Authorization: Bearer {accessToken}`.',
          version: '1.0.0',
        },
        components: {
          securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        },
        security: [{ bearer: [] }],
      },
    });
  },
  { name: 'swagger' },
);
