import { describe, expect, it } from 'vitest';
import { nextFinishStep, type FinishFacts } from './finishFlow';

const saving: FinishFacts = { mode: 'save', readOnly: false, invalidConditionId: null, hasPending: true, complete: true, measureSpeed: false };
const locking: FinishFacts = { ...saving, mode: 'lock' };
const done = { status: 'done', value: {} } as const;

describe('Save and Lock Walkabout, step by step', () => {
  it('leaves a walkabout that is already locked, closed or view only without saving or locking', () => {
    expect(nextFinishStep({ ...saving, readOnly: true })).toEqual({ kind: 'leave' });
    expect(nextFinishStep({ ...locking, readOnly: true })).toEqual({ kind: 'leave' });
  });

  it('leaves on Done when nothing waits to be saved', () => {
    expect(nextFinishStep({ ...saving, hasPending: false })).toEqual({ kind: 'leave' });
  });

  it('says the walkabout is saved when Save, pressed with changes waiting, finds them sent by a save in the background meanwhile', () => {
    const pressed = { ...saving, hasPending: false, pressedWithPending: true };
    expect(nextFinishStep(pressed)).toEqual({ kind: 'save' });
    // The save finds nothing left to send: what the inspector pressed Save for is on the server.
    expect(nextFinishStep({ ...pressed, saveOutcome: { status: 'nothing' } })).toEqual({ kind: 'finished', saveKind: 'complete' });
  });

  it('saves pending changes, then finishes as a complete or a partial walkabout by whether every condition is marked', () => {
    expect(nextFinishStep(saving)).toEqual({ kind: 'save' });
    expect(nextFinishStep({ ...saving, saveOutcome: { status: 'saved' } })).toEqual({ kind: 'finished', saveKind: 'complete' });
    expect(nextFinishStep({ ...saving, complete: false, incompleteConfirmed: true, saveOutcome: { status: 'saved' } })).toEqual({
      kind: 'finished',
      saveKind: 'partial',
    });
  });

  it('points at the first invalid condition before anything is sent, on Save as on Lock', () => {
    expect(nextFinishStep({ ...saving, invalidConditionId: 'c1' })).toEqual({ kind: 'showInvalid', conditionId: 'c1' });
    expect(nextFinishStep({ ...locking, lockConfirmed: true, invalidConditionId: 'c1' })).toEqual({ kind: 'showInvalid', conditionId: 'c1' });
  });

  it('points at an invalid condition even when nothing waits to be saved', () => {
    expect(nextFinishStep({ ...saving, hasPending: false, invalidConditionId: 'c2' })).toEqual({ kind: 'showInvalid', conditionId: 'c2' });
  });

  it('asks before going on with unmarked conditions, and stops when the inspector cancels', () => {
    const incomplete = { ...saving, complete: false };
    expect(nextFinishStep(incomplete)).toEqual({ kind: 'confirmIncomplete' });
    expect(nextFinishStep({ ...incomplete, incompleteConfirmed: false })).toEqual({ kind: 'stop' });
    expect(nextFinishStep({ ...incomplete, incompleteConfirmed: true })).toEqual({ kind: 'save' });
  });

  it('checks the network speed first when the viewer asks for it, and a slow network saves nothing', () => {
    const measuring = { ...saving, measureSpeed: true };
    expect(nextFinishStep(measuring)).toEqual({ kind: 'checkSpeed' });
    expect(nextFinishStep({ ...measuring, networkSlow: true })).toEqual({ kind: 'networkUnavailable' });
    expect(nextFinishStep({ ...measuring, networkSlow: false })).toEqual({ kind: 'save' });
  });

  it('says the network is unavailable when the save found none, and does not lock', () => {
    expect(nextFinishStep({ ...saving, saveOutcome: { status: 'offline' } })).toEqual({ kind: 'networkUnavailable' });
    expect(nextFinishStep({ ...locking, lockConfirmed: true, saveOutcome: { status: 'offline' } })).toEqual({ kind: 'networkUnavailable' });
  });

  it("shows the server's refusal of the save in its words, and does not lock", () => {
    const refused = { status: 'refused', message: 'This walkabout is locked.' } as const;
    expect(nextFinishStep({ ...locking, lockConfirmed: true, saveOutcome: refused })).toEqual({
      kind: 'refused',
      title: 'Walkabout not saved',
      message: 'This walkabout is locked.',
    });
  });

  it('stops when the session ended during the save or the lock (sign-in takes over)', () => {
    expect(nextFinishStep({ ...saving, saveOutcome: { status: 'signedOut' } })).toEqual({ kind: 'stop' });
    expect(nextFinishStep({ ...locking, lockConfirmed: true, saveOutcome: { status: 'saved' }, lockOutcome: { status: 'signedOut' } })).toEqual({
      kind: 'stop',
    });
  });

  it('asks to confirm a lock first, and a cancelled lock saves nothing', () => {
    expect(nextFinishStep(locking)).toEqual({ kind: 'confirmLock' });
    expect(nextFinishStep({ ...locking, lockConfirmed: false })).toEqual({ kind: 'stop' });
  });

  it('locks only after the save, even with nothing pending', () => {
    const confirmed = { ...locking, lockConfirmed: true, hasPending: false };
    expect(nextFinishStep(confirmed)).toEqual({ kind: 'save' });
    expect(nextFinishStep({ ...confirmed, saveOutcome: { status: 'nothing' } })).toEqual({ kind: 'lock' });
  });

  it('finishes a lock as complete or partial by whether every condition is marked', () => {
    const saved = { ...locking, lockConfirmed: true, saveOutcome: { status: 'saved' } } as const;
    expect(nextFinishStep({ ...saved, lockOutcome: done })).toEqual({ kind: 'finished', saveKind: 'complete' });
    expect(nextFinishStep({ ...saved, complete: false, incompleteConfirmed: true, lockOutcome: done })).toEqual({
      kind: 'finished',
      saveKind: 'partial',
    });
  });

  it('says the network is unavailable, or the refusal, when the lock fails after a good save', () => {
    const saved = { ...locking, lockConfirmed: true, saveOutcome: { status: 'saved' } } as const;
    expect(nextFinishStep({ ...saved, lockOutcome: { status: 'offline' } })).toEqual({ kind: 'networkUnavailable' });
    expect(
      nextFinishStep({
        ...saved,
        lockOutcome: { status: 'refused', errors: [{ field: null, message: 'The walkabout is closed.', code: 'CLOSED' }] },
      }),
    ).toEqual({ kind: 'refused', title: 'Walkabout not locked', message: 'The walkabout is closed.' });
  });
});
