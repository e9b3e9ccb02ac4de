import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { firstInvalidCondition } from '@fsi/shared';
import { debugLog } from '../../../lib/debugLog';
import type { WalkaboutEditStore } from '../state/walkaboutEditStore';

/**
 * Floors one at a time, the current one in the address (?floor=) so that Back walks them. Floor
 * changes come through the address (Next, the selector, Back, the browser's back button): an invalid
 * unlocked entry anywhere in the walkabout refuses the change (inspection.md sections 4 and 5).
 */
export function useFloorNavigation({
  store,
  readOnly,
  onInvalid,
  onFloorChanged,
  refuse,
}: {
  store: WalkaboutEditStore;
  readOnly: boolean;
  /** Refuses the floor change for another reason (a refused QR code report), having said why; true when refused. */
  refuse?: () => boolean;
  /** The floor change was refused: point at this condition. */
  onInvalid: (conditionId: string) => void;
  /** The inspector moved to another floor (the work so far is saved). */
  onFloorChanged: () => void;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const floors = store.floors;
  const requestedFloorId = searchParams.get('floor');
  const validFloor = (id: string | null) => (id !== null && floors.some((floor) => floor.id === id) ? id : null);
  const [floorId, setFloorId] = useState<string | null>(() => validFloor(requestedFloorId) ?? floors[0]?.id ?? null);
  const floorIndex = floors.findIndex((floor) => floor.id === floorId);

  const targetFloorId = validFloor(requestedFloorId) ?? floors[0]?.id ?? null;
  const handledTarget = useRef<string | null>(null);
  /** The floor revealCondition asked for: shown as it is, without the rules or a save of a floor change. */
  const revealing = useRef<string | null>(null);
  const onFloorRequested = useEffectEvent((target: string) => {
    if (revealing.current === target) {
      revealing.current = null;
      setFloorId(target);
      window.scrollTo(0, 0);
      return;
    }
    if (floorId !== null && refuse?.()) {
      setSearchParams({ floor: floorId }, { replace: true });
      return;
    }
    // Any unlocked entry of the walkabout counts, not only this floor's (inspection.md section 4); the
    // refusal shows the floor of the condition to correct, and going to that floor is not refused.
    const invalid = floorId === null || readOnly ? null : firstInvalidCondition(store.sharedEntries());
    const invalidFloorId = invalid ? store.floorOf(invalid.entry.id) : null;
    if (invalid && invalidFloorId !== null && invalidFloorId !== target) {
      debugLog(`floor change refused: condition ${invalid.condition.id} is unsatisfactory without remarks or a photo`);
      setFloorId(invalidFloorId);
      setSearchParams({ floor: invalidFloorId }, { replace: true });
      onInvalid(invalid.condition.id);
      return;
    }
    debugLog(`floor: ${floors.find((candidate) => candidate.id === target)?.name ?? target}`);
    setFloorId(target);
    window.scrollTo(0, 0);
    onFloorChanged();
  });
  useEffect(() => {
    if (targetFloorId === null || targetFloorId === floorId) {
      handledTarget.current = null;
      return;
    }
    // The address changes in a transition: handle each requested floor once, not on every render until it lands.
    if (handledTarget.current === targetFloorId) return;
    handledTarget.current = targetFloorId;
    onFloorRequested(targetFloorId);
  }, [targetFloorId, floorId]);

  const goToFloor = (id: string) => setSearchParams({ floor: id });

  /**
   * Shows the floor of a condition to focus (the save flow and a refused scan point at it), through the
   * address: set here before the address, the floor would meet the old address and read it as a request
   * to go back. It is not a floor change of the inspector's, so nothing is checked or saved for it.
   */
  const revealCondition = (conditionId: string) => {
    const entryId = store.getCondition(conditionId).info.entryId;
    const target = store.floorOf(entryId);
    if (target === floorId) return;
    revealing.current = target;
    setSearchParams({ floor: target }, { replace: true });
  };

  return {
    floors,
    floorId,
    floor: floors[floorIndex],
    previousFloor: floorIndex > 0 ? floors[floorIndex - 1] : undefined,
    nextFloor: floors[floorIndex + 1],
    isLastFloor: floorIndex === floors.length - 1,
    goToFloor,
    revealCondition,
  };
}
