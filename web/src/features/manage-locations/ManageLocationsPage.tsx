import { useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ActionIcon, Alert, Button, Center, Container, EmptyState, Group, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { locationRights, moveItem, STALE_EDIT_MESSAGE, STALE_ORDER_MESSAGE, type LocationRights } from '@fsi/shared';
import { useManageLocationsPageQuery, useManageLocationsViewerQuery } from './ManageLocationsPage.generated';
import { TopBar } from '../../ui/TopBar';
import { DragHandle, dragInstructions, SortableList, useSortableRow } from '../../ui/Sortable';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconCircleCheck, IconPencil, IconPlus, IconQrcode, IconSearch, IconSettings, IconTrash } from '../../ui/icons';
import { AssignQrCodeSheet } from '../qr-codes/AssignQrCodeSheet';
import { NoSuchBuilding, ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { LocationModal } from './LocationModal';
import { useLocationMutations, type SavedLocation } from './useLocationMutations';
import { ConfirmDeleteModal } from '../../ui/ConfirmDeleteModal';

export const deleteLocationQuestion = (name: string) => `You are going to delete '${name}' location. Are you sure?`;
export const MANAGE_LOCATIONS_HELP =
  'Locations are listed by floor. Drag a location, or move it up or down, to change the order inspectors walk them in; edit it to change its equipment and their secondary data, or give it a QR code.';
const DRAG_INSTRUCTIONS = dragInstructions('location', ' within its floor');

type Open = { kind: 'add' } | { kind: 'edit'; location: SavedLocation } | { kind: 'delete'; location: SavedLocation } | { kind: 'qr'; location: SavedLocation } | null;

/** Said instead of asking the server, whose FORBIDDEN would end the session. */
function NotYours() {
  return (
    <Center py="xl">
      <EmptyState icon={<IconSettings size={28} />} withIndicatorBackground title="Not available" description="Only administrators, organization users and region users manage locations." />
    </Center>
  );
}

/**
 * /manage/building/{buildingId}/locations, optional ?floorId= (admin-organizations-buildings.md sections 2 and 4-8):
 * the building's locations grouped by floor, with the floor filter, Add Location, and per row the order (up and down
 * buttons, by keyboard as well as by pointer), edit, delete and the QR code. Admins, organization users and region
 * users only: the others are told so before anything is asked of the server.
 */
export function ManageLocationsPage() {
  const { buildingId = '' } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const floorFilter = searchParams.get('floorId');
  const viewerQuery = useManageLocationsViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const allowed = viewer ? viewer.isAdmin || viewer.organization !== null : false;
  const rights = locationRights(viewer?.isAdmin ?? false, {
    canCreateLocation: false,
    canUpdateLocation: false,
    canDeleteLocation: false,
    canManageSecondaryData: false,
    canManageOrganization: false,
    canManageBuildings: false,
    canAssignQrCode: false,
    ...viewer?.permissions,
  });
  const { data, loading, error, refetch } = useManageLocationsPageQuery({
    variables: { buildingId },
    skip: !allowed,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const { deleteLocation, reorderLocations } = useLocationMutations();
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<{ color: 'green' | 'orange' | 'red'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const building = data?.building;
  const floors = useMemo(() => [...(building?.floors ?? [])].sort((a, b) => a.order - b.order), [building?.floors]);
  // floorId preselects the floor once the floors have arrived; an unknown one shows every floor.
  const selectedFloor = floors.some((f) => f.id === floorFilter) ? floorFilter : null;
  const locations = building?.locations.nodes ?? [];
  const byFloor = floors
    .filter((f) => !selectedFloor || f.id === selectedFloor)
    .map((floor) => ({ floor, rows: locations.filter((l) => l.floorId === floor.id).sort((a, b) => a.order - b.order || Number(a.id) - Number(b.id)) }))
    .filter((group) => group.rows.length > 0);

  const reload = () => void refetch().catch(() => undefined);

  /** Moves a location within its floor, by its buttons (one place) or by dragging it (any place). */
  async function move(rows: SavedLocation[], index: number, to: number) {
    if (to === index || to < 0 || to >= rows.length) return;
    const moved = rows[index]!;
    const next = moveItem(rows, index, to);
    // Orders are recalculated on the floor, and only the locations whose order changed are sent.
    const moves = next.flatMap((l, order) => (l.order === order ? [] : [{ id: l.id, order, version: l.version }]));
    if (!moves.length) return;
    setBusy(true);
    const result = await reorderLocations(buildingId, moves);
    setBusy(false);
    if (result.status === 'saved') return setNotice({ color: 'green', text: `${moved.name} moved ${to < index ? 'up' : 'down'}.` });
    if (result.status === 'stale') {
      setNotice({ color: 'orange', text: STALE_ORDER_MESSAGE });
      return reload();
    }
    if (result.status === 'refused') return setNotice({ color: 'red', text: result.errors.map((e) => e.message).join(' ') });
    if (result.status === 'failed') setNotice({ color: 'red', text: result.message });
  }

  async function confirmDelete(location: SavedLocation) {
    setBusy(true);
    const result = await deleteLocation(location.id);
    setBusy(false);
    setOpen(null);
    if (result.status === 'saved') return setNotice({ color: 'green', text: `${location.name} deleted.` });
    if (result.status === 'refused') return setNotice({ color: 'red', text: result.errors.map((e) => e.message).join(' ') });
    if (result.status === 'failed') setNotice({ color: 'red', text: result.message });
  }

  return (
    <>
      <TopBar title="Manage Locations" back={{ label: 'Buildings', to: '/buildings' }} />
      <Container size={960} w="100%" p="md">
        <Stack gap="md">
          {viewerQuery.loading && !viewer && <ReportsLoading label="Loading locations" />}
          {viewer && !allowed && <NotYours />}
          {allowed && error && !building && <ReportsLoadError title="The locations could not be loaded" onRetry={reload} />}
          {allowed && loading && !data && <ReportsLoading label="Loading locations" />}
          {allowed && data && !building && <NoSuchBuilding />}
          {building && (
            <>
              <Stack gap={4}>
                {/* The page title is the top bar's; the building is this page's heading. */}
                <Title order={1} size="h3">
                  {building.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {MANAGE_LOCATIONS_HELP}
                </Text>
              </Stack>
              {notice && (
                <Alert
                  role={notice.color === 'green' ? 'status' : 'alert'}
                  color={notice.color}
                  variant="light"
                  icon={notice.color === 'green' ? <IconCircleCheck /> : <IconAlertTriangle />}
                  withCloseButton
                  closeButtonLabel="Dismiss"
                  onClose={() => setNotice(null)}
                >
                  {notice.text}
                </Alert>
              )}
              <Group justify="space-between" align="flex-end" gap="sm">
                <Select
                  label="Floor"
                  placeholder="Select Floor"
                  clearable
                  data={floors.map((f) => ({ value: f.id, label: f.name }))}
                  value={selectedFloor}
                  onChange={(value) => {
                    const next = new URLSearchParams(searchParams);
                    if (value) next.set('floorId', value);
                    else next.delete('floorId');
                    setSearchParams(next, { replace: true });
                  }}
                  style={{ flex: '1 1 14rem', maxWidth: '20rem' }}
                />
                {rights.create && (
                  <Button leftSection={<IconPlus size={18} />} onClick={() => setOpen({ kind: 'add' })} aria-haspopup="dialog">
                    Add Location
                  </Button>
                )}
              </Group>
              {byFloor.length === 0 && (
                <Center py="xl">
                  <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" description={rights.create ? 'Add a location with Add Location.' : undefined} />
                </Center>
              )}
              {byFloor.map(({ floor, rows }) => (
                <Stack key={floor.id} gap="xs" component="section" aria-labelledby={`floor-${floor.id}`}>
                  <Title order={2} size="h5" id={`floor-${floor.id}`}>
                    {floor.name}
                  </Title>
                  <SortableList items={rows} instructions={DRAG_INSTRUCTIONS} disabled={!rights.reorder || busy} onMove={(from, to) => void move(rows, from, to)}>
                    <Table.ScrollContainer minWidth={340}>
                      <Table striped withTableBorder verticalSpacing="xs" aria-labelledby={`floor-${floor.id}`}>
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>Location</Table.Th>
                            <Table.Th visibleFrom="sm">Equipment</Table.Th>
                            <Table.Th style={{ width: '1%' }}>
                              <VisuallyHidden>Actions</VisuallyHidden>
                            </Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody aria-busy={busy}>
                          {rows.map((location, index) => (
                            <LocationRow
                              key={location.id}
                              location={location}
                              first={index === 0}
                              last={index === rows.length - 1}
                              rights={rights}
                              busy={busy}
                              onMove={(by) => void move(rows, index, index + by)}
                              onOpen={(kind) => setOpen({ kind, location })}
                            />
                          ))}
                        </Table.Tbody>
                      </Table>
                    </Table.ScrollContainer>
                  </SortableList>
                </Stack>
              ))}
            </>
          )}
        </Stack>
      </Container>

      {building && (open?.kind === 'add' || open?.kind === 'edit') && (
        <LocationModal
          buildingId={buildingId}
          floors={floors}
          equipmentChoices={building.equipmentChoices}
          location={open.kind === 'edit' ? open.location : null}
          floorId={selectedFloor}
          rights={rights}
          onSaved={(location, assignQrCode) => {
            setNotice({ color: 'green', text: `${location.name} saved.` });
            setOpen(assignQrCode ? { kind: 'qr', location } : null);
          }}
          onStale={() => {
            setOpen(null);
            setNotice({ color: 'orange', text: STALE_EDIT_MESSAGE });
            reload();
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'delete' && (
        <ConfirmDeleteModal opened title="Delete Location" question={deleteLocationQuestion(open.location.name)} deleting={busy} onConfirm={() => void confirmDelete(open.location)} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'qr' && <AssignQrCodeSheet buildingId={buildingId} location={open.location} onClose={() => setOpen(null)} />}
    </>
  );
}

type RowProps = {
  location: SavedLocation;
  first: boolean;
  last: boolean;
  rights: LocationRights;
  busy: boolean;
  onMove(by: -1 | 1): void;
  onOpen(kind: 'edit' | 'qr' | 'delete'): void;
};

/** One location of a floor's table: its drag handle (pointer, touch or keyboard), its move buttons and its actions. */
function LocationRow({ location, first, last, rights, busy, onMove, onOpen }: RowProps) {
  const { rowRef, rowStyle, handle } = useSortableRow(location, !rights.reorder || busy, { translateOnly: true });
  return (
    <Table.Tr ref={rowRef} style={rowStyle}>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          {rights.reorder && <DragHandle {...handle} />}
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
              {location.name}
            </Text>
            {location.hint && (
              <Text size="xs" c="dimmed">
                {location.hint}
              </Text>
            )}
            {/* On a phone the equipment goes under the name, so that the actions stay in view. */}
            <Text size="xs" hiddenFrom="sm">
              {location.equipment.map((e) => e.name).join(', ')}
            </Text>
          </div>
        </Group>
      </Table.Td>
      <Table.Td visibleFrom="sm">
        <Text size="sm">{location.equipment.map((e) => e.name).join(', ')}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          {rights.reorder && (
            <>
              <ActionIcon variant="subtle" aria-label={`Move ${location.name} up`} disabled={busy || first} onClick={() => onMove(-1)}>
                <IconArrowUp size={18} />
              </ActionIcon>
              <ActionIcon variant="subtle" aria-label={`Move ${location.name} down`} disabled={busy || last} onClick={() => onMove(1)}>
                <IconArrowDown size={18} />
              </ActionIcon>
            </>
          )}
          {rights.edit && (
            <ActionIcon variant="subtle" aria-label={`Edit ${location.name}`} aria-haspopup="dialog" onClick={() => onOpen('edit')}>
              <IconPencil size={18} />
            </ActionIcon>
          )}
          {rights.assignQrCode && (
            <ActionIcon variant="subtle" aria-label={`Assign QR code to ${location.name}`} aria-haspopup="dialog" onClick={() => onOpen('qr')}>
              <IconQrcode size={18} />
            </ActionIcon>
          )}
          {rights.delete && (
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${location.name}`} aria-haspopup="dialog" onClick={() => onOpen('delete')}>
              <IconTrash size={18} />
            </ActionIcon>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
