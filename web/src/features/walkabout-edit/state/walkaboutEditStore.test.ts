import { describe, expect, it } from 'vitest';
import type { WalkaboutEditPageQuery } from '../WalkaboutEditPage.generated';
import type { WalkaboutEdits } from '../../../lib/outbox/pendingEdits';
import { aConditionDraft } from '../../../lib/outbox/testDrafts';
import { aCondition, aFloor, anEntry, aWalkabout, UUID_A, UUID_B } from '../testData';
import { WalkaboutEditStore, type EditPersistence } from './walkaboutEditStore';

type Walkabout = NonNullable<WalkaboutEditPageQuery['walkabout']>;

function aStore(edits: WalkaboutEdits = { changes: [], photos: new Map(), batch: undefined }) {
  const walkabout = aWalkabout({
    floors: [
      aFloor('2', 'Second', [anEntry({ id: 'e3', label: 'Door 3', uuid: UUID_B, conditions: [aCondition({ id: 'c3', label: 'Closes' })] })]),
      aFloor('1', 'Ground', [
        anEntry({ id: 'e1', label: 'Door 1', uuid: UUID_A, conditions: [aCondition({ id: 'c1', label: 'Closes' }), aCondition({ id: 'c2', label: 'Latches', value: true })] }),
        anEntry({ id: 'e2', label: 'Door 2', uuid: UUID_A, locationId: 'loc-e1', conditions: [] }),
      ]),
    ],
  }) as unknown as Walkabout;
  const written: { kind: string; id: string; revision?: number }[] = [];
  const persistence: EditPersistence = {
    putCondition: (draft, revision) => written.push({ kind: 'condition', id: draft.id, revision }),
    putEntry: (draft, revision) => written.push({ kind: 'entry', id: draft.id, revision }),
    putPhoto: (photoId) => written.push({ kind: 'photo', id: photoId }),
    putQrReport: (target, _draft, revision) => written.push({ kind: 'qrReport', id: target, revision }),
    dropQrReport: (target) => written.push({ kind: 'dropQrReport', id: target }),
  };
  return { store: new WalkaboutEditStore(walkabout, edits, persistence), written };
}

describe('The walkabout edit store', () => {
  it('orders the floors and finds entries by floor and by code', () => {
    const { store } = aStore();
    expect(store.floors.map((floor) => floor.name)).toEqual(['Ground', 'Second']);
    expect(store.floorOf('e3')).toBe('2');
    expect(store.entriesWithUuid(UUID_A.toUpperCase()).map((entry) => entry.id)).toEqual(['e1', 'e2']);
  });

  it('writes each change to the device at once and counts it as pending', () => {
    const { store, written } = aStore();
    store.updateCondition('c1', (condition) => ({ ...condition, value: false }), 'tap');

    expect(written).toEqual([{ kind: 'condition', id: 'c1', revision: 1 }]);
    expect(store.getCondition('c1')).toMatchObject({ pending: true, condition: { value: false, editedVia: 'tap' } });
    expect(store.hasPending()).toBe(true);
    expect(store.getPendingCount()).toBe(1);
  });

  it('writes nothing when a change changes nothing', () => {
    const { store, written } = aStore();
    store.updateCondition('c1', (condition) => condition, 'tap');
    expect(written).toEqual([]);
    expect(store.hasPending()).toBe(false);
  });

  it('is no longer pending once the server confirmed the revision it carried, unless changed again since', () => {
    const { store } = aStore();
    store.updateCondition('c1', (condition) => ({ ...condition, value: false }), 'tap');
    store.scanEntries(['e1'], '2026-03-02T10:00:00.000Z', '7');
    store.updateCondition('c1', (condition) => ({ ...condition, value: true }), 'tap');

    store.confirm({ 'c:c1': 1, 'e:e1': 2 });

    expect(store.getCondition('c1').pending).toBe(true);
    expect(store.getEntry('e1')).toMatchObject({ pending: false, scannedAt: '2026-03-02T10:00:00.000Z', scannerId: '7' });
    store.confirm({ 'c:c1': 3 });
    expect(store.hasPending()).toBe(false);
  });

  it('opens with the changes kept on the device laid over the server, pending until confirmed', () => {
    const { store } = aStore({
      changes: [
        {
          userId: '7',
          walkaboutId: '501',
          target: 'c:c2',
          revision: 4,
          condition: aConditionDraft('c2', { value: false, remarks: 'Broken latch' }),
        },
        { userId: '7', walkaboutId: '501', target: 'e:e3', revision: 5, entry: { id: 'e3', scannedAt: '2026-03-02T10:01:00.000Z', scannerId: '7' } },
      ],
      photos: new Map(),
      batch: undefined,
    });

    expect(store.getCondition('c2')).toMatchObject({ pending: true, condition: { value: false, remarks: 'Broken latch' } });
    expect(store.getEntry('e3')).toMatchObject({ pending: true, scannedAt: '2026-03-02T10:01:00.000Z' });
    expect(store.getPendingCount()).toBe(2);
    // A change made now comes after the ones kept.
    store.updateCondition('c1', (condition) => ({ ...condition, value: true }), 'tap');
    store.confirm({ 'c:c1': 6 });
    expect(store.getCondition('c1').pending).toBe(false);
  });

  it('counts what is marked and unsatisfactory per floor', () => {
    const { store } = aStore();
    expect(store.getFloorProgress('1')).toEqual({ marked: 1, total: 2, unsatisfactory: 0 });
    store.updateCondition('c1', (condition) => ({ ...condition, value: false }), 'tap');
    expect(store.getFloorProgress('1')).toEqual({ marked: 2, total: 2, unsatisfactory: 1 });
  });

  it('tells the listeners of a condition when it changes', () => {
    const { store } = aStore();
    let told = 0;
    const stop = store.subscribeCondition('c1', () => {
      told += 1;
    });
    store.updateCondition('c1', (condition) => ({ ...condition, value: false }), 'tap');
    stop();
    store.updateCondition('c1', (condition) => ({ ...condition, value: true }), 'tap');
    expect(told).toBe(1);
  });

  it('keeps a photo on the device before any upload', () => {
    const { store, written } = aStore();
    store.attachPhoto('c1', new Blob(['jpeg'], { type: 'image/jpeg' }), 'door.jpg');
    expect(written.map((write) => write.kind)).toEqual(['photo', 'condition']);
    expect(store.getCondition('c1').condition).toMatchObject({ photoUrl: null, photoMimetype: 'image/jpeg' });
  });

  it('gives the shared rules the entries with their QR reason in the REST spelling', () => {
    const { store } = aStore();
    store.reportQr(['e1'], 'ACCESS_DENIED', 'Locked room');
    expect(store.sharedEntry('e1').qrUnavailabilityReason).toEqual({ kind: 'access_denied', comment: 'Locked room' });
  });

  it('keeps a QR code unavailable report on the device as pending work of its own kind', () => {
    const { store, written } = aStore();
    store.updateCondition('c1', (condition) => ({ ...condition, value: true }), 'tap');
    store.scanEntries(['e3'], '2026-03-02T10:00:00.000Z', '7');
    store.reportQr(['e1', 'e2'], 'MISSING', null);
    expect(written.at(-1)).toEqual({ kind: 'qrReport', id: 'q:e1', revision: 3 });
    expect(store.getPendingTally()).toEqual({ results: 1, scans: 1, qrReports: 1 });
    expect(store.getEntry('e2')).toMatchObject({ qrReason: { kind: 'MISSING', comment: null }, qrPending: true, qrError: null });

    store.confirm({ 'q:e1': 3 });
    expect(store.getPendingTally()).toEqual({ results: 1, scans: 1, qrReports: 0 });
    expect(store.getEntry('e2')).toMatchObject({ qrReason: { kind: 'MISSING', comment: null }, qrPending: false });
  });

  it('blocks on a refused QR code report until it is withdrawn, and then shows what the server has', () => {
    const { store, written } = aStore();
    expect(store.blockingQrReport()).toBeNull();
    store.reportQr(['e1', 'e2'], 'ACCESS_DENIED', 'Tenant away');
    expect(store.blockingQrReport()).toBeNull();

    store.refuseQr('q:e1', 'This walkabout is locked.');
    expect(store.blockingQrReport()).toEqual({ target: 'q:e1', entryIds: ['e1', 'e2'], locationName: expect.any(String), errorMessage: 'This walkabout is locked.' });
    expect(store.getEntry('e1').qrError).toBe('This walkabout is locked.');

    store.withdrawQr('q:e1');
    expect(written.at(-1)).toEqual({ kind: 'dropQrReport', id: 'q:e1' });
    expect(store.blockingQrReport()).toBeNull();
    expect(store.getEntry('e1')).toMatchObject({ qrReason: null, qrPending: false, qrError: null });
    expect(store.getPendingTally()).toEqual({ results: 0, scans: 0, qrReports: 0 });
  });

  it('opens with a QR code unavailable report left on the device, refusal included', () => {
    const { store } = aStore({
      changes: [
        {
          userId: '7',
          walkaboutId: '1',
          target: 'q:e1',
          revision: 4,
          qrReport: { entryIds: ['e1', 'e2'], kind: 'UNUSABLE', comment: 'Torn', errorMessage: 'Refused', reportedAt: '2026-03-02T10:00:00.000Z' },
        },
      ],
      photos: new Map(),
      batch: undefined,
    });
    expect(store.getEntry('e2')).toMatchObject({ qrReason: { kind: 'UNUSABLE', comment: 'Torn' }, qrPending: true, qrError: 'Refused' });
    expect(store.blockingQrReport()?.errorMessage).toBe('Refused');
    expect(store.getPendingTally()).toEqual({ results: 0, scans: 0, qrReports: 1 });
  });
});
