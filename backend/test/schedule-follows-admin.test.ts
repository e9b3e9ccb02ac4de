/**
 * Issue 14 point 5: the walkabout schedule follows what is administered through the routes. A cycle added with
 * POST /cycles gets its walkabouts; a weekday turned off in an ancestor region's override, a blackout date of the
 * building's own region and a weekday turned off later with PATCH each keep the scheduler from creating that day's
 * walkabout, at the building of the region and of its sub-regions, and nowhere else. The clock is the test's.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runWalkaboutSchedule } from '../src/features/walkabouts/scheduler';
import { hasApplicableTasks } from '../src/features/walkabouts/snapshot';
import { schema, type TestBackend } from '../src/testing';
import { databases, demoIds, one, signedIn, startTestBackend, type Client } from './helpers';

/** Noon in Toronto (the demo buildings' zone) on a day of March 2027. */
const noonOf = (date: string) => new Date(`${date}T17:00:00Z`);

describe.each(databases)('the schedule follows regions, cycles and overrides on %s', (database) => {
  let backend: TestBackend;
  let admin: Client;
  let cycleId: string;
  let queensQuay: number;
  let kingStreet: number;
  let downtown: string;
  let harbourfront: string;

  beforeAll(async () => {
    backend = await startTestBackend({ database });
    admin = await signedIn(backend, 'admin');
    const demo = await demoIds(backend);
    // Queen's Quay is in Harbourfront, a sub-region of Downtown; King Street is in Downtown itself.
    queensQuay = Number(demo.building("Queen's Quay Residences"));
    kingStreet = Number(demo.building('King Street Commerce Centre'));
    downtown = demo.region('Downtown');
    harbourfront = demo.region('Harbourfront');
    const made = await admin.post('/cycles', {
      data: { type: 'cycles', attributes: { name: 'Night Round', abbreviation: 'NR', frequency: 'daily', every: 1, start: '2027-03-01', organizationId: demo.northwind } },
    });
    expect(made.status).toBe(201);
    cycleId = one(made.body).id;
    // Its conditions: those of the Daily cycle, as an import would give it.
    const daily = await backend.db.select().from(schema.tasks).where(eq(schema.tasks.cycleId, Number(demo.cycle(demo.northwind, 'Daily'))));
    expect(daily.length).toBeGreaterThan(0);
    await backend.db.insert(schema.tasks).values(daily.map(({ id: _id, ...task }) => ({ ...task, cycleId: Number(cycleId) })));
    for (const building of [queensQuay, kingStreet]) expect(await hasApplicableTasks(backend.db, building, Number(cycleId))).toBe(true);
  });
  afterAll(() => backend?.close());

  /** Runs the schedule at noon of the day and answers whether each building got that day's Night Round walkabout. */
  async function scheduleOn(date: string) {
    const run = await runWalkaboutSchedule(backend.db, noonOf(date));
    expect(run.ran).toBe(true);
    const has = async (buildingId: number) =>
      (
        await backend.db
          .select({ id: schema.walkabouts.id })
          .from(schema.walkabouts)
          .where(and(eq(schema.walkabouts.buildingId, buildingId), eq(schema.walkabouts.cycleId, Number(cycleId)), eq(schema.walkabouts.date, date)))
      ).length === 1;
    return { queensQuay: await has(queensQuay), kingStreet: await has(kingStreet) };
  }

  const override = (regionId: string, attributes: Record<string, unknown>) =>
    admin.post('/cycle-overrides', {
      data: { type: 'cycle-overrides', attributes, relationships: { region: { data: { type: 'regions', id: regionId } }, cycle: { data: { type: 'cycles', id: cycleId } } } },
    });

  it('creates the walkabouts of a cycle added through POST /cycles', async () => {
    expect(await scheduleOn('2027-03-01')).toEqual({ queensQuay: true, kingStreet: true });
  });

  it("skips a weekday turned off in the ancestor region's override, in the region and its sub-regions", async () => {
    expect((await override(downtown, { tuesday: false })).status).toBe(201);
    expect(await scheduleOn('2027-03-02')).toEqual({ queensQuay: false, kingStreet: false });
  });

  it("skips a blackout date of the building's own region only there, and schedules the next day", async () => {
    expect((await override(harbourfront, { blackoutDates: ['2027-03-03'] })).status).toBe(201);
    expect(await scheduleOn('2027-03-03')).toEqual({ queensQuay: false, kingStreet: true });
    expect(await scheduleOn('2027-03-04')).toEqual({ queensQuay: true, kingStreet: true });
  });

  it('follows a weekday turned off later with PATCH, and one turned back on', async () => {
    const [own] = await backend.db.select().from(schema.cycleOverrides).where(and(eq(schema.cycleOverrides.regionId, Number(harbourfront)), eq(schema.cycleOverrides.cycleId, Number(cycleId))));
    const patch = (attributes: Record<string, unknown>) => admin.request('PATCH', `/cycle-overrides/${own!.id}`, { data: { type: 'cycle-override', attributes } });
    expect((await patch({ thursday: false, version: own!.version })).status).toBe(200);
    expect(await scheduleOn('2027-03-11')).toEqual({ queensQuay: false, kingStreet: true });
    expect((await patch({ thursday: true })).status).toBe(200);
    expect(await scheduleOn('2027-03-18')).toEqual({ queensQuay: true, kingStreet: true });
  });
});
