import { useCallback } from 'react';
import type { ApolloCache, Reference } from '@apollo/client';
import { STALE_EDIT_MESSAGE } from '@fsi/shared';
import { useCreateBuildingMutation, useRenameBuildingMutation, type ManageBuildings_BuildingFragment } from './ManageBuildingsPage.generated';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';

export const SAVE_BUILDING_FAILED_MESSAGE = 'The building could not be saved. Check your connection and try again.';

type Building = ManageBuildings_BuildingFragment;
type Problem = { field: string | null; message: string };

export type SaveBuildingResult =
  | { status: 'saved'; building: Building }
  | { status: 'refused'; errors: Problem[] }
  /** Someone else changed the building: the list was reloaded, the form keeps what the user typed. */
  | { status: 'stale'; message: string }
  | { status: 'failed'; message: string }
  | { status: 'signedOut' };

/** The new building joins the end of its organization's list (it is given the last order), with no refetch. */
function appendToOrganization(cache: ApolloCache<unknown>, organizationId: string, building: Building) {
  const ref = cache.identify({ __typename: 'Organization', id: organizationId });
  if (!ref) return;
  cache.modify({
    id: ref,
    fields: {
      buildings(value, { toReference }) {
        const existing = Array.isArray(value) ? (value as readonly Reference[]) : [];
        const added = toReference({ __typename: 'Building', id: building.id });
        return added && !existing.some((r) => r.__ref === added.__ref) ? [...existing, added] : existing;
      },
      // The counts change with the list: Organization Settings reads them again when next opened.
      counters(_value, { DELETE }) {
        return DELETE;
      },
    },
  });
}

/**
 * Saves the add/edit modal of Manage Buildings (admin-organizations-buildings.md sections 2 and 5): a new building is
 * added to the organization, an existing one renamed with the version the user saw. A stale version reloads the list
 * and says so (STALE_EDIT_MESSAGE); nothing is half saved.
 */
export function useSaveBuilding(organizationId: string, reload: () => Promise<unknown>) {
  const context = { handlesErrors: true } satisfies OperationContext;
  const [create] = useCreateBuildingMutation({
    context,
    update(cache, { data }) {
      const building = data?.createBuilding.building;
      if (building) appendToOrganization(cache, organizationId, building);
    },
  });
  const [rename] = useRenameBuildingMutation({ context });

  const save = useCallback(
    async (existing: Building | null, name: string): Promise<SaveBuildingResult> => {
      const outcome = await runMutation(async () => {
        if (!existing) return (await create({ variables: { input: { organizationId, name: name.trim() } } })).data?.createBuilding;
        return (await rename({ variables: { id: existing.id, name: name.trim(), version: existing.version } })).data?.renameBuilding;
      });
      if (outcome.status === 'signedOut') return { status: 'signedOut' };
      if (outcome.status === 'offline') return { status: 'failed', message: SAVE_BUILDING_FAILED_MESSAGE };
      if (outcome.status === 'refused') {
        if (outcome.errors.some((error) => error.code === 'STALE')) {
          await reload().catch(() => undefined);
          return { status: 'stale', message: STALE_EDIT_MESSAGE };
        }
        return { status: 'refused', errors: outcome.errors.map((error) => ({ field: error.field ?? null, message: error.message })) };
      }
      const building = outcome.value.building;
      if (!building) return { status: 'failed', message: SAVE_BUILDING_FAILED_MESSAGE };
      return { status: 'saved', building };
    },
    [create, rename, organizationId, reload],
  );

  return { save };
}
