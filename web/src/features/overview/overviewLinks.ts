/**
 * Where the overview table leads (admin-organizations-buildings.md section 2): Manage Types of a building narrowed to a
 * type (and a state), a location, or the tasks of an equipment type, each with the overview to come back to. The
 * state is the REST spelling of @fsi/shared (satisfactory, unsatisfactory, not_applicable, incomplete, unscanned).
 */
import type { OverviewState } from '@fsi/shared/overview';

export function typeLink(buildingId: string, typeId: string, backUrl: string, state?: OverviewState): string {
  const query = new URLSearchParams({ typeId });
  if (state) query.set('state', state);
  query.set('backUrl', backUrl);
  return `/manage/building/${buildingId}/equipments?${query.toString()}`;
}

export function locationLink(buildingId: string, locationId: string): string {
  return `/manage/building/${buildingId}/equipments?locationId=${encodeURIComponent(locationId)}`;
}

export function equipmentTasksLink(buildingId: string, equipmentId: string): string {
  return `/manage/building/${buildingId}/tasks?equipmentId=${encodeURIComponent(equipmentId)}`;
}

export function buildingOverviewLink(buildingId: string, organizationId: string): string {
  return `/overview/building/${buildingId}?organizationId=${encodeURIComponent(organizationId)}`;
}
