import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useApolloClient } from '@apollo/client/react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { RepairReportDownloadDocument, useRepairReportPageQuery, type RepairReportDownloadQuery, type RepairReportDownloadQueryVariables } from './RepairReportPage.generated';
import { IconAlertTriangle } from '../../ui/icons';
import { NoSuchBuilding, ReportsLoadError, ReportsLoading } from './ReportStates';
import { ReportPage } from './ReportPage';

const pad = (n: number) => String(n).padStart(2, '0');

/** The first and last day of the current month (the device's calendar), as YYYY-MM-DD: the report's default range. */
export function currentMonthRange(now = new Date()): { startDate: string; endDate: string } {
  const year = now.getFullYear();
  const month = now.getMonth();
  const last = new Date(year, month + 1, 0).getDate();
  return { startDate: `${year}-${pad(month + 1)}-01`, endDate: `${year}-${pad(month + 1)}-${pad(last)}` };
}

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/**
 * /buildings/{buildingId}/reports/repair (inspection.md sections 2 and 5): start and end dates (the current month by
 * default) and one or more equipment types; Download opens the PDF in a new tab. The tab is opened on the click
 * itself (so pop-up blockers allow it) and sent to the signed link when it arrives.
 */
export function RepairReportPage() {
  const { buildingId = '' } = useParams();
  const client = useApolloClient();
  const page = useRepairReportPageQuery({ variables: { buildingId } });
  const building = page.data?.building;
  const [range, setRange] = useState(() => currentMonthRange());
  const [equipmentIds, setEquipmentIds] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const canDownload = isDate(range.startDate) && equipmentIds.length > 0 && !busy;

  const download = () => {
    const tab = window.open('about:blank', '_blank');
    setBusy(true);
    setProblem(null);
    client
      .query<RepairReportDownloadQuery, RepairReportDownloadQueryVariables>({
        query: RepairReportDownloadDocument,
        variables: { buildingId, startDate: range.startDate, endDate: range.endDate === '' ? null : range.endDate, equipmentIds },
        fetchPolicy: 'network-only',
      })
      .then(({ data }) => {
        const answer = data?.repairReportDownload;
        if (answer?.download) {
          if (tab) tab.location.href = answer.download.downloadUrl;
          else window.location.assign(answer.download.downloadUrl);
          return;
        }
        tab?.close();
        setProblem(answer?.errors.length ? answer.errors.map((e) => e.message).join(' ') : 'The repair report could not be made for this building.');
      })
      .catch(() => {
        tab?.close();
        setProblem('The repair report could not be downloaded. Check your connection and try again.');
      })
      .finally(() => setBusy(false));
  };

  return (
    <ReportPage title="Repair Report" back={{ label: 'Reports', to: `/buildings/${buildingId}/reports/groups` }} buildingName={building?.name}>
      {page.error && !page.data && <ReportsLoadError title="The equipment could not be loaded" onRetry={() => void page.refetch()} />}
      {page.loading && !page.data && <ReportsLoading label="Loading equipment" />}
      {page.data && !building && <NoSuchBuilding />}
      {building && page.data && (
        <Stack gap="sm">
          <TextInput
            type="date"
            label="Start date"
            required
            value={range.startDate}
            error={range.startDate !== '' && !isDate(range.startDate) ? 'A valid start date is required.' : undefined}
            onChange={(event) => {
              const startDate = event.currentTarget.value;
              setRange((current) => ({ ...current, startDate }));
            }}
          />
          <TextInput
            type="date"
            label="End date"
            value={range.endDate}
            onChange={(event) => {
              const endDate = event.currentTarget.value;
              setRange((current) => ({ ...current, endDate }));
            }}
          />
          {page.data.equipment.length === 0 ? (
            <Text size="sm">No equipment is installed at this building.</Text>
          ) : (
            // Native checkboxes: Mantine's Checkbox would be split into a chunk the walkabout editor shares (its budget is full).
            <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
              <Text component="legend" size="sm" fw={500}>
                Equipment <span aria-hidden="true" style={{ color: 'var(--mantine-color-error)' }}>*</span>
              </Text>
              <Stack gap={6} mt={6}>
                {page.data.equipment.map((equipment) => (
                  <label key={equipment.id} style={{ display: 'flex', gap: 10, alignItems: 'center', minHeight: 24, fontSize: 'var(--mantine-font-size-sm)' }}>
                    <input
                      type="checkbox"
                      style={{ width: 18, height: 18, margin: 0 }}
                      checked={equipmentIds.includes(equipment.id)}
                      onChange={(event) => {
                        const checked = event.currentTarget.checked;
                        setEquipmentIds((current) => (checked ? [...current, equipment.id] : current.filter((id) => id !== equipment.id)));
                      }}
                    />
                    {equipment.displayName}
                  </label>
                ))}
              </Stack>
            </fieldset>
          )}
          {problem && (
            <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle />} title="No report">
              {problem}
            </Alert>
          )}
          <Button onClick={download} disabled={!canDownload} loading={busy}>
            Download
          </Button>
          <Text size="sm" c="dimmed">
            Choose a start date and at least one equipment. The PDF opens in a new tab.
          </Text>
        </Stack>
      )}
    </ReportPage>
  );
}
