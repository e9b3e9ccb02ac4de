/**
 * Create Current Walkabouts (admin-organizations-buildings.md sections 2, 4 and 6; DESIGN.md section 4, "What a
 * walkabout contains"): who may press it, the building form's words, and the sentence that says what a press
 * changed. One implementation for the backend (the authoritative refusal), the gateway and the web.
 */

/** The building form's text when the button is disabled (section 2). */
export const NO_APPLICABLE_WALKABOUT_CONDITIONS_TEXT = 'No applicable walkabout conditions or no locations have been set up for this building';
/** The help of the button (section 4): changes to types and task groups reach current walkabouts only through it. */
export const CURRENT_WALKABOUTS_HELP_TEXT =
  "Changes to types and task groups reach current walkabouts only after 'Create Current Walkabouts'. They can affect in-progress inspections.";
export const NOT_ALLOWED_TO_CREATE_CURRENT_WALKABOUTS_MESSAGE = 'You are not allowed to create current walkabouts for this building.';

/** Section 6: Create Current Walkabouts needs admin, manage-organization or manage-buildings. */
export function canCreateCurrentWalkabouts(
  isAdmin: boolean,
  permissions: { canManageOrganization: boolean; canManageBuildings: boolean },
): boolean {
  return isAdmin || permissions.canManageOrganization || permissions.canManageBuildings;
}

/** What one press changed, over all the walkabouts it touched (the REST answer's meta, the mutation's payload). */
export type CurrentWalkaboutChanges = {
  /** Walkabouts of a period that had none, made by the schedule's own rule. */
  walkaboutsCreated: number;
  /** Open walkabouts whose snapshot changed. */
  walkaboutsUpdated: number;
  entriesAdded: number;
  entriesRemoved: number;
  conditionsAdded: number;
  conditionsRemoved: number;
  /** Entries that no longer apply but stay, because results were recorded for them. */
  entriesKeptWithResults: number;
};

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/** The success message of a press, e.g. 'Created 1 walkabout. Updated 2 walkabouts: added 3 entries (12 conditions)…'. */
export function describeCurrentWalkaboutChanges(changes: CurrentWalkaboutChanges): string {
  const parts: string[] = [];
  if (changes.walkaboutsCreated) parts.push(`Created ${plural(changes.walkaboutsCreated, 'walkabout')}.`);
  if (changes.walkaboutsUpdated) {
    const details: string[] = [];
    if (changes.entriesAdded || changes.conditionsAdded) {
      details.push(`added ${plural(changes.entriesAdded, 'entry', 'entries')} and ${plural(changes.conditionsAdded, 'condition')}`);
    }
    if (changes.entriesRemoved || changes.conditionsRemoved) {
      details.push(`removed ${plural(changes.entriesRemoved, 'entry', 'entries')} and ${plural(changes.conditionsRemoved, 'condition')}`);
    }
    parts.push(`Updated ${plural(changes.walkaboutsUpdated, 'walkabout')}${details.length ? `: ${details.join('; ')}` : ''}.`);
  }
  if (changes.entriesKeptWithResults) {
    const one = changes.entriesKeptWithResults === 1;
    parts.push(`Kept ${plural(changes.entriesKeptWithResults, 'entry', 'entries')} that no longer ${one ? 'applies' : 'apply'}, because results were recorded for ${one ? 'it' : 'them'}.`);
  }
  return parts.length ? parts.join(' ') : 'Current walkabouts are already up to date.';
}
