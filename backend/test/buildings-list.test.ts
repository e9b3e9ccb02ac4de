/**
 * GET /buildings in pages: the order (organization, order, name, id), and each page's total, which is the count of
 * the filter within the caller's scope whatever page is asked (read by a count of its own beside the page, which is
 * read in the index's order and stops at its last row).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../src/seed/test-seed';
import { schema, seed, signIn, type SeededOrganization, type TestBackend } from '../src/testing';
import { client, databases, list, startTestBackend, type Client } from './helpers';

describe.each(databases)('GET /buildings in pages on %s', (database) => {
  let backend: TestBackend;
  let organization: SeededOrganization;
  let regional: Client;
  let admin: Client;
  /** The names of the organization's 13 buildings, in the order the list gives them (order, then name, then id). */
  let expected: string[];
  /** Those of them in the East region (the regional user's scope). */
  let eastern: string[];

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    organization = await seed(backend.db).organization('Paged Towers', (o) => {
      o.region('East').region('West');
      for (let b = 0; b < 13; b += 1) o.building(`Tower ${String.fromCharCode(77 - b)}`, { region: b % 3 === 0 ? 'West' : 'East' });
      o.role('Reader', { userPermissions: { view: true } });
      return o.user('paged-east', { region: 'East' });
    });
    // Orders that disagree with the names, and two buildings with the same order (then by name).
    const orders: Record<string, number> = { 'Tower M': 3, 'Tower A': 1, 'Tower F': 1, 'Tower B': 2 };
    for (const [name, order] of Object.entries(orders)) {
      await backend.db.update(schema.buildings).set({ order }).where(eq(schema.buildings.id, organization.buildings[name]!));
    }
    const rows = await backend.db.select().from(schema.buildings).where(eq(schema.buildings.organizationId, organization.id));
    const sorted = rows.sort((a, b) => (a.order ?? 0) - (b.order ?? 0) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.id - b.id);
    expected = sorted.map((b) => b.name);
    const east = organization.regions['East']!;
    eastern = sorted.filter((b) => b.regionId === east).map((b) => b.name);
    regional = client(backend.app, (await signIn(backend.url, 'paged-east', TEST_PASSWORD)).token);
    admin = client(backend.app, (await signIn(backend.url, 'admin', 'demo1234')).token);
  });
  afterAll(async () => {
    await backend?.close();
  });

  async function page(api: Client, number: number, size: number) {
    const answer = await api.get(`/buildings?filter[organization]=${organization.id}&page[number]=${number}&page[size]=${size}`);
    expect(answer.status).toBe(200);
    return { names: list(answer.body).map((b) => b.attributes.name as string), total: answer.body.meta!.total };
  }

  it('gives every building once, in order, with the total of the filter on every page', async () => {
    const pages = await Promise.all([1, 2, 3].map((n) => page(admin, n, 5)));
    expect(pages.map((p) => p.names.length)).toEqual([5, 5, 3]);
    expect(pages.flatMap((p) => p.names)).toEqual(expected);
    expect(pages.map((p) => p.total)).toEqual([13, 13, 13]);
  });

  it("counts only what the caller's scope lets them see", async () => {
    const first = await page(regional, 1, 4);
    expect(first).toEqual({ names: eastern.slice(0, 4), total: eastern.length });
    expect((await page(regional, 2, 4)).names).toEqual(eastern.slice(4, 8));
  });

  it('gives the total past the last page too', async () => {
    expect(await page(admin, 4, 5)).toEqual({ names: [], total: 13 });
  });

  describe('with sparse fieldsets (fields[buildings])', () => {
    const route = () => `/buildings?filter[organization]=${organization.id}&page[size]=4&include=organization`;

    it('answers only the attributes and relationships asked for, with the values of the full answer', async () => {
      const full = list((await admin.get(route())).body);
      const answer = await admin.get(`${route()}&fields[buildings]=statuses,name,organization,name`);
      expect(answer.status).toBe(200);
      const sparse = list(answer.body);
      expect(sparse.map((b) => b.id)).toEqual(full.map((b) => b.id));
      for (const [index, building] of sparse.entries()) {
        expect(Object.keys(building.attributes)).toEqual(['name', 'statuses']);
        expect(building.attributes).toEqual({ name: full[index]!.attributes.name, statuses: full[index]!.attributes.statuses });
        expect(building.relationships).toEqual({ organization: full[index]!.relationships!.organization });
      }
      // What is included, and the list's total and links, are not narrowed.
      expect(answer.body.included).toEqual((await admin.get(route())).body.included);
      expect(answer.body.meta).toEqual({ total: 13 });
    });

    it('answers no field but type and id for an empty value, on one building too', async () => {
      const [first] = list((await admin.get(`${route()}&fields[buildings]=`)).body);
      expect(first).toEqual({ type: 'buildings', id: expect.any(String), attributes: {} });
      const one = await admin.get(`/buildings/${first!.id}?fields[buildings]=name`);
      expect(one.status).toBe(200);
      expect(one.body.data).toMatchObject({ type: 'buildings', id: first!.id, attributes: { name: expect.any(String) } });
      expect(Object.keys((one.body.data as { attributes: object }).attributes)).toEqual(['name']);
      expect(one.body.data).not.toHaveProperty('relationships');
    });

    it("refuses a name that is not one of the building's fields with a 400 naming the parameter", async () => {
      for (const path of [`${route()}&fields[buildings]=name,passwordHash`, `/buildings/${organization.buildings['Tower M']}?fields[buildings]=nope`]) {
        const answer = await admin.get(path);
        expect(answer.status).toBe(400);
        expect(answer.body.errors).toEqual([expect.objectContaining({ status: '400', source: { parameter: 'fields[buildings]' } })]);
      }
    });

    it("keeps to the caller's scope", async () => {
      const names = list((await regional.get(`/buildings?filter[organization]=${organization.id}&page[size]=50&fields[buildings]=name`)).body).map((b) => b.attributes.name);
      expect(names).toEqual(eastern);
    });
  });
});
