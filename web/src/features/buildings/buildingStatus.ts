import { isLocked } from '@fsi/shared';
import type { BuildingStatusBadges_BuildingFragment } from './BuildingStatusBadges.generated';

export type BuildingStatus = BuildingStatusBadges_BuildingFragment['statuses'][number];

/** complete: no unsatisfactory result (green); incomplete (warning); unsatisfactory: complete with failures (error). */
export type StatusTone = 'complete' | 'incomplete' | 'unsatisfactory';

/**
 * The badge of one cycle on a building card (spec inspection.md section 2,
 * Buildings), or null when none shows: the walkabout must be open, that is
 * opened in the past, not locked (isLocked, the rule the server keeps) and not closed.
 */
export function statusTone(status: BuildingStatus, now: Date = new Date()): StatusTone | null {
  const time = now.getTime();
  if (!status.openedAt || Date.parse(status.openedAt) > time) return null;
  if (!status.lockedAt || isLocked(status.lockedAt, now)) return null;
  if (status.closedAt && Date.parse(status.closedAt) <= time) return null;
  if (!status.isLastWalkaboutComplete) return 'incomplete';
  return status.lastWalkaboutUnsatisfactoryTotal > 0 ? 'unsatisfactory' : 'complete';
}
