import {
  blocksFloorChange,
  conditionSatisfaction,
  isEntryComplete,
  isEntryInvalid,
  isEntryUnsatisfactory,
  isAnswered,
  QR_UNAVAILABILITY_KIND_FROM_WIRE,
  type Condition,
  type Entry,
} from '@fsi/shared';
import type { QrUnavailabilityKind } from '../../../generated/schema';
import type { WalkaboutEditPageQuery } from '../WalkaboutEditPage.generated';
import {
  applyDraft,
  toConditionInfo,
  toDraft,
  toSharedCondition,
  type ConditionInfo,
  type QrReason,
} from './model';
import type { ConditionDraft, EntryScanDraft, QrReportDraft } from '../../../lib/outbox/drafts';
import { addToTally, NO_PENDING, type PendingTally, type WalkaboutEdits } from '../../../lib/outbox/pendingEdits';
import { createSignal, type Signal } from '../../../lib/signal';

export type ConditionSnapshot = { condition: Condition; info: ConditionInfo; pending: boolean };

export type EntrySnapshot = {
  id: string;
  scannedAt: string | null;
  scannerId: string | null;
  qrReason: QrReason | null;
  pending: boolean;
  /** The entry's 'QR code unavailable' report waits on the device (sent with the next save). */
  qrPending: boolean;
  /** The server refused that report: it blocks changing floor and saving until corrected or withdrawn. */
  qrError: string | null;
};

/** A location's refused 'QR code unavailable' report, as the screen names it. */
export type BlockingQrReport = { target: string; entryIds: string[]; locationName: string; errorMessage: string };

export type EntryInfo = {
  id: string;
  floorId: string;
  label: string;
  aliasName: string | null;
  locationId: string;
  locationName: string;
  locationHint: string | null;
  equipmentId: string;
  equipmentName: string;
  regularUuid: string;
  temporaryUuid: string | null;
  sections: { id: string; name: string; conditionIds: string[] }[];
};

export type FloorInfo = { id: string; name: string; order: number; entryIds: string[] };

export type Progress = { marked: number; total: number; unsatisfactory: number };
export type EntryStatus = Progress & { complete: boolean; invalid: boolean; unsatisfactoryEntry: boolean };

/** Where changes go as they are made: IndexedDB in the app (pendingEdits.ts). */
export type EditPersistence = {
  putCondition(draft: ConditionDraft, revision: number): void;
  putEntry(draft: EntryScanDraft, revision: number): void;
  putPhoto(photoId: string, blob: Blob, name: string): void;
  putQrReport(target: string, draft: QrReportDraft, revision: number): void;
  dropQrReport(target: string): void;
};

type Listener = () => void;

const conditionKey = (id: string) => `c:${id}`;
const entryKey = (id: string) => `e:${id}`;
const floorKey = (id: string) => `f:${id}`;
const PENDING_KEY = 'pending';

/**
 * The walkabout being edited, outside React: each condition and entry is an immutable snapshot
 * replaced on change, and components subscribe to the keys they show (useSyncExternalStore), so a
 * tap re-renders that condition's row and the few summaries that count it, never the floor.
 */
export class WalkaboutEditStore {
  readonly floors: FloorInfo[];
  private readonly entryInfo = new Map<string, EntryInfo>();
  private readonly conditions = new Map<string, ConditionSnapshot>();
  private readonly entries = new Map<string, EntrySnapshot>();
  /** The Blob key of each condition's photo that is waiting on the device. */
  private readonly photoIds = new Map<string, string>();
  /** Pending targets ('c:{id}', 'e:{id}') and the revision each was last written with. */
  private readonly revisions = new Map<string, number>();
  private revisionCounter = 0;
  /** 'QR code unavailable' reports on the device, by target ('q:{first entry id}'). */
  private readonly qrReports = new Map<string, QrReportDraft>();
  /** Each entry's reason as the server last gave it (restored when a report is withdrawn). */
  private readonly serverQrReasons = new Map<string, QrReason | null>();
  private tallyCache: { version: number; value: PendingTally } | null = null;
  /** One signal per condition, entry, floor and the pending count: a change re-renders only what shows it. */
  private readonly signals = new Map<string, Signal<void>>();
  private readonly versions = new Map<string, number>();
  private readonly statusCache = new Map<string, { version: number; value: EntryStatus | Progress }>();

  constructor(
    walkabout: NonNullable<WalkaboutEditPageQuery['walkabout']>,
    edits: WalkaboutEdits,
    private readonly persistence: EditPersistence,
  ) {
    const drafts = new Map<string, ConditionDraft>();
    const scans = new Map<string, EntryScanDraft>();
    const reportOf = new Map<string, QrReportDraft>();
    for (const change of edits.changes) {
      this.revisions.set(change.target, change.revision);
      this.revisionCounter = Math.max(this.revisionCounter, change.revision);
      if (change.condition) drafts.set(change.condition.id, change.condition);
      if (change.entry) scans.set(change.entry.id, change.entry);
      if (change.qrReport) {
        this.qrReports.set(change.target, change.qrReport);
        for (const id of change.qrReport.entryIds) reportOf.set(id, change.qrReport);
      }
    }
    this.floors = [...walkabout.floors]
      .sort((a, b) => a.order - b.order)
      .map((floor) => ({ id: floor.id, name: floor.name, order: floor.order, entryIds: floor.entries.map((entry) => entry.id) }));

    for (const floor of walkabout.floors) {
      for (const entry of floor.entries) {
        this.entryInfo.set(entry.id, {
          id: entry.id,
          floorId: floor.id,
          label: entry.label,
          aliasName: entry.aliasName,
          locationId: entry.locationId,
          locationName: entry.locationName,
          locationHint: entry.locationHint,
          equipmentId: entry.equipmentId,
          equipmentName: entry.equipmentName,
          regularUuid: entry.regularUuid,
          temporaryUuid: entry.temporaryUuid,
          sections: entry.sections.map((section) => ({
            id: section.id,
            name: section.aliasName ?? section.name,
            conditionIds: section.conditions.map((condition) => condition.id),
          })),
        });
        const scan = scans.get(entry.id);
        const report = reportOf.get(entry.id);
        this.serverQrReasons.set(entry.id, entry.qrUnavailabilityReason);
        this.entries.set(entry.id, {
          id: entry.id,
          scannedAt: scan?.scannedAt ?? entry.scannedAt,
          scannerId: scan?.scannerId ?? entry.scannerId,
          qrReason: report ? { kind: report.kind, comment: report.comment } : entry.qrUnavailabilityReason,
          pending: scan !== undefined,
          qrPending: report !== undefined,
          qrError: report?.errorMessage ?? null,
        });
        for (const section of entry.sections) {
          for (const fields of section.conditions) {
            const server = toSharedCondition(fields);
            const draft = drafts.get(fields.id);
            const photo = draft?.photoId ? (edits.photos.get(draft.photoId)?.blob ?? null) : null;
            if (draft?.photoId && photo) this.photoIds.set(fields.id, draft.photoId);
            this.conditions.set(fields.id, {
              condition: draft ? applyDraft(server, draft, photo) : server,
              info: toConditionInfo(fields, entry.id, section.id),
              pending: draft !== undefined,
            });
          }
        }
      }
    }
  }

  // --- Subscriptions ---------------------------------------------------------------------------

  subscribe(key: string, listener: Listener): () => void {
    let signal = this.signals.get(key);
    if (!signal) {
      signal = createSignal();
      this.signals.set(key, signal);
    }
    return signal.subscribe(listener);
  }

  subscribeCondition = (id: string, listener: Listener) => this.subscribe(conditionKey(id), listener);
  subscribeEntry = (id: string, listener: Listener) => this.subscribe(entryKey(id), listener);
  subscribeFloor = (id: string, listener: Listener) => this.subscribe(floorKey(id), listener);
  subscribePending = (listener: Listener) => this.subscribe(PENDING_KEY, listener);

  private notify(keys: string[]): void {
    for (const key of keys) {
      this.versions.set(key, (this.versions.get(key) ?? 0) + 1);
      this.signals.get(key)?.emit();
    }
  }

  private notifyEntry(entryId: string, conditionId?: string): void {
    const floorId = this.entryInfo.get(entryId)?.floorId;
    const keys = [entryKey(entryId), PENDING_KEY];
    if (conditionId) keys.unshift(conditionKey(conditionId));
    if (floorId) keys.push(floorKey(floorId));
    this.notify(keys);
  }

  // --- Reading ---------------------------------------------------------------------------------

  getCondition(id: string): ConditionSnapshot {
    const snapshot = this.conditions.get(id);
    if (!snapshot) throw new Error(`Condition ${id} is not part of this walkabout`);
    return snapshot;
  }

  getEntry(id: string): EntrySnapshot {
    const snapshot = this.entries.get(id);
    if (!snapshot) throw new Error(`Entry ${id} is not part of this walkabout`);
    return snapshot;
  }

  getEntryInfo(id: string): EntryInfo {
    const info = this.entryInfo.get(id);
    if (!info) throw new Error(`Entry ${id} is not part of this walkabout`);
    return info;
  }

  /** The shared rules' view of an entry with its current answers (@fsi/shared walkabouts). */
  sharedEntry(id: string): Entry {
    const info = this.getEntryInfo(id);
    const state = this.getEntry(id);
    return {
      id,
      label: info.label,
      locationId: info.locationId,
      scannedAt: state.scannedAt,
      scannerId: state.scannerId,
      qrUnavailabilityReason: state.qrReason ? { kind: QR_UNAVAILABILITY_KIND_FROM_WIRE[state.qrReason.kind], comment: state.qrReason.comment } : null,
      sections: info.sections.map((section) => ({
        id: section.id,
        name: section.name,
        conditions: section.conditionIds.map((conditionId) => this.getCondition(conditionId).condition),
      })),
    };
  }

  sharedEntries(floorId?: string): Entry[] {
    const floors = floorId ? this.floors.filter((floor) => floor.id === floorId) : this.floors;
    return floors.flatMap((floor) => floor.entryIds.map((id) => this.sharedEntry(id)));
  }

  floorOf(entryId: string): string {
    return this.getEntryInfo(entryId).floorId;
  }

  getEntryStatus(id: string): EntryStatus {
    return this.cached(entryKey(id), () => {
      const entry = this.sharedEntry(id);
      return {
        ...progressOf(entry.sections.flatMap((section) => section.conditions)),
        complete: isEntryComplete(entry),
        invalid: isEntryInvalid(entry),
        unsatisfactoryEntry: isEntryUnsatisfactory(entry),
      };
    }) as EntryStatus;
  }

  getFloorProgress(id: string): Progress {
    return this.cached(floorKey(id), () => {
      const floor = this.floors.find((candidate) => candidate.id === id);
      const conditions = (floor?.entryIds ?? []).flatMap((entryId) =>
        this.getEntryInfo(entryId).sections.flatMap((section) => section.conditionIds.map((cid) => this.getCondition(cid).condition)),
      );
      return progressOf(conditions);
    });
  }

  private cached(key: string, compute: () => EntryStatus | Progress): EntryStatus | Progress {
    const version = this.versions.get(key) ?? 0;
    const hit = this.statusCache.get(key);
    if (hit && hit.version === version) return hit.value;
    const value = compute();
    this.statusCache.set(key, { version, value });
    return value;
  }

  /** How many changes the server has not confirmed yet. */
  getPendingCount = (): number => this.revisions.size;

  hasPending(): boolean {
    return this.revisions.size > 0;
  }

  /** What waits on the device, as the inspector did it (results, scans, QR code reports); the same object until it changes. */
  getPendingTally = (): PendingTally => {
    const version = this.versions.get(PENDING_KEY) ?? 0;
    if (this.tallyCache?.version === version) return this.tallyCache.value;
    const value = [...this.revisions.keys()].reduce(addToTally, NO_PENDING);
    this.tallyCache = { version, value };
    return value;
  };

  /**
   * The first location whose 'QR code unavailable' report the server refused (inspection.md sections 4
   * and 5: a reason and an error message block changing floor and saving), if any.
   */
  blockingQrReport(): BlockingQrReport | null {
    for (const [target, draft] of this.qrReports) {
      if (!blocksFloorChange({ entryIds: draft.entryIds, unavailabilityReason: QR_UNAVAILABILITY_KIND_FROM_WIRE[draft.kind], errorMessage: draft.errorMessage })) continue;
      const first = draft.entryIds[0];
      const locationName = first && this.entryInfo.has(first) ? this.getEntryInfo(first).locationName : 'a location';
      return { target, entryIds: draft.entryIds, locationName, errorMessage: draft.errorMessage ?? '' };
    }
    return null;
  }

  /** The report kept on the device for these entries, if any (to show it again in the form). */
  qrReportFor(entryIds: readonly string[]): QrReportDraft | null {
    return this.qrReports.get(qrTarget(entryIds)) ?? null;
  }

  /** Every condition of the walkabout, for the completeness warning. */
  allConditions(): Condition[] {
    return [...this.conditions.values()].map((snapshot) => snapshot.condition);
  }

  /** Entries whose location QR code is this uuid (regular or temporary), in floor order. */
  entriesWithUuid(uuid: string): EntryInfo[] {
    const wanted = uuid.toLowerCase();
    return this.floors.flatMap((floor) =>
      floor.entryIds
        .map((id) => this.getEntryInfo(id))
        .filter((entry) => entry.regularUuid.toLowerCase() === wanted || entry.temporaryUuid?.toLowerCase() === wanted),
    );
  }

  // --- Changing --------------------------------------------------------------------------------

  private nextRevision(target: string): number {
    this.revisionCounter += 1;
    this.revisions.set(target, this.revisionCounter);
    return this.revisionCounter;
  }

  /**
   * Records a change to a condition through one of the shared rules (tapCondition,
   * applyConditionAction, setConditionValue…) and writes it to the device at once.
   */
  updateCondition(id: string, change: (condition: Condition) => Condition, editedVia: string): void {
    const snapshot = this.getCondition(id);
    const changed = change(snapshot.condition);
    if (changed === snapshot.condition) return;
    const editedAt = new Date().toISOString();
    const next: Condition = { ...changed, editedVia, editedAt };
    if (next.photoFile === null || next.photoFile === undefined) this.photoIds.delete(id);
    const draft = toDraft(snapshot.info.kind, next, this.photoIds.get(id) ?? null, editedVia, editedAt);
    this.persistence.putCondition(draft, this.nextRevision(conditionKey(id)));
    this.conditions.set(id, { ...snapshot, condition: next, pending: true });
    this.notifyEntry(snapshot.info.entryId, id);
  }

  /** A photo taken or picked for a condition: its Blob is kept on the device before any upload. */
  attachPhoto(id: string, photo: Blob, name: string): void {
    const photoId = crypto.randomUUID();
    this.persistence.putPhoto(photoId, photo, name);
    this.photoIds.set(id, photoId);
    this.updateCondition(id, (condition) => ({ ...condition, photoFile: photo, photoUrl: null, photoMimetype: photo.type || null }), 'photo');
  }

  removePhoto(id: string): void {
    this.updateCondition(id, (condition) => ({ ...condition, photoFile: null, photoUrl: null, photoMimetype: null }), 'photo');
  }

  /** Unlocks entries by a scan (inspection.md section 4): records scannedAt and the scanner. */
  scanEntries(ids: readonly string[], scannedAt: string, scannerId: string): void {
    for (const id of ids) {
      const snapshot = this.getEntry(id);
      const draft: EntryScanDraft = { id, scannedAt, scannerId };
      this.persistence.putEntry(draft, this.nextRevision(entryKey(id)));
      this.entries.set(id, { ...snapshot, scannedAt, scannerId, pending: true });
      this.notifyEntry(id);
    }
  }

  /**
   * Flags the entries of a location 'QR code unavailable' (inspection.md section 2): the report is
   * written to the device at once and sent with the next save (issue 9, point 16), like a result.
   */
  reportQr(entryIds: readonly string[], kind: QrUnavailabilityKind, comment: string | null): void {
    const target = qrTarget(entryIds);
    const draft: QrReportDraft = { entryIds: [...entryIds], kind, comment, errorMessage: null, reportedAt: new Date().toISOString() };
    this.qrReports.set(target, draft);
    this.persistence.putQrReport(target, draft, this.nextRevision(target));
    for (const id of entryIds) {
      this.entries.set(id, { ...this.getEntry(id), qrReason: { kind, comment }, qrPending: true, qrError: null });
      this.notifyEntry(id);
    }
  }

  /** The server refused a report: it stays on the device with the refusal. */
  refuseQr(target: string, errorMessage: string): void {
    const draft = this.qrReports.get(target);
    if (!draft) return;
    this.qrReports.set(target, { ...draft, errorMessage });
    for (const id of draft.entryIds) {
      this.entries.set(id, { ...this.getEntry(id), qrError: errorMessage });
      this.notifyEntry(id);
    }
  }

  /** The inspector withdrew a report kept on the device: the entries show what the server has again. */
  withdrawQr(target: string): void {
    const draft = this.qrReports.get(target);
    if (!draft) return;
    this.qrReports.delete(target);
    this.revisions.delete(target);
    this.persistence.dropQrReport(target);
    for (const id of draft.entryIds) {
      this.entries.set(id, { ...this.getEntry(id), qrReason: this.serverQrReasons.get(id) ?? null, qrPending: false, qrError: null });
      this.notifyEntry(id);
    }
  }

  /** The server recorded a save: what it carried is no longer pending, unless changed again since. */
  confirm(revisions: Record<string, number>): void {
    for (const [target, revision] of Object.entries(revisions)) {
      if (this.revisions.get(target) !== revision) continue;
      this.revisions.delete(target);
      const id = target.slice(2);
      if (target.startsWith('c:')) {
        const snapshot = this.getCondition(id);
        this.conditions.set(id, { ...snapshot, pending: false });
        this.notifyEntry(snapshot.info.entryId, id);
      } else if (target.startsWith('q:')) {
        const draft = this.qrReports.get(target);
        this.qrReports.delete(target);
        for (const entryId of draft?.entryIds ?? []) {
          const entry = this.getEntry(entryId);
          if (entry.qrReason) this.serverQrReasons.set(entryId, entry.qrReason);
          this.entries.set(entryId, { ...entry, qrPending: false, qrError: null });
          this.notifyEntry(entryId);
        }
        if (!draft) this.notify([PENDING_KEY]);
      } else {
        this.entries.set(id, { ...this.getEntry(id), pending: false });
        this.notifyEntry(id);
      }
    }
  }
}

/** The outbox's key of a location's report: its first entry on the floor. */
function qrTarget(entryIds: readonly string[]): string {
  return `q:${entryIds[0] ?? ''}`;
}

function progressOf(conditions: readonly Condition[]): Progress {
  let marked = 0;
  let unsatisfactory = 0;
  for (const condition of conditions) {
    if (isAnswered(condition.value)) marked += 1;
    if (conditionSatisfaction(condition) === 'unsatisfactory') unsatisfactory += 1;
  }
  return { marked, total: conditions.length, unsatisfactory };
}
