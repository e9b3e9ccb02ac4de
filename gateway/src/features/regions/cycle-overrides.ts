/**
 * Cycle overrides through GraphQL (issue 14; admin-people-schedules.md sections 3, 4 and 7): a region's own
 * overrides and its ancestors' (GET /cycle-overrides?filter[region]=…&filter[ancestors]=true, one call per batch of
 * regions), and the create, update and delete calls. The user's mistakes and refusals (409 STALE, 422, and 404 for a
 * record out of scope) are the payload's errors; 401 and 403 stay GraphQL errors.
 */
import DataLoader from 'dataloader';
import type { CycleOverride, CycleOverrideInput } from '../../generated/resolvers';
import { withPayloadErrors, type FieldErrorRecord } from '../../errors';
import { byIdLoader, isRestId, prime } from '../../loaders';
import type { PlainFields } from '../../models';
import { MAX_PAGE_SIZE, RestError, type RestClient } from '../../rest-client';
import type { CycleOverrideResource, RestBody, RestRoute } from '../../rest-types';

/** A cycle override as GraphQL serves it (models.ts). */
export type CycleOverrideModel = PlainFields<
  CycleOverride,
  'id' | 'regionId' | 'regionName' | 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday' | 'blackoutDates' | 'description' | 'version'
> & { cycleId: string };

export function toCycleOverride(o: CycleOverrideResource): CycleOverrideModel {
  const a = o.attributes;
  return {
    id: o.id,
    regionId: String(a.regionId),
    regionName: a.regionName,
    cycleId: String(a.cycleId),
    monday: a.monday,
    tuesday: a.tuesday,
    wednesday: a.wednesday,
    thursday: a.thursday,
    friday: a.friday,
    saturday: a.saturday,
    sunday: a.sunday,
    blackoutDates: a.blackoutDates,
    description: a.description,
    version: a.version,
  };
}

export type CycleOverrideResult = { cycleOverride: CycleOverrideModel | null; errors: FieldErrorRecord[] };
export type DeleteCycleOverrideResult = { deletedCycleOverrideId: string | null; regionId: string | null; errors: FieldErrorRecord[] };

const noSuch = (what: string, field: string): FieldErrorRecord => ({ field, message: `There is no such ${what}.`, code: 'NOT_FOUND' });

async function onRecord<T>(what: string, field: string, ids: string[], call: () => Promise<T>, failed: (errors: FieldErrorRecord[]) => T): Promise<T> {
  if (ids.some((id) => !isRestId(id))) return failed([noSuch(what, field)]);
  try {
    return await withPayloadErrors(call, failed);
  } catch (error) {
    if (error instanceof RestError && error.status === 404) return failed([noSuch(what, field)]);
    throw error;
  }
}

type Ancestry = { own: CycleOverrideModel[]; inherited: CycleOverrideModel[] };

export function createCycleOverrideLoaders(rest: RestClient) {
  const byId = byIdLoader<RestBody<'/cycle-overrides'>, CycleOverrideModel>(rest, '/cycle-overrides', toCycleOverride);
  // One call per batch of regions: every region's own overrides and those of its ancestors.
  const ofRegion = new DataLoader<string, Ancestry>(
    async (regionIds) => {
      const wellFormed = regionIds.filter(isRestId);
      const records = wellFormed.length
        ? await rest.getAll<RestBody<'/cycle-overrides'>>('/cycle-overrides', { 'filter[region]': wellFormed, 'filter[ancestors]': true })
        : [];
      const all = records.map(toCycleOverride);
      return regionIds.map((regionId) => ({ own: all.filter((o) => o.regionId === regionId), inherited: all.filter((o) => o.regionId !== regionId) }));
    },
    { maxBatchSize: MAX_PAGE_SIZE },
  );
  const failed = (errors: FieldErrorRecord[]): CycleOverrideResult => ({ cycleOverride: null, errors });
  const saved = (regionId: string, document: { data: CycleOverrideResource }): CycleOverrideResult => {
    ofRegion.clear(regionId);
    const [model] = prime(byId, [toCycleOverride(document.data)]);
    return { cycleOverride: model!, errors: [] };
  };
  return {
    byId,
    /** The region's own overrides, by cycle. */
    async ownOf(regionId: string) {
      return (await ofRegion.load(regionId)).own;
    },
    /**
     * The overrides of the region's ancestors, nearest first (up to 5 levels): an ancestor's id is among the
     * region's ancestorIds, whose last is the parent.
     */
    async inheritedOf(regionId: string, ancestorIds: readonly string[]) {
      const nearestFirst = [...ancestorIds].reverse();
      return (await ofRegion.load(regionId)).inherited.sort((a, b) => nearestFirst.indexOf(a.regionId) - nearestFirst.indexOf(b.regionId));
    },
    /** POST /cycle-overrides. */
    create(regionId: string, cycleId: string, input: CycleOverrideInput): Promise<CycleOverrideResult> {
      return onRecord('region or cycle', 'regionId', [regionId, cycleId], async () => {
        const document = await rest.post<RestRoute<'/cycle-overrides', 'post'>>('/cycle-overrides', {
          data: {
            type: 'cycle-overrides',
            attributes: attributesOf(input),
            relationships: { region: { data: { type: 'regions', id: regionId } }, cycle: { data: { type: 'cycles', id: cycleId } } },
          },
        });
        return saved(regionId, document);
      }, failed);
    },
    /** PATCH /cycle-overrides/{id} over the version it was read at. */
    update(id: string, input: CycleOverrideInput, version: number): Promise<CycleOverrideResult> {
      return onRecord('cycle override', 'id', [id], async () => {
        const document = await rest.patch<RestRoute<'/cycle-overrides/{id}', 'patch'>>(`/cycle-overrides/${id}`, {
          data: { type: 'cycle-override', attributes: { ...attributesOf(input), version } },
        });
        byId.clear(id);
        return saved(String(document.data.attributes.regionId), document);
      }, failed);
    },
    /** DELETE /cycle-overrides/{id}. */
    remove(id: string): Promise<DeleteCycleOverrideResult> {
      const refused = (errors: FieldErrorRecord[]): DeleteCycleOverrideResult => ({ deletedCycleOverrideId: null, regionId: null, errors });
      return onRecord('cycle override', 'id', [id], async () => {
        const override = await byId.load(id);
        if (!override) return refused([noSuch('cycle override', 'id')]);
        await rest.delete(`/cycle-overrides/${id}`);
        byId.clear(id);
        ofRegion.clear(override.regionId);
        return { deletedCycleOverrideId: id, regionId: override.regionId, errors: [] };
      }, refused);
    },
  };
}

/** The input's weekdays and dates as REST attributes; what is left out is not sent. */
function attributesOf(input: CycleOverrideInput) {
  const attributes: Record<string, boolean | string[]> = {};
  for (const day of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const) {
    const value = input[day];
    if (value !== undefined && value !== null) attributes[day] = value;
  }
  if (input.blackoutDates) attributes.blackoutDates = [...input.blackoutDates];
  return attributes;
}

export type CycleOverrideLoaders = ReturnType<typeof createCycleOverrideLoaders>;
