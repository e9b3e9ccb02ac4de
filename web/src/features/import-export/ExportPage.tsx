import { useState } from 'react';
import { Alert, Anchor, Button, Container, Group, Select, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { useApolloClient } from '@apollo/client';
import { ExportDataDocument, useExportBuildingsQuery, type ExportDataQuery, type ExportDataQueryVariables } from './ExportPage.generated';
import { useDataTransferOrganizationsQuery, useDataTransferViewerQuery } from './ImportPage.generated';
import type { DataSetType } from '../../generated/schema';
import { TopBar } from '../../ui/TopBar';
import { IconAlertTriangle, IconCircleCheck } from '../../ui/icons';
import { ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { AdministratorsOnly } from '../settings/SettingsPage';
import { BUILDINGS_LOAD_FAILED_MESSAGE, DATA_SET_OPTIONS } from './dataSets';
import { classifyError } from '../../lib/apollo/runMutation';

export const EXPORT_FAILED_MESSAGE = 'The export could not be made. Check your connection and try again.';
const ALL_BUILDINGS = '';

/** Hands the CSV to the browser as a download (the text already starts with its byte-order mark). */
function download(filename: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * /settings/export: choose the organization and the data set, download its CSV; /settings/export/buildings: the
 * buildings of an organization, all or one (administrators only). One screen for both paths, so one lazy chunk.
 */
export function ExportPage() {
  const { pathname } = useLocation();
  return <Export key={pathname} buildingsOnly={pathname.replace(/\/$/, '').endsWith('/buildings')} />;
}

function Export({ buildingsOnly }: { buildingsOnly: boolean }) {
  const viewer = useDataTransferViewerQuery();
  const isAdmin = viewer.data?.viewer.isAdmin ?? false;
  const organizations = useDataTransferOrganizationsQuery({ skip: !isAdmin });
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const [type, setType] = useState<DataSetType | null>(buildingsOnly ? 'BUILDINGS' : null);
  const [buildingId, setBuildingId] = useState<string>(ALL_BUILDINGS);
  const [result, setResult] = useState<{ ok: true; text: string } | { ok: false; text: string } | null>(null);
  const buildings = useExportBuildingsQuery({ variables: { organizationId: organizationId ?? '' }, skip: !isAdmin || !organizationId || type !== 'BUILDINGS' });
  const client = useApolloClient();
  const [loading, setLoading] = useState(false);

  const run = async () => {
    if (!organizationId || !type) return;
    setResult(null);
    setLoading(true);
    try {
      // A one-off read (the CSV is not kept in the cache): the client's query rather than a lazy query hook.
      const answer = await client.query<ExportDataQuery, ExportDataQueryVariables>({
        query: ExportDataDocument,
        variables: { type, organizationId, id: type === 'BUILDINGS' && buildingId !== ALL_BUILDINGS ? buildingId : null },
        fetchPolicy: 'no-cache',
        context: { handlesErrors: true },
      });
      const file = answer.data?.exportData;
      if (!file) {
        setResult({ ok: false, text: 'No results found' });
        return;
      }
      download(file.filename, file.csv);
      setResult({ ok: true, text: `${file.filename}: ${file.rowsCount} ${file.rowsCount === 1 ? 'row' : 'rows'}.` });
    } catch (error) {
      if (classifyError(error).status !== 'signedOut') setResult({ ok: false, text: EXPORT_FAILED_MESSAGE });
    } finally {
      setLoading(false);
    }
  };

  const organizationOptions = (organizations.data?.organizations.nodes ?? []).map((o) => ({ value: o.id, label: o.name }));
  const buildingOptions = [{ value: ALL_BUILDINGS, label: 'All buildings' }, ...(buildings.data?.buildings.nodes ?? []).map((b) => ({ value: b.id, label: b.name }))];

  return (
    <>
      <TopBar title={buildingsOnly ? 'Export Buildings' : 'Export'} back={{ label: 'Settings', to: '/settings' }} />
      <Container size={720} w="100%" p="md">
        <Stack gap="md">
          {viewer.loading && !viewer.data && <ReportsLoading label="Loading the export" />}
          {viewer.data && !isAdmin && <AdministratorsOnly />}
          {isAdmin && organizations.error && !organizations.data && (
            <ReportsLoadError title="The organizations could not be loaded" onRetry={() => void organizations.refetch().catch(() => undefined)} />
          )}
          {isAdmin && organizations.loading && !organizations.data && <ReportsLoading label="Loading organizations" />}
          {isAdmin && organizations.data && (
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                A CSV file in UTF-8, which Import takes back into this or another organization.
                {!buildingsOnly && (
                  <>
                    {' '}
                    To export one building, use{' '}
                    <Anchor component={Link} to="/settings/export/buildings" underline="always">
                      Export Buildings
                    </Anchor>
                    .
                  </>
                )}
              </Text>
              <Select
                label="Organization"
                placeholder="Select Organization"
                data={organizationOptions}
                value={organizationId}
                onChange={(value) => {
                  setOrganizationId(value);
                  setBuildingId(ALL_BUILDINGS);
                }}
                searchable
                required
                nothingFoundMessage="No results found"
              />
              {!buildingsOnly && <Select label="Type" placeholder="Select Type" data={DATA_SET_OPTIONS} value={type} onChange={(value) => setType(value as DataSetType | null)} required />}
              {type === 'BUILDINGS' && organizationId && (
                <Select
                  label="Building"
                  data={buildingOptions}
                  value={buildingId}
                  onChange={(value) => setBuildingId(value ?? ALL_BUILDINGS)}
                  searchable
                  disabled={buildings.loading && !buildings.data}
                  error={buildings.error && !buildings.data ? BUILDINGS_LOAD_FAILED_MESSAGE : undefined}
                  nothingFoundMessage="No results found"
                />
              )}
              {type === 'BUILDINGS' && organizationId && buildings.error && !buildings.data && (
                <Group>
                  <Button variant="light" size="xs" loading={buildings.loading} onClick={() => void buildings.refetch().catch(() => undefined)}>
                    Load the buildings again
                  </Button>
                </Group>
              )}
              {result && (
                <Alert color={result.ok ? 'green' : 'red'} variant="light" icon={result.ok ? <IconCircleCheck /> : <IconAlertTriangle />} role={result.ok ? 'status' : 'alert'}>
                  {result.text}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button onClick={() => void run()} loading={loading} disabled={!organizationId || !type}>
                  Download CSV
                </Button>
              </Group>
            </Stack>
          )}
        </Stack>
      </Container>
    </>
  );
}
