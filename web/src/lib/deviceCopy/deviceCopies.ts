import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { LAST_VIEWER_KEY, readAccessToken } from '../session/session';

/**
 * The device's last copy of a screen's data (issue 9, point 12): the buildings list and the walkabouts
 * list are kept in IndexedDB as last loaded, per user, so that an inspector who reloads or reopens the
 * app without a network can still get to a walkabout. A copy is only read for the user of the current
 * session (the viewer the shell last stored, which a new sign-in and a sign-out remove).
 */
export type DeviceCopy<T> = { userId: string; key: string; data: T; savedAt: string };

interface CopiesDb extends DBSchema {
  copies: { key: [string, string]; value: DeviceCopy<unknown> };
}

let connection: Promise<IDBPDatabase<CopiesDb>> | null = null;

function db(): Promise<IDBPDatabase<CopiesDb>> {
  connection ??= openDB<CopiesDb>('fsi-device-copies', 1, {
    upgrade(database) {
      database.createObjectStore('copies', { keyPath: ['userId', 'key'] });
    },
    blocking() {
      void connection?.then((open) => open.close());
      connection = null;
    },
  });
  return connection;
}

/** Closes the connection; the next call opens it again (tests swap the IndexedDB factory between cases). */
export async function closeDeviceCopiesDb(): Promise<void> {
  const open = connection;
  connection = null;
  if (open) (await open).close();
}

export async function putDeviceCopy<T>(copy: DeviceCopy<T>): Promise<void> {
  await (await db()).put('copies', copy);
}

export async function loadDeviceCopy<T>(userId: string, key: string): Promise<DeviceCopy<T> | undefined> {
  return (await (await db()).get('copies', [userId, key])) as DeviceCopy<T> | undefined;
}

/** The user of the current session as the shell last stored them, or null (signed out, or a new session not answered yet). */
export function sessionUserId(): string | null {
  if (!readAccessToken()) return null;
  try {
    const viewer: unknown = JSON.parse(window.localStorage.getItem(LAST_VIEWER_KEY) ?? 'null');
    const id = typeof viewer === 'object' && viewer !== null ? (viewer as { id?: unknown }).id : undefined;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}
