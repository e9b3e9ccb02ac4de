import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../src/testing';
import { startTestBackend } from './helpers';

type OpenApi = {
  openapi: string;
  paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses?: Record<string, unknown>; requestBody?: unknown }>>;
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
});
