/** The walkabouts list's messages, word for word from inspection.md sections 2 and 8. */
export const FIRE_WATCH_ALREADY_STARTED = 'Fire watch already started.';
export const FIRE_WATCH_STOP_FAILED = 'There was an issue stopping the fire watch. Please try again.';
/** Not worded by the specification; it follows the wording of a failed stop. */
export const FIRE_WATCH_START_FAILED = 'There was an issue starting the fire watch. Please try again.';
export const WALKABOUT_CREATE_FAILED = 'Walkabout could not be created due to an error.';
/** Not worded by the specification: a creation that got no answer (or a server fault) says so, not 'an error'. */
export const WALKABOUT_CREATE_UNREACHABLE = 'Walkabout could not be created: the server could not be reached. Check your connection and try again.';
/** Not worded by the specification: a fire watch start that got no answer says so. */
export const FIRE_WATCH_START_UNREACHABLE = 'The fire watch could not be started: the server could not be reached. Check your connection and try again.';
export const FIRE_WATCH_WALKABOUT_NO_LOCATIONS =
  'Fire watch walkabout could not be created because no fire watch locations are set up.';

export function createWalkaboutConfirmation(cycleName: string): string {
  return `Are you sure you want to create a walkabout for the ${cycleName} cycle? This will take a moment to complete.`;
}
