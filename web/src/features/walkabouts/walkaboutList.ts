import { compareWalkaboutsForList, walkaboutDateLabel, walkaboutState, walkaboutTitle, type Frequency } from '@fsi/shared';
import type { Frequency as GraphQLFrequency } from '../../generated/schema';
import type { WalkaboutRow_WalkaboutFragment } from './WalkaboutRow.generated';

/** The GraphQL enum (DAILY) in the spelling of @fsi/shared (daily). */
export function toFrequency(frequency: GraphQLFrequency | null): Frequency | null {
  return frequency === null ? null : (frequency.toLowerCase() as Frequency);
}

export type WalkaboutListItem = { walkabout: WalkaboutRow_WalkaboutFragment; title: string; dateLabel: string };

/**
 * The rows of the walkabouts list (inspection.md section 2): open walkabouts only, Daily, Weekly,
 * Monthly (then Yearly and on-demand ones), then by date, titled '{cycle} Walkabout' with their
 * date label. The fire watch walkabout has its own row ('View Fire Watch Walkabout').
 */
export function walkaboutListItems(walkabouts: readonly WalkaboutRow_WalkaboutFragment[], now: Date): WalkaboutListItem[] {
  return walkabouts
    .filter((walkabout) => !walkabout.isFireWatch && walkaboutState(walkabout, now) === 'open')
    .map((walkabout) => ({ walkabout, frequency: toFrequency(walkabout.cycle.frequency), date: walkabout.date }))
    .sort(compareWalkaboutsForList)
    .map(({ walkabout, frequency }) => ({
      walkabout,
      title: walkaboutTitle(walkabout.cycle.name),
      dateLabel: walkaboutDateLabel({ frequency, every: walkabout.cycle.every, date: walkabout.date }),
    }));
}
