import { useCallback, useRef } from 'react';
import { useUpdateBuildingMutation, type BuildingForm_BuildingFragment } from './BuildingFormPage.generated';
import type { FieldErrorCode, UpdateBuildingInput } from '../../generated/schema';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';
import { uploadFile } from '../../lib/upload/uploadFile';

export const SAVE_BUILDING_FAILED_MESSAGE = 'The building could not be saved. Check your connection and try again.';
export const UPLOAD_FAILED_MESSAGE = 'The file could not be uploaded. Check your connection and try again.';

type Problem = { field: string | null; message: string; code: FieldErrorCode | null };

export type SaveBuildingResult =
  | { status: 'saved'; building: BuildingForm_BuildingFragment }
  | { status: 'refused'; errors: Problem[] }
  | { status: 'stale'; message: string }
  | { status: 'failed'; message: string }
  | { status: 'signedOut' };

/** What the form holds for the photo and the contract: keep what is stored, a new file, or (the contract) nothing. */
export type FileChoice = { kind: 'keep' } | { kind: 'file'; file: File } | { kind: 'remove' };

/**
 * Saves the building form (section 4: "Building save: upload a new photo and contract first, then patch the
 * building"). A file already uploaded for this form is not uploaded again when a save is retried. The mutation returns
 * the building, so the normalized cache holds the saved one (with its new version) without a refetch.
 */
export function useSaveBuilding() {
  const [update] = useUpdateBuildingMutation({ context: { handlesErrors: true } satisfies OperationContext });
  const uploaded = useRef(new Map<File, string>());

  const upload = useCallback(async (file: File, field: 'photoUrl' | 'contractUrl'): Promise<{ url: string } | Exclude<SaveBuildingResult, { status: 'saved' }>> => {
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
    async (photo: FileChoice, contract: FileChoice, inputOf: (files: { photoUrl?: string; contractUrl?: string | null }) => UpdateBuildingInput): Promise<SaveBuildingResult> => {
      const files: { photoUrl?: string; contractUrl?: string | null } = {};
      if (photo.kind === 'file') {
        const result = await upload(photo.file, 'photoUrl');
        if (!('url' in result)) return result;
        files.photoUrl = result.url;
      }
      if (contract.kind === 'remove') files.contractUrl = null;
      if (contract.kind === 'file') {
        const result = await upload(contract.file, 'contractUrl');
        if (!('url' in result)) return result;
        files.contractUrl = result.url;
      }
      const outcome = await runMutation(async () => (await update({ variables: { input: inputOf(files) } })).data?.updateBuilding);
      if (outcome.status === 'signedOut') return { status: 'signedOut' };
      if (outcome.status === 'offline') return { status: 'failed', message: SAVE_BUILDING_FAILED_MESSAGE };
      if (outcome.status === 'refused') {
        const stale = outcome.errors.find((error) => error.code === 'STALE');
        if (stale) return { status: 'stale', message: stale.message };
        return { status: 'refused', errors: outcome.errors.map((error) => ({ field: error.field ?? null, message: error.message, code: error.code })) };
      }
      const { building } = outcome.value;
      if (!building) return { status: 'failed', message: SAVE_BUILDING_FAILED_MESSAGE };
      return { status: 'saved', building };
    },
    [update, upload],
  );

  return { save };
}
