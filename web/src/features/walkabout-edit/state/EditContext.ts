import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';
import type { PendingTally } from '../../../lib/outbox/pendingEdits';
import type { ConditionSnapshot, EntrySnapshot, EntryStatus, Progress, WalkaboutEditStore } from './walkaboutEditStore';

/** What every row of the screen needs: the store and the screen's stable commands. */
export type EditContextValue = {
  store: WalkaboutEditStore;
  /** Locked, closed, or unlocked for editing. */
  readOnly: boolean;
  canHandleUnavailableQrCodes: boolean;
  openActions: (conditionId: string) => void;
  flagUnavailable: (entryId: string) => void;
};

export const EditContext = createContext<EditContextValue | null>(null);

export function useEditContext(): EditContextValue {
  const value = useContext(EditContext);
  if (!value) throw new Error('useEditContext must be used inside the walkabout edit screen');
  return value;
}

export function useConditionSnapshot(store: WalkaboutEditStore, id: string): ConditionSnapshot {
  const subscribe = useCallback((listener: () => void) => store.subscribeCondition(id, listener), [store, id]);
  return useSyncExternalStore(subscribe, () => store.getCondition(id));
}

export function useEntrySnapshot(store: WalkaboutEditStore, id: string): EntrySnapshot {
  const subscribe = useCallback((listener: () => void) => store.subscribeEntry(id, listener), [store, id]);
  return useSyncExternalStore(subscribe, () => store.getEntry(id));
}

export function useEntryStatus(store: WalkaboutEditStore, id: string): EntryStatus {
  const subscribe = useCallback((listener: () => void) => store.subscribeEntry(id, listener), [store, id]);
  return useSyncExternalStore(subscribe, () => store.getEntryStatus(id));
}

export function useFloorProgress(store: WalkaboutEditStore, id: string): Progress {
  const subscribe = useCallback((listener: () => void) => store.subscribeFloor(id, listener), [store, id]);
  return useSyncExternalStore(subscribe, () => store.getFloorProgress(id));
}

export function usePendingCount(store: WalkaboutEditStore): number {
  return useSyncExternalStore(store.subscribePending, store.getPendingCount);
}

/** What waits on the device, by kind (results, scans, QR code reports). */
export function usePendingTally(store: WalkaboutEditStore): PendingTally {
  return useSyncExternalStore(store.subscribePending, store.getPendingTally);
}
