import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { useApolloClient } from '@apollo/client/react';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { QR_BATCH_MAX, QR_BATCH_MIN, qrCountError } from '@fsi/shared';
import { UnassignedQrCodeSheetDocument, useUnassignedQrCodesAccessQuery, useUnassignedQrCodesPageQuery, type UnassignedQrCodeSheetQuery, type UnassignedQrCodeSheetQueryVariables } from './UnassignedQrCodesPage.generated';
import type { OperationContext } from '../../lib/apollo/client';
import { TopBar } from '../../ui/TopBar';
import { IconAlertTriangle, IconCircleCheck } from '../../ui/icons';
import { displayDateTime } from '../reports/reportDates';
import { ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { NoQrResults, Pager, QrAdministratorsOnly } from './QrStates';
import { qrCodesGeneratedMessage, useGenerateQrCodes } from './useGenerateQrCodes';
import { usePrintSheet } from './usePrintSheet';
import classes from './qrCodes.module.css';

export const UNASSIGNED_PAGE_SIZE = 50;

/**
 * /manage/organization/{organizationId}/qrcodes, Unassigned QR codes (admin-organizations-buildings.md sections 2, 5,
 * 6 and 9; administrators only): the organization's codes not yet given to a location, newest first, each with its
 * image; a batch of 1 to 50 new ones; Print opens the PDF sheet of them all, to stick on locations and assign later.
 * The viewer is read first: the list answers FORBIDDEN to everyone else, which would end the session.
 */
export function UnassignedQrCodesPage() {
  const { organizationId = '' } = useParams();
  const client = useApolloClient();
  const access = useUnassignedQrCodesAccessQuery();
  const isAdmin = access.data?.viewer.isAdmin ?? false;
  const [page, setPage] = useState(1);
  const list = useUnassignedQrCodesPageQuery({
    variables: { organizationId, page, pageSize: UNASSIGNED_PAGE_SIZE },
    skip: !isAdmin,
    fetchPolicy: 'cache-and-network',
  });
  const organization = list.data?.organization;
  const codes = list.data?.unassignedQrCodes;
  const pages = codes ? Math.max(1, Math.ceil(codes.pageInfo.totalCount / UNASSIGNED_PAGE_SIZE)) : 1;
  const printer = usePrintSheet(async () => {
    const { data } = await client.query<UnassignedQrCodeSheetQuery, UnassignedQrCodeSheetQueryVariables>({
      query: UnassignedQrCodeSheetDocument,
      variables: { organizationId },
      fetchPolicy: 'network-only',
      context: { handlesErrors: true } satisfies OperationContext,
    });
    return data?.unassignedQrCodeSheet;
  });
  const error = access.error ?? list.error;
  const missing = Boolean(list.data && !organization);

  const printButton =
    isAdmin && organization ? (
      <Button size="compact-sm" variant="light" onClick={printer.print} loading={printer.printing} disabled={!codes || codes.nodes.length === 0}>
        Print
      </Button>
    ) : null;

  return (
    <>
      <TopBar
        title="QR Codes"
        back={{ label: organization?.name ?? 'Back', to: `/manage/organization/${organizationId}` }}
        actions={printButton}
      />
      <Stack gap="md" className={classes.page}>
        <Title order={2} size="h3" className={classes.heading}>
          Unassigned QR codes
        </Title>
        {error && !list.data && (
          <ReportsLoadError title="The QR codes could not be loaded" onRetry={() => void (access.data ? list.refetch() : access.refetch())} />
        )}
        {!error && (access.loading || list.loading) && !list.data && <ReportsLoading label="Loading QR codes" />}
        {access.data && !isAdmin && <QrAdministratorsOnly />}
        {missing && <NoQrResults description="This organization does not exist." />}
        {organization && codes && (
          <>
            <Text size="sm" c="dimmed">
              Codes printed ahead of time for {organization.name}. Stick one on a location, then assign it from the building&apos;s QR codes list.
            </Text>
            <GenerateForm organizationId={organizationId} onGenerated={() => setPage(1)} />
            {printer.printing && (
              <Text size="sm" role="status" aria-label="Making the QR code sheet">
                Making the QR code sheet… It opens in a new tab.
              </Text>
            )}
            {printer.problem && (
              <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle />} title="No sheet to print" withCloseButton closeButtonLabel="Dismiss" onClose={printer.dismissProblem}>
                {printer.problem}
              </Alert>
            )}
            {codes.nodes.length === 0 ? (
              <NoQrResults description="Generate a batch to print codes ahead of time." />
            ) : (
              <>
                <Text size="sm" c="dimmed" aria-live="polite">
                  {codes.pageInfo.totalCount} unassigned {codes.pageInfo.totalCount === 1 ? 'code' : 'codes'}, newest first
                </Text>
                <ul className={classes.grid} aria-label="Unassigned QR codes">
                  {codes.nodes.map((code) => (
                    <li key={code.id}>
                      <Card withBorder radius="md" padding="sm" className={classes.tile}>
                        <img src={code.qrImageUrl} alt={`QR code ${code.uuid}`} className={classes.tileCode} loading="lazy" width={120} height={120} />
                        <Text className={classes.uuid}>{code.uuid}</Text>
                        <Text size="xs" c="dimmed">
                          Made {displayDateTime(code.createdAt)}
                        </Text>
                      </Card>
                    </li>
                  ))}
                </ul>
                <Pager page={page} pages={pages} hasNextPage={codes.pageInfo.hasNextPage} busy={list.loading} onPage={setPage} />
              </>
            )}
          </>
        )}
      </Stack>
    </>
  );
}

function GenerateForm({ organizationId, onGenerated }: { organizationId: string; onGenerated(): void }) {
  const { generate, busy } = useGenerateQrCodes(organizationId);
  const [count, setCount] = useState('');
  const [touched, setTouched] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const shownError = fieldError ?? (touched ? qrCountError(count) : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    setFailure(null);
    setDone(null);
    const result = await generate(count);
    if (result.status === 'invalid') {
      setFieldError(result.message);
      return;
    }
    if (result.status === 'failed') {
      setFailure(result.message);
      return;
    }
    setDone(qrCodesGeneratedMessage(result.count));
    setCount('');
    setTouched(false);
    onGenerated();
  };

  return (
    <Card withBorder radius="md" padding="md">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <TextInput
            label="QR codes number"
            description={`How many new codes to make, ${QR_BATCH_MIN} to ${QR_BATCH_MAX}.`}
            required
            inputMode="numeric"
            autoComplete="off"
            value={count}
            error={shownError}
            onChange={(event) => {
              setCount(event.currentTarget.value);
              setTouched(true);
              setFieldError(null);
              setDone(null);
            }}
            maw={360}
          />
          <Group>
            <Button type="submit" loading={busy}>
              Generate
            </Button>
          </Group>
          {failure && (
            <Alert role="alert" color="red" variant="light">
              {failure}
            </Alert>
          )}
          {done && (
            <Alert role="status" color="green" variant="light" icon={<IconCircleCheck />}>
              {done}
            </Alert>
          )}
        </Stack>
      </form>
    </Card>
  );
}
