import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaveWalkaboutInput } from '../../generated/schema';
import type { Outcome } from '../outcome';
import type { UploadedFile } from '../upload/uploadFile';
import { closeEditsDb, loadEdits, putBatch, putChange, putPhoto } from './pendingEdits';
import { aConditionDraft } from './testDrafts';
import type { QrReportDraft } from './drafts';
import { batchConfirmed, saveEdits, settleSaves, type SaveDeps } from './saveQueue';

const USER = '7';
const WALKABOUT = '501';
const done = { status: 'done', value: {} } as const;

function depsAnswering(
  answers: Outcome<unknown>[],
  upload: SaveDeps['upload'] = () => Promise.resolve({ status: 'offline' }),
  reportAnswers: Outcome<unknown>[] = [],
) {
  const sent: SaveWalkaboutInput[] = [];
  const confirmed: Record<string, number>[] = [];
  const reported: QrReportDraft[] = [];
  const refusedReports: { target: string; message: string }[] = [];
  const deps: SaveDeps = {
    userId: USER,
    walkaboutId: WALKABOUT,
    send: (input) => {
      sent.push(input);
      return Promise.resolve(answers.shift() ?? done);
    },
    upload,
    report: (draft) => {
      reported.push(draft);
      return Promise.resolve(reportAnswers.shift() ?? done);
    },
    onConfirmed: (revisions) => confirmed.push(revisions),
    onQrRefused: (target, message) => refusedReports.push({ target, message }),
  };
  return { deps, sent, confirmed, reported, refusedReports };
}

function aQrReport(entryIds: string[], overrides: Partial<QrReportDraft> = {}): QrReportDraft {
  return { entryIds, kind: 'ACCESS_DENIED', comment: 'Tenant away', errorMessage: null, reportedAt: '2026-03-02T10:00:00.000Z', ...overrides };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await settleSaves();
  await closeEditsDb();
});

describe('The save queue', () => {
  it('has nothing to do when the device holds no change', async () => {
    const { deps, sent } = depsAnswering([]);
    expect(await saveEdits(deps)).toEqual({ status: 'nothing' });
    expect(sent).toEqual([]);
  });

  it("asks for the interim reports on the inspector's Save when every change was already sent", async () => {
    const { deps, sent } = depsAnswering([{ status: 'offline' }]);
    expect(await saveEdits({ ...deps, generateReport: true })).toEqual({ status: 'nothing' });
    expect(sent).toEqual([{ walkaboutId: WALKABOUT, saveId: expect.any(String), entries: [], conditions: [], generateReport: true }]);
    // Offline, the request is lost and nothing else is: the outcome is the device's, whose work is all saved.
    expect((await loadEdits(USER, WALKABOUT)).batch).toBeUndefined();
    // A background save with nothing to send sends nothing.
    expect(await saveEdits(deps)).toEqual({ status: 'nothing' });
    expect(sent).toHaveLength(1);
  });

  it("ends the Save with the session when the request for the interim reports finds it ended", async () => {
    const { deps } = depsAnswering([{ status: 'signedOut' }]);
    expect(await saveEdits({ ...deps, generateReport: true })).toEqual({ status: 'signedOut' });
  });

  it('sends the changes as one batch with a save id, and forgets them once the server confirms it', async () => {
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'c:1', revision: 1, condition: aConditionDraft('1') });
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'e:4', revision: 2, entry: { id: '4', scannedAt: '2026-03-02T10:00:00.000Z', scannerId: USER } });
    const { deps, sent, confirmed } = depsAnswering([done]);

    expect(await saveEdits(deps)).toEqual({ status: 'saved' });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ walkaboutId: WALKABOUT, entries: [{ id: '4' }], conditions: [{ id: '1', value: { boolean: true } }] });
    expect(sent[0]?.saveId).toEqual(expect.any(String));
    expect(confirmed).toEqual([{ 'c:1': 1, 'e:4': 2 }]);
    expect((await loadEdits(USER, WALKABOUT)).changes).toEqual([]);
  });

  it('keeps the batch with its save id when no answer came, and sends it again with that id first', async () => {
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'c:1', revision: 1, condition: aConditionDraft('1') });
    const { deps, sent } = depsAnswering([{ status: 'offline' }, done]);

    expect(await saveEdits(deps)).toEqual({ status: 'offline' });
    expect((await loadEdits(USER, WALKABOUT)).batch?.saveId).toBe(sent[0]?.saveId);
    expect(await saveEdits(deps)).toEqual({ status: 'saved' });
    expect(sent.map((input) => input.saveId)).toEqual([sent[0]?.saveId, sent[0]?.saveId]);
  });

  it('drops a refused batch but keeps its changes, and says the refusal in words', async () => {
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'c:1', revision: 1, condition: aConditionDraft('1') });
    const { deps } = depsAnswering([{ status: 'refused', errors: [{ field: null, message: 'This walkabout is locked.', code: 'LOCKED' }] }]);

    expect(await saveEdits(deps)).toEqual({ status: 'refused', message: 'This walkabout is locked.' });
    const edits = await loadEdits(USER, WALKABOUT);
    expect(edits.batch).toBeUndefined();
    expect(edits.changes).toHaveLength(1);
  });

  it('uploads a photo kept on the device before the save, and sends its address', async () => {
    const blob = new Blob(['jpeg'], { type: 'image/jpeg' });
    await putPhoto({ userId: USER, walkaboutId: WALKABOUT, photoId: 'p1', blob, name: 'door.jpg', mimetype: 'image/jpeg', url: null });
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'c:1', revision: 1, condition: aConditionDraft('1', { value: false, photoId: 'p1' }) });
    const upload = vi.fn((): Promise<Outcome<UploadedFile>> => Promise.resolve({ status: 'done', value: { url: '/files/p1.jpg', mimetype: '', pageCount: null } }));
    const { deps, sent } = depsAnswering([done], upload);

    expect(await saveEdits(deps)).toEqual({ status: 'saved' });
    // The Blob comes back from IndexedDB as a copy.
    expect(upload).toHaveBeenCalledWith(expect.anything(), 'door.jpg');
    expect(sent[0]?.conditions?.[0]).toMatchObject({ photoUrl: '/files/p1.jpg', photoMimetype: 'image/jpeg' });
  });

  it('sends nothing when a photo could not be uploaded: the work waits for the network', async () => {
    const blob = new Blob(['jpeg'], { type: 'image/jpeg' });
    await putPhoto({ userId: USER, walkaboutId: WALKABOUT, photoId: 'p1', blob, name: 'door.jpg', mimetype: 'image/jpeg', url: null });
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'c:1', revision: 1, condition: aConditionDraft('1', { photoId: 'p1' }) });
    const { deps, sent } = depsAnswering([]);

    expect(await saveEdits(deps)).toEqual({ status: 'offline' });
    expect(sent).toEqual([]);
  });

  it('runs the saves of one walkabout one after the other, and tells every listener what was confirmed', async () => {
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'c:1', revision: 1, condition: aConditionDraft('1') });
    const heard: unknown[] = [];
    const stop = batchConfirmed.subscribe((confirmation) => heard.push(confirmation));
    const { deps, sent } = depsAnswering([done, done]);

    const outcomes = await Promise.all([saveEdits(deps), saveEdits(deps)]);
    stop();

    expect(outcomes).toEqual([{ status: 'saved' }, { status: 'nothing' }]);
    expect(sent).toHaveLength(1);
    expect(heard).toEqual([{ userId: USER, walkaboutId: WALKABOUT, revisions: { 'c:1': 1 } }]);
  });

  it('sends a batch left from an earlier attempt before the changes made since', async () => {
    const earlier = {
      userId: USER,
      walkaboutId: WALKABOUT,
      saveId: 'earlier',
      revisions: { 'c:1': 1 },
      photoIds: [],
      input: { entries: [], conditions: [] },
      createdAt: '2026-03-02T09:00:00.000Z',
    };
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'c:1', revision: 1, condition: aConditionDraft('1') });
    await putBatch(earlier);
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'c:2', revision: 2, condition: aConditionDraft('2') });
    const { deps, sent } = depsAnswering([done, done]);

    expect(await saveEdits(deps)).toEqual({ status: 'saved' });
    expect(sent.map((input) => input.saveId)[0]).toBe('earlier');
    expect(sent[1]?.conditions?.map((condition) => condition.id)).toEqual(['2']);
  });

  it('sends a QR code unavailable report once, after the results, and forgets it when confirmed', async () => {
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'c:1', revision: 1, condition: aConditionDraft('1') });
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'q:21', revision: 2, qrReport: aQrReport(['21', '22']) });
    const { deps, sent, reported, confirmed } = depsAnswering([]);

    expect(await saveEdits(deps)).toEqual({ status: 'saved' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.conditions?.map((condition) => condition.id)).toEqual(['1']);
    expect(reported.map((draft) => draft.entryIds)).toEqual([['21', '22']]);
    expect(confirmed).toEqual([{ 'c:1': 1 }, { 'q:21': 2 }]);
    expect((await loadEdits(USER, WALKABOUT)).changes).toEqual([]);

    expect(await saveEdits(deps)).toEqual({ status: 'nothing' });
    expect(reported).toHaveLength(1);
  });

  it('keeps a QR code unavailable report on the device while there is no network', async () => {
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'q:21', revision: 2, qrReport: aQrReport(['21']) });
    const { deps, reported } = depsAnswering([], undefined, [{ status: 'offline' }]);

    expect(await saveEdits(deps)).toEqual({ status: 'offline' });
    expect(reported).toHaveLength(1);
    expect((await loadEdits(USER, WALKABOUT)).changes.map((change) => change.qrReport?.errorMessage)).toEqual([null]);
  });

  it('keeps a refused QR code report with its refusal and does not send it again until corrected', async () => {
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'q:21', revision: 2, qrReport: aQrReport(['21']) });
    const refusal: Outcome<unknown> = { status: 'refused', errors: [{ field: 'comment', message: 'Comment is required field', code: 'VALIDATION_FAILED' }] };
    const { deps, reported, refusedReports } = depsAnswering([], undefined, [refusal]);

    expect(await saveEdits(deps)).toEqual({ status: 'refused', message: 'Comment is required field' });
    expect(refusedReports).toEqual([{ target: 'q:21', message: 'Comment is required field' }]);
    expect((await loadEdits(USER, WALKABOUT)).changes.map((change) => change.qrReport?.errorMessage)).toEqual(['Comment is required field']);

    expect(await saveEdits(deps)).toEqual({ status: 'nothing' });
    expect(reported).toHaveLength(1);
  });
});
