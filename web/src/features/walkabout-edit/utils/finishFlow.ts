import type { SaveKind } from '@fsi/shared';
import type { SaveOutcome } from '../../../lib/outbox/saveQueue';
import { refusalText, type Outcome } from '../../../lib/outcome';

/**
 * Save and Lock Walkabout (inspection.md sections 4, 5 and 8) as a decision: given what is known so
 * far, the next step. The spec's save flow: validate (every unlocked entry of the walkabout), return to
 * the list when nothing changed, warn on incomplete (continue allowed), save, go to the last floor and
 * say what was saved. The screen's hook (useSaveThenLock) performs each step, adds what it learned
 * to the facts and asks again, until the flow stops, leaves or finishes.
 */
export type FinishMode = 'save' | 'lock';

export type FinishFacts = {
  mode: FinishMode;
  /** Locked, closed or view only: nothing to save or lock. */
  readOnly: boolean;
  /** The first condition that is unsatisfactory without the remarks or photo it needs, if any. */
  invalidConditionId: string | null;
  /** Changes wait on the device. */
  hasPending: boolean;
  /**
   * Save was pressed while it read Save (changes were waiting): a save in the background (the location change's, say)
   * may have sent them between the press and this reading, and the inspector who pressed Save is still told it is saved.
   */
  pressedWithPending?: boolean;
  /** Every condition is marked. */
  complete: boolean;
  /** The viewer's setting: check the network's speed before saving. */
  measureSpeed: boolean;
  /** The answers and results of the steps taken so far. */
  lockConfirmed?: boolean;
  incompleteConfirmed?: boolean;
  networkSlow?: boolean;
  saveOutcome?: SaveOutcome;
  lockOutcome?: Outcome<unknown>;
};

export type FinishStep =
  /** Back to the walkabouts list, nothing said. */
  | { kind: 'leave' }
  /** The inspector cancelled, or the session ended (the route guard takes over). */
  | { kind: 'stop' }
  | { kind: 'confirmLock' }
  | { kind: 'showInvalid'; conditionId: string }
  | { kind: 'confirmIncomplete' }
  | { kind: 'checkSpeed' }
  | { kind: 'save' }
  | { kind: 'lock' }
  /** 'Network unavailable': please go where data is available and complete the walkabout. */
  | { kind: 'networkUnavailable' }
  | { kind: 'refused'; title: 'Walkabout not saved' | 'Walkabout not locked'; message: string }
  /**
   * Saved (and locked): show the last floor, say 'Complete walkabout saved on {date}.' or 'Partial
   * walkabout saved on {date}.' by whether every condition is marked, then go back to the list, which
   * says it again (inspection.md sections 4 and 8).
   */
  | { kind: 'finished'; saveKind: Exclude<SaveKind, 'save'> };

export function nextFinishStep(facts: FinishFacts): FinishStep {
  if (facts.readOnly) return { kind: 'leave' };
  if (facts.mode === 'lock') {
    if (facts.lockConfirmed === undefined) return { kind: 'confirmLock' };
    if (!facts.lockConfirmed) return { kind: 'stop' };
  }
  if (facts.invalidConditionId !== null) return { kind: 'showInvalid', conditionId: facts.invalidConditionId };
  if (facts.mode === 'save' && !facts.hasPending && !facts.pressedWithPending) return { kind: 'leave' };
  if (!facts.complete) {
    if (facts.incompleteConfirmed === undefined) return { kind: 'confirmIncomplete' };
    if (!facts.incompleteConfirmed) return { kind: 'stop' };
  }
  if (facts.measureSpeed && facts.networkSlow === undefined) return { kind: 'checkSpeed' };
  if (facts.networkSlow) return { kind: 'networkUnavailable' };

  const saved = facts.saveOutcome;
  if (!saved) return { kind: 'save' };
  if (saved.status === 'offline') return { kind: 'networkUnavailable' };
  if (saved.status === 'refused') return { kind: 'refused', title: 'Walkabout not saved', message: saved.message };
  if (saved.status === 'signedOut') return { kind: 'stop' };
  const saveKind = facts.complete ? 'complete' : 'partial';
  if (facts.mode === 'save') return { kind: 'finished', saveKind };

  const locked = facts.lockOutcome;
  if (!locked) return { kind: 'lock' };
  if (locked.status === 'offline') return { kind: 'networkUnavailable' };
  if (locked.status === 'refused') return { kind: 'refused', title: 'Walkabout not locked', message: refusalText(locked.errors) };
  if (locked.status === 'signedOut') return { kind: 'stop' };
  return { kind: 'finished', saveKind };
}
