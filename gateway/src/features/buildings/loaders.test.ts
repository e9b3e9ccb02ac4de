import DataLoader from 'dataloader';
import { describe, expect, it } from 'vitest';
import type { RestClient } from '../../rest-client';
import { createBuildingLoaders } from './loaders';

/** A building as GET /buildings answers it whole, or with only `fields` (sparse fieldsets). */
function building(id: string, fields?: readonly string[]) {
  const attributes: Record<string, unknown> = { name: `Tower ${id}`, usersCount: 4, statuses: [] };
  const relationships: Record<string, unknown> = { organization: { data: { type: 'organizations', id: '1' } }, region: { data: null }, fireWatchCycle: { data: null } };
  const keep = (record: Record<string, unknown>) => (fields ? Object.fromEntries(Object.entries(record).filter(([name]) => fields.includes(name))) : record);
  return { type: 'buildings', id, attributes: keep(attributes), relationships: keep(relationships) };
}

/** The loaders over a backend that answers the page and the by-id batch, and the calls they made. */
function loaders() {
  const calls: string[] = [];
  const rest = {
    async get(path: string, query: Record<string, unknown>) {
      calls.push(`${path} fields=${String(query['fields[buildings]'])}`);
      const fields = typeof query['fields[buildings]'] === 'string' ? query['fields[buildings]'].split(',') : undefined;
      return { data: ['7', '8'].map((id) => building(id, fields)), meta: { total: 2 }, links: { next: null } };
    },
    async getAll(path: string, query: Record<string, unknown>) {
      calls.push(`${path} ids=${String(query['filter[id]'])}`);
      return (query['filter[id]'] as string[]).map((id) => building(id));
    },
  } as unknown as RestClient;
  const none = () => new DataLoader<string, never>(async (ids) => ids.map(() => null as never));
  return { calls, buildings: createBuildingLoaders(rest, { organizations: none(), regions: none(), cycles: none() }) };
}

describe("a page's buildings and the by-id loader", () => {
  it('whole records answer a later read of the same building by id', async () => {
    const { calls, buildings } = loaders();
    await buildings.page({ page: 1, pageSize: 2 });
    expect(await buildings.byId.load('7')).toMatchObject({ id: '7', name: 'Tower 7', usersCount: 4 });
    expect(calls).toEqual(['/buildings fields=undefined']);
  });

  it('sparse records do not: the building is read whole by id', async () => {
    const { calls, buildings } = loaders();
    const page = await buildings.page({ page: 1, pageSize: 2, fields: ['name'] });
    expect(page.nodes.map((node) => [node.name, node.usersCount])).toEqual([
      ['Tower 7', undefined],
      ['Tower 8', undefined],
    ]);
    expect(await buildings.byId.load('7')).toMatchObject({ id: '7', name: 'Tower 7', usersCount: 4, organizationId: '1' });
    expect(calls).toEqual(['/buildings fields=name', '/buildings ids=7']);
  });
});
