import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ActionIcon, Button, Card, Center, Container, EmptyState, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { moveItem } from '@fsi/shared';
import { canManageOrganizationTypes, canViewOrganizationTypes, EQUIPMENT_TYPE_STATUS_LABELS } from '@fsi/shared/equipment-types';
import { useManageTypesPageQuery, useManageTypesViewerQuery, type ManageTypes_TypeFragment } from './ManageTypesPage.generated';
import type { EquipmentStatus } from '../../generated/schema';
import { TopBar } from '../../ui/TopBar';
import { DragHandle, dragInstructions, SortableList, useSortableRow, type SortableRowProps } from '../../ui/Sortable';
import { IconArrowDown, IconArrowUp, IconPencil, IconSettings } from '../../ui/icons';
import { AddButton, ScreenNotice, ScreenStates, type Notice } from '../../ui/ScreenStates';
import { TypeModal } from './TypeModal';
import { OverridesModal } from './OverridesModal';
import { useReorderEquipmentTypes, useSetEquipmentTypeStatus } from './useTypeMutations';

type EquipmentType = ManageTypes_TypeFragment;
type Open = { kind: 'add' } | { kind: 'edit'; id: string } | { kind: 'overrides'; id: string } | null;

const byOrder = (a: EquipmentType, b: EquipmentType) => a.order - b.order || Number(a.id) - Number(b.id);
const STATUSES: EquipmentStatus[] = ['ACTIVE', 'PAUSED', 'DISABLED'];
const label = (status: EquipmentStatus) => EQUIPMENT_TYPE_STATUS_LABELS[status.toLowerCase() as 'active' | 'paused' | 'disabled'];

/**
 * /manage/organization/{organizationId}/types, Manage Types at organization level (admin-organizations-buildings.md
 * sections 2, 4-6): the organization's equipment types in order. Administrators and organization managers add types,
 * edit their components and tasks groups, set the 'Override Conditions' of a group, change a type's status (Active,
 * Paused, Inactive) or disable it, and rearrange the list by dragging a handle (Space and the arrows with a keyboard,
 * announced to screen readers) or with Move up / Move down. Everyone else of the organization sees the list read-only.
 */
export function ManageTypesPage() {
  const { organizationId = '' } = useParams();
  const viewerQuery = useManageTypesViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const allowed = viewer
    ? (viewer.isAdmin || viewer.organization?.id === organizationId) && canViewOrganizationTypes({ isAdmin: viewer.isAdmin, organizationId: viewer.organization?.id }, viewer.permissions)
    : false;
  const canManage = viewer ? canManageOrganizationTypes(viewer.isAdmin, viewer.permissions) : false;
  const { data, loading, error, refetch } = useManageTypesPageQuery({ variables: { organizationId }, skip: !allowed, fetchPolicy: 'cache-and-network' });
  const organization = data?.organization;
  const stored = useMemo(() => [...(organization?.equipmentTypes ?? [])].sort(byOrder), [organization?.equipmentTypes]);
  const [arranged, setArranged] = useState<EquipmentType[] | null>(null);
  const types = arranged ?? stored;
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [saving, setSaving] = useState(false);
  const reorder = useReorderEquipmentTypes();
  const setStatus = useSetEquipmentTypeStatus();
  const reload = () => void refetch().catch(() => undefined);

  const arrange = async (next: EquipmentType[]) => {
    setNotice(null);
    setArranged(next);
    setSaving(true);
    const result = await reorder(next);
    setSaving(false);
    setArranged(null);
    if (result.status === 'signedOut' || result.status === 'saved') return;
    if (result.status === 'failed') return setNotice({ color: 'red', text: result.message });
    setNotice({ color: result.stale ? 'orange' : 'red', text: result.errors.map((e) => e.message).join(' ') });
    reload();
  };

  const changeStatus = async (type: EquipmentType, status: EquipmentStatus) => {
    if (status === type.status) return;
    setNotice(null);
    setSaving(true);
    const result = await setStatus(type.id, status, type.version);
    setSaving(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'saved') return setNotice({ color: 'green', text: `${type.name} is now ${label(status)}.` });
    if (result.status === 'failed') return setNotice({ color: 'red', text: result.message });
    setNotice({ color: result.stale ? 'orange' : 'red', text: result.errors.map((e) => e.message).join(' ') });
    if (result.stale) reload();
  };

  const move = (from: number, to: number) => void arrange(moveItem(types, from, to));
  const opened = open && open.kind !== 'add' ? types.find((type) => type.id === open.id) : undefined;

  return (
    <>
      <TopBar
        title="Types"
        back={{ label: 'Organization Settings', to: `/manage/organization/${organizationId}` }}
        actions={
          canManage && organization ? <AddButton label="Add Type" onClick={() => setOpen({ kind: 'add' })} /> : null
        }
      />
      <Container size={960} w="100%" p="md">
        <Stack gap="md">
          <ScreenStates
            subject="types" viewer={viewer} viewerLoading={viewerQuery.loading} allowed={allowed} data={data} loading={loading} error={error} found={organization} onRetry={reload}
            notAvailable="Types are managed by administrators and by the users of the organization."
            notFound="This organization does not exist or is not yours to see."
          />
          {organization && (
            <>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {organization.name}
              </Text>
              <ScreenNotice notice={notice} onClose={() => setNotice(null)} />
              {types.length === 0 ? (
                <Center py="xl">
                  <EmptyState icon={<IconSettings size={28} />} withIndicatorBackground title="No results found" description={canManage ? 'Add a type with the Add Type button.' : undefined} />
                </Center>
              ) : (
                <SortableList items={types} instructions={dragInstructions('type')} disabled={!canManage || saving} onMove={move}>
                  <Stack component="ol" gap="xs" aria-label="Types list" aria-busy={saving} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                    {types.map((type, index) => (
                      <TypeRow
                        key={type.id}
                        type={type}
                        first={index === 0}
                        last={index === types.length - 1}
                        canManage={canManage}
                        busy={saving}
                        onUp={() => move(index, index - 1)}
                        onDown={() => move(index, index + 1)}
                        onEdit={() => setOpen({ kind: 'edit', id: type.id })}
                        onOverrides={() => setOpen({ kind: 'overrides', id: type.id })}
                        onStatus={(status) => void changeStatus(type, status)}
                      />
                    ))}
                  </Stack>
                </SortableList>
              )}
            </>
          )}
        </Stack>
      </Container>
      {organization && (open?.kind === 'add' || (open?.kind === 'edit' && opened)) && (
        <TypeModal
          organizationId={organizationId}
          type={open.kind === 'edit' ? opened! : null}
          taskGroups={organization.taskGroups}
          onSaved={(name) => {
            setOpen(null);
            setNotice({ color: 'green', text: `${name} saved.` });
          }}
          onStale={reload}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'overrides' && opened && (
        <OverridesModal
          type={opened}
          canManage={canManage}
          onSaved={() => {
            setOpen(null);
            setNotice({ color: 'green', text: `The override conditions of ${opened.name} are saved.` });
          }}
          onStale={reload}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}

type RowProps = SortableRowProps & { type: EquipmentType; onOverrides(): void; onStatus(status: EquipmentStatus): void };

function TypeRow({ type, first, last, canManage, busy, onUp, onDown, onEdit, onOverrides, onStatus }: RowProps) {
  const { rowRef, rowStyle, isDragging, handle } = useSortableRow(type, !canManage || busy);
  const groups = type.components.reduce((sum, component) => sum + component.taskGroups.length, 0);
  const disabled = type.status === 'DISABLED';
  return (
    <li ref={rowRef} style={rowStyle}>
      <Card withBorder radius="md" padding="sm" shadow={isDragging ? 'md' : undefined}>
        <Group gap="sm" wrap="wrap" justify="space-between">
          <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 220px', minWidth: 0 }}>
            {canManage && <DragHandle {...handle} size="lg" />}
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} c={disabled ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
                {type.name}
                {type.aliasName ? ` (${type.aliasName})` : ''}
              </Text>
              <Text size="sm" c="dimmed">
                {type.components.filter((c) => !c.implicit).length} components · {groups} {groups === 1 ? 'tasks group' : 'tasks groups'}
              </Text>
            </Stack>
          </Group>
          <Group gap={4} wrap="wrap">
            {canManage && (
              <>
                <ActionIcon variant="subtle" size="lg" aria-label={`Move ${type.name} up`} disabled={first || busy} onClick={onUp}>
                  <IconArrowUp size={18} />
                </ActionIcon>
                <ActionIcon variant="subtle" size="lg" aria-label={`Move ${type.name} down`} disabled={last || busy} onClick={onDown}>
                  <IconArrowDown size={18} />
                </ActionIcon>
              </>
            )}
            {canManage && (
              <ActionIcon variant="subtle" size="lg" aria-label={`Edit ${type.name}`} aria-haspopup="dialog" onClick={onEdit}>
                <IconPencil size={18} />
              </ActionIcon>
            )}
            <Button variant="subtle" size="xs" aria-haspopup="dialog" aria-label={`Override conditions of ${type.name}`} onClick={onOverrides} disabled={groups === 0}>
              Override conditions
            </Button>
            {canManage ? (
              <>
                <NativeSelect
                  aria-label={`Status of ${type.name}`}
                  size="xs"
                  value={type.status}
                  disabled={busy}
                  data={STATUSES.map((status) => ({ value: status, label: label(status) }))}
                  onChange={(event) => onStatus(event.currentTarget.value as EquipmentStatus)}
                />
                <Button size="xs" variant="light" color={disabled ? 'green' : 'red'} disabled={busy} aria-label={`${disabled ? 'Enable' : 'Disable'} ${type.name}`} onClick={() => onStatus(disabled ? 'ACTIVE' : 'DISABLED')}>
                  {disabled ? 'Enable' : 'Disable'}
                </Button>
              </>
            ) : (
              <Text size="sm" aria-label={`Status of ${type.name}`}>
                {type.statusDisplayName}
              </Text>
            )}
          </Group>
        </Group>
      </Card>
    </li>
  );
}
