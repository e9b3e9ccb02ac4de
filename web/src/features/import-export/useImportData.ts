import { useCallback } from 'react';
import { IMPORT_FILE_ERROR_MESSAGE } from '@fsi/shared/import-export';
import { useImportDataMutation, type ImportJob_JobFragment } from './ImportPage.generated';
import type { DataSetType } from '../../generated/schema';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';

export type ImportStart =
  | { status: 'started'; job: ImportJob_JobFragment }
  | { status: 'refused'; messages: string[] }
  | { status: 'failed'; message: string }
  | { status: 'signedOut' };

const context = { handlesErrors: true } satisfies OperationContext;

/** The file as base64 (a data: URL, which the backend takes as it is). */
export function readAsBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/**
 * Starts an import (admin-organizations-buildings.md sections 2 and 8): the file's problems come back as messages
 * ('Row 3, column label: …') to list under 'Please correct the following errors and retry.'; any other failure says
 * the spec's file-error message. Only a refused session (401/403) signs the user out.
 */
export function useImportData() {
  const [importData] = useImportDataMutation({ context });
  return useCallback(
    async (type: DataSetType, organizationId: string, file: Blob): Promise<ImportStart> => {
      let base64: string;
      try {
        base64 = await readAsBase64(file);
      } catch {
        return { status: 'failed', message: IMPORT_FILE_ERROR_MESSAGE };
      }
      const outcome = await runMutation(async () => (await importData({ variables: { type, organizationId, file: base64 } })).data?.importData);
      if (outcome.status === 'signedOut') return { status: 'signedOut' };
      if (outcome.status === 'offline') return { status: 'failed', message: IMPORT_FILE_ERROR_MESSAGE };
      if (outcome.status === 'refused') return { status: 'refused', messages: outcome.errors.map((error) => error.message) };
      if (!outcome.value.job) return { status: 'failed', message: IMPORT_FILE_ERROR_MESSAGE };
      return { status: 'started', job: outcome.value.job };
    },
    [importData],
  );
}
