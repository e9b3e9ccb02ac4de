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
 *   whatever the number of conditions; the changed conditions come back from the UPDATE itself.
 * - Sparse fieldsets (`fields[conditions]`, `fields[entries]`, jsonapi/sparse.ts): a client that keeps no copy of the
 *   conditions it saved (the web app: it reads the walkabout's fresh counts) asks for none of their fields, and the
 *   UPDATE then answers their ids only: 1,000 resources of 35 fields are neither built, read nor written.
 * - Notifications: the failures and notes a save records are queued as a job in its transaction (`notify`, given by
 *   the route), so that the job is there if and only if the save is.
 */
import {
  conditionSatisfaction,
  parseWalkaboutDataPayload,
  type Condition,
  type ConditionDefinition,
  type ConditionValue,
  type ConditionSave,
  type PayloadError,
} from '@fsi/shared';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { anyId, columnsOf, idArray, inIds, jsonRows, queryRows, rowsFromJson, type JsonFields, type JsonRows } from '../../db/raw';
import { conditions, entries, users, walkaboutSaves } from '../../db/schema';
import { FieldErrors, HttpError, notFound, type FieldError } from '../../jsonapi/errors';
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

/** A saved entry or condition in the answer: whole, or with the fields asked for (SaveFields). */
type SavedResource = SparseObject<EntryResourceObject> | SparseObject<ConditionResourceObject>;

/** The saved entries and conditions, as a save answers them and a repeat of its key again. */
type SavedData = { data: SavedResource[]; meta: { savedAt: string; replayed: boolean } };

/**
 * The answer: the saved entries and conditions, and in `included` the walkabout and its building
 * as GET /walkabouts/{id} and GET /buildings/{id} give them now (counts, statuses), then the cycles
 * they name (the walkabout's and its building's statuses'), so that a client updates its view of
 * all of them without another call.
 */
export type SaveDocument = SavedData & {
  included: (ReturnType<typeof walkaboutResource> | ReturnType<typeof buildingResource> | ReturnType<typeof cycleResource>)[];
};


type Definition = ConditionDefinition & { id: number; entryId: number; entryScanned: boolean };

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


/** What a definition reads: only the columns it needs (a save of 1,000 conditions reads 1,000 rows). */
const definitionFields = {
  id: conditions.id,
  type: conditions.type,
  typeValue: conditions.typeValue,
  typeSatisfactoryValue: conditions.typeSatisfactoryValue,
  typeUnsatisfactoryValue: conditions.typeUnsatisfactoryValue,
  typeRecordValue: conditions.typeRecordValue,
  rangeFrom: conditions.rangeFrom,
  rangeTo: conditions.rangeTo,
  options: conditions.options,
  entryId: conditions.entryId,
} satisfies JsonFields;

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
async function savedAnswer(db: Database, row: SaveRow, now: Date): Promise<SavedData | null> {
  if (row.entryIds && row.conditionIds) {
    const saved = await conditionsNow(db, row.conditionIds);
    return {
      data: [...(await savedEntries(db, row.entryIds, now)), ...row.conditionIds.flatMap((id) => resourceOf(saved, id))],
      meta: { savedAt: row.savedAt.toISOString(), replayed: true },
    };
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
  const { walkaboutId, buildingId, ...stored } = await storeSave(db, scope, body, key, now, signer, { answered, notify });
  const data = stored.data.map((resource) => {
    if (resource.type === 'entries') return sparseObject(resource, fields.entries);
    const condition = sparseObject(resource, fields.conditions);
    const photoUrl = condition.attributes.photoUrl;
    return photoUrl === undefined ? condition : { ...condition, attributes: { ...condition.attributes, photoUrl: signedPhotoUrl(signer, photoUrl) } };
  });
  return { ...stored, data, included: await freshWalkaboutAndBuilding(db, scope, walkaboutId, buildingId, now, signer) };
}

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

type Stored = SavedData & { walkaboutId: number; buildingId: number };

/** Whether a save's entries and conditions are answered with fields (else by id: none of their fields was asked for). */
type Answered = { entries: boolean; conditions: boolean };
/** How a save is answered, and what it queues with its writes. */
type Recording = { answered: Answered; notify?: SaveOptions['notify'] };

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

  const replay = firstSend && (await savedAnswer(db, firstSend, now));
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

  try {
    const saved = await db.transaction((tx) => record(tx, scope, walkabout.id, key, now, payload.data, definitions, flags, how));
    return { ...saved, walkaboutId: walkabout.id, buildingId: walkabout.buildingId };
  } catch (error) {
    if (!(error instanceof AlreadySaved)) throw error;
    const row = await saveRowOf(db, walkabout.id, scope.userId, key);
    const first = row && (await savedAnswer(db, row, now));
    if (!first) throw error;
    return { ...first, walkaboutId: walkabout.id, buildingId: walkabout.buildingId };
  }
}

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
): Promise<SavedData> {
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

  // The first scan unlocks the entry and names its scanner; every scan is kept in scans and the edit trail.
  const scans = data.entries.flatMap((e, n) => (e.scannedAt === null ? [] : [{ n, id: Number(e.id), scanned_at: e.scannedAt }]));
  const changes = conditionRecords(data.conditions, definitions, flags, now);
  const recorded = await recordChanges(tx, scope, walkaboutId, save.id, { scans, changes, entryIds }, how.answered);
  if (how.notify && recorded.conditions.length) {
    const kept = new Set(recorded.conditions.map((resource) => Number(resource.id)));
    const results = changes.filter((c) => kept.has(c.id));
    await how.notify(tx, walkaboutId, results.map((c) => ({ id: c.id, satisfaction: c.satisfaction, hasSatisfactoryRemarks: c.has_satisfactory_remarks, remarks: c.remarks })));
  }

  const document: SavedData = {
    data: [...(recorded.entries ?? (await savedEntries(tx, entryIds, now))), ...recorded.conditions],
    meta: { savedAt: now.toISOString(), replayed: false },
  };
  return document;
}

/** What one save writes: its scans, its changes of conditions, and the entries it names (answered in the save's order). */
type Changes = { scans: { n: number; id: number; scanned_at: string | null }[]; changes: ReturnType<typeof conditionRecords>; entryIds: number[] };

/**
 * The scans and the changes of conditions of a save, and the conditions as the server now has them (a newer stored
 * result stays), in the order of the save: one statement over the records (json_to_recordset, sent once: as json the
 * database only checks the text it is sent, where jsonb first builds a binary copy of it, 11 against 8 ms of
 * PostgreSQL's time for 1,000 records).
 * - A scan unlocks its entry if it is the first (naming its scanner), and is kept in scans.
 * - The UPDATE takes the changes that are not older than the stored result and answers the rows it changed.
 * - The edit trail is one INSERT … SELECT of the scans then the changes, each in the order of the save; applied =
 *   whether the scan unlocked its entry, whether the UPDATE took the change.
 * - With `answered.conditions`, the answer is the changed rows with their editor's name and their task's status (a
 *   status per task, taskStatusesOf, as opening the walkabout works it out: a save of 1,000 conditions names a few
 *   dozen; a task's status does not change with a result), as one JSON value (jsonRows: rows of 35 fields decoded and
 *   mapped one by one cost more than the database's work). The conditions whose stored result was newer (an older
 *   offline save) are read as they are, in a query that a save of the device's own latest changes does not make.
 *   Without it (no condition field asked for), the UPDATE answers the ids it changed, and the others are only checked
 *   to still exist; without `answered.entries`, the entries that are still there are answered by id, in the order a
 *   whole answer gives them (entryOrder), from the same statement.
 */
async function recordChanges(
  tx: Database,
  scope: Scope,
  walkaboutId: number,
  saveId: number,
  { scans, changes, entryIds }: Changes,
  answered: Answered,
): Promise<{ conditions: SavedResource[]; entries: SparseObject<EntryResourceObject>[] | null }> {
  const entryIdsAnswered = !answered.entries;
  if (!scans.length && !changes.length && !(entryIdsAnswered && entryIds.length)) return { conditions: [], entries: entryIdsAnswered ? [] : null };
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
  const recorded = (answer: SQL) => sql`with ${scanned.with}
      v as materialized (select * from json_to_recordset(${JSON.stringify(changes)}::json) as v(
        n int, id int, entry_id int, value jsonb, remarks text, photo_url text, photo_mimetype text,
        has_satisfactory_remarks boolean, satisfaction text, edited_via text, edited_at timestamptz)),
      applied as (update conditions c set value = nullif(v.value, 'null'::jsonb), remarks = v.remarks, photo_url = v.photo_url,
          photo_mimetype = v.photo_mimetype, has_satisfactory_remarks = v.has_satisfactory_remarks, satisfaction = v.satisfaction,
          edited_via = v.edited_via, edited_at = v.edited_at, editor_id = ${scope.userId}
        from v where c.id = v.id and c.walkabout_id = ${walkaboutId} and (c.edited_at is null or v.edited_at >= c.edited_at)
        returning ${answer}),
      trail as (insert into walkabout_edits (walkabout_id, save_id, kind, condition_id, entry_id, user_id, value, remarks,
          photo_url, photo_mimetype, has_satisfactory_remarks, edited_via, edited_at, applied)
        select ${walkaboutId}, ${saveId}, edit.kind, edit.condition_id, edit.entry_id, ${scope.userId}, edit.value, edit.remarks,
          edit.photo_url, edit.photo_mimetype, edit.has_satisfactory_remarks, edit.edited_via, edit.edited_at, edit.applied
        from (${scanned.trail}select 1 as part, v.n, 'condition' as kind, v.id as condition_id, v.entry_id, nullif(v.value, 'null'::jsonb) as value,
              v.remarks, v.photo_url, v.photo_mimetype, v.has_satisfactory_remarks, v.edited_via, v.edited_at, a.id is not null as applied
            from v left join (select distinct id from applied) a on a.id = v.id) as edit
        order by edit.part, edit.n)`;
  const entryIdsNow =
    entryIdsAnswered && entryIds.length
      ? sql`(select json_agg(${entries.id} order by ${sql.join(entryOrder, sql`, `)}) from ${entries} where ${inIds(entries.id, entryIds)})`
      : sql`null::json`;
  const entriesOf = (ids: number[] | null) =>
    entryIdsAnswered ? (ids ?? []).map((id): SparseObject<EntryResourceObject> => ({ type: 'entries', id: String(id), attributes: {} })) : null;
  const ids = [...new Set(changes.map((c) => c.id))];
  if (!answered.conditions) {
    const [answer] = await queryRows<{ applied: number[]; entry_ids: number[] | null }>(
      tx,
      sql`${recorded(sql`c.id`)} select (select coalesce(json_agg(id), '[]'::json) from applied) as applied, ${entryIdsNow} as entry_ids`,
    );
    const applied = new Set(answer!.applied);
    const kept = ids.filter((id) => !applied.has(id));
    const existing = kept.length
      ? new Set((await tx.select({ id: conditions.id }).from(conditions).where(anyId(conditions.id, kept))).map((row) => row.id))
      : new Set<number>();
    return {
      conditions: ids.filter((id) => applied.has(id) || existing.has(id)).map((id) => ({ type: 'conditions', id: String(id), attributes: {} })),
      entries: entriesOf(answer!.entry_ids),
    };
  }
  const appliedFields = {
    ...columnsOf(conditions, 'applied'),
    // Every row this UPDATE answers has the caller as its editor: their name, read once rather than per row.
    editorUsername: sql`(select username from editor)`,
    taskStatus: sql`s.task_status`,
  };
  const [answer] = await queryRows<{ rows: JsonRows; entry_ids: number[] | null }>(
    tx,
    sql`${recorded(sql`c.*`)},
      editor as (select ${users.username} from ${users} where ${users.id} = ${scope.userId}),
      ${taskStatusesOf(sql`${conditions.id} in (select id from v)`)}
    select ${jsonRows(appliedFields)} as rows, ${entryIdsNow} as entry_ids
    from applied left join task_statuses s on s.walkabout_id = applied.walkabout_id and s.task_id = applied.task_id`,
  );
  const byId = new Map<number, ConditionView>();
  for (const row of rowsFromJson<ConditionView>(appliedFields, answer!.rows)) byId.set(row.id, row);
  const kept = ids.filter((id) => !byId.has(id));
  if (kept.length) for (const [id, condition] of await conditionsNow(tx, kept)) byId.set(id, condition);
  return { conditions: ids.flatMap((id) => resourceOf(byId, id)), entries: entriesOf(answer!.entry_ids) };
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
async function savedEntries(tx: Database, entryIds: number[], now: Date): Promise<EntryResourceObject[]> {
  if (!entryIds.length) return [];
  const tree = await entriesWithSections(tx, inArray(entries.id, entryIds));
  const sectionsOf = new Map<number, number[]>();
  for (const s of tree.sections) sectionsOf.set(s.entryId, [...(sectionsOf.get(s.entryId) ?? []), s.id]);
  return tree.entries.map((e) => entryResource(e, sectionsOf.get(e.entry.id) ?? [], now));
}
