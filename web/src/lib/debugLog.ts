/**
 * The debug log of inspection.md section 2: what the walkabout screen did (saves, scans, floor
 * changes, the network, errors), kept in memory so that an inspector in debug mode can save it as a
 * text file and send it to support. It holds the last MAX_LINES lines and nothing of the results
 * themselves (no remarks, no photos), so it costs little and leaks nothing.
 */
import { appErrors } from './events';
import { createSignal, onWindowEvent } from './signal';

export type DebugLine = { at: string; text: string };

export const DEBUG_LOG_MAX_LINES = 500;

const lines: DebugLine[] = [];
/** Told when a line is added or the log is cleared. */
const changed = createSignal();
let snapshot: readonly DebugLine[] = [];

export function debugLog(text: string): void {
  lines.push({ at: new Date().toISOString(), text });
  if (lines.length > DEBUG_LOG_MAX_LINES) lines.splice(0, lines.length - DEBUG_LOG_MAX_LINES);
  snapshot = lines.slice();
  changed.emit();
}

/** For useSyncExternalStore: the same array until a line is added. */
export function debugLogLines(): readonly DebugLine[] {
  return snapshot;
}

export function subscribeDebugLog(listener: () => void): () => void {
  return changed.subscribe(listener);
}

export function clearDebugLog(): void {
  lines.length = 0;
  snapshot = [];
  changed.emit();
}

/** The text file of Save Logs: a header, then one line per event. */
export function formatDebugLog(header: readonly string[], entries: readonly DebugLine[] = snapshot): string {
  return [...header, '', ...entries.map((line) => `${line.at} ${line.text}`), ''].join('\n');
}

function errorText(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  return String(reason);
}

let watching = false;

/** Records what the browser reports by itself (uncaught errors, the network coming and going) and the error banner's messages. */
export function watchBrowserForDebugLog(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  onWindowEvent('error', (event) => debugLog(`error: ${event.message || errorText(event.error)}`));
  onWindowEvent('unhandledrejection', (event) => debugLog(`unhandled rejection: ${errorText(event.reason)}`));
  onWindowEvent('online', () => debugLog('network: the browser is online'));
  onWindowEvent('offline', () => debugLog('network: the browser is offline'));
  appErrors.subscribe((text) => debugLog(`error banner: ${text}`));
}
