import { useCallback, useState } from 'react';
import type { EquipmentState } from '@fsi/shared/suspensions';
import type { EquipmentStateFilter } from '../../generated/schema';
import type { OperationContext } from '../../lib/apollo/client';
import { runMutation } from '../../lib/apollo/runMutation';
import { useStartTypesReportMutation } from './BuildingTypesPage.generated';

export const PRINT_FAILED_MESSAGE = 'The types report could not be started. Check your connection and try again.';

export type PrintState = { kind: 'idle' } | { kind: 'generating'; identificator: string } | { kind: 'ready'; pdfUrl: string } | { kind: 'failed'; message: string };

const context = { handlesErrors: true } satisfies OperationContext;

/**
 * 'Print Types' (admin-organizations-buildings.md sections 2, 4 and 8): starts the report for the screen's filters;
 * the screen then polls it each second (TypesReportProgress) until its PDF is there, and opens it. A failed start or
 * poll stops the indicator and says so; it never ends the session.
 */
export function usePrintTypes(buildingId: string) {
  const [start] = useStartTypesReportMutation({ context });
  const [state, setState] = useState<PrintState>({ kind: 'idle' });
  const print = useCallback(
    async (filters: { locationId: string | null; typeId: string | null; state: EquipmentState | null }) => {
      setState({ kind: 'generating', identificator: '' });
      const outcome = await runMutation(
        async () =>
          (
            await start({
              variables: {
                buildingId,
                locationId: filters.locationId,
                equipmentTypeId: filters.typeId,
                state: filters.state ? (filters.state.toUpperCase() as EquipmentStateFilter) : null,
              },
            })
          ).data?.startTypesReport,
      );
      if (outcome.status === 'signedOut') return setState({ kind: 'idle' });
      if (outcome.status === 'offline') return setState({ kind: 'failed', message: PRINT_FAILED_MESSAGE });
      if (outcome.status === 'refused') return setState({ kind: 'failed', message: outcome.errors.map((e) => e.message).join(' ') });
      const report = outcome.value.report!;
      if (report.pdfUrl) return setState({ kind: 'ready', pdfUrl: report.pdfUrl });
      setState({ kind: 'generating', identificator: report.identificator });
    },
    [buildingId, start],
  );
  return { state, setState, print };
}
