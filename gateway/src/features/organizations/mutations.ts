/**
 * The organization and contract mutations (issue 11; admin-organizations-buildings.md sections 2, 5-7 and
 * inspection.md sections 4-7): one REST call each. The user's mistakes and refusals (409, 422, and 404 for a
 * record out of scope) are the payload's errors; 401 and 403 stay GraphQL errors (FORBIDDEN ends a session).
 */
import type { CreateOrganizationInput, UpdateOrganizationInput } from '../../generated/resolvers';
import { withPayloadErrors, type FieldErrorRecord } from '../../errors';
import { isRestId } from '../../loaders';
import { RestError, type RestClient } from '../../rest-client';
import type { RestRoute } from '../../rest-types';
import { toBuilding, type BuildingModel } from '../buildings/model';
import { toOrganization, type OrganizationModel } from './model';

export type OrganizationResult = { organization: OrganizationModel | null; overriddenBuildings: { id: string; name: string }[]; errors: FieldErrorRecord[] };
export type BuildingContractResult = { building: BuildingModel | null; errors: FieldErrorRecord[] };

const noSuch = (what: string): FieldErrorRecord => ({ field: 'id', message: `There is no such ${what}.`, code: 'NOT_FOUND' });

/** Runs a change of one record: payload errors for 409 and 422, and for a record that does not exist or is out of scope. */
async function onRecord<T>(id: string | null, what: string, call: () => Promise<T>, failed: (errors: FieldErrorRecord[]) => T): Promise<T> {
  if (id !== null && !isRestId(id)) return failed([noSuch(what)]);
  try {
    return await withPayloadErrors(call, failed);
  } catch (error) {
    if (id !== null && error instanceof RestError && error.status === 404) return failed([noSuch(what)]);
    throw error;
  }
}

/** Only the members the caller gave: absent leaves a value as it is, null clears it. */
function given<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}

export function createContractMutations(rest: RestClient, afterChange: () => void) {
  const organizationFailed = (errors: FieldErrorRecord[]): OrganizationResult => ({ organization: null, overriddenBuildings: [], errors });
  const buildingFailed = (errors: FieldErrorRecord[]): BuildingContractResult => ({ building: null, errors });

  async function patchBuilding(id: string, attributes: { contractAcceptedAt?: string; contractUrl?: string | null }): Promise<BuildingContractResult> {
    return onRecord(
      id,
      'building',
      async () => {
        const document = await rest.patch<RestRoute<'/buildings/{id}', 'patch'>>(`/buildings/${id}`, { data: { id, type: 'building', attributes } });
        afterChange();
        return { building: toBuilding(document.data), errors: [] };
      },
      buildingFailed,
    );
  }

  return {
    /** POST /organizations. */
    create(input: CreateOrganizationInput): Promise<OrganizationResult> {
      return onRecord(
        null,
        'organization',
        async () => {
          const document = await rest.post<RestRoute<'/organizations', 'post'>>('/organizations', {
            data: { type: 'organizations', attributes: given({ name: input.name, logoUrl: input.logoUrl, contractUrl: input.contractUrl }) },
          });
          afterChange();
          return { organization: toOrganization(document.data), overriddenBuildings: [], errors: [] };
        },
        organizationFailed,
      );
    },

    /** PUT /organizations/{id}: the logo and contract; the answer's meta names the buildings whose contracts were overridden. */
    update(id: string, input: UpdateOrganizationInput): Promise<OrganizationResult> {
      return onRecord(
        id,
        'organization',
        async () => {
          const attributes = given({ logoUrl: input.logoUrl, contractUrl: input.contractUrl, overrideBuildingContracts: input.overrideBuildingContracts ?? undefined });
          const document = await rest.put<RestRoute<'/organizations/{id}', 'put'>>(`/organizations/${id}`, { data: { id, type: 'organizations', attributes } });
          afterChange();
          const overridden = document.meta?.overriddenBuildings ?? [];
          return { organization: toOrganization(document.data), overriddenBuildings: overridden.map((b) => ({ id: String(b.id), name: b.name })), errors: [] };
        },
        organizationFailed,
      );
    },

    /** PATCH /organizations/{id}/accept-contract, now (the backend records its own time). */
    acceptOrganization(id: string): Promise<OrganizationResult> {
      return onRecord(
        id,
        'organization',
        async () => {
          const document = await rest.patch<RestRoute<'/organizations/{id}/accept-contract', 'patch'>>(`/organizations/${id}/accept-contract`, {
            data: { contractAcceptedAt: new Date().toISOString() },
          });
          afterChange();
          return { organization: toOrganization(document.data), overriddenBuildings: [], errors: [] };
        },
        organizationFailed,
      );
    },

    /** PATCH /buildings/{id} with contractAcceptedAt, now. */
    acceptBuilding: (id: string) => patchBuilding(id, { contractAcceptedAt: new Date().toISOString() }),

    /** PATCH /buildings/{id} with contractUrl (null clears it). */
    setBuilding: (id: string, contractUrl: string | null) => patchBuilding(id, { contractUrl }),
  };
}
