/**
 * The backend of the gateway bench (gateway.ts), in a thread of its own as `npm start` runs the embedded backend
 * (gateway/src/backend-thread.ts): a fresh PGlite with the buildings of the bench's largest page, each with a Daily, a Weekly and a Monthly
 * walkabout (the three status badges of its card), in 6 districts of one area, and a user of that area.
 */
import { workerData } from 'node:worker_threads';
import { schema, seed, startTestBackend } from '@fsi/backend/testing';
import { serveBackendThread } from '@fsi/gateway/backend-thread';

/** What the bench asks for (workerData): its largest page's buildings. */
export type GatewayBenchData = { buildings: number };
/** What the thread answers besides its URL. */
export type GatewayBenchBackend = { organizationId: string };

serveBackendThread(async () => {
  const { buildings } = workerData as GatewayBenchData;
  const backend = await startTestBackend();
  const organization = await seed(backend.db).organization('Bench Property Group', (o) => {
    o.region('Area');
    for (let r = 0; r < 6; r += 1) o.region(`District ${r}`, { parent: 'Area' });
    o.cycle('Daily', { frequency: 'daily' }).cycle('Weekly', { frequency: 'weekly' }).cycle('Monthly', { frequency: 'monthly' });
    for (let b = 0; b < buildings; b += 1) o.building(`Tower ${String(b).padStart(3, '0')}`, { region: `District ${b % 6}` });
    o.role('Inspector', {});
    o.user('bench-regional', { region: 'Area', roles: ['Inspector'] });
    return o;
  });
  const today = new Date().toISOString().slice(0, 10);
  await backend.db.insert(schema.walkabouts).values(
    Object.values(organization.buildings).flatMap((buildingId) =>
      Object.values(organization.cycles).map((cycleId) => ({ buildingId, cycleId, periodKey: `bench-${today}`, date: today, openedAt: new Date() })),
    ),
  );
  return { url: backend.url, extra: { organizationId: String(organization.id) } satisfies GatewayBenchBackend, close: () => backend.close() };
});
