import type { SaveWalkaboutInput } from '../../generated/schema';
import { toConditionSaveInput, type QrReportDraft } from './drafts';
import { confirmBatch, confirmChange, dropBatch, loadEdits, putBatch, refuseQrReport, setPhotoUrl, type BatchRecord } from './pendingEdits';
import { refusalText, type Failure, type Outcome } from '../outcome';
import type { UploadedFile } from '../upload/uploadFile';
import { createSignal } from '../signal';

export type SaveOutcome =
  | { status: 'saved' }
  | { status: 'nothing' }
  | { status: 'offline' }
  | { status: 'signedOut' }
  | { status: 'refused'; message: string };

export type SaveDeps = {
  userId: string;
  walkaboutId: string;
  send: (input: SaveWalkaboutInput) => Promise<Outcome<unknown>>;
  upload: (photo: Blob, name: string) => Promise<Outcome<UploadedFile>>;
  /** Sends one 'QR code unavailable' report (mutation reportUnavailableQrCode). */
  report: (draft: QrReportDraft) => Promise<Outcome<unknown>>;
  /** Called with the revisions of each batch (or QR code report) the server confirmed. */
  onConfirmed: (revisions: Record<string, number>) => void;
  /** The server refused a QR code report: it stays on the device with this message. */
  onQrRefused?: (target: string, errorMessage: string) => void;
  /**
   * The inspector's own Save (not a background, floor-change or idle save): the server also makes the
   * walkabout's interim reports (PATCH /walkabout-data generateReport, inspection.md section 7).
   */
  generateReport?: boolean;
};

const queues = new Map<string, Promise<SaveOutcome>>();

/**
 * Told of every batch the server confirmed, whoever sent it: an editor that opened while the app's
 * background saving was sending its walkabout's work learns that the work is saved.
 */
export const batchConfirmed = createSignal<{ userId: string; walkaboutId: string; revisions: Record<string, number> }>();

/**
 * Saves what the device holds for a walkabout (DESIGN.md section 4, "Field conditions"): first a
 * batch left from an earlier attempt, sent again with its own save id (the server records a save id
 * once, so a save whose answer was lost is not recorded twice); then the photos waiting on the device
 * are uploaded; then the remaining changes go as a new batch, written to IndexedDB with a new save id
 * before it is sent. Saves of one walkabout run one after the other, whoever starts them.
 */
export function saveEdits(deps: SaveDeps): Promise<SaveOutcome> {
  const key = `${deps.userId}/${deps.walkaboutId}`;
  const previous = queues.get(key) ?? Promise.resolve<SaveOutcome>({ status: 'nothing' });
  const run = previous.then(() => runSave(deps));
  queues.set(key, run);
  void run.then(() => {
    if (queues.get(key) === run) queues.delete(key);
  });
  return run;
}

/** Resolves once every save started so far has ended (a screen left mid-save finishes it on its own). */
export async function settleSaves(): Promise<void> {
  await Promise.all([...queues.values()]);
}

async function runSave(deps: SaveDeps): Promise<SaveOutcome> {
  try {
    return await saveAll(deps);
  } catch (error) {
    // IndexedDB failing (storage full, private mode) is not a network problem: say what happened.
    return { status: 'refused', message: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The results and scans first, then the 'QR code unavailable' reports (issue 9, point 16): each is
 * sent once, in this walkabout's queue, and leaves the device when the server confirms it; a refused
 * one stays with its refusal (it blocks changing floor and saving until corrected or withdrawn).
 */
async function saveAll(deps: SaveDeps): Promise<SaveOutcome> {
  const results = await saveResults(deps);
  if (results.status !== 'saved' && results.status !== 'nothing') return results;
  const reports = await sendQrReports(deps);
  return reports.status === 'nothing' ? results : reports;
}

async function sendQrReports(deps: SaveDeps): Promise<SaveOutcome> {
  const { userId, walkaboutId } = deps;
  const { changes } = await loadEdits(userId, walkaboutId);
  let outcome: SaveOutcome = { status: 'nothing' };
  for (const change of changes) {
    const draft = change.qrReport;
    if (!draft || draft.errorMessage) continue;
    const result = await deps.report(draft);
    if (result.status === 'offline' || result.status === 'signedOut') return result;
    if (result.status === 'refused') {
      const message = refusalText(result.errors);
      await refuseQrReport(userId, walkaboutId, change.target, change.revision, message);
      deps.onQrRefused?.(change.target, message);
      outcome = { status: 'refused', message };
      continue;
    }
    await confirmChange(userId, walkaboutId, change.target, change.revision);
    const revisions = { [change.target]: change.revision };
    deps.onConfirmed(revisions);
    batchConfirmed.emit({ userId, walkaboutId, revisions });
    if (outcome.status === 'nothing') outcome = { status: 'saved' };
  }
  return outcome;
}

async function saveResults(deps: SaveDeps): Promise<SaveOutcome> {
  const { userId, walkaboutId } = deps;
  let edits = await loadEdits(userId, walkaboutId);
  let sentEarlier = false;
  if (edits.batch) {
    const outcome = await sendBatch(deps, edits.batch);
    if (outcome.status !== 'saved') return outcome;
    sentEarlier = true;
    edits = await loadEdits(userId, walkaboutId);
  }
  const changes = edits.changes.filter((change) => !change.qrReport);

  for (const change of changes) {
    const photo = change.condition?.photoId ? edits.photos.get(change.condition.photoId) : undefined;
    if (!photo || photo.url !== null) continue;
    const uploaded = await deps.upload(photo.blob, photo.name);
    if (uploaded.status !== 'done') return saveFailure(uploaded);
    const { url } = uploaded.value;
    const mimetype = uploaded.value.mimetype || photo.mimetype;
    await setPhotoUrl(userId, walkaboutId, photo.photoId, url, mimetype);
    edits.photos.set(photo.photoId, { ...photo, url, mimetype });
  }

  if (changes.length === 0) {
    // A session ended on the way is the one answer that counts (only 401 and 403 end a session, DESIGN.md section 4).
    if (!sentEarlier && deps.generateReport && (await requestInterimReports(deps)).status === 'signedOut') return { status: 'signedOut' };
    return { status: sentEarlier ? 'saved' : 'nothing' };
  }
  const batch: BatchRecord = {
    userId,
    walkaboutId,
    saveId: crypto.randomUUID(),
    revisions: {},
    photoIds: [],
    input: { entries: [], conditions: [] },
    createdAt: new Date().toISOString(),
  };
  for (const change of changes) {
    batch.revisions[change.target] = change.revision;
    if (change.entry) batch.input.entries.push({ id: change.entry.id, scannedAt: change.entry.scannedAt });
    const draft = change.condition;
    if (!draft) continue;
    const photo = draft.photoId ? edits.photos.get(draft.photoId) : undefined;
    if (photo) batch.photoIds.push(photo.photoId);
    const photoUrl = draft.photoId ? (photo?.url ?? null) : draft.photoUrl;
    batch.input.conditions.push(toConditionSaveInput({ ...draft, photoMimetype: photo?.mimetype ?? draft.photoMimetype }, photoUrl));
  }
  await putBatch(batch);
  return sendBatch(deps, batch);
}

/**
 * The inspector's Save with nothing left to send (the background and floor-change saves sent it all): an empty save
 * that asks the server for the interim reports of what it holds. What the device holds is saved whatever its answer,
 * so the answer does not change the outcome but for a session that ended: offline or refused (a walkabout locked
 * meanwhile), there is nothing to report on now, and the next Save or the lock makes the reports.
 */
function requestInterimReports(deps: SaveDeps): Promise<Outcome<unknown>> {
  return deps.send({ walkaboutId: deps.walkaboutId, saveId: crypto.randomUUID(), entries: [], conditions: [], generateReport: true });
}

async function sendBatch(deps: SaveDeps, batch: BatchRecord): Promise<SaveOutcome> {
  const result = await deps.send({
    walkaboutId: batch.walkaboutId,
    saveId: batch.saveId,
    ...batch.input,
    generateReport: deps.generateReport ?? false,
  });
  if (result.status === 'done') {
    await confirmBatch(batch);
    deps.onConfirmed(batch.revisions);
    batchConfirmed.emit({ userId: batch.userId, walkaboutId: batch.walkaboutId, revisions: batch.revisions });
    return { status: 'saved' };
  }
  // Refused for good (a locked walkabout, a field error): the changes stay, a later save gets a new id.
  if (result.status === 'refused') await dropBatch(batch.userId, batch.walkaboutId);
  return saveFailure(result);
}

/** A failed call as the save's outcome: a refusal in words (the screen and the banner show it). */
function saveFailure(failure: Failure): SaveOutcome {
  return failure.status === 'refused' ? { status: 'refused', message: refusalText(failure.errors) } : failure;
}
