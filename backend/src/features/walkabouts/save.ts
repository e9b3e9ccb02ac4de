/**
 * PATCH /walkabout-data (inspection.md sections 4, 5 and 7; DESIGN.md "Field conditions").
 *
 * - Idempotent: the device's save id (Idempotency-Key) is inserted into walkabout_saves, unique
 *   per walkabout and user, with the ids of the entries and conditions it saves, in the same
 *   transaction as the changes. A second send of the same save (a retry after a lost answer, or
 *   the same save racing itself) finds the key and answers those entries and conditions as the
 *   server has them then, without recording anything.
 * - Validated with the client's own rules (parseWalkaboutDataPayload of @fsi/shared).
 * - Later edits win by editedAt: a change made on the device before the stored one (an offline
 *   save arriving late) is kept in the edit trail with applied = false and does not overwrite.
 * - Set-based: scans, results and the edit trail are a few statements over json_to_recordset,
 *   whatever the number of conditions; the UPDATE answers the ids of the conditions it changed.
 * - Answered once committed: the saved entries and conditions beside the walkabout and its building, each read on a
 *   connection of its own. A condition the save changed is answered with the result it wrote and the rest of its
 *   fields (its definition, read before, and its task's snapshot texts and status: conditionSnapshots, read while the
 *   save records), as JSON written while the save records (writtenResources).
 * - Sparse fieldsets (`fields[conditions]`, `fields[entries]`, jsonapi/sparse.ts): a client that keeps no copy of the
 *   conditions it saved (the web app: it reads the walkabout's fresh counts) asks for none of their fields, and they are
 *   answered by id: 1,000 resources of 35 fields are neither read, built nor written.
 * - Notifications: the failures and notes a save records are queued as a job in its transaction (`notify`, given by
 *   the route), so that the job is there if and only if the save is.
 */
import {
  conditionSatisfaction,
  parseWalkaboutDataPayload,
  type Condition,
  type ConditionValue,
  type ConditionSave,
  type PayloadError,
} from '@fsi/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anyId, idArray, inIds, jsonRows, queryRows, rowsFromJson, type JsonFields, type JsonRows } from '../../db/raw';
import { conditions, entries, users, walkaboutSaves } from '../../db/schema';
import { FieldErrors, HttpError, notFound, type FieldError } from '../../jsonapi/errors';
import { SerializedResource } from '../../jsonapi/serialized';
import { sparseObject, type SparseObject } from '../../jsonapi/sparse';
import { canRecordWalkabouts, requirePermission, type Scope } from '../../plugins/authorization';
import { findBuilding } from '../buildings/repository';
import { buildingResource } from '../buildings/serialize';
import { signedPhotoUrl, storedReferenceOf, type UrlSigner } from '../../storage/signed-urls';
import { cyclesByIds } from '../cycles/repository';
import { cycleResource } from '../cycles/serialize';
import {
  conditionViews,
  entriesWithSections,
  entryOrder,
  equipmentInScope,
  findWalkabout,
  findWalkaboutRowAndContract,
  isClosedNow,
  isLockedNow,
  taskStatusesOf,
  visibleFloorIds,
  type ConditionView,
} from './repository';
import { conditionResource, entryResource, walkaboutResource, type ConditionResourceObject, type EntryResourceObject } from './serialize';
import { requireAcceptedContract } from '../buildings/contract';
import type { RecordedResult } from '../notifications/conditions';

export const LOCKED_MESSAGE = 'This walkabout is locked.';
export const CLOSED_MESSAGE = 'This walkabout is closed.';
export const ENTRY_LOCKED_MESSAGE = "This condition's entry is locked: scan its location before recording results.";

/** The fields a save answers of the entries and conditions it saved (`fields[entries]`, `fields[conditions]`); null: all of them. */
export type SaveFields = { entries: string[] | null; conditions: string[] | null };
export const ALL_SAVE_FIELDS: SaveFields = { entries: null, conditions: null };

export type SaveOptions = {
  /** The fields of the saved entries and conditions to answer (default: all). */
  fields?: SaveFields;
  /** Called inside the save's transaction with the results it recorded (not by a repeat of its key): their notifications. */
  notify?: (tx: Database, walkaboutId: number, results: RecordedResult[]) => Promise<void>;
};

/**
 * A saved entry or condition in the answer: whole, or with the fields asked for (SaveFields); a condition the save wrote,
 * in a whole answer, as its JSON (writtenResources), which the route writes as it is (jsonapi/serialized.ts).
 */
type SavedResource = SparseObject<EntryResourceObject> | SparseObject<ConditionResourceObject> | SerializedResource;

/** The saved entries and conditions, as a save answers them and a repeat of its key again. */
type SavedData = { data: SavedResource[]; meta: { savedAt: string; replayed: boolean } };

/**
 * A save's entries or conditions in its answer before they are read: by id (`ids`, those still there, when none of
 * their fields is asked for), or the ids of those to answer whole once the save is committed (`read`; savedResources),
 * of which the conditions the save wrote (`written`) are answered with what it wrote.
 */
type SavedPart = { ids: number[] } | { read: number[]; written?: Written };

/**
 * The conditions a save wrote as it was sent (`ids`: applied, at a time the database keeps as sent), and their resources
 * (by id; as JSON in a whole answer), built while the save records (writtenResources) from their results
 * (conditionRecords) and what the conditions are besides, which a save does not change: their rule and entry (their definitions, read before it, by which it judged
 * them), and their task's snapshot texts and status (conditionSnapshots, read on a connection of its own meanwhile). A
 * snapshot that Create Current Walkabouts refreshes meanwhile (walkabouts/current.ts) is answered as it was read; the
 * walkabout's next read gives the new one.
 */
type Written = { ids: Set<number>; resources: Promise<Map<number, ConditionResourceObject | SerializedResource>> };

/** What a save, or a repeat of its key, answers: its entries and conditions (SavedPart), and when it was saved. */
type SavedParts = { entries: SavedPart; conditions: SavedPart; meta: SavedData['meta'] };

/**
 * The answer: the saved entries and conditions, and in `included` the walkabout and its building
 * as GET /walkabouts/{id} and GET /buildings/{id} give them now (counts, statuses), then the cycles
 * they name (the walkabout's and its building's statuses'), so that a client updates its view of
 * all of them without another call.
 */
export type SaveDocument = SavedData & {
  included: (ReturnType<typeof walkaboutResource> | ReturnType<typeof buildingResource> | ReturnType<typeof cycleResource>)[];
};


/** A condition's rule as a save reads it (definitionsOf), with its entry and whether that is scanned. */
type Definition = Pick<ConditionView, 'id' | 'entryId' | keyof typeof ruleFields> & { entryScanned: boolean };

/**
 * The condition conditionSatisfaction judges: the saved value with its definition's fields, written out (spreading the
 * definition into a new object cost 2 ms per 1,000 conditions, against 0.1 for this literal).
 */
const judged = (d: Definition, id: string, value: ConditionValue): Condition => ({
  id,
  value,
  type: d.type,
  typeValue: d.typeValue,
  typeSatisfactoryValue: d.typeSatisfactoryValue,
  typeUnsatisfactoryValue: d.typeUnsatisfactoryValue,
  typeRecordValue: d.typeRecordValue,
  rangeFrom: d.rangeFrom,
  rangeTo: d.rangeTo,
  options: d.options,
});

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const idsIn = (list: unknown): number[] =>
  Array.isArray(list)
    ? list.flatMap((item) => {
        const id = isRecord(item) ? Number(item.id) : NaN;
        return Number.isSafeInteger(id) && id > 0 && id < 2 ** 31 ? [id] : [];
      })
    : [];


/** A condition's rule, from its task's snapshot: what conditionSatisfaction judges its value by. */
const ruleFields = {
  type: conditions.type,
  typeValue: conditions.typeValue,
  typeSatisfactoryValue: conditions.typeSatisfactoryValue,
  typeUnsatisfactoryValue: conditions.typeUnsatisfactoryValue,
  typeRecordValue: conditions.typeRecordValue,
  rangeFrom: conditions.rangeFrom,
  rangeTo: conditions.rangeTo,
  options: conditions.options,
} satisfies JsonFields;

/** What a definition reads: only the columns it needs (a save of 1,000 conditions reads 1,000 rows). */
const definitionFields = { id: conditions.id, ...ruleFields, entryId: conditions.entryId } satisfies JsonFields;

/**
 * The definitions (task snapshot and entry) of the listed conditions that the caller may edit, read as one JSON value
 * (jsonRows), with the walkabout's entries of the caller's equipment and whether each is scanned: a few dozen, read
 * beside the conditions rather than joined to each of them (the join looked up an entry by its key once per condition,
 * 1.4 of the statement's 3.6 ms on PostgreSQL for 1,000, the planner taking a new walkabout's conditions for one row).
 */
async function definitionsOf(db: Database, scope: Scope, walkaboutId: number, ids: number[]): Promise<Map<string, Definition>> {
  if (!ids.length) return new Map();
  const [answer] = await db
    .select({
      rows: jsonRows(definitionFields),
      entries: sql<[number, boolean][] | null>`(select json_agg(json_build_array(${entries.id}, ${entries.scannedAt} is not null)) from ${entries}
        where ${entries.walkaboutId} = ${walkaboutId} and ${equipmentInScope(scope)})`,
    })
    .from(conditions)
    .where(and(eq(conditions.walkaboutId, walkaboutId), inIds(conditions.id, ids)));
  const scanned = new Map(answer!.entries ?? []);
  const definitions = new Map<string, Definition>();
  for (const row of rowsFromJson<Definition>(definitionFields, answer!.rows)) {
    const entryScanned = scanned.get(row.entryId);
    // A condition of an entry of other equipment than the caller's is not theirs to save: it has no definition.
    if (entryScanned === undefined) continue;
    // Kept whole, id included: a rest object (`{ id, ...definition }`) is a slow dictionary, whose reads cost the validation and the records.
    row.entryScanned = entryScanned;
    definitions.set(String(row.id), row);
  }
  return definitions;
}

/** hasSatisfactoryRemarks is not part of the shared payload rule: a boolean, false when left out. */
function satisfactoryRemarksFlags(body: Record<string, unknown>, errors: PayloadError[]): Map<string, boolean> {
  const flags = new Map<string, boolean>();
  const list = isRecord(body.data) && Array.isArray(body.data.conditions) ? body.data.conditions : [];
  list.forEach((raw: unknown, index: number) => {
    if (!isRecord(raw)) return;
    const flag = raw.hasSatisfactoryRemarks ?? false;
    if (typeof flag !== 'boolean') errors.push({ pointer: `/data/conditions/${index}/hasSatisfactoryRemarks`, detail: 'Must be true or false' });
    else flags.set(String(raw.id), flag);
  });
  return flags;
}

/** A save recorded under the caller's key in the walkabout: what a repeat of the key answers (savedAnswer). */
type SaveRow = { entryIds: number[] | null; conditionIds: number[] | null; response: string | null; savedAt: Date };

async function saveRowOf(db: Database, walkaboutId: number, userId: number, key: string): Promise<SaveRow | undefined> {
  const [row] = await db
    .select({ entryIds: walkaboutSaves.entryIds, conditionIds: walkaboutSaves.conditionIds, response: walkaboutSaves.response, savedAt: walkaboutSaves.createdAt })
    .from(walkaboutSaves)
    .where(and(eq(walkaboutSaves.walkaboutId, walkaboutId), eq(walkaboutSaves.userId, userId), eq(walkaboutSaves.key, key)));
  return row;
}

/**
 * The answer to a repeat of a save's key: the entries and conditions it saved, as the server has them now (a later
 * save's results included: what the device would read next), with the first send's time. A save recorded before
 * migration 0015 answers the document it stored.
 */
function savedAnswer(row: SaveRow): SavedParts | SavedData | null {
  if (row.entryIds && row.conditionIds) {
    return { entries: { read: row.entryIds }, conditions: { read: row.conditionIds }, meta: { savedAt: row.savedAt.toISOString(), replayed: true } };
  }
  if (!row.response) return null;
  const document = JSON.parse(row.response) as SavedData;
  return { ...document, meta: { ...document.meta, replayed: true } };
}

/** Thrown inside the transaction when another send of the same save got there first. */
class AlreadySaved extends Error {}

export async function saveWalkaboutData(
  db: Database,
  scope: Scope,
  body: unknown,
  key: string,
  now: Date,
  signer: UrlSigner,
  { fields = ALL_SAVE_FIELDS, notify }: SaveOptions = {},
): Promise<SaveDocument> {
  // Without a field of theirs asked for, the saved entries and conditions are answered by id (recordChanges).
  const answered: Answered = { entries: fields.entries === null || fields.entries.length > 0, conditions: fields.conditions === null || fields.conditions.length > 0 };
  const stored = await storeSave(db, scope, body, key, now, signer, { answered, notify, jsonSigner: fields.conditions === null ? signer : null });
  // The saved entries and conditions are read beside the walkabout and building, each on a connection of its own.
  const [saved, included] = await Promise.all([
    'data' in stored ? stored.data : savedResources(db, stored, now),
    freshWalkaboutAndBuilding(db, scope, stored.walkaboutId, stored.buildingId, now, signer),
  ]);
  const data = saved.map((resource) => {
    // Written as JSON with its photo signed (writtenResources).
    if (resource instanceof SerializedResource) return resource;
    if (resource.type === 'entries') return sparseObject(resource, fields.entries);
    const condition = sparseObject(resource, fields.conditions);
    const photoUrl = condition.attributes.photoUrl;
    return photoUrl === undefined ? condition : { ...condition, attributes: { ...condition.attributes, photoUrl: signedPhotoUrl(signer, photoUrl) } };
  });
  return { data, meta: stored.meta, included };
}

/**
 * The resources of a save's entries and conditions (SavedParts): those answered by id as they are, the others read
 * whole now, once the save is committed (as the server has them, a repeat of its key alike), in the save's order.
 */
async function savedResources(db: Database, parts: SavedParts, now: Date): Promise<SavedResource[]> {
  const { entries: entryPart, conditions: conditionPart } = parts;
  const [entryResources, conditionResources] = await Promise.all([
    'ids' in entryPart ? entryPart.ids.map((id) => byId('entries', id)) : savedEntries(db, entryPart.read, now),
    'ids' in conditionPart ? conditionPart.ids.map((id) => byId('conditions', id)) : conditionsWithFields(db, conditionPart),
  ]);
  return [...entryResources, ...conditionResources];
}

/**
 * The conditions of an answer with their fields, in the save's order: those the save wrote as it was sent (Written) as
 * they were built while it recorded, the others (a newer result kept, one saved with a time finer than the
 * millisecond; all of them for a repeat of the key) read now.
 */
async function conditionsWithFields(db: Database, { read, written }: { read: number[]; written?: Written }): Promise<(ConditionResourceObject | SerializedResource)[]> {
  const [resources, others] = await Promise.all([written?.resources, conditionsNow(db, written ? read.filter((id) => !written.ids.has(id)) : read)]);
  return read.flatMap<ConditionResourceObject | SerializedResource>((id) => {
    const resource = written?.ids.has(id) && resources!.get(id);
    return resource ? [resource] : resourceOf(others, id);
  });
}

/** A resource answered by id: its type and id, no field. */
const byId = <T extends 'entries' | 'conditions'>(type: T, id: number) => ({ type, id: String(id), attributes: {} });

/** The walkabout (with the floors the caller sees), its building and the cycles they name, serialized as their own GET routes do. */
async function freshWalkaboutAndBuilding(
  db: Database,
  scope: Scope,
  walkaboutId: number,
  buildingId: number,
  now: Date,
  signer: UrlSigner,
): Promise<SaveDocument['included']> {
  // A walkabout's building never changes: the three are read together.
  const [walkabout, floorIds, building] = await Promise.all([
    findWalkabout(db, scope, walkaboutId),
    visibleFloorIds(db, scope, walkaboutId),
    findBuilding(db, scope, buildingId),
  ]);
  if (!walkabout) throw notFound('Walkabout');
  if (!building) throw notFound('Building');
  const cycles = await cyclesByIds(db, scope, [walkabout.cycleId, ...building.walkaboutStatus.statuses.map((s) => s.cycleId)]);
  return [walkaboutResource(walkabout, now, floorIds), buildingResource(building, signer), ...cycles.map(cycleResource)];
}

type Stored = (SavedParts | SavedData) & { walkaboutId: number; buildingId: number };

/** Whether a save's entries and conditions are answered with fields (else by id: none of their fields was asked for). */
type Answered = { entries: boolean; conditions: boolean };
/** How a save is answered, and what it queues with its writes. */
type Recording = {
  answered: Answered;
  notify?: SaveOptions['notify'];
  /** Signs the photos of the conditions written as JSON (writtenResources): those of a whole answer (no fields[conditions]); null for none. */
  jsonSigner: UrlSigner | null;
};

async function storeSave(db: Database, scope: Scope, body: unknown, key: string, now: Date, signer: UrlSigner, how: Recording): Promise<Stored> {
  const walkaboutId = isRecord(body) ? Number(body.walkaboutToUpdateId) : NaN;
  if (!Number.isSafeInteger(walkaboutId) || walkaboutId <= 0 || walkaboutId >= 2 ** 31) {
    const parsed = parseWalkaboutDataPayload(body, () => undefined);
    throw new FieldErrors(parsed.ok ? [{ pointer: '/walkaboutToUpdateId', detail: 'Must be a walkabout id' }] : parsed.errors);
  }
  const raw = body as Record<string, unknown>;
  const rawData = isRecord(raw.data) ? raw.data : {};
  // What the checks below need is read at once (on PostgreSQL, each on a connection of its own) and used in their
  // order: the walkabout in the caller's scope with its building's contract, a first send of this save, the definitions
  // of the conditions (of the caller's scope in that walkabout) and which of the entries sent are in it. All reads: what
  // comes of them is answered only once the walkabout is found open to the caller.
  const entryIdsSent = idsIn(rawData.entries);
  const [found, firstSend, definitions, knownEntries] = await Promise.all([
    findWalkaboutRowAndContract(db, scope, walkaboutId),
    saveRowOf(db, walkaboutId, scope.userId, key),
    definitionsOf(db, scope, walkaboutId, idsIn(rawData.conditions)),
    entryIdsSent.length
      ? db
          .select({ id: entries.id })
          .from(entries)
          .where(and(eq(entries.walkaboutId, walkaboutId), inIds(entries.id, entryIdsSent), equipmentInScope(scope)))
      : [],
  ]);
  if (!found) throw notFound('Walkabout');
  const { walkabout, contract } = found;
  requirePermission(scope, canRecordWalkabouts(scope), 'You may view walkabouts but not record results.');

  const replay = firstSend && savedAnswer(firstSend);
  if (replay) return { ...replay, walkaboutId: walkabout.id, buildingId: walkabout.buildingId };
  requireAcceptedContract(contract);
  if (isClosedNow(walkabout, now)) throw new HttpError(409, CLOSED_MESSAGE, undefined, 'CLOSED');
  if (isLockedNow(walkabout, now)) throw new HttpError(409, LOCKED_MESSAGE, undefined, 'LOCKED');

  const parsed = parseWalkaboutDataPayload(body, (id) => definitions.get(id));
  const errors: FieldError[] = parsed.ok ? [] : [...parsed.errors];
  const flags = satisfactoryRemarksFlags(raw, errors);
  if (!parsed.ok || errors.length) throw new FieldErrors(errors);
  const payload = parsed.payload;
  // A photo sent back as the signed URL it was shown under is kept as its stored reference again.
  for (const condition of payload.data.conditions) {
    if (condition.photoUrl !== null) condition.photoUrl = storedReferenceOf(signer, condition.photoUrl);
  }

  const known = new Set(knownEntries.map((e) => String(e.id)));
  payload.data.entries.forEach((e, index) => {
    if (!known.has(e.id)) errors.push({ pointer: `/data/entries/${index}/id`, detail: 'Entry is not part of this walkabout' });
  });
  const scannedNow = new Set(payload.data.entries.filter((e) => e.scannedAt !== null).map((e) => Number(e.id)));
  payload.data.conditions.forEach((c, index) => {
    const definition = definitions.get(c.id)!;
    if (!definition.entryScanned && !scannedNow.has(definition.entryId)) {
      errors.push({ pointer: `/data/conditions/${index}/id`, detail: ENTRY_LOCKED_MESSAGE, code: 'ENTRY_NOT_SCANNED' });
    }
  });
  if (errors.length) throw new FieldErrors(errors);

  // An answer with the conditions' fields: their snapshots (conditionSnapshots), read outside the save's transaction (record).
  const readSnapshots = how.answered.conditions ? (ids: number[]) => conditionSnapshots(db, scope.userId, ids) : null;
  try {
    const saved = await againAfterDeadlock(() => db.transaction((tx) => record(tx, scope, walkabout.id, key, now, payload.data, definitions, flags, how, readSnapshots)));
    return { ...saved, walkaboutId: walkabout.id, buildingId: walkabout.buildingId };
  } catch (error) {
    if (!(error instanceof AlreadySaved)) throw error;
    const row = await saveRowOf(db, walkabout.id, scope.userId, key);
    const first = row && savedAnswer(row);
    if (!first) throw error;
    return { ...first, walkaboutId: walkabout.id, buildingId: walkabout.buildingId };
  }
}

/** How many times a save is run in all when deadlocks end it (againAfterDeadlock). */
const SAVE_ATTEMPTS = 3;

/**
 * Runs a save's transaction again when PostgreSQL ends it to break a deadlock (40P01): two saves, or a save and another
 * writer, each waiting for rows the other has locked (a save locks its conditions, then their entries for the counts of
 * migration 0020, then its edits' walkabout and user). The transaction was rolled back whole, so running it again
 * records it once; the third deadlock in a row is answered as an error, which the device's queue sends again later.
 */
async function againAfterDeadlock<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause ?? error;
      if ((cause as { code?: string }).code !== '40P01' || attempt === SAVE_ATTEMPTS) throw error;
    }
  }
}

/** A change of a condition as a save writes it (recordChanges' records). */
type ChangeRecord = ReturnType<typeof conditionRecords>[number];

function conditionRecords(list: ConditionSave[], definitions: Map<string, Definition>, flags: Map<string, boolean>, now: Date) {
  return list.map((c, n) => {
    const definition = definitions.get(c.id)!;
    return {
      // The change's place in the save: the edit trail keeps that order.
      n,
      id: Number(c.id),
      entry_id: definition.entryId,
      value: c.value,
      remarks: c.remarks,
      photo_url: c.photoUrl,
      photo_mimetype: c.photoMimetype,
      has_satisfactory_remarks: flags.get(c.id) ?? false,
      satisfaction: conditionSatisfaction(judged(definition, c.id, c.value)),
      edited_via: c.editedVia,
      // A change without a device time is as new as its arrival.
      edited_at: c.editedAt ?? now.toISOString(),
    };
  });
}

async function record(
  tx: Database,
  scope: Scope,
  walkaboutId: number,
  key: string,
  now: Date,
  data: { entries: { id: string; scannedAt: string | null }[]; conditions: ConditionSave[] },
  definitions: Map<string, Definition>,
  flags: Map<string, boolean>,
  how: Recording,
  readSnapshots: ((ids: number[]) => Promise<Snapshots>) | null,
): Promise<SavedParts> {
  const entryIds = [...new Set(data.entries.map((e) => Number(e.id)))];
  const conditionIds = [...new Set(data.conditions.map((c) => Number(c.id)))];
  // The save's editor is locked once, for every condition it names them on (migration 0017), with its key.
  const [save] = await queryRows<{ id: number }>(
    tx,
    sql`with editor as (select conditions_lock_editor(${scope.userId}))
      insert into walkabout_saves (walkabout_id, user_id, key, entry_ids, condition_ids, created_at)
      select ${walkaboutId}, ${scope.userId}, ${key}, ${idArray(entryIds)}, ${idArray(conditionIds)}, ${now.toISOString()}::timestamptz from editor
      on conflict (walkabout_id, user_id, key) do nothing returning id`,
  );
  if (!save) throw new AlreadySaved();
  // The snapshots of an answer with the conditions' fields, read on a connection of their own while this records (on
  // PGlite, whose one session runs a transaction alone, once it has), and the conditions' resources built from them
  // (writtenResources): awaited by the answer; a save that fails leaves them unused, no failure unhandled.
  const snapshots = readSnapshots && conditionIds.length ? readSnapshots(conditionIds) : null;
  snapshots?.catch(() => undefined);

  // The first scan unlocks the entry and names its scanner; every scan is kept in scans and the edit trail.
  const scans = data.entries.flatMap((e, n) => (e.scannedAt === null ? [] : [{ n, id: Number(e.id), scanned_at: e.scannedAt }]));
  const changes = conditionRecords(data.conditions, definitions, flags, now);
  const recording = recordChanges(tx, scope, walkaboutId, save.id, { scans, changes, entryIds }, how.answered);
  // Its statement sent, the answer's conditions are built (as JSON when whole) once their snapshots come, while it runs:
  // those written as sent, but for a time finer than the millisecond, which the database rounds to the microsecond. An
  // answer by id (the web app's) reads no snapshot and builds none.
  const asSent = snapshots && changes.filter((c) => !SUBMILLISECOND.test(c.edited_at));
  const resources = snapshots?.then((read) => writtenResources(walkaboutId, asSent!, definitions, read, how.jsonSigner));
  resources?.catch(() => undefined);
  const recorded = await recording;
  if (how.notify && recorded.conditionIds.length) {
    const kept = new Set(recorded.conditionIds);
    const results = changes.filter((c) => kept.has(c.id));
    await how.notify(tx, walkaboutId, results.map((c) => ({ id: c.id, satisfaction: c.satisfaction, hasSatisfactoryRemarks: c.has_satisfactory_remarks, remarks: c.remarks })));
  }
  const written: Written | null = asSent && resources ? { ids: new Set(asSent.filter((c) => recorded.applied.has(c.id)).map((c) => c.id)), resources } : null;
  return {
    entries: how.answered.entries ? { read: entryIds } : { ids: recorded.entryIds },
    conditions: how.answered.conditions
      ? { read: recorded.conditionIds, ...(written && { written }) }
      : { ids: recorded.conditionIds },
    meta: { savedAt: now.toISOString(), replayed: false },
  };
}

/** What one save writes: its scans, its changes of conditions, and the entries it names (answered in the save's order). */
type Changes = { scans: { n: number; id: number; scanned_at: string | null }[]; changes: ReturnType<typeof conditionRecords>; entryIds: number[] };

/**
 * The scans and the changes of conditions of a save, in one statement over the records (json_to_recordset, sent once:
 * as json the database only checks the text it is sent, where jsonb first builds a binary copy of it, 11 against 8 ms
 * of PostgreSQL's time for 1,000 records; each value is made jsonb on its own, as json_to_recordset's own jsonb
 * columns cost 0.8 ms more per 1,000). Answers the ids of the conditions saved that are still there (answered or read
 * once the save is committed, savedResources), in the order of the save, and without `answered.entries` the ids of its
 * entries that are still there, in the order a whole answer gives them (entryOrder).
 * - A scan unlocks its entry if it is the first (naming its scanner), and is kept in scans.
 * - The UPDATE takes the changes that are not older than the stored result (a newer stored result stays) and answers
 *   the ids it changed; those whose stored result was newer (an older offline save) are only checked to still exist,
 *   in a query that a save of the device's own latest changes does not make.
 * - The edit trail is one INSERT … SELECT of the scans then the changes, each in the order of the save; applied =
 *   whether the scan unlocked its entry, whether the UPDATE took the change.
 */
async function recordChanges(
  tx: Database,
  scope: Scope,
  walkaboutId: number,
  saveId: number,
  { scans, changes, entryIds }: Changes,
  answered: Answered,
): Promise<{ conditionIds: number[]; applied: Set<number>; entryIds: number[] }> {
  const entryIdsAnswered = !answered.entries;
  if (!scans.length && !changes.length && !(entryIdsAnswered && entryIds.length)) return { conditionIds: [], applied: new Set(), entryIds: [] };
  // Without scans, their part of the statement is left out (an INSERT of no rows still runs its statement triggers).
  const scanned = scans.length
    ? {
        with: sql`scan as (select * from json_to_recordset(${JSON.stringify(scans)}::json) as scan(n int, id int, scanned_at timestamptz)),
          unlocked as (update entries e set scanned_at = scan.scanned_at, scanner_id = ${scope.userId}
            from scan where e.id = scan.id and e.walkabout_id = ${walkaboutId} and e.scanned_at is null returning e.id),
          kept_scans as (insert into scans (walkabout_id, entry_id, user_id, scanned_at)
            select ${walkaboutId}, scan.id, ${scope.userId}, scan.scanned_at from scan),`,
        trail: sql`select 0 as part, scan.n, 'scan' as kind, null::int as condition_id, scan.id as entry_id, null::jsonb as value,
              null::text as remarks, null::text as photo_url, null::text as photo_mimetype, null::boolean as has_satisfactory_remarks,
              null::text as edited_via, scan.scanned_at as edited_at, u.id is not null as applied
            from scan left join unlocked u on u.id = scan.id
          union all `,
      }
    : { with: sql``, trail: sql`` };
  const entryIdsNow =
    entryIdsAnswered && entryIds.length
      ? sql`(select json_agg(${entries.id} order by ${sql.join(entryOrder, sql`, `)}) from ${entries} where ${inIds(entries.id, entryIds)})`
      : sql`null::json`;
  const [answer] = await queryRows<{ applied: number[]; entry_ids: number[] | null }>(
    tx,
    sql`with ${scanned.with}
      v as materialized (select n, id, entry_id, nullif(value::jsonb, 'null'::jsonb) as value, remarks, photo_url, photo_mimetype,
          has_satisfactory_remarks, satisfaction, edited_via, edited_at
        from json_to_recordset(${JSON.stringify(changes)}::json) as v(
        n int, id int, entry_id int, value json, remarks text, photo_url text, photo_mimetype text,
        has_satisfactory_remarks boolean, satisfaction text, edited_via text, edited_at timestamptz)),
      applied as (update conditions c set value = v.value, remarks = v.remarks, photo_url = v.photo_url,
          photo_mimetype = v.photo_mimetype, has_satisfactory_remarks = v.has_satisfactory_remarks, satisfaction = v.satisfaction,
          edited_via = v.edited_via, edited_at = v.edited_at, editor_id = ${scope.userId}
        from v where c.id = v.id and c.walkabout_id = ${walkaboutId} and (c.edited_at is null or v.edited_at >= c.edited_at)
        returning c.id),
      trail as (insert into walkabout_edits (walkabout_id, save_id, kind, condition_id, entry_id, user_id, value, remarks,
          photo_url, photo_mimetype, has_satisfactory_remarks, edited_via, edited_at, applied)
        select ${walkaboutId}, ${saveId}, edit.kind, edit.condition_id, edit.entry_id, ${scope.userId}, edit.value, edit.remarks,
          edit.photo_url, edit.photo_mimetype, edit.has_satisfactory_remarks, edit.edited_via, edit.edited_at, edit.applied
        from (${scanned.trail}select 1 as part, v.n, 'condition' as kind, v.id as condition_id, v.entry_id, v.value,
              v.remarks, v.photo_url, v.photo_mimetype, v.has_satisfactory_remarks, v.edited_via, v.edited_at, a.id is not null as applied
            from v left join (select distinct id from applied) a on a.id = v.id) as edit
        order by edit.part, edit.n)
    select (select coalesce(json_agg(id), '[]'::json) from applied) as applied, ${entryIdsNow} as entry_ids`,
  );
  const ids = [...new Set(changes.map((c) => c.id))];
  const applied = new Set(answer!.applied);
  const kept = ids.filter((id) => !applied.has(id));
  const existing = kept.length
    ? new Set((await tx.select({ id: conditions.id }).from(conditions).where(anyId(conditions.id, kept))).map((row) => row.id))
    : new Set<number>();
  return { conditionIds: ids.filter((id) => applied.has(id) || existing.has(id)), applied, entryIds: answer!.entry_ids ?? [] };
}

/** A condition's fields that a save writes (recordChanges): the others are its task's snapshot (ConditionSnapshot). */
type ResultField = 'value' | 'satisfaction' | 'remarks' | 'photoUrl' | 'photoMimetype' | 'hasSatisfactoryRemarks' | 'editedVia' | 'editedAt' | 'editorId' | 'editorUsername';
type ConditionSnapshot = Omit<ConditionView, ResultField>;

/**
 * What an answer with the conditions' fields reads of a condition while its save records (conditionSnapshots): its snapshot's texts and
 * places. The rest of a ConditionSnapshot is known already: its walkabout, its entry and its rule (its Definition,
 * read before the save, by which the save judged it), and its task's status (read beside, once per task).
 */
const snapshotTextFields = {
  id: conditions.id,
  sectionId: conditions.sectionId,
  taskId: conditions.taskId,
  label: conditions.label,
  classification: conditions.classification,
  description: conditions.description,
  hint: conditions.hint,
  referenceName: conditions.referenceName,
  referenceWording: conditions.referenceWording,
  orderOnWalkabout: conditions.orderOnWalkabout,
} satisfies JsonFields;
type SnapshotText = Pick<ConditionSnapshot, keyof typeof snapshotTextFields>;

/**
 * The snapshot texts of the listed conditions (by id), their tasks' statuses (by task id) and the save's editor: the
 * caller, with their name. The rule fields are not read again: 10 fields of 1,000 conditions as JSON cost PostgreSQL
 * 1.7 ms, the 21 of the whole snapshot 6.2 ms.
 */
type Snapshots = { rows: Map<number, SnapshotText>; taskStatuses: Map<number, ConditionView['taskStatus']>; editor: { id: number; username: string | null } };

async function conditionSnapshots(db: Database, editorId: number, ids: number[]): Promise<Snapshots> {
  const where = anyId(conditions.id, ids);
  const [answer] = await queryRows<{ rows: JsonRows; statuses: [number, ConditionView['taskStatus']][] | null; editor: string | null }>(
    db,
    sql`with ${taskStatusesOf(where)}
      select ${jsonRows(snapshotTextFields)} as rows, (select json_agg(json_build_array(task_id, task_status)) from task_statuses) as statuses,
        (select ${users.username} from ${users} where ${users.id} = ${editorId}) as editor
      from ${conditions} where ${where}`,
  );
  const rows = new Map<number, SnapshotText>();
  for (const row of rowsFromJson<SnapshotText>(snapshotTextFields, answer!.rows)) rows.set(row.id, row);
  return { rows, taskStatuses: new Map(answer!.statuses ?? []), editor: { id: editorId, username: answer!.editor } };
}

/** A time with digits past the millisecond (the shared rule takes up to nine). */
const SUBMILLISECOND = /\.\d{4}/;

/**
 * A condition as the save wrote it: its snapshot (its texts, its definition, its task's status) and the result recorded,
 * by the save's editor (a literal: see judged).
 */
const writtenView = (walkaboutId: number, d: Definition, s: SnapshotText, r: ChangeRecord, snapshots: Snapshots): ConditionView => ({
  id: s.id,
  walkaboutId,
  entryId: d.entryId,
  sectionId: s.sectionId,
  taskId: s.taskId,
  label: s.label,
  type: d.type,
  classification: s.classification,
  description: s.description,
  hint: s.hint,
  referenceName: s.referenceName,
  referenceWording: s.referenceWording,
  typeValue: d.typeValue,
  typeSatisfactoryValue: d.typeSatisfactoryValue,
  typeUnsatisfactoryValue: d.typeUnsatisfactoryValue,
  typeRecordValue: d.typeRecordValue,
  rangeFrom: d.rangeFrom,
  rangeTo: d.rangeTo,
  options: d.options,
  orderOnWalkabout: s.orderOnWalkabout,
  taskStatus: s.taskId === null ? null : (snapshots.taskStatuses.get(s.taskId) ?? null),
  value: r.value as ConditionView['value'],
  satisfaction: r.satisfaction,
  remarks: r.remarks,
  photoUrl: r.photo_url,
  photoMimetype: r.photo_mimetype,
  hasSatisfactoryRemarks: r.has_satisfactory_remarks,
  editedVia: r.edited_via,
  editedAt: new Date(r.edited_at),
  editorId: snapshots.editor.id,
  editorUsername: snapshots.editor.username,
});

/**
 * The resources of the conditions a save writes, as it writes them (writtenView), built while the database records the
 * save (about 13 ms of PostgreSQL's time for 1,000 results, which this process spends waiting) rather than once it is
 * committed, when its answer waits on them. With `jsonSigner` (a whole answer), their photos signed and written as JSON:
 * 1,000 of them are 900 KB, 2 ms to build and 2 to write; without, as objects, which the answer narrows to the fields
 * asked for and signs. Those of a change the save does not apply (a newer result kept) are not used: they are read
 * after the commit, as are those whose time the database rounds (SUBMILLISECOND), which are not given here.
 */
function writtenResources(
  walkaboutId: number,
  changes: ChangeRecord[],
  definitions: Map<string, Definition>,
  snapshots: Snapshots,
  jsonSigner: UrlSigner | null,
): Map<number, ConditionResourceObject | SerializedResource> {
  const resources = new Map<number, ConditionResourceObject | SerializedResource>();
  for (const change of changes) {
    const snapshot = snapshots.rows.get(change.id);
    const definition = definitions.get(String(change.id));
    if (!snapshot || !definition) continue;
    const resource = conditionResource(writtenView(walkaboutId, definition, snapshot, change, snapshots), jsonSigner);
    resources.set(change.id, jsonSigner ? new SerializedResource(JSON.stringify(resource)) : resource);
  }
  return resources;
}

/** The listed conditions as they are, with their editor's name and their task's status (as a tree reads them). */
async function conditionsNow(db: Database, ids: number[]): Promise<Map<number, ConditionView>> {
  if (!ids.length) return new Map();
  return new Map((await conditionViews(db, anyId(conditions.id, ids))).map((condition) => [condition.id, condition]));
}

/** A condition's resource in a save's answer, kept with its photo's stored reference: saveWalkaboutData signs the photos of each answer, first or repeated. */
function resourceOf(conditionsById: Map<number, ConditionView>, id: number): ConditionResourceObject[] {
  const condition = conditionsById.get(id);
  return condition ? [conditionResource(condition, null)] : [];
}

/** The saved entries as the server now has them (an entry resource names its sections, not its conditions, so those are not read). */
async function savedEntries(db: Database, entryIds: number[], now: Date): Promise<EntryResourceObject[]> {
  if (!entryIds.length) return [];
  const tree = await entriesWithSections(db, inArray(entries.id, entryIds));
  const sectionsOf = new Map<number, number[]>();
  for (const s of tree.sections) sectionsOf.set(s.entryId, [...(sectionsOf.get(s.entryId) ?? []), s.id]);
  return tree.entries.map((e) => entryResource(e, sectionsOf.get(e.entry.id) ?? [], now));
}
