import { matchPath } from 'react-router-dom';

/**
 * The routes of the specification's route tables that later issues build
 * (inspection.md section 2, admin-organizations-buildings.md and
 * admin-people-schedules.md section 2). Until then they say so, rather than
 * calling a valid link unknown.
 */
const PLANNED_ROUTES = [
  '/buildings/:buildingId/walkabouts',
  '/buildings/:buildingId/walkabouts/:walkaboutId',
  '/buildings/:buildingId/locations',
  '/buildings/:buildingId/locations/:locationId',
  '/buildings/:buildingId/reports/groups',
  '/buildings/:buildingId/reports',
  '/buildings/:buildingId/historical-reports',
  '/buildings/:buildingId/on-demand-reports',
  '/buildings/:buildingId/reports/repair',
  '/buildings/:buildingId/reports/summary/:summaryId',
  '/buildings/:buildingId/reports/:cycleId',
  '/buildings/:buildingId/reports/:cycleId/:reportId',
  '/buildings/:buildingId/document-categories',
  '/buildings/:buildingId/documents',
  '/buildings/:buildingId/documents/:documentId',
  '/reports/download',
  '/settings',
  '/overview/organization',
  '/overview/building/:buildingId',
  '/manage/organizations',
  '/manage/organization/:organizationId/*',
  '/manage/organization/:organizationId',
  '/manage/building/:buildingId/*',
  '/manage/building/:buildingId',
  '/manage/cycles/:cycleId',
  '/q/:uuid',
] as const;

export function isPlannedRoute(pathname: string): boolean {
  return PLANNED_ROUTES.some((pattern) => matchPath(pattern, pathname) !== null);
}
