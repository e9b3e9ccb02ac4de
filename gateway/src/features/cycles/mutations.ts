/**
 * Adding, changing and deleting cycles through GraphQL (issue 14; admin-people-schedules.md sections 3-7): one REST
 * call each. The user's mistakes and refusals (409 STALE, 422 with the spec's words, and 404 for a record out of
 * scope) are the payload's errors; 401 and 403 stay GraphQL errors.
 */
import type { CreateCycleInput, UpdateCycleInput } from '../../generated/resolvers';
import { withPayloadErrors, type FieldErrorRecord } from '../../errors';
import { isRestId, prime } from '../../loaders';
import { RestError, type RestClient } from '../../rest-client';
import type { RestRoute } from '../../rest-types';
import type { CycleLoaders } from './loaders';
import { toCycle, type CycleModel } from './model';

export type CycleResult = { cycle: CycleModel | null; errors: FieldErrorRecord[] };
export type DeleteCycleResult = { deletedCycleId: string | null; errors: FieldErrorRecord[] };

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

/** The input's fields as REST attributes: what is left out is not sent (a PATCH keeps it). */
function attributesOf(input: UpdateCycleInput) {
  const attributes: { name?: string | null; abbreviation?: string | null; frequency?: string | null; every?: number | null; start?: string | null } = {};
  for (const key of ['name', 'abbreviation', 'frequency', 'every', 'start'] as const) {
    if (input[key] !== undefined) (attributes as Record<string, unknown>)[key] = input[key];
  }
  return attributes;
}

export function createCycleMutations(rest: RestClient, cycles: CycleLoaders) {
  const failed = (errors: FieldErrorRecord[]): CycleResult => ({ cycle: null, errors });
  const saved = (document: { data: Parameters<typeof toCycle>[0] }): CycleResult => {
    cycles.clearLists();
    const [cycle] = prime(cycles.byId, [toCycle(document.data)]);
    return { cycle: cycle!, errors: [] };
  };
  return {
    /** POST /cycles. */
    create(input: CreateCycleInput): Promise<CycleResult> {
      const ids = input.organizationId ? [input.organizationId] : [];
      return onRecord('organization', 'organizationId', ids, async () => {
        const { organizationId, ...rest_ } = input;
        const document = await rest.post<RestRoute<'/cycles', 'post'>>('/cycles', {
          data: { type: 'cycles', attributes: { ...attributesOf(rest_), ...(organizationId ? { organizationId: Number(organizationId) } : {}) } },
        });
        return saved(document);
      }, failed);
    },
    /** PATCH /cycles/{id} over the version it was read at. */
    update(id: string, input: UpdateCycleInput, version: number): Promise<CycleResult> {
      return onRecord('cycle', 'id', [id], async () => {
        const document = await rest.patch<RestRoute<'/cycles/{id}', 'patch'>>(`/cycles/${id}`, { data: { type: 'cycles', attributes: { ...attributesOf(input), version } } });
        cycles.byId.clear(id);
        return saved(document);
      }, failed);
    },
    /** DELETE /cycles/{id}. */
    remove(id: string): Promise<DeleteCycleResult> {
      const refused = (errors: FieldErrorRecord[]): DeleteCycleResult => ({ deletedCycleId: null, errors });
      return onRecord('cycle', 'id', [id], async () => {
        await rest.delete(`/cycles/${id}`);
        cycles.byId.clear(id);
        cycles.clearLists();
        return { deletedCycleId: id, errors: [] };
      }, refused);
    },
  };
}

export type CycleMutations = ReturnType<typeof createCycleMutations>;
