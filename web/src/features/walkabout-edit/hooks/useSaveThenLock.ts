import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { firstInvalidCondition, INCOMPLETE_TASKS_MESSAGE, INCOMPLETE_TASKS_TITLE, isConditionComplete, walkaboutSavedMessage } from '@fsi/shared';
import { debugLog } from '../../../lib/debugLog';
import type { SaveOutcome } from '../../../lib/outbox/saveQueue';
import { refusalText } from '../../../lib/outcome';
import type { WalkaboutEditStore } from '../state/walkaboutEditStore';
import { nextFinishStep, type FinishFacts, type FinishMode } from '../utils/finishFlow';
import { checkNetworkSpeed } from '../utils/networkSpeed';
import type { Message } from './useMessages';
import { useLockWalkabout } from './useLockWalkabout';

/**
 * Save and Lock Walkabout (inspection.md sections 4, 5 and 8): the steps that nextFinishStep decides,
 * performed one by one (questions, the speed check, the save, the lock, the messages). `finishing`
 * says which button waits while the walkabout is sent.
 */
export function useSaveThenLock({
  store,
  walkaboutId,
  timeZone,
  listPath,
  readOnly,
  measureSpeed,
  save,
  ask,
  showInvalid,
  showNetworkUnavailable,
  revealCondition,
  onLocked,
}: {
  store: WalkaboutEditStore;
  walkaboutId: string;
  timeZone: string;
  listPath: string;
  readOnly: boolean;
  measureSpeed: boolean;
  /** generateReport: the inspector's Save asks for the interim reports; the save before a lock does not (the lock makes the completed ones). */
  save: (options?: { generateReport?: boolean }) => Promise<SaveOutcome>;
  ask: (message: Message) => Promise<boolean>;
  showInvalid: (conditionId: string) => void;
  showNetworkUnavailable: () => void;
  revealCondition: (conditionId: string) => void;
  onLocked: () => void;
}) {
  const navigate = useNavigate();
  const [, setSearchParams] = useSearchParams();
  const lock = useLockWalkabout();
  const [finishing, setFinishing] = useState<FinishMode | null>(null);

  /** pressedWithPending: the button read Save, not Done, when it was pressed (FinishFacts). */
  const finish = async (mode: FinishMode, { pressedWithPending = false }: { pressedWithPending?: boolean } = {}) => {
    const facts: FinishFacts = {
      mode,
      readOnly,
      invalidConditionId: null,
      hasPending: false,
      pressedWithPending,
      complete: false,
      measureSpeed,
    };
    let read = false;
    try {
      for (;;) {
        // The walkabout is read once, when the flow reaches it: a lock's question comes first.
        if (!read && !readOnly && (mode === 'save' || facts.lockConfirmed)) {
          read = true;
          facts.invalidConditionId = firstInvalidCondition(store.sharedEntries())?.condition.id ?? null;
          facts.hasPending = store.hasPending();
          facts.complete = store.allConditions().every(isConditionComplete);
        }
        const step = nextFinishStep(facts);
        switch (step.kind) {
          case 'leave':
            navigate(listPath);
            return;
          case 'stop':
            return;
          case 'confirmLock':
            facts.lockConfirmed = await ask({
              title: 'Lock Walkabout',
              text: 'Close Walkabout? This cannot be undone.',
              confirmLabel: 'Lock Walkabout',
              cancelLabel: 'Cancel',
            });
            break;
          case 'showInvalid':
            revealCondition(step.conditionId);
            showInvalid(step.conditionId);
            return;
          case 'confirmIncomplete':
            facts.incompleteConfirmed = await ask({ title: INCOMPLETE_TASKS_TITLE, text: INCOMPLETE_TASKS_MESSAGE, confirmLabel: 'Continue', cancelLabel: 'Cancel' });
            break;
          case 'checkSpeed':
            setFinishing(mode);
            facts.networkSlow = (await checkNetworkSpeed()) === 'slow';
            break;
          case 'save':
            setFinishing(mode);
            facts.saveOutcome = await save({ generateReport: mode === 'save' });
            break;
          case 'lock': {
            const locking = await lock(walkaboutId);
            debugLog(`lock: ${locking.status === 'done' ? 'ok' : locking.status}${locking.status === 'refused' ? ` (${refusalText(locking.errors)})` : ''}`);
            if (locking.status === 'done') onLocked();
            facts.lockOutcome = locking;
            break;
          }
          case 'networkUnavailable':
            showNetworkUnavailable();
            return;
          case 'refused':
            void ask({ title: step.title, text: step.message });
            return;
          case 'finished': {
            // The save flow ends on the last floor (inspection.md section 4): the walkabout's place in the
            // history is where Lock Walkabout is, so Back from the list returns there.
            const lastFloor = store.floors.at(-1);
            if (lastFloor) setSearchParams({ floor: lastFloor.id }, { replace: true });
            const text = walkaboutSavedMessage(step.saveKind, new Date(), timeZone);
            await ask({ title: 'Walkabout saved', text });
            navigate(listPath, { state: { notice: text } });
            return;
          }
        }
      }
    } finally {
      setFinishing(null);
    }
  };

  return { finishing, finish };
}
