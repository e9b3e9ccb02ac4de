import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { useApolloClient } from '@apollo/client/react';
import { Alert, Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { BuildingQrCodeSheetDocument, useQrCodesAccessQuery, useQrCodesPageQuery, type BuildingQrCodeSheetQuery, type BuildingQrCodeSheetQueryVariables, type QrCodeRow_LocationFragment } from './QrCodesPage.generated';
import type { OperationContext } from '../../lib/apollo/client';
import { TopBar } from '../../ui/TopBar';
import { IconAlertTriangle, IconQrcode, IconSearch } from '../../ui/icons';
import { NoSuchBuilding, ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { AssignQrCodeSheet, locationTitle } from './AssignQrCodeSheet';
import { NoQrResults, Pager, QrAdministratorsOnly } from './QrStates';
import { usePrintSheet } from './usePrintSheet';
import classes from './qrCodes.module.css';

export const QR_LOCATIONS_PAGE_SIZE = 50;

/**
 * /buildings/{buildingId}/locations, the QR codes list (inspection.md sections 2 and 6; admin only): the building's
 * locations with their code, name, floor, hint, id and alias ids; the search takes a range of ids 'a-b', alias ids
 * '3, 7' or part of a name; Print opens the PDF sheet of the codes the search shows; each location can be given a new
 * sticker (Assign QR Code). The viewer is read first: the list answers FORBIDDEN to others, which would end the session.
 */
export function QrCodesPage() {
  const { buildingId = '' } = useParams();
  const client = useApolloClient();
  const access = useQrCodesAccessQuery({ variables: { buildingId } });
  const isAdmin = access.data?.viewer.isAdmin ?? false;
  const building = access.data?.building;
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [assigningId, setAssigningId] = useState<string | null>(null);
  const list = useQrCodesPageQuery({
    variables: { buildingId, search: search === '' ? null : search, page, pageSize: QR_LOCATIONS_PAGE_SIZE },
    skip: !isAdmin || !building,
    fetchPolicy: 'cache-and-network',
  });
  const locations = list.data?.locations;
  // The sheet's location as the list has it now: read again after a conflict, it names the code the location has.
  const assigning = assigningId ? locations?.nodes.find((location) => location.id === assigningId) : undefined;
  const pages = locations ? Math.max(1, Math.ceil(locations.pageInfo.totalCount / QR_LOCATIONS_PAGE_SIZE)) : 1;
  const printer = usePrintSheet(async () => {
    const { data } = await client.query<BuildingQrCodeSheetQuery, BuildingQrCodeSheetQueryVariables>({
      query: BuildingQrCodeSheetDocument,
      variables: { buildingId, search: search === '' ? null : search },
      fetchPolicy: 'network-only',
      context: { handlesErrors: true } satisfies OperationContext,
    });
    return data?.buildingQrCodeSheet;
  });
  const error = access.error ?? list.error;

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
    setPage(1);
    printer.dismissProblem();
  };

  const clearSearch = () => {
    setTyped('');
    setSearch('');
    setPage(1);
    printer.dismissProblem();
  };

  const printButton =
    isAdmin && building ? (
      <Button size="compact-sm" variant="light" onClick={printer.print} loading={printer.printing} disabled={!locations || locations.nodes.length === 0}>
        Print
      </Button>
    ) : null;

  return (
    <>
      <TopBar title="QR Codes" back={{ label: 'Buildings', to: '/buildings' }} actions={printButton} />
      <Stack gap="md" className={classes.page}>
        {building && (
          <Title order={2} size="h3" className={classes.heading}>
            {building.name}
          </Title>
        )}
        {error && !locations && (
          <ReportsLoadError title="The locations could not be loaded" onRetry={() => void (access.data ? list.refetch() : access.refetch())} />
        )}
        {!error && (access.loading || list.loading) && !locations && <ReportsLoading label="Loading locations" />}
        {access.data && !isAdmin && <QrAdministratorsOnly />}
        {access.data && isAdmin && !building && <NoSuchBuilding />}
        {isAdmin && building && (
          <>
            <form onSubmit={submitSearch} role="search" aria-label="Locations">
              {/* On a phone the buttons go under the field, which keeps the width its description needs. */}
              <Group align="flex-end" gap="xs" wrap="wrap">
                <TextInput
                  label="Search"
                  description={
                    <>
                      A range of ids such as <span className={classes.nowrap}>10-20</span>, alias ids such as{' '}
                      <span className={classes.nowrap}>3, 7</span>, or part of a name.
                    </>
                  }
                  value={typed}
                  onChange={(event) => setTyped(event.currentTarget.value)}
                  leftSection={<IconSearch size={16} />}
                  style={{ flex: '1 1 18rem' }}
                  autoComplete="off"
                />
                <Button type="submit">Search</Button>
                {search !== '' && (
                  <Button variant="default" onClick={clearSearch}>
                    Clear
                  </Button>
                )}
              </Group>
            </form>
            {printer.printing && (
              <Group gap="xs" role="status" aria-label="Making the QR code sheet">
                <Text size="sm">Making the QR code sheet… It opens in a new tab.</Text>
              </Group>
            )}
            {printer.problem && (
              <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle />} title="No sheet to print" withCloseButton closeButtonLabel="Dismiss" onClose={printer.dismissProblem}>
                {printer.problem}
              </Alert>
            )}
          </>
        )}
        {locations && locations.nodes.length === 0 && <NoQrResults description={search !== '' ? `No location matches '${search}'.` : 'This building has no locations yet.'} />}
        {locations && locations.nodes.length > 0 && (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {locations.pageInfo.totalCount} {locations.pageInfo.totalCount === 1 ? 'location' : 'locations'}
              {search !== '' ? ` matching '${search}'` : ''}
            </Text>
            <ul className={classes.list} aria-label="Locations">
              {locations.nodes.map((location) => (
                <li key={location.id}>
                  <LocationRow location={location} onAssign={() => setAssigningId(location.id)} />
                </li>
              ))}
            </ul>
            <Pager page={page} pages={pages} hasNextPage={locations.pageInfo.hasNextPage} busy={list.loading} onPage={setPage} />
          </>
        )}
      </Stack>
      {assigning && <AssignQrCodeSheet buildingId={buildingId} location={assigning} onClose={() => setAssigningId(null)} />}
    </>
  );
}

function LocationRow({ location, onAssign }: { location: QrCodeRow_LocationFragment; onAssign(): void }) {
  const name = locationTitle(location);
  return (
    <Card withBorder radius="md" padding="sm">
      <div className={classes.row}>
        <img src={location.qrImageUrl} alt={`QR code of ${name}`} className={classes.code} loading="lazy" width={104} height={104} />
        <Stack gap={6} className={classes.details}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} component="h3" size="md" m={0}>
              {name}
            </Text>
            {location.temporaryUuid && (
              <Badge variant="light" color="teal" leftSection={<IconQrcode size={12} />}>
                Sticker assigned
              </Badge>
            )}
          </Group>
          {location.label?.trim() && location.label.trim() !== location.name && (
            <Text size="sm" c="dimmed">
              {location.name}
            </Text>
          )}
          <dl className={classes.facts}>
            <div>
              <dt>Floor</dt>
              <dd>{location.floorName}</dd>
            </div>
            <div>
              <dt>ID</dt>
              <dd>{location.id}</dd>
            </div>
            {location.aliasIds.length > 0 && (
              <div>
                <dt>Alias</dt>
                <dd>{location.aliasIds.join(', ')}</dd>
              </div>
            )}
          </dl>
          {location.hint?.trim() && (
            <Text size="sm">
              <Text span fw={600}>
                Hint:
              </Text>{' '}
              {location.hint}
            </Text>
          )}
          <Group>
            <Button size="xs" variant="light" leftSection={<IconQrcode size={16} />} onClick={onAssign} aria-label={`Assign QR Code to ${name}`}>
              Assign QR Code
            </Button>
          </Group>
        </Stack>
      </div>
    </Card>
  );
}
