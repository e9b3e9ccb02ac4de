/**
 * Reads kept for as long as the database reads at the same snapshot (issue 8: the records a list includes, read again
 * by every call of a screen). A statement that reads the snapshot (`pg_current_snapshot()`, as the buildings' page
 * does) tells which transactions' writes it sees; two statements with the same snapshot read the same rows, for a
 * transaction that writes is given an id that moves the snapshot on once it commits, here or on another connection.
 * So a read whose result depends on nothing but the database (no time, no random, no sequence) and on `owner` (the
 * caller's Scope, frozen and kept with the cached caller) answers again, while the snapshot is unchanged, what it
 * answered. A read made at a later snapshot than the one it is kept under can only be served to a request whose own
 * statement saw that earlier snapshot before the later one was taken, which reads the same or newer rows either way.
 * Nothing is kept without a snapshot (a transaction that has written reads rows that may yet be rolled back).
 */
import { clientOf, type Database } from './client';

/** At most this many reads are kept per database: past it, keeping starts again. */
const MAX_KEPT = 2_000;

type Kept = { snapshot: string; byOwner: WeakMap<object, Map<string, readonly unknown[]>>; size: number };
const keptByClient = new WeakMap<object, Kept>();

/**
 * What `read` answers, kept under `key` for `owner` while the database reads at `snapshot` (see above); null runs
 * `read` every time. The rows are shared by every request that is answered from them, so they are frozen.
 */
export async function keptAtSnapshot<T>(
  db: Database,
  snapshot: string | null,
  owner: object,
  key: string,
  read: () => Promise<T[]>,
): Promise<readonly T[]> {
  if (snapshot === null) return read();
  const client = clientOf(db);
  let kept = keptByClient.get(client);
  if (!kept || kept.snapshot !== snapshot) keptByClient.set(client, (kept = { snapshot, byOwner: new WeakMap(), size: 0 }));
  const found = kept.byOwner.get(owner)?.get(key);
  if (found) return found as readonly T[];
  const rows = Object.freeze((await read()).map((row) => Object.freeze(row)));
  // Another snapshot was seen while reading: what was read belongs to neither for certain.
  if (keptByClient.get(client) !== kept) return rows;
  if (kept.size >= MAX_KEPT) keptByClient.set(client, (kept = { snapshot, byOwner: new WeakMap(), size: 0 }));
  let ofOwner = kept.byOwner.get(owner);
  if (!ofOwner) kept.byOwner.set(owner, (ofOwner = new Map()));
  ofOwner.set(key, rows);
  kept.size += 1;
  return rows;
}
