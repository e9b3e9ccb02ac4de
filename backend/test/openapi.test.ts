import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { committedOpenApi, openApiDocument } from '../src/openapi';
import type { TestBackend } from '../src/testing';
import { startTestBackend } from './helpers';

type Schema = { $ref?: string; type?: string | string[]; enum?: string[]; properties?: Record<string, Schema>; required?: string[]; anyOf?: Schema[]; items?: Schema };
type OpenApi = {
  openapi: string;
  paths: Record<
    string,
    Record<string, { parameters?: { name: string; in: string }[]; responses?: Record<string, { content?: Record<string, { schema: Schema }> }>; requestBody?: unknown }>
  >;
  components: { schemas: Record<string, Schema> };
};

describe('the OpenAPI document', () => {
  let backend: TestBackend;
  let document: OpenApi;

  beforeAll(async () => {
    backend = await startTestBackend({ seed: 'none' });
    const response = await fetch(`${backend.url}/openapi.json`);
    expect(response.status).toBe(200);
    document = (await response.json()) as OpenApi;
  });
  afterAll(() => backend?.close());

  it('lists every route of the app with its method', () => {
    expect(document.openapi).toBe('3.1.0');
    const listed = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    const routes = backend.app.routeList.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`).sort();
    expect(listed).toEqual(routes);
  });

  it('describes the query parameters, bodies and answers that the routes validate', () => {
    const buildings = document.paths['/buildings']!.get!;
    const names = buildings.parameters!.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(['page[number]', 'page[size]', 'filter[id]', 'filter[organization]', 'include']));
    expect(Object.keys(buildings.responses!)).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
    expect(document.paths['/sessions']!.post!.requestBody).toBeDefined();
    expect(document.paths['/buildings/{id}']!.get!.parameters).toContainEqual(expect.objectContaining({ name: 'id', in: 'path' }));
  });

  it('names each resource once, with its type as a literal and its known attributes spelled out', () => {
    const building = document.components.schemas.BuildingResource!;
    expect(building.properties!.type).toMatchObject({ type: 'string', enum: ['buildings'] });
    const attributes = building.properties!.attributes!.properties!;
    expect(attributes.statuses!.items!.required).toEqual(
      expect.arrayContaining(['cycleId', 'isLastWalkaboutComplete', 'lastWalkaboutUnsatisfactoryTotal', 'lockedAt', 'openedAt', 'closedAt']),
    );
    expect(attributes.buildingOffsets!.items!.properties!.openOffsetUnit).toEqual({
      type: 'string',
      enum: ['none', 'minute', 'hour', 'day', 'week', 'month'],
    });
    const condition = document.components.schemas.ConditionResource!.properties!.attributes!.properties!;
    expect(condition.value!.anyOf!.map((s) => s.type)).toEqual(['boolean', 'string', 'number', 'array', 'null']);
    const error = document.components.schemas.ErrorDocument!.properties!.errors!.items!.properties!;
    expect(error.code!.enum).toEqual(expect.arrayContaining(['INCORRECT_CREDENTIALS', 'RATE_LIMITED', 'LOCKED', 'CLOSED', 'VALIDATION_FAILED']));
  });

  it('is the document committed as backend/openapi.json, which the gateway generates its REST types from', async () => {
    const generated = await openApiDocument();
    expect(document, 'GET /openapi.json and the document built without a database differ').toEqual(generated);
    expect(
      committedOpenApi(),
      'backend/openapi.json is out of date with the routes\' schemas: run `npm run openapi -w backend` and commit the file',
    ).toEqual(generated);
  });
});
