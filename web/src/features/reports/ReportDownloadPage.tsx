import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Anchor, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useReportDownloadPageQuery } from './ReportDownloadPage.generated';
import type { OperationContext } from '../../lib/apollo/client';
import { classifyFailure } from '../../lib/failure';
import { endRefusedSession } from '../../lib/session/refusal';
import { TopBar } from '../../ui/TopBar';
import { IconAlertTriangle } from '../../ui/icons';
import { reportIdOfDownloadUrl } from './reportDates';
import classes from './reports.module.css';

/** Where the browser goes to open the PDF: a separate function so tests can see it (jsdom does not navigate). */
export const openDownload = {
  go(url: string) {
    window.location.replace(url);
  },
};

/**
 * /reports/download?downloadUrl={the report's download URL path}: asks the API for the report's signed link, then
 * opens it in this window (the report lists open this route in a new one). A 401/403 sends the user to sign in and
 * back here (inspection.md section 8); anything else says what went wrong.
 */
export function ReportDownloadPage() {
  const [params] = useSearchParams();
  const reportId = reportIdOfDownloadUrl(params.get('downloadUrl'));
  const { data, error, refetch } = useReportDownloadPageQuery({
    variables: { id: reportId ?? '' },
    skip: reportId === null,
    fetchPolicy: 'network-only',
    // Said on this page rather than in the app's error banner; a refused session still ends (below).
    context: { handlesErrors: true } satisfies OperationContext,
  });
  const refused = error ? classifyFailure(error.graphQLErrors, error.networkError) : null;
  useEffect(() => {
    if (refused?.status === 'signedOut') endRefusedSession();
  }, [refused?.status]);
  const download = data?.walkaboutReportDownload;
  useEffect(() => {
    if (download) openDownload.go(download.downloadUrl);
  }, [download]);

  const failure =
    reportId === null
      ? 'This download link does not name a report.'
      : refused
        ? refused.status === 'refused'
          ? (refused.errors[0]?.message ?? 'The report could not be opened.')
          : 'The report could not be opened. Check your connection and try again.'
        : data && !download
          ? 'This report does not exist or is not yours to see.'
          : null;

  return (
    <>
      <TopBar title="Download Report" back={{ label: 'Buildings', to: '/buildings' }} />
      <Stack gap="md" className={classes.page}>
        {failure ? (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle />} title="The report could not be opened">
            <Group justify="space-between" gap="sm">
              <Text size="sm">{failure}</Text>
              {reportId !== null && error && (
                <Button size="xs" variant="white" color="red" onClick={() => void refetch()}>
                  Try again
                </Button>
              )}
            </Group>
          </Alert>
        ) : download ? (
          <Text role="status">
            Opening {download.filename}… If it does not open, <Anchor href={download.downloadUrl}>open the report</Anchor>.
          </Text>
        ) : (
          <Center py="xl" role="status" aria-label="Opening the report">
            <Loader />
          </Center>
        )}
      </Stack>
    </>
  );
}
