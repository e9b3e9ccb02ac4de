import { useCallback } from 'react';
import type {
  CreateReportBookletTemplateInput,
  CreateReportDefinitionInput,
  FieldError,
  FieldErrorCode,
  UpdateReportBookletTemplateInput,
  UpdateReportDefinitionInput,
} from '../../generated/schema';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';
import {
  useCreateReportBookletTemplateMutation,
  useCreateReportDefinitionMutation,
  useUpdateReportBookletTemplateMutation,
  useUpdateReportDefinitionMutation,
} from './reportAdministration.generated';

export const SAVE_REPORT_FAILED_MESSAGE = 'The report could not be saved. Check your connection and try again.';
export const SAVE_BOOKLET_FAILED_MESSAGE = 'The report booklet could not be saved. Check your connection and try again.';

export type Problem = { field: string | null; message: string; code: FieldErrorCode | null };
export type SaveResult = { status: 'saved'; id: string; regionId: string | null } | { status: 'refused'; errors: Problem[] } | { status: 'failed'; message: string } | { status: 'signedOut' };

const context = { handlesErrors: true } satisfies OperationContext;

type Saved = { id: string; regionId?: string | null };
type Answer = { errors: ReadonlyArray<Pick<FieldError, 'field' | 'message' | 'code'>>; saved: Saved | null };
async function outcomeOf(send: () => Promise<Answer | null | undefined>, failed: string): Promise<SaveResult> {
  const outcome = await runMutation(send);
  if (outcome.status === 'signedOut') return { status: 'signedOut' };
  if (outcome.status === 'offline') return { status: 'failed', message: failed };
  if (outcome.status === 'refused') return { status: 'refused', errors: outcome.errors.map((e) => ({ field: e.field ?? null, message: e.message, code: e.code })) };
  const saved = outcome.value.saved;
  return saved ? { status: 'saved', id: saved.id, regionId: saved.regionId ?? null } : { status: 'failed', message: failed };
}

/**
 * Adds or edits a report definition (section 5): the answer carries the saved definition into the normalized cache;
 * the user's mistakes come back at their fields; a refusal never signs the user out (only 401 and 403 do).
 */
export function useSaveReportDefinition() {
  const [create] = useCreateReportDefinitionMutation({ context, refetchQueries: ['ReportListsPage', 'RegionReportSections'] });
  const [update] = useUpdateReportDefinitionMutation({ context });
  return useCallback(
    (input: { create: CreateReportDefinitionInput } | { update: UpdateReportDefinitionInput }): Promise<SaveResult> =>
      outcomeOf(async () => {
        if ('create' in input) {
          const payload = (await create({ variables: { input: input.create } })).data?.createReportDefinition;
          return payload && { errors: payload.errors, saved: payload.reportDefinition ?? null };
        }
        const payload = (await update({ variables: { input: input.update } })).data?.updateReportDefinition;
        return payload && { errors: payload.errors, saved: payload.reportDefinition ?? null };
      }, SAVE_REPORT_FAILED_MESSAGE),
    [create, update],
  );
}

/** Adds or edits a report booklet template, as useSaveReportDefinition does. */
export function useSaveReportBooklet() {
  const [create] = useCreateReportBookletTemplateMutation({ context, refetchQueries: ['ReportListsPage', 'RegionReportSections'] });
  const [update] = useUpdateReportBookletTemplateMutation({ context });
  return useCallback(
    (input: { create: CreateReportBookletTemplateInput } | { update: UpdateReportBookletTemplateInput }): Promise<SaveResult> =>
      outcomeOf(async () => {
        if ('create' in input) {
          const payload = (await create({ variables: { input: input.create } })).data?.createReportBookletTemplate;
          return payload && { errors: payload.errors, saved: payload.reportBookletTemplate ?? null };
        }
        const payload = (await update({ variables: { input: input.update } })).data?.updateReportBookletTemplate;
        return payload && { errors: payload.errors, saved: payload.reportBookletTemplate ?? null };
      }, SAVE_BOOKLET_FAILED_MESSAGE),
    [create, update],
  );
}
