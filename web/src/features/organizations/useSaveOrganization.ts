import { useCallback, useRef } from 'react';
import type { ApolloCache } from '@apollo/client';
import { useCreateOrganizationMutation, useUpdateOrganizationMutation, type ManageOrganizations_OrganizationFragment } from './ManageOrganizationsPage.generated';
import type { FieldErrorCode } from '../../generated/schema';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';
import { uploadFile } from '../../lib/upload/uploadFile';

export const SAVE_ORGANIZATION_FAILED_MESSAGE = 'The organization could not be saved. Check your connection and try again.';
export const UPLOAD_FAILED_MESSAGE = 'The file could not be uploaded. Check your connection and try again.';

/** What the form holds for the logo and the contract: keep what is stored, a new file, or nothing. */
export type FileChoice = { kind: 'keep' } | { kind: 'file'; file: File } | { kind: 'remove' };

export type OrganizationDraft = {
  name: string;
  logo: FileChoice;
  contract: FileChoice;
  /** The user confirmed that the new contract overrides the named buildings' own. */
  overrideBuildingContracts: boolean;
};

type Problem = { field: string | null; message: string; code: FieldErrorCode | null };

export type SaveResult =
  | { status: 'saved'; organization: ManageOrganizations_OrganizationFragment; overriddenBuildings: string[] }
  | { status: 'refused'; errors: Problem[] }
  | { status: 'failed'; message: string }
  | { status: 'signedOut' };

/**
 * A changed contract is every building's contract of the organization: the buildings read before are read again
 * (cards, walkabouts pages) rather than shown with their old contract state.
 */
function forgetBuildings(cache: ApolloCache<unknown>) {
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'buildings' });
  cache.evict({ id: 'ROOT_QUERY', fieldName: 'building' });
  cache.gc();
}

/**
 * Saves the add/edit modal (admin-organizations-buildings.md sections 4 and 5): the new logo and contract are
 * uploaded first (the logo as an image, the contract as a document), then the organization is created or
 * updated with their URLs. A file already uploaded for this modal is not uploaded again when a save is retried.
 */
export function useSaveOrganization(existing: ManageOrganizations_OrganizationFragment | null) {
  const context = { handlesErrors: true } satisfies OperationContext;
  const [create] = useCreateOrganizationMutation({ context, refetchQueries: ['ManageOrganizationsPage'], awaitRefetchQueries: true });
  const [update] = useUpdateOrganizationMutation({
    context,
    update(cache, { data }, { variables }) {
      if (data?.updateOrganization.organization && variables?.input.contractUrl !== undefined) forgetBuildings(cache);
    },
  });
  const uploaded = useRef(new Map<File, string>());

  const upload = useCallback(async (file: File, field: 'logoUrl' | 'contractUrl'): Promise<{ url: string } | Exclude<SaveResult, { status: 'saved' }>> => {
    const known = uploaded.current.get(file);
    if (known) return { url: known };
    const outcome = await uploadFile(file, file.name, field === 'contractUrl' ? 'document' : 'image');
    if (outcome.status === 'signedOut') return { status: 'signedOut' };
    if (outcome.status === 'offline') return { status: 'failed', message: UPLOAD_FAILED_MESSAGE };
    if (outcome.status === 'refused') return { status: 'refused', errors: outcome.errors.map((error) => ({ field, message: error.message, code: error.code })) };
    uploaded.current.set(file, outcome.value.url);
    return { url: outcome.value.url };
  }, []);

  const save = useCallback(
    async (draft: OrganizationDraft): Promise<SaveResult> => {
      const urls: { logoUrl?: string | null; contractUrl?: string | null } = {};
      for (const [choice, field] of [
        [draft.logo, 'logoUrl'],
        [draft.contract, 'contractUrl'],
      ] as const) {
        if (choice.kind === 'remove') urls[field] = null;
        if (choice.kind !== 'file') continue;
        const result = await upload(choice.file, field);
        if (!('url' in result)) return result;
        urls[field] = result.url;
      }
      const outcome = await runMutation(async () => {
        if (!existing) {
          const input = { name: draft.name.trim(), logoUrl: urls.logoUrl ?? undefined, contractUrl: urls.contractUrl ?? undefined };
          return (await create({ variables: { input } })).data?.createOrganization;
        }
        const input = { ...urls, ...(draft.overrideBuildingContracts ? { overrideBuildingContracts: true } : {}) };
        return (await update({ variables: { id: existing.id, input } })).data?.updateOrganization;
      });
      if (outcome.status === 'signedOut') return { status: 'signedOut' };
      if (outcome.status === 'offline') return { status: 'failed', message: SAVE_ORGANIZATION_FAILED_MESSAGE };
      if (outcome.status === 'refused') return { status: 'refused', errors: outcome.errors.map((error) => ({ field: error.field ?? null, message: error.message, code: error.code })) };
      const { organization, overriddenBuildings } = outcome.value;
      if (!organization) return { status: 'failed', message: SAVE_ORGANIZATION_FAILED_MESSAGE };
      return { status: 'saved', organization, overriddenBuildings: overriddenBuildings.map((building) => building.name) };
    },
    [create, update, existing, upload],
  );

  return { save };
}
