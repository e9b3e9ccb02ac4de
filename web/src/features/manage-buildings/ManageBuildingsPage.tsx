import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ActionIcon, Alert, Anchor, Button, Card, Center, Container, EmptyState, Group, Stack, Text } from '@mantine/core';
import { canManageOrganizationBuildings } from '@fsi/shared';
import { useManageBuildingsPageQuery, type ManageBuildings_BuildingFragment } from './ManageBuildingsPage.generated';
import { useOrganizationSettingsViewerQuery } from '../organization-settings/OrganizationSettingsPage.generated';
import { TopBar } from '../../ui/TopBar';
import { IconAlertTriangle, IconArrowDown, IconArrowUp, IconCircleCheck, IconPlus, IconSearch } from '../../ui/icons';
import { NotAvailable } from '../organization-settings/NotAvailable';
import { mayOpenBuildingsList, mayOpenOrganizationSettings } from '../organization-settings/settingsAccess';
import { ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { BuildingModal } from './BuildingModal';
import { useReorderBuildings } from './useReorderBuildings';
import { useSaveBuilding } from './useSaveBuilding';

type Building = ManageBuildings_BuildingFragment;
type Open = { kind: 'add' } | { kind: 'edit'; id: string } | null;
type Direction = 'up' | 'down';

/**
 * /manage/organization/{organizationId}/buildings, Manage Buildings (admin-organizations-buildings.md sections 2 and
 * 4-7): the buildings by order, an add/edit modal, and up/down buttons that reorder by mouse and keyboard alike (the
 * focus stays on the moved building's button). Adding, renaming and reordering are for administrators and
 * organization managers; the others read.
 */
export function ManageBuildingsPage() {
  const { organizationId = '' } = useParams();
  const viewerQuery = useOrganizationSettingsViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const allowed = viewer ? mayOpenBuildingsList(viewer, organizationId) : false;
  const canManage = viewer ? canManageOrganizationBuildings(viewer.isAdmin, viewer.permissions) : false;
  const { data, loading, error, refetch } = useManageBuildingsPageQuery({
    variables: { id: organizationId },
    skip: !allowed,
    fetchPolicy: 'cache-and-network',
  });
  const reload = useCallback(() => refetch(), [refetch]);
  const { save } = useSaveBuilding(organizationId, reload);
  const { move } = useReorderBuildings(organizationId, reload);
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);
  const [refocus, setRefocus] = useState<{ id: string; direction: Direction } | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const organization = data?.organization;
  const buildings = useMemo(() => organization?.buildings ?? [], [organization]);

  // After a move the row sits elsewhere: its button keeps the focus, or the other one when it reached an end.
  useEffect(() => {
    if (!refocus || moving) return;
    const index = buildings.findIndex((b) => b.id === refocus.id);
    const atEnd = refocus.direction === 'up' ? index === 0 : index === buildings.length - 1;
    const direction = atEnd ? (refocus.direction === 'up' ? 'down' : 'up') : refocus.direction;
    buttons.current.get(`${refocus.id}:${direction}`)?.focus();
    setRefocus(null);
  }, [refocus, moving, buildings]);

  const moveBuilding = async (index: number, direction: Direction) => {
    const building = buildings[index]!;
    setProblem(null);
    setNotice(null);
    setMoving(true);
    setRefocus({ id: building.id, direction });
    const result = await move(buildings, index, direction === 'up' ? -1 : 1);
    setMoving(false);
    if (result.status === 'stale' || result.status === 'failed') setProblem(result.message);
  };

  const editing = open?.kind === 'edit' ? (buildings.find((b) => b.id === open.id) ?? null) : null;
  const back = viewer && mayOpenOrganizationSettings(viewer, organizationId) ? { label: organization?.name ?? 'Organization', to: `/manage/organization/${organizationId}` } : { label: 'Buildings', to: '/buildings' };

  return (
    <>
      <TopBar
        title="Buildings"
        back={back}
        actions={
          canManage && allowed ? (
            <ActionIcon variant="subtle" size="lg" aria-label="Add Building" aria-haspopup="dialog" onClick={() => setOpen({ kind: 'add' })}>
              <IconPlus size={22} />
            </ActionIcon>
          ) : null
        }
      />
      <Container size={880} w="100%" p="md">
        <Stack gap="md">
          {viewerQuery.loading && !viewer && <ReportsLoading label="Loading buildings" />}
          {viewer && !allowed && <NotAvailable description="Only administrators and the organization's users who may see its settings or buildings can open this list." />}
          {notice && (
            <Alert role="status" color="green" variant="light" icon={<IconCircleCheck />} withCloseButton closeButtonLabel="Dismiss" onClose={() => setNotice(null)}>
              {notice}
            </Alert>
          )}
          {problem && (
            <Alert role="alert" color="orange" variant="light" icon={<IconAlertTriangle />} withCloseButton closeButtonLabel="Dismiss" onClose={() => setProblem(null)}>
              {problem}
            </Alert>
          )}
          {allowed && error && !data && <ReportsLoadError title="The buildings could not be loaded" onRetry={() => void refetch().catch(() => undefined)} />}
          {allowed && loading && !data && <ReportsLoading label="Loading buildings" />}
          {data && (!organization || buildings.length === 0) && (
            <Center py="xl">
              <EmptyState
                icon={<IconSearch size={28} />}
                withIndicatorBackground
                title="No results found"
                description={organization && canManage ? 'Add a building with the plus button.' : undefined}
              />
            </Center>
          )}
          {buildings.length > 0 && (
            <>
              {canManage && (
                <Text size="sm" c="dimmed">
                  Use the arrows to change the order in which buildings are listed.
                </Text>
              )}
              <Stack component="ol" gap="xs" aria-label="Buildings" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {buildings.map((building, index) => (
                  <li key={building.id}>
                    <BuildingRow
                      building={building}
                      first={index === 0}
                      last={index === buildings.length - 1}
                      canManage={canManage}
                      moving={moving}
                      buttonRef={(direction, element) => {
                        const key = `${building.id}:${direction}`;
                        if (element) buttons.current.set(key, element);
                        else buttons.current.delete(key);
                      }}
                      onMove={(direction) => void moveBuilding(index, direction)}
                      onEdit={() => setOpen({ kind: 'edit', id: building.id })}
                    />
                  </li>
                ))}
              </Stack>
            </>
          )}
        </Stack>
      </Container>

      {(open?.kind === 'add' || (open?.kind === 'edit' && editing)) && (
        <BuildingModal
          key={open.kind === 'edit' ? open.id : 'add'}
          organizationId={organizationId}
          building={editing}
          canManage={canManage}
          save={save}
          onSaved={(building) => {
            setOpen(null);
            setNotice(`${building.name} saved.`);
          }}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

type RowProps = {
  building: Building;
  first: boolean;
  last: boolean;
  canManage: boolean;
  moving: boolean;
  buttonRef(direction: Direction, element: HTMLButtonElement | null): void;
  onMove(direction: Direction): void;
  onEdit(): void;
};

function BuildingRow({ building, first, last, canManage, moving, buttonRef, onMove, onEdit }: RowProps) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Anchor component={Link} to={`/manage/building/${building.id}`} fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {building.name}
        </Anchor>
        <Group gap={4} wrap="nowrap">
          {canManage && (
            <>
              <ActionIcon
                ref={(element) => buttonRef('up', element)}
                variant="subtle"
                size="lg"
                aria-label={`Move ${building.name} up`}
                // aria-disabled rather than disabled while a move saves, so that the focused button keeps the focus.
                aria-disabled={first || moving || undefined}
                disabled={first}
                onClick={() => !moving && onMove('up')}
              >
                <IconArrowUp size={18} />
              </ActionIcon>
              <ActionIcon
                ref={(element) => buttonRef('down', element)}
                variant="subtle"
                size="lg"
                aria-label={`Move ${building.name} down`}
                aria-disabled={last || moving || undefined}
                disabled={last}
                onClick={() => !moving && onMove('down')}
              >
                <IconArrowDown size={18} />
              </ActionIcon>
            </>
          )}
          <Button size="xs" variant="default" onClick={onEdit} aria-label={`${canManage ? 'Edit' : 'View'} ${building.name}`} aria-haspopup="dialog">
            {canManage ? 'Edit' : 'View'}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
