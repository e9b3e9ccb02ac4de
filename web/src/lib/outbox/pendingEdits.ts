import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { EntryScanInput, ConditionSaveInput } from '../../generated/schema';
// The device copy is the walkabout editor's query answer as it came, so its type is that screen's (types only).
// eslint-disable-next-line no-restricted-imports
import type { WalkaboutEditPageQuery } from '../../features/walkabout-edit/WalkaboutEditPage.generated';
import type { ConditionDraft, EntryScanDraft, QrReportDraft } from './drafts';
import { createSignal } from '../signal';

/**
 * What the inspector recorded and the server has not confirmed yet, kept in IndexedDB (DESIGN.md
 * section 4, "Field conditions"): every change is written as it is made, a photo as its Blob
 * before any upload, and a save's batch with its save id so that a retried save is recorded once.
 * Records are keyed by user and walkabout; signing out or an expired session leaves them alone.
 */

/**
 * One pending change: a condition's draft ('c:{id}'), an entry's scan ('e:{id}') or a location's
 * 'QR code unavailable' report for its entries on a floor ('q:{first entry id}').
 */
export type ChangeRecord = {
  userId: string;
  walkaboutId: string;
  target: string;
  /** Grows with every change; a confirmed save removes a change only if it was not changed since. */
  revision: number;
  condition?: ConditionDraft;
  entry?: EntryScanDraft;
  qrReport?: QrReportDraft;
};

export type PhotoRecord = {
  userId: string;
  walkaboutId: string;
  photoId: string;
  blob: Blob;
  name: string;
  mimetype: string;
  /** Set once uploaded: the save then sends this address. */
  url: string | null;
};

/** A save in flight or to retry: sent again with the same save id until the server confirms it. */
export type BatchRecord = {
  userId: string;
  walkaboutId: string;
  saveId: string;
  revisions: Record<string, number>;
  photoIds: string[];
  input: { entries: EntryScanInput[]; conditions: ConditionSaveInput[] };
  createdAt: string;
};

/** The walkabout as last loaded, so that it opens on a device that lost its connection. */
export type SnapshotRecord = { userId: string; walkaboutId: string; data: WalkaboutEditPageQuery; loadedAt: string };

type WalkaboutKey = [string, string];

interface EditsDb extends DBSchema {
  changes: { key: [string, string, string]; value: ChangeRecord; indexes: { walkabout: WalkaboutKey } };
  photos: { key: [string, string, string]; value: PhotoRecord; indexes: { walkabout: WalkaboutKey } };
  batches: { key: WalkaboutKey; value: BatchRecord };
  snapshots: { key: WalkaboutKey; value: SnapshotRecord };
}

const DB_NAME = 'fsi-walkabout-edits';

/** Told when the server confirmed changes (they left the device), so that lists of what is not saved yet read again. */
export const pendingEditsConfirmed = createSignal();
let connection: Promise<IDBPDatabase<EditsDb>> | null = null;

function db(): Promise<IDBPDatabase<EditsDb>> {
  connection ??= openDB<EditsDb>(DB_NAME, 1, {
    upgrade(database) {
      const changes = database.createObjectStore('changes', { keyPath: ['userId', 'walkaboutId', 'target'] });
      changes.createIndex('walkabout', ['userId', 'walkaboutId']);
      const photos = database.createObjectStore('photos', { keyPath: ['userId', 'walkaboutId', 'photoId'] });
      photos.createIndex('walkabout', ['userId', 'walkaboutId']);
      database.createObjectStore('batches', { keyPath: ['userId', 'walkaboutId'] });
      database.createObjectStore('snapshots', { keyPath: ['userId', 'walkaboutId'] });
    },
    blocking() {
      // A newer version of the app wants to upgrade the database: let it.
      void connection?.then((open) => open.close());
      connection = null;
    },
  });
  return connection;
}

/** Closes the connection; the next call opens it again (tests swap the IndexedDB factory between cases). */
export async function closeEditsDb(): Promise<void> {
  const open = connection;
  connection = null;
  if (open) (await open).close();
}

export type WalkaboutEdits = { changes: ChangeRecord[]; photos: Map<string, PhotoRecord>; batch: BatchRecord | undefined };

export async function loadEdits(userId: string, walkaboutId: string): Promise<WalkaboutEdits> {
  const database = await db();
  const tx = database.transaction(['changes', 'photos', 'batches'], 'readonly');
  const [changes, photos, batch] = await Promise.all([
    tx.objectStore('changes').index('walkabout').getAll([userId, walkaboutId]),
    tx.objectStore('photos').index('walkabout').getAll([userId, walkaboutId]),
    tx.objectStore('batches').get([userId, walkaboutId]),
  ]);
  return { changes, photos: new Map(photos.map((photo) => [photo.photoId, photo])), batch };
}

export async function putChange(change: ChangeRecord): Promise<void> {
  await (await db()).put('changes', change);
}

export async function putPhoto(photo: PhotoRecord): Promise<void> {
  await (await db()).put('photos', photo);
}

export async function setPhotoUrl(userId: string, walkaboutId: string, photoId: string, url: string, mimetype: string): Promise<void> {
  const tx = (await db()).transaction('photos', 'readwrite');
  const photo = await tx.store.get([userId, walkaboutId, photoId]);
  if (photo) await tx.store.put({ ...photo, url, mimetype });
  await tx.done;
}

export async function putBatch(batch: BatchRecord): Promise<void> {
  await (await db()).put('batches', batch);
}

export async function dropBatch(userId: string, walkaboutId: string): Promise<void> {
  await (await db()).delete('batches', [userId, walkaboutId]);
}

/** What waits on the device, as the inspector did it: results (conditions), scans and QR code unavailable reports. */
export type PendingTally = { results: number; scans: number; qrReports: number };

export const NO_PENDING: PendingTally = { results: 0, scans: 0, qrReports: 0 };

export function pendingTotal(tally: PendingTally): number {
  return tally.results + tally.scans + tally.qrReports;
}

/** Which kind of work a change's target is ('c:', 'e:' or 'q:'). */
export function tallyKindOf(target: string): keyof PendingTally {
  if (target.startsWith('e:')) return 'scans';
  if (target.startsWith('q:')) return 'qrReports';
  return 'results';
}

/** Adds one change of this target to a tally (a new object). */
export function addToTally(tally: PendingTally, target: string): PendingTally {
  const kind = tallyKindOf(target);
  return { ...tally, [kind]: tally[kind] + 1 };
}

function counted(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * What waits on the device in words (issue 9, point 15): '5 results and 2 scans', '1 result',
 * '2 results, 1 scan and 1 QR code report'. Kinds with none are left out.
 */
export function pendingInWords(tally: PendingTally): string {
  const parts = [
    tally.results > 0 ? counted(tally.results, 'result', 'results') : null,
    tally.scans > 0 ? counted(tally.scans, 'scan', 'scans') : null,
    tally.qrReports > 0 ? counted(tally.qrReports, 'QR code report', 'QR code reports') : null,
  ].filter((part): part is string => part !== null);
  if (parts.length <= 1) return parts[0] ?? 'nothing';
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** The walkabouts of this user with work on the device, and what each holds. */
export async function pendingCounts(userId: string): Promise<Map<string, PendingTally>> {
  const database = await db();
  const tx = database.transaction(['changes', 'batches'], 'readonly');
  const [changes, batches] = await Promise.all([tx.objectStore('changes').getAll(), tx.objectStore('batches').getAll()]);
  const counts = new Map<string, PendingTally>();
  for (const change of changes) {
    if (change.userId === userId) counts.set(change.walkaboutId, addToTally(counts.get(change.walkaboutId) ?? NO_PENDING, change.target));
  }
  // A batch outlives its changes only between two steps of a confirmation; it still waits to be sent.
  for (const batch of batches) {
    if (batch.userId !== userId || counts.has(batch.walkaboutId)) continue;
    counts.set(batch.walkaboutId, Object.keys(batch.revisions).reduce(addToTally, NO_PENDING));
  }
  return counts;
}

/** The walkabouts of this user as last loaded on this device (to name and link them when offline). */
export async function loadSnapshots(userId: string): Promise<SnapshotRecord[]> {
  const all = await (await db()).getAll('snapshots');
  return all.filter((snapshot) => snapshot.userId === userId);
}

/** A change the server confirmed on its own (a QR code report): forget it unless it changed since. */
export async function confirmChange(userId: string, walkaboutId: string, target: string, revision: number): Promise<void> {
  const tx = (await db()).transaction('changes', 'readwrite');
  const change = await tx.store.get([userId, walkaboutId, target]);
  if (change?.revision === revision) await tx.store.delete([userId, walkaboutId, target]);
  await tx.done;
  pendingEditsConfirmed.emit();
}

/** The server refused a QR code report: it stays on the device with the refusal, until corrected or withdrawn. */
export async function refuseQrReport(userId: string, walkaboutId: string, target: string, revision: number, errorMessage: string): Promise<void> {
  const tx = (await db()).transaction('changes', 'readwrite');
  const change = await tx.store.get([userId, walkaboutId, target]);
  if (change?.revision === revision && change.qrReport) await tx.store.put({ ...change, qrReport: { ...change.qrReport, errorMessage } });
  await tx.done;
}

/** The inspector withdrew a change that waits on the device (a refused QR code report). */
export async function dropChange(userId: string, walkaboutId: string, target: string): Promise<void> {
  await (await db()).delete('changes', [userId, walkaboutId, target]);
  pendingEditsConfirmed.emit();
}

/**
 * The server recorded the batch: forget it, and each change it carried unless the inspector changed
 * it again since (that newer change waits for the next save). Photos no change refers to go too.
 */
export async function confirmBatch(batch: BatchRecord): Promise<void> {
  const { userId, walkaboutId } = batch;
  const tx = (await db()).transaction(['changes', 'photos', 'batches'], 'readwrite');
  const changes = tx.objectStore('changes');
  await tx.objectStore('batches').delete([userId, walkaboutId]);
  for (const [target, revision] of Object.entries(batch.revisions)) {
    const change = await changes.get([userId, walkaboutId, target]);
    if (change?.revision === revision) await changes.delete([userId, walkaboutId, target]);
  }
  const remaining = await changes.index('walkabout').getAll([userId, walkaboutId]);
  const referenced = new Set(remaining.map((change) => change.condition?.photoId).filter((id) => typeof id === 'string'));
  for (const photoId of batch.photoIds) {
    if (!referenced.has(photoId)) await tx.objectStore('photos').delete([userId, walkaboutId, photoId]);
  }
  await tx.done;
  pendingEditsConfirmed.emit();
}

export async function putSnapshot(snapshot: SnapshotRecord): Promise<void> {
  await (await db()).put('snapshots', snapshot);
}

export async function loadSnapshot(userId: string, walkaboutId: string): Promise<SnapshotRecord | undefined> {
  return (await db()).get('snapshots', [userId, walkaboutId]);
}
