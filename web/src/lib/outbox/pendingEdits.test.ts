import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WalkaboutEditPageQuery } from '../../features/walkabout-edit/WalkaboutEditPage.generated';
import {
  pendingInWords,
  closeEditsDb,
  confirmBatch,
  dropBatch,
  loadEdits,
  loadSnapshot,
  pendingCounts,
  pendingEditsConfirmed,
  putBatch,
  putChange,
  putPhoto,
  putSnapshot,
  setPhotoUrl,
  type BatchRecord,
} from './pendingEdits';
import { aConditionDraft } from './testDrafts';

const USER = '7';
const WALKABOUT = '501';

function aBatch(revisions: Record<string, number>, photoIds: string[] = []): BatchRecord {
  return {
    userId: USER,
    walkaboutId: WALKABOUT,
    saveId: 'save-1',
    revisions,
    photoIds,
    input: { entries: [], conditions: [] },
    createdAt: '2026-03-02T10:00:00.000Z',
  };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});
afterEach(async () => {
  await closeEditsDb();
});

describe('Pending edits on the device', () => {
  it('keeps each change by user and walkabout, the latest write of a target winning', async () => {
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'c:1', revision: 1, condition: aConditionDraft('1', { value: false }) });
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'c:1', revision: 2, condition: aConditionDraft('1', { value: true }) });
    await putChange({ userId: USER, walkaboutId: '502', target: 'c:9', revision: 1, condition: aConditionDraft('9') });
    await putChange({ userId: '8', walkaboutId: WALKABOUT, target: 'c:1', revision: 1, condition: aConditionDraft('1') });

    const edits = await loadEdits(USER, WALKABOUT);
    expect(edits.changes).toHaveLength(1);
    expect(edits.changes[0]).toMatchObject({ target: 'c:1', revision: 2, condition: { value: true } });
    expect(edits.batch).toBeUndefined();
  });

  it('keeps a photo as its Blob until it is uploaded, then its address', async () => {
    const blob = new Blob(['jpeg'], { type: 'image/jpeg' });
    await putPhoto({ userId: USER, walkaboutId: WALKABOUT, photoId: 'p1', blob, name: 'door.jpg', mimetype: 'image/jpeg', url: null });
    await setPhotoUrl(USER, WALKABOUT, 'p1', '/files/p1.jpg', 'image/jpeg');

    const photo = (await loadEdits(USER, WALKABOUT)).photos.get('p1');
    expect(photo).toMatchObject({ name: 'door.jpg', url: '/files/p1.jpg', mimetype: 'image/jpeg' });
  });

  it('counts the changes waiting per walkabout of a user, and a batch whose changes already left', async () => {
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'c:1', revision: 1, condition: aConditionDraft('1') });
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'e:4', revision: 2, entry: { id: '4', scannedAt: '2026-03-02T10:00:00.000Z', scannerId: USER } });
    await putChange({ userId: '8', walkaboutId: '503', target: 'c:1', revision: 1, condition: aConditionDraft('1') });
    await putBatch({ ...aBatch({ 'c:5': 1, 'c:6': 2 }), walkaboutId: '502' });

    expect(await pendingCounts(USER)).toEqual(
      new Map([
        [WALKABOUT, { results: 1, scans: 1, qrReports: 0 }],
        ['502', { results: 2, scans: 0, qrReports: 0 }],
      ]),
    );
  });

  it('forgets a confirmed batch and the changes it carried, but keeps a change made again since', async () => {
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'c:1', revision: 1, condition: aConditionDraft('1') });
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'c:2', revision: 3, condition: aConditionDraft('2') });
    await putBatch(aBatch({ 'c:1': 1, 'c:2': 2 }));

    await confirmBatch(aBatch({ 'c:1': 1, 'c:2': 2 }));

    const edits = await loadEdits(USER, WALKABOUT);
    expect(edits.batch).toBeUndefined();
    expect(edits.changes.map((change) => change.target)).toEqual(['c:2']);
  });

  it('removes the confirmed photos no remaining change refers to', async () => {
    const blob = new Blob(['jpeg'], { type: 'image/jpeg' });
    for (const photoId of ['p1', 'p2']) {
      await putPhoto({ userId: USER, walkaboutId: WALKABOUT, photoId, blob, name: `${photoId}.jpg`, mimetype: 'image/jpeg', url: `/files/${photoId}.jpg` });
    }
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'c:1', revision: 1, condition: aConditionDraft('1', { photoId: 'p1' }) });
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'c:2', revision: 5, condition: aConditionDraft('2', { photoId: 'p2' }) });

    await confirmBatch(aBatch({ 'c:1': 1, 'c:2': 4 }, ['p1', 'p2']));

    expect([...(await loadEdits(USER, WALKABOUT)).photos.keys()]).toEqual(['p2']);
  });

  it('tells its listeners once a confirmation left the device', async () => {
    let told = 0;
    const stop = pendingEditsConfirmed.subscribe(() => {
      told += 1;
    });
    await confirmBatch(aBatch({}));
    stop();
    await confirmBatch(aBatch({}));
    expect(told).toBe(1);
  });

  it('drops a refused batch and leaves its changes in place', async () => {
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'c:1', revision: 1, condition: aConditionDraft('1') });
    await putBatch(aBatch({ 'c:1': 1 }));
    await dropBatch(USER, WALKABOUT);

    const edits = await loadEdits(USER, WALKABOUT);
    expect(edits.batch).toBeUndefined();
    expect(edits.changes).toHaveLength(1);
  });

  it('keeps the walkabout as last loaded, per user', async () => {
    const data = { viewer: { id: USER }, walkabout: { id: WALKABOUT } } as unknown as WalkaboutEditPageQuery;
    await putSnapshot({ userId: USER, walkaboutId: WALKABOUT, data, loadedAt: '2026-03-02T10:00:00.000Z' });

    expect((await loadSnapshot(USER, WALKABOUT))?.data).toEqual(data);
    expect(await loadSnapshot('8', WALKABOUT)).toBeUndefined();
  });

  it('says what waits in the words of what the inspector did', () => {
    expect(pendingInWords({ results: 5, scans: 2, qrReports: 0 })).toBe('5 results and 2 scans');
    expect(pendingInWords({ results: 1, scans: 0, qrReports: 0 })).toBe('1 result');
    expect(pendingInWords({ results: 0, scans: 1, qrReports: 0 })).toBe('1 scan');
    expect(pendingInWords({ results: 2, scans: 1, qrReports: 1 })).toBe('2 results, 1 scan and 1 QR code report');
    expect(pendingInWords({ results: 0, scans: 3, qrReports: 2 })).toBe('3 scans and 2 QR code reports');
  });

  it('counts each walkabout\'s results, scans and QR code reports apart', async () => {
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'c:1', revision: 1, condition: aConditionDraft('1') });
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'c:2', revision: 2, condition: aConditionDraft('2') });
    await putChange({ userId: USER, walkaboutId: WALKABOUT, target: 'e:9', revision: 3, entry: { id: '9', scannedAt: '2026-03-02T10:00:00.000Z', scannerId: USER } });
    await putChange({
      userId: USER,
      walkaboutId: WALKABOUT,
      target: 'q:9',
      revision: 4,
      qrReport: { entryIds: ['9'], kind: 'MISSING', comment: null, errorMessage: null, reportedAt: '2026-03-02T10:00:00.000Z' },
    });
    await putChange({ userId: '8', walkaboutId: WALKABOUT, target: 'c:1', revision: 1, condition: aConditionDraft('1') });
    expect(await pendingCounts(USER)).toEqual(new Map([[WALKABOUT, { results: 2, scans: 1, qrReports: 1 }]]));
  });
});
