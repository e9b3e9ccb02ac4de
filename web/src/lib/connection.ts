import { useSyncExternalStore } from 'react';
import { createSignal, onWindowEvent } from './signal';

/**
 * What the app knows of its way to the server, in the terms the inspector is told (issue 9, "Working
 * without a network"): 'offline' when the browser has no network, 'unreachable' when it has one but
 * the last call got no answer (or a server fault), 'online' otherwise. Every GraphQL call reports to
 * it through `reachabilityLink`; an answer after an outage is told through `serverAnswered`, so that
 * the work waiting on the device is sent at once rather than at the next retry. No Apollo here: the
 * link lives in apollo/reachabilityLink.ts, so that screens reading the connection do not pull the client in.
 */
export type Connection = 'online' | 'offline' | 'unreachable';

let unreachable = false;
/** Grows at the start of each outage, so that a message said once per outage knows a new one began. */
let outage = 0;
const saidInOutage = new Set<string>();
let deviceCopies = 0;
const changed = createSignal();

/** The server answered after an outage (or the browser's network came back): send what waits. */
export const serverAnswered = createSignal();

let last: Connection = 'online';
let listening = false;

function listen(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  last = connection();
  const update = () => {
    // The browser's network is back: whether the server answers is not known until a call is made.
    if (navigator.onLine) unreachable = false;
    settle();
  };
  onWindowEvent('online', update);
  onWindowEvent('offline', update);
}

export function connection(): Connection {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return 'offline';
  return unreachable ? 'unreachable' : 'online';
}

function settle(): void {
  const before = last;
  const after = connection();
  last = after;
  if (after === before) return;
  if (before === 'online') {
    outage += 1;
    saidInOutage.clear();
  }
  changed.emit();
  if (after === 'online') serverAnswered.emit();
}

/** A call got no answer, or a server fault (5xx): the work waits on the device. */
export function reportUnreachable(): void {
  listen();
  unreachable = true;
  settle();
}

/** The server answered a call (whatever it said). */
export function reportAnswered(): void {
  listen();
  unreachable = false;
  settle();
}

/**
 * True the first time it is asked for `what` in the current outage: one outage gives one message
 * ('Network unavailable'), not one at every floor change and save.
 */
export function firstTimeThisOutage(what: string): boolean {
  if (saidInOutage.has(what)) return false;
  saidInOutage.add(what);
  return true;
}

/** The number of the current (or last) outage. */
export function outageNumber(): number {
  return outage;
}

function subscribe(listener: () => void): () => void {
  listen();
  return changed.subscribe(listener);
}

export function useConnection(): Connection {
  return useSyncExternalStore(subscribe, connection);
}

/**
 * A screen that shows the device's copy says so itself (DeviceCopyNotice): while one does, the shell's
 * own connection notice stays away, so that the outage is said once. Returns the function that lets go.
 */
export function showingDeviceCopy(): () => void {
  deviceCopies += 1;
  changed.emit();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    deviceCopies -= 1;
    changed.emit();
  };
}

export function useShowingDeviceCopy(): boolean {
  return useSyncExternalStore(subscribe, () => deviceCopies > 0);
}

/** Tests start each case online, with nothing said. */
export function resetConnection(): void {
  unreachable = false;
  last = connection();
  saidInOutage.clear();
  deviceCopies = 0;
  changed.emit();
}
