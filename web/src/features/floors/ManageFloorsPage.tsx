import { useMemo, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ActionIcon, Anchor, Card, Center, Container, EmptyState, Group, Stack, Text } from '@mantine/core';
import { canManageFloors, canViewFloors, FLOORS_PAGE_DESCRIPTION, floorDisplayName, moveItem } from '@fsi/shared';
import { useManageFloorsPageQuery, useManageFloorsViewerQuery, type ManageFloors_FloorFragment } from './ManageFloorsPage.generated';
import { TopBar } from '../../ui/TopBar';
import { DragHandle, dragInstructions, SortableList, useSortableRow, type SortableRowProps } from '../../ui/Sortable';
import { IconArrowDown, IconArrowUp, IconPencil, IconSearch } from '../../ui/icons';
import { AddButton, ScreenNotice, ScreenStates, type Notice } from '../../ui/ScreenStates';
import { FloorModal } from './FloorModal';
import { useReorderFloors } from './useFloorMutations';

type Floor = ManageFloors_FloorFragment;
type Open = { kind: 'add' } | { kind: 'edit'; floor: Floor } | null;

const byOrder = (a: Floor, b: Floor) => a.order - b.order || Number(a.id) - Number(b.id);

/**
 * /manage/building/{buildingId}/floors (admin-organizations-buildings.md sections 2, 4-6): the building's floors in
 * order, each leading to its locations. Administrators and building managers add and rename floors and rearrange them,
 * by dragging a floor's handle (pointer or touch; with the keyboard, Space picks it up and the arrows move it, announced
 * to screen readers) or with its Move up / Move down buttons. Only the floors whose place changed are saved; when
 * someone else changed the order first, nothing is saved, the screen says so and shows the latest order.
 */
export function ManageFloorsPage() {
  const { buildingId = '' } = useParams();
  const viewerQuery = useManageFloorsViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const allowed = viewer ? canViewFloors({ isAdmin: viewer.isAdmin, organizationId: viewer.organization?.id }, viewer.permissions) : false;
  const canManage = viewer ? canManageFloors(viewer.isAdmin, viewer.permissions) : false;
  const { data, loading, error, refetch } = useManageFloorsPageQuery({ variables: { buildingId }, skip: !allowed, fetchPolicy: 'cache-and-network' });
  const building = data?.building;
  const label = floorDisplayName(building?.floorDisplayName);
  const stored = useMemo(() => [...(building?.floors ?? [])].sort(byOrder), [building?.floors]);
  /** The arrangement being saved, shown until the saved order comes back. */
  const [arranged, setArranged] = useState<Floor[] | null>(null);
  const floors = arranged ?? stored;
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [saving, setSaving] = useState(false);
  const reorder = useReorderFloors();
  const reload = () => void refetch().catch(() => undefined);

  const arrange = async (next: Floor[]) => {
    setNotice(null);
    setArranged(next);
    setSaving(true);
    const result = await reorder(next);
    setSaving(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'saved') {
      setArranged(null);
      return;
    }
    // Nothing of the arrangement was saved: the stored order comes back, read again when someone else changed it.
    setArranged(null);
    if (result.status === 'stale') {
      setNotice({ color: 'orange', text: result.message });
      reload();
      return;
    }
    setNotice({ color: 'red', text: result.message });
  };

  const move = (from: number, to: number) => void arrange(moveItem(floors, from, to));

  return (
    <>
      <TopBar
        title={label}
        back={{ label: 'Building Settings', to: `/manage/building/${buildingId}` }}
        actions={
          canManage && building ? <AddButton label={`Add ${label}`} onClick={() => setOpen({ kind: 'add' })} /> : null
        }
      />
      <Container size={880} w="100%" p="md">
        <Stack gap="md">
          <ScreenStates
            subject="floors" viewer={viewer} viewerLoading={viewerQuery.loading} allowed={allowed} data={data} loading={loading} error={error} found={building} onRetry={reload}
            notAvailable="Floors are managed by administrators and by the users of the building's organization."
            notFound="There is no such building, or it is not one of yours."
          />
          {building && (
            <>
              <div>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {building.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {FLOORS_PAGE_DESCRIPTION}
                </Text>
              </div>
              <ScreenNotice notice={notice} onClose={() => setNotice(null)} />
              {floors.length === 0 ? (
                <Center py="xl">
                  <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" description={canManage ? `Add a ${label.toLowerCase()} with the Add ${label} button.` : undefined} />
                </Center>
              ) : (
                <SortableList items={floors} instructions={dragInstructions(label.toLowerCase())} disabled={!canManage || saving} onMove={move}>
                  <Stack component="ol" gap="xs" aria-label={`${label} list`} aria-busy={saving} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                    {floors.map((floor, index) => (
                      <FloorRow
                        key={floor.id}
                        floor={floor}
                        buildingId={buildingId}
                        first={index === 0}
                        last={index === floors.length - 1}
                        canManage={canManage}
                        busy={saving}
                        onUp={() => move(index, index - 1)}
                        onDown={() => move(index, index + 1)}
                        onEdit={() => setOpen({ kind: 'edit', floor })}
                      />
                    ))}
                  </Stack>
                </SortableList>
              )}
            </>
          )}
        </Stack>
      </Container>
      {open && building && (
        <FloorModal
          buildingId={buildingId}
          label={label}
          // The floor as last read: after a stale save the floors are read again, and the next save goes over the new version.
          floor={open.kind === 'edit' ? (floors.find((floor) => floor.id === open.floor.id) ?? open.floor) : null}
          onSaved={(name) => {
            setOpen(null);
            setNotice({ color: 'green', text: `${name} saved.` });
          }}
          onStale={reload}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

type RowProps = SortableRowProps & { floor: Floor; buildingId: string };

function FloorRow({ floor, buildingId, first, last, canManage, busy, onUp, onDown, onEdit }: RowProps) {
  const { rowRef, rowStyle, isDragging, handle } = useSortableRow(floor, !canManage || busy);
  return (
    <li ref={rowRef} style={rowStyle}>
      <Card withBorder radius="md" padding="sm" shadow={isDragging ? 'md' : undefined}>
        <Group gap="sm" wrap="nowrap">
          {canManage && <DragHandle {...handle} size="lg" />}
          <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
            <Anchor component={Link} to={`/manage/building/${buildingId}/locations?floorId=${floor.id}`} fw={600} style={{ overflowWrap: 'anywhere' }}>
              {floor.name}
            </Anchor>
            <Text size="sm" c="dimmed">
              {floor.locationsCount} {floor.locationsCount === 1 ? 'location' : 'locations'}
            </Text>
          </Stack>
          {canManage && (
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="subtle" size="lg" aria-label={`Move ${floor.name} up`} disabled={first || busy} onClick={onUp}>
                <IconArrowUp size={18} />
              </ActionIcon>
              <ActionIcon variant="subtle" size="lg" aria-label={`Move ${floor.name} down`} disabled={last || busy} onClick={onDown}>
                <IconArrowDown size={18} />
              </ActionIcon>
              <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${floor.name}`} aria-haspopup="dialog" onClick={onEdit}>
                <IconPencil size={18} />
              </ActionIcon>
            </Group>
          )}
        </Group>
      </Card>
    </li>
  );
}
