/**
 * The per-request data source: one REST client (the caller's token) and the
 * DataLoaders of every feature. Made in the context function for each GraphQL
 * request, never at module scope, so no cache or token outlives its request.
 */
import type { RestClient } from './rest-client';
import { createAuthLoaders } from './features/auth/loaders';
import { createBuildingLoaders } from './features/buildings/loaders';
import { createCycleLoaders } from './features/cycles/loaders';
import { createDocumentLoaders } from './features/documents/loaders';
import { createFireWatchLoaders } from './features/fire-watches/loaders';
import { createLocationLoaders } from './features/locations/loaders';
import { createLocationAdminLoaders } from './features/location-admin/loaders';
import { createMailOutboxLoaders } from './features/mail-outbox/loaders';
import { createOrganizationLoaders } from './features/organizations/loaders';
import { createQrCodeLoaders } from './features/qr-codes/loaders';
import { createRegionLoaders } from './features/regions/loaders';
import { createReportLoaders } from './features/reports/loaders';
import { createWalkaboutLoaders } from './features/walkabouts/loaders';

export function createDataSource(rest: RestClient): DataSource {
  const buildings = createBuildingLoaders(rest);
  const cycles = createCycleLoaders(rest);
  const locations = createLocationLoaders(rest);
  return {
    // A sign-in reads its payload through a data source of its own, with the new token: this one's client never changes.
    auth: createAuthLoaders(rest, (token) => createDataSource(rest.withToken(token))),
    organizations: createOrganizationLoaders(rest),
    regions: createRegionLoaders(rest),
    cycles,
    buildings,
    walkabouts: createWalkaboutLoaders(rest, { buildings, cycles }),
    locations,
    locationAdmin: createLocationAdminLoaders(rest, locations),
    fireWatches: createFireWatchLoaders(rest, buildings),
    reports: createReportLoaders(rest),
    mailOutbox: createMailOutboxLoaders(rest),
    qrCodes: createQrCodeLoaders(rest),
    documents: createDocumentLoaders(rest),
  };
}

export type DataSource = {
  auth: ReturnType<typeof createAuthLoaders>;
  organizations: ReturnType<typeof createOrganizationLoaders>;
  regions: ReturnType<typeof createRegionLoaders>;
  cycles: ReturnType<typeof createCycleLoaders>;
  buildings: ReturnType<typeof createBuildingLoaders>;
  walkabouts: ReturnType<typeof createWalkaboutLoaders>;
  locations: ReturnType<typeof createLocationLoaders>;
  locationAdmin: ReturnType<typeof createLocationAdminLoaders>;
  fireWatches: ReturnType<typeof createFireWatchLoaders>;
  reports: ReturnType<typeof createReportLoaders>;
  mailOutbox: ReturnType<typeof createMailOutboxLoaders>;
  qrCodes: ReturnType<typeof createQrCodeLoaders>;
  documents: ReturnType<typeof createDocumentLoaders>;
};
