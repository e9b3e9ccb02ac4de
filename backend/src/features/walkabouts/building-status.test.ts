import { describe, expect, it } from 'vitest';
import { walkaboutStatusFrom } from './building-status';

describe('walkaboutStatusFrom', () => {
  const status = (openedAt: string, lockedAt: string | null = null, closedAt: string | null = null) =>
    walkaboutStatusFrom([[[7, true, 2, openedAt, lockedAt, closedAt]], 1, 3, null, null]).statuses[0]!;

  it('writes the times as toISOString does, whatever the digits of their fraction', () => {
    for (const text of ['2026-11-28T07:02:12.704123+00:00', '2026-11-28T07:02:12.7049+00:00', '2026-11-28T07:02:12.5+00:00', '2026-11-28T07:02:12+00:00']) {
      expect(status(text).openedAt).toBe(new Date(text).toISOString());
    }
    expect(status('2026-11-28T07:02:12.704123+00:00').openedAt).toBe('2026-11-28T07:02:12.704Z');
  });

  it('reads a time in another zone or form through Date', () => {
    expect(status('2026-11-28T09:02:12.25+02:00').openedAt).toBe('2026-11-28T07:02:12.250Z');
    expect(status('2026-11-28 07:02:12+00').openedAt).toBe('2026-11-28T07:02:12.000Z');
  });

  it('keeps the times a walkabout does not have yet as null, and reads the counts as numbers', () => {
    expect(walkaboutStatusFrom([[[7, false, '4' as unknown as number, '2026-11-28T07:02:12+00:00', null, '2026-11-29T07:00:00+00:00']], null, 1, 5, 9])).toEqual({
      statuses: [{ cycleId: 7, isLastWalkaboutComplete: false, lastWalkaboutUnsatisfactoryTotal: 4, openedAt: '2026-11-28T07:02:12.000Z', lockedAt: null, closedAt: '2026-11-29T07:00:00.000Z' }],
      walkaboutsCount: 1,
      unsatisfactoryPhotosCount: 0,
      fireWatchId: 5,
      activeFireWatchWalkaboutId: 9,
    });
  });
});
