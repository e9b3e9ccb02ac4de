/**
 * Walkabouts over REST (docs/REST.md "Walkabout calls"). `GET /walkabouts/{id}` answers the
 * whole tree (floors, entries, sections, conditions) in `included`: those records are kept for the
 * request, so a walkabout page of any size costs one REST call, and every level resolves from them.
 */
import DataLoader from 'dataloader';
import { MORE_THAN_ONE_VALUE_MESSAGE, restValueOfInput, type ConditionValue, type QrUnavailabilityKind } from '@fsi/shared';
import { relatedIds, type AnyResource, type ListDocument } from '../../json-api';
import type { DataSource } from '../../data-source';
import { MAX_PAGE_SIZE, toQueryString, type QueryParams, type RestClient } from '../../rest-client';
import { byIdLoader, isRestId, memoizeByArgs, nullWhenNotFound, prime } from '../../loaders';
import { withPayloadErrors, type FieldErrorRecord } from '../../errors';
import type { SaveWalkaboutInput } from '../../generated/resolvers';
import { toBuilding } from '../buildings/model';
import { toCycle, type CycleModel } from '../cycles/model';
import type {
  BuildingResource,
  ConditionResource,
  CycleResource,
  EntryResource,
  RestBody,
  RestRoute,
  SectionResource,
  WalkaboutFloorResource,
  WalkaboutResource,
} from '../../rest-types';

type TreeResource = WalkaboutFloorResource | EntryResource | SectionResource | ConditionResource;
type TreeType = TreeResource['type'];
type TreeOf<T extends TreeType> = Extract<TreeResource, { type: T }>;

export type WalkaboutResult = { walkabout: WalkaboutResource | null; errors: FieldErrorRecord[] };

/** Whether the operation reads the saved conditions and entries of a save (saveWalkabout's `conditions`, `entries`). */
export type SaveRead = { conditions: boolean; entries: boolean };

export type SaveResult = {
  walkabout: WalkaboutResource | null;
  conditions: ConditionResource[];
  entries: EntryResource[];
  errors: FieldErrorRecord[];
};

/** One pair of EntryComparison: a location's entry in the latest locked walkabout and in the open one, for a cycle. */
export type EntryComparisonRecord = { cycleName: string; locked: EntryResource | null; active: EntryResource | null };

function restPath(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** A condition's value as the JSON PATCH /walkabout-data takes (a chosen list is a plain array). */
function restJson(value: ConditionValue): boolean | number | string | string[] | null {
  return value !== null && typeof value === 'object' ? [...value] : value;
}

function ofType<T extends AnyResource>(records: ReadonlyArray<AnyResource> | undefined, type: T['type']): T[] {
  return (records ?? []).filter((record): record is T => record.type === type);
}

/** The loaders of other features that a walkabout answer fills (a save answers its walkabout's building). */
type Related = Pick<DataSource, 'buildings' | 'cycles'>;

export function createWalkaboutLoaders(rest: RestClient, { buildings, cycles }: Related) {
  const byId = byIdLoader<RestBody<'/walkabouts'>>(rest, '/walkabouts');
  const kept = new Map<string, AnyResource>();
  const keep = (records: ReadonlyArray<AnyResource>) => {
    for (const record of records) kept.set(`${record.type}:${record.id}`, record);
  };
  const keptRecord = <T extends TreeType>(type: T, id: string) => kept.get(`${type}:${id}`) as TreeOf<T> | undefined;

  /** GET /walkabouts/{id}: the walkabout with its whole tree; null when it does not exist or is out of scope. */
  const tree = new DataLoader<string, WalkaboutResource | null>((ids) =>
    Promise.all(
      ids.map(async (id) => {
        if (!isRestId(id)) return null;
        const document = await nullWhenNotFound(rest.get<RestBody<'/walkabouts/{id}'>>(`/walkabouts/${id}`));
        if (!document) return null;
        keep(document.included ?? []);
        return document.data;
      }),
    ),
  );

  /**
   * The records of a to-many relationship, from what this request already holds; a record not
   * held (an entry of a save's answer, whose sections are not included) comes with its walkabout's tree.
   */
  async function related<T extends TreeType>(
    parent: TreeResource | WalkaboutResource,
    relationship: string,
    type: T,
    walkaboutId: number | string | undefined,
  ): Promise<Array<TreeOf<T>>> {
    const ids = relatedIds(parent, relationship);
    if (ids.some((id) => !kept.has(`${type}:${id}`)) && walkaboutId !== undefined) await tree.load(String(walkaboutId));
    return ids.flatMap((id) => keptRecord(type, id) ?? []);
  }

  /** Every page of a list with what it includes (GET /entries includes sections and conditions). */
  async function allDocuments<TBody extends ListDocument<unknown> & { included?: AnyResource[] }>(
    path: string,
    query: QueryParams,
  ): Promise<TBody['data']> {
    let document = await rest.get<TBody>(path, { ...query, 'page[size]': MAX_PAGE_SIZE });
    const records = [...document.data];
    keep(document.included ?? []);
    while (document.links?.next) {
      document = await rest.get<TBody>(restPath(document.links.next));
      records.push(...document.data);
      keep(document.included ?? []);
    }
    return records;
  }

  return {
    byId,
    tree,

    /** A building's walkabouts: the open ones, or all of them (REST has no filter for "all"). */
    list: memoizeByArgs(async ({ buildingId, open }: { buildingId: string; open: boolean }) =>
      prime(byId, await rest.getAll<RestBody<'/walkabouts'>>('/walkabouts', { 'filter[building]': buildingId, 'filter[open]': open ? true : undefined })),
    ),

    notRepeatableCycles: memoizeByArgs(async (buildingId: string): Promise<CycleModel[]> => {
      const records = await rest.getAll<RestBody<'/not_repeatable_cycles'>>('/not_repeatable_cycles', { 'filter[building]': buildingId });
      return prime(cycles.byId, records.map(toCycle));
    }),

    async floorsOf(walkabout: WalkaboutResource): Promise<WalkaboutFloorResource[]> {
      // A walkabout of a list names no floors: its tree does.
      const withFloors = walkabout.relationships?.floors ? walkabout : await tree.load(walkabout.id);
      return withFloors ? related(withFloors, 'floors', 'walkabout-floors', walkabout.id) : [];
    },
    entriesOf: (floor: WalkaboutFloorResource) => related(floor, 'entries', 'entries', floor.attributes.walkaboutId),
    sectionsOf: (entry: EntryResource) => related(entry, 'sections', 'sections', entry.attributes.walkaboutId),
    conditionsOf(section: SectionResource): Promise<ConditionResource[]> {
      const entry = section.attributes.entryId === undefined ? undefined : keptRecord('entries', String(section.attributes.entryId));
      return related(section, 'conditions', 'conditions', entry?.attributes.walkaboutId);
    },

    /**
     * A location's entries in open walkabouts against each cycle's latest locked one, paired per cycle
     * and equipment; open entries first, in the backend's order.
     */
    entryComparisons: memoizeByArgs(async (locationId: string): Promise<EntryComparisonRecord[]> => {
      if (!isRestId(locationId)) return [];
      // A location the caller may not see (404) compares nothing, as location(id:) is null for it.
      const lists = await nullWhenNotFound(
        Promise.all([
          allDocuments<RestBody<'/entries'>>('/entries', { 'filter[location]': locationId, 'filter[active]': true }),
          allDocuments<RestBody<'/entries'>>('/entries', { 'filter[location]': locationId, 'filter[active]': false }),
        ]),
      );
      if (!lists) return [];
      const [active, locked] = lists;
      keep([...active, ...locked]);
      const pairKey = (entry: EntryResource) => `${entry.attributes.cycleName}\u0000${entry.attributes.equipmentId}`;
      const pairs = new Map<string, EntryComparisonRecord>();
      for (const entry of active) pairs.set(pairKey(entry), { cycleName: entry.attributes.cycleName, active: entry, locked: null });
      for (const entry of locked) {
        const pair = pairs.get(pairKey(entry));
        if (pair && !pair.locked) pair.locked = entry;
        else pairs.set(`${pairKey(entry)}\u0000locked`, { cycleName: entry.attributes.cycleName, active: null, locked: entry });
      }
      return [...pairs.values()];
    }),

    /**
     * PATCH /walkabout-data with the device's save id as Idempotency-Key: the same save sent twice is
     * recorded once and answered the same. Its answer is the saved entries and conditions (same ids, so
     * the client's cache merges them) and, in `included`, the walkabout with its new counts, its building
     * with its new statuses and the cycles these name: they fill this request's loaders, so a save is one REST call.
     * The saved conditions and entries that the operation does not read (`read`: the web app reads neither, only the
     * walkabout's fresh counts) are asked for without a field (`fields[conditions]=`, JSON:API sparse fieldsets): the
     * backend then neither builds nor sends them (1,000 conditions of 35 fields), and they are answered as none.
     */
    async save(input: SaveWalkaboutInput, read: SaveRead = { conditions: true, entries: true }): Promise<SaveResult> {
      const failed = (errors: FieldErrorRecord[]): SaveResult => ({ walkabout: null, conditions: [], entries: [], errors });
      // The save id travels as the Idempotency-Key header, which carries visible ASCII only (a uuid): any other
      // character would stop the call in the gateway's HTTP client.
      if (!/^[\x20-\x7e]*$/.test(input.saveId)) {
        return failed([{ field: 'saveId', message: "The save id must be visible ASCII text (the device's uuid).", code: 'VALIDATION_FAILED' }]);
      }
      const conditions = input.conditions ?? [];
      const values: ConditionValue[] = [];
      for (const condition of conditions) {
        // Inside the gateway the input's enums carry the REST spelling (the enum resolvers map YES to 'yes').
        const value = restValueOfInput(condition.value, 'rest');
        if (value === undefined) return failed([{ field: 'value', message: MORE_THAN_ONE_VALUE_MESSAGE, code: 'VALIDATION_FAILED' }]);
        values.push(value);
      }
      const body = {
        generateReport: input.generateReport ?? false,
        walkaboutToUpdateId: input.walkaboutId,
        data: {
          entries: (input.entries ?? []).map((entry) => ({ id: entry.id, scannedAt: entry.scannedAt })),
          conditions: conditions.map((condition, index) => ({
            id: condition.id,
            value: restJson(values[index]!),
            remarks: condition.remarks ?? null,
            photoUrl: condition.photoUrl ?? null,
            photoMimetype: condition.photoMimetype ?? null,
            hasSatisfactoryRemarks: condition.hasSatisfactoryRemarks ?? false,
            editedVia: condition.editedVia ?? null,
            editedAt: condition.editedAt,
          })),
        },
      };
      return withPayloadErrors(async () => {
        const fields = { 'fields[conditions]': read.conditions ? undefined : '', 'fields[entries]': read.entries ? undefined : '' };
        const document = await rest.patch<RestRoute<'/walkabout-data', 'patch'>>(`/walkabout-data${toQueryString(fields)}`, body, {
          'idempotency-key': input.saveId,
        });
        // Only whole records are kept for this request's later reads (a sparse one has no attributes).
        keep(document.data.filter((record) => (record.type === 'conditions' ? read.conditions : read.entries)));
        byId.clear(input.walkaboutId);
        // What the answer includes replaces what this request held: the walkabout's counts and the building's statuses changed.
        for (const walkabout of ofType<WalkaboutResource>(document.included, 'walkabouts')) byId.clear(walkabout.id).prime(walkabout.id, walkabout);
        for (const building of ofType<BuildingResource>(document.included, 'buildings')) {
          buildings.byId.clear(building.id).prime(building.id, toBuilding(building));
        }
        // The cycles the walkabout and the building's statuses name: the status badges read their names.
        prime(cycles.byId, ofType<CycleResource>(document.included, 'cycles').map(toCycle));
        return {
          walkabout: await byId.load(input.walkaboutId),
          conditions: read.conditions ? ofType<ConditionResource>(document.data, 'conditions') : [],
          entries: read.entries ? ofType<EntryResource>(document.data, 'entries') : [],
          errors: [],
        };
      }, failed);
    },

    /** POST /walkabouts/{id}/lock: the locked walkabout; locked or closed already is a payload error. */
    lock(id: string) {
      return withPayloadErrors(
        async () => {
          const document = await rest.post<RestRoute<'/walkabouts/{id}/lock', 'post'>>(`/walkabouts/${id}/lock`, undefined);
          byId.clear(id).prime(id, document.data);
          return { walkabout: document.data, errors: [] } satisfies WalkaboutResult;
        },
        (errors): WalkaboutResult => ({ walkabout: null, errors }),
      );
    },

    /**
     * POST /walkabouts: the new walkabout of a non-repeating cycle (201), or the open one it already
     * has, or the active fire watch walkabout (200); both answers are the walkabout.
     */
    create(buildingId: string, cycleId: string) {
      return withPayloadErrors(
        async () => {
          const document = await rest.post<RestRoute<'/walkabouts', 'post'>>('/walkabouts', {
            data: {
              type: 'walkabouts',
              relationships: { building: { data: { type: 'buildings', id: buildingId } }, cycle: { data: { type: 'cycles', id: cycleId } } },
            },
          });
          byId.clear(document.data.id).prime(document.data.id, document.data);
          return { walkabout: document.data, errors: [] } satisfies WalkaboutResult;
        },
        (errors): WalkaboutResult => ({ walkabout: null, errors }),
      );
    },

    /** POST /qr_unavailability_reasons: the flagged entries with their reason. */
    reportUnavailableQrCode(entryIds: string[], kind: QrUnavailabilityKind, comment: string | null | undefined) {
      return withPayloadErrors(
        async () => {
          const document = await rest.post<RestRoute<'/qr_unavailability_reasons', 'post'>>('/qr_unavailability_reasons', {
            data: { attributes: { entry_ids: entryIds, kind, comment: comment ?? null } },
          });
          keep(document.data);
          return { entries: document.data, errors: [] as FieldErrorRecord[] };
        },
        (errors) => ({ entries: [] as EntryResource[], errors }),
      );
    },
  };
}

export type WalkaboutLoaders = ReturnType<typeof createWalkaboutLoaders>;
