/**
 * The OpenAPI document, built from the routes' own schemas and served at GET /openapi.json
 * (and written to backend/openapi.json by `npm run openapi -w backend`). The named schemas
 * (resources, the error document) are added first, so routes refer to them and the document
 * lists them once under components.schemas.
 */
import swagger from '@fastify/swagger';
import fp from 'fastify-plugin';
import { namedSchemas } from '../jsonapi/schemas';
import '../features/schemas';

export default fp(
  async (app) => {
    for (const schema of namedSchemas()) app.addSchema(schema);
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
      // Named schemas keep their names in components.schemas.
      refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    });
  },
  { name: 'swagger' },
);
