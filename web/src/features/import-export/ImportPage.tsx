import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Container, FileInput, Group, List, Progress, Select, Stack, Text, Title } from '@mantine/core';
import { BUILDINGS_IMPORT_CAUTION, IMPORT_ERRORS_HEADING, IMPORT_FILE_MAX_BYTES, IMPORT_ROWS_ADVISED } from '@fsi/shared/import-export';
import { useDataTransferOrganizationsQuery, useDataTransferViewerQuery, useImportJobQuery, type ImportJob_JobFragment } from './ImportPage.generated';
import type { DataSetType } from '../../generated/schema';
import { TopBar } from '../../ui/TopBar';
import { IconAlertTriangle, IconCircleCheck } from '../../ui/icons';
import { ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { AdministratorsOnly } from '../settings/SettingsPage';
import { DATA_SET_OPTIONS } from './dataSets';
import { useImportData } from './useImportData';

/** Section 9: report generation is polled each second; an import's progress is read at the same pace. */
export const IMPORT_POLL_MS = 1000;
export const NOT_CSV_MESSAGE = 'Choose a CSV file (.csv).';
export const FILE_TOO_LARGE_MESSAGE = `The file is larger than ${IMPORT_FILE_MAX_BYTES / 1024 / 1024} MB.`;

const isCsv = (file: File) => /\.csv$/i.test(file.name);

type Sheet =
  | { step: 'form' }
  | { step: 'running'; jobId: string; first: ImportJob_JobFragment }
  | { step: 'refused'; messages: string[] };

/**
 * /settings/import, the import sheet (admin-organizations-buildings.md sections 2, 5 and 8; administrators only): the
 * organization, the data set and a CSV file; then the progress (rows done of the total), and the success messages or
 * the list headed 'Please correct the following errors and retry.' with a Close button, which returns to the form
 * with what was chosen kept. A buildings import first cautions about active walkabouts.
 */
export function ImportPage() {
  const viewer = useDataTransferViewerQuery();
  const isAdmin = viewer.data?.viewer.isAdmin ?? false;
  const organizations = useDataTransferOrganizationsQuery({ skip: !isAdmin });
  const [organizationId, setOrganizationId] = useState<string | null>(null);
  const [type, setType] = useState<DataSetType | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [sheet, setSheet] = useState<Sheet>({ step: 'form' });
  const startImport = useImportData();

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setFileError(chosen && !isCsv(chosen) ? NOT_CSV_MESSAGE : chosen && chosen.size > IMPORT_FILE_MAX_BYTES ? FILE_TOO_LARGE_MESSAGE : null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!organizationId || !type || !file || fileError || sending) return;
    setSending(true);
    setFailure(null);
    const result = await startImport(type, organizationId, file);
    setSending(false);
    if (result.status === 'started') setSheet({ step: 'running', jobId: result.job.id, first: result.job });
    else if (result.status === 'refused') setSheet({ step: 'refused', messages: result.messages });
    else if (result.status === 'failed') setFailure(result.message);
  };

  const close = () => setSheet({ step: 'form' });
  const organizationOptions = (organizations.data?.organizations.nodes ?? []).map((o) => ({ value: o.id, label: o.name }));

  return (
    <>
      <TopBar title="Import" back={{ label: 'Settings', to: '/settings' }} />
      <Container size={720} w="100%" p="md">
        <Stack gap="md">
          {viewer.loading && !viewer.data && <ReportsLoading label="Loading the import" />}
          {viewer.data && !isAdmin && <AdministratorsOnly />}
          {isAdmin && organizations.error && !organizations.data && (
            <ReportsLoadError title="The organizations could not be loaded" onRetry={() => void organizations.refetch().catch(() => undefined)} />
          )}
          {isAdmin && organizations.loading && !organizations.data && <ReportsLoading label="Loading organizations" />}
          {isAdmin && organizations.data && sheet.step === 'form' && (
            <form onSubmit={(event) => void submit(event)} noValidate aria-label="Import a CSV file">
              <Stack gap="md">
                <Text size="sm" c="dimmed">
                  CSV files in UTF-8 with the columns of an export of the same type; fewer than {IMPORT_ROWS_ADVISED} rows are advised. An import is all or nothing: a
                  file with a problem changes nothing.
                </Text>
                <Select
                  label="Organization"
                  placeholder="Select Organization"
                  data={organizationOptions}
                  value={organizationId}
                  onChange={setOrganizationId}
                  searchable
                  required
                  nothingFoundMessage="No results found"
                />
                <Select label="Type" placeholder="Select Type" data={DATA_SET_OPTIONS} value={type} onChange={(value) => setType(value as DataSetType | null)} required />
                {type === 'BUILDINGS' && (
                  <Alert color="orange" variant="light" icon={<IconAlertTriangle />} title="Caution" role="alert">
                    {BUILDINGS_IMPORT_CAUTION}
                  </Alert>
                )}
                <FileInput label="CSV file" placeholder="Choose a .csv file" accept=".csv,text/csv" value={file} onChange={chooseFile} error={fileError} required clearable clearButtonProps={{ 'aria-label': 'Clear the CSV file' }} />
                {failure && (
                  <Alert color="red" variant="light" icon={<IconAlertTriangle />} role="alert">
                    {failure}
                  </Alert>
                )}
                <Group justify="flex-end">
                  <Button type="submit" loading={sending} disabled={!organizationId || !type || !file || fileError !== null}>
                    Import
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
          {sheet.step === 'running' && <ImportProgress jobId={sheet.jobId} first={sheet.first} onClose={close} />}
          {sheet.step === 'refused' && <ImportProblems messages={sheet.messages} onClose={close} />}
        </Stack>
      </Container>
    </>
  );
}

/** The running import, read each second until it ends; then its messages or its problems. */
function ImportProgress({ jobId, first, onClose }: { jobId: string; first: ImportJob_JobFragment; onClose: () => void }) {
  const { data, error, stopPolling } = useImportJobQuery({
    variables: { id: jobId },
    pollInterval: IMPORT_POLL_MS,
    fetchPolicy: 'network-only',
  });
  const job = data?.importJob ?? first;
  const finished = job.status === 'SUCCEEDED' || job.status === 'FAILED';
  useEffect(() => {
    if (finished) stopPolling();
  }, [finished, stopPolling]);
  if (job.status === 'SUCCEEDED') {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" icon={<IconCircleCheck />} title="Import finished" role="status">
          <List size="sm">
            {job.messages.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List>
        </Alert>
        <Group justify="flex-end">
          <Button onClick={onClose}>Close</Button>
        </Group>
      </Stack>
    );
  }
  if (job.status === 'FAILED') {
    return <ImportProblems messages={job.problems.length ? job.problems.map((p) => p.text) : [job.failure ?? '']} onClose={onClose} />;
  }
  const percent = job.rowsTotal ? Math.round((job.rowsDone / job.rowsTotal) * 100) : 0;
  return (
    <Stack gap="xs" role="status" aria-live="polite">
      <Title order={2} size="h4">
        Importing…
      </Title>
      <Progress value={percent} size="lg" animated aria-label="Rows imported" />
      <Text size="sm">
        {job.rowsDone} of {job.rowsTotal} rows
      </Text>
      {error && (
        <Text size="sm" c="dimmed">
          The progress could not be read; trying again.
        </Text>
      )}
    </Stack>
  );
}

function ImportProblems({ messages, onClose }: { messages: string[]; onClose: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" icon={<IconAlertTriangle />} title={IMPORT_ERRORS_HEADING} role="alert">
        <List size="sm" spacing={4}>
          {messages.map((message, index) => (
            <List.Item key={`${index}:${message}`}>{message}</List.Item>
          ))}
        </List>
      </Alert>
      <Group justify="flex-end">
        <Button onClick={onClose}>Close</Button>
      </Group>
    </Stack>
  );
}
