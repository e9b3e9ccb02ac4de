import type { RestClient } from '../../rest-client';
import type { RestBody } from '../../rest-types';
import { byIdLoader, byName, memoizeByArgs, prime } from '../../loaders';
import { toCycle, type CycleModel } from './model';

export type CycleListArgs = { buildingId?: string | null; organizationId?: string | null; repeating?: boolean | null };

export function createCycleLoaders(rest: RestClient) {
  const byId = byIdLoader<RestBody<'/cycles'>, CycleModel>(rest, '/cycles', toCycle);
  // An organization's cycles by search text, read once per request and again after a change (clearLists).
  const ofOrganization = new Map<string, Promise<CycleModel[]>>();
  return {
    byId,
    /** The organization's cycles sorted by name, those whose name contains `search` (taken literally by REST). */
    ofOrganization(organizationId: string, search: string | null | undefined): Promise<CycleModel[]> {
      const text = search?.trim() ?? '';
      const key = JSON.stringify([organizationId, text]);
      let result = ofOrganization.get(key);
      if (!result) {
        result = rest
          .getAll<RestBody<'/cycles'>>('/cycles', { all: true, organizationId, 'filter[search]': text || undefined })
          .then((records) => prime(byId, records.map(toCycle)).sort(byName));
        ofOrganization.set(key, result);
      }
      return result;
    },
    clearLists() {
      ofOrganization.clear();
    },
    /** The cycles the caller may see, narrowed by the REST call's own filters (inspection.md section 7). */
    list: memoizeByArgs(async (args: CycleListArgs) => {
      const repeating = args.repeating ?? undefined;
      const records = await rest.getAll<RestBody<'/cycles'>>('/cycles', {
        all: true,
        buildingId: args.buildingId,
        organizationId: args.organizationId,
        // Only `true` is a REST filter; `false` is applied below.
        'filter[repeating]': repeating ? true : undefined,
      });
      const cycles = records.map(toCycle);
      // A non-repeating cycle has no frequency (spec section 3); checked here too so `repeating: false` means the same everywhere.
      const kept = repeating === undefined ? cycles : cycles.filter((cycle) => (cycle.frequency !== null) === repeating);
      return prime(byId, kept);
    }),
  };
}

export type CycleLoaders = ReturnType<typeof createCycleLoaders>;
