import type { RestClient } from '../../rest-client';
import type { RestBody } from '../../rest-types';
import { byIdLoader, memoizeByArgs, prime } from '../../loaders';
import { toCycle, type CycleModel } from './model';

export type CycleListArgs = { buildingId?: string | null; organizationId?: string | null; repeating?: boolean | null };

export function createCycleLoaders(rest: RestClient) {
  const byId = byIdLoader<RestBody<'/cycles'>, CycleModel>(rest, '/cycles', toCycle);
  return {
    byId,
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
