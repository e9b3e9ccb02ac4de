/**
 * The GraphQL schema: the SDL of `schema/*.graphql` (one file per domain, shared
 * with the web's codegen) and the resolvers of each feature folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Resolvers } from './generated/resolvers';
import { appResolvers } from './features/app/resolvers';
import { authResolvers } from './features/auth/resolvers';
import { buildingResolvers } from './features/buildings/resolvers';
import { buildingFormResolvers } from './features/building-form/resolvers';
import { cycleResolvers } from './features/cycles/resolvers';
import { currentWalkaboutResolvers } from './features/current-walkabouts/resolvers';
import { documentResolvers } from './features/documents/resolvers';
import { fireWatchResolvers } from './features/fire-watches/resolvers';
import { locationResolvers } from './features/locations/resolvers';
import { locationAdminResolvers } from './features/location-admin/resolvers';
import { mailOutboxResolvers } from './features/mail-outbox/resolvers';
import { organizationResolvers } from './features/organizations/resolvers';
import { organizationSettingsResolvers } from './features/organization-settings/resolvers';
import { qrCodeResolvers } from './features/qr-codes/resolvers';
import { regionResolvers } from './features/regions/resolvers';
import { reportResolvers } from './features/reports/resolvers';
import { walkaboutResolvers } from './features/walkabouts/resolvers';
import { applicabilityResolvers } from './features/applicability/resolvers';
import { floorResolvers } from './features/floors/resolvers';
// Issue 14: users and roles.
import { peopleResolvers } from './features/people/resolvers';
import { overviewResolvers } from './features/overview/resolvers';
// Issue 13: organization usage, import and export.
import { usageResolvers } from './features/usage/resolvers';
import { importExportResolvers } from './features/import-export/resolvers';
// Issue 13: equipment types and tasks groups at organization level.
import { equipmentTypeResolvers } from './features/equipment-types/resolvers';
// Issue 13: tasks at organization level.
import { taskResolvers } from './features/tasks/resolvers';
import { buildingTypeResolvers } from './features/building-types/resolvers';
// Issue 14: API tokens.
import { apiTokenResolvers } from './features/api-tokens/resolvers';
// Issue 14: report definitions and booklet templates administration.
import { reportAdministrationResolvers } from './features/report-administration/resolvers';

export const schemaDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schema');

export function loadTypeDefs(dir = schemaDir): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => readFileSync(path.join(dir, file), 'utf8'));
}

/** Merges the features' resolver maps type by type (each feature adds fields to Query and Mutation). */
export function mergeResolvers(parts: Resolvers[]): Resolvers {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const part of parts) {
    for (const [typeName, fields] of Object.entries(part)) {
      merged[typeName] = { ...merged[typeName], ...(fields as Record<string, unknown>) };
    }
  }
  return merged as Resolvers;
}

export const resolvers = mergeResolvers([
  appResolvers,
  authResolvers,
  organizationResolvers,
  regionResolvers,
  cycleResolvers,
  buildingResolvers,
  walkaboutResolvers,
  locationResolvers,
  locationAdminResolvers,
  fireWatchResolvers,
  reportResolvers,
  mailOutboxResolvers,
  qrCodeResolvers,
  documentResolvers,
  organizationSettingsResolvers,
  floorResolvers,
  applicabilityResolvers,
  currentWalkaboutResolvers,
  buildingFormResolvers,
  overviewResolvers,
  // Issue 13: organization usage, import and export.
  usageResolvers,
  importExportResolvers,
  // Issue 13.
  equipmentTypeResolvers,
  taskResolvers,
  buildingTypeResolvers,
  // Issue 14: API tokens.
  apiTokenResolvers,
  // Issue 14.
  peopleResolvers,
  // Issue 14: report definitions and booklet templates administration.
  reportAdministrationResolvers,
]);
