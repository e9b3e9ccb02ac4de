import { useEffect, useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { ActionIcon, Alert, Anchor, Badge, Button, Card, Center, Container, EmptyState, Group, Loader, Select, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { moveItem } from '@fsi/shared';
import { BUILDING_TYPES_HELP_TEXT, canChangeBuildingStatuses, canViewBuildingTypes, EQUIPMENT_STATES, equipmentStateLabel, isEquipmentState, matchesEquipmentState, REPORT_IN_PROGRESS_MESSAGE, REPORT_POLL_INTERVAL_MS } from '@fsi/shared/suspensions';
import {
  useBuildingTypesPageQuery,
  useBuildingTypesViewerQuery,
  useTypesReportPollQuery,
  type BuildingTypes_LocationFragment,
  type BuildingTypes_TypeFragment,
} from './BuildingTypesPage.generated';
import { TopBar } from '../../ui/TopBar';
import { DragHandle, dragInstructions, SortableList, useSortableRow } from '../../ui/Sortable';
import { IconArrowDown, IconArrowUp, IconReport, IconSearch } from '../../ui/icons';
import { ScreenNotice, ScreenStates, type Notice } from '../../ui/ScreenStates';
import { ShortNameModal } from './ShortNameModal';
import { useBuildingStatus, useReorderBuildingTypes, type StatusResult } from './useSuspensionMutations';
import { usePrintTypes } from './usePrintTypes';

type Location = BuildingTypes_LocationFragment;
type EquipmentType = BuildingTypes_TypeFragment;
type Row = { id: string; name: string; equipmentId: string; typeOrder: number };

export const STATUS_OPTIONS = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'PAUSED', label: 'Paused' },
];

/** What a type's status reads as: Inactive and Paused set at organization level cannot be changed here. */
export function statusLabel(type: Pick<EquipmentType, 'status' | 'buildingLevelStatus' | 'suspensionShortName'>): string {
  if (type.status === 'DISABLED') return 'Inactive';
  if (type.status === 'PAUSED') return 'Paused on organization level';
  if (type.buildingLevelStatus === 'PAUSED') return type.suspensionShortName ? `Paused (${type.suspensionShortName})` : 'Paused';
  return 'Active';
}

/**
 * /manage/building/{buildingId}/equipments, Manage Types at building level (admin-organizations-buildings.md sections
 * 2-8): the building's types grouped by location, narrowed by Location, Type and State (kept in the URL: locationId,
 * typeId, state; backUrl leads back). Administrators and building managers pause a type at the building (the Assign
 * Short Name modal) or set it active again, and rearrange the types of a location by dragging (pointer, touch or
 * keyboard) or with Move up / Move down; only the types whose place changed are saved. 'Print Types' makes a PDF of
 * what is shown.
 */
export function BuildingTypesPage() {
  const { buildingId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const viewerQuery = useBuildingTypesViewerQuery();
  const phone = useMediaQuery('(max-width: 47.99em)');
  const viewer = viewerQuery.data?.viewer;
  const allowed = viewer ? canViewBuildingTypes({ isAdmin: viewer.isAdmin, organizationId: viewer.organization?.id }, viewer.permissions) : false;
  const canChange = viewer ? canChangeBuildingStatuses(viewer.isAdmin, viewer.permissions) : false;
  // Section 6: building-level status changes and type reorder, administrators and users who manage buildings.
  const canReorder = canChange;
  const { data, loading, error, refetch } = useBuildingTypesPageQuery({ variables: { buildingId }, skip: !allowed, fetchPolicy: 'cache-and-network' });
  const building = data?.building;
  const reload = () => void refetch().catch(() => undefined);

  const locationId = params.get('locationId') || null;
  const typeId = params.get('typeId') || null;
  const stateParam = params.get('state');
  const state = isEquipmentState(stateParam) ? stateParam : null;
  const backUrl = params.get('backUrl');
  const setFilter = (name: 'locationId' | 'typeId' | 'state', value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  const typeById = useMemo(() => new Map((building?.equipmentTypes ?? []).map((t) => [t.equipmentTypeId, t])), [building?.equipmentTypes]);
  const locations = useMemo(() => {
    const floorOrder = new Map((building?.floors ?? []).map((f) => [f.id, f.order]));
    return [...(building?.locations.nodes ?? [])].sort(
      (a, b) => (floorOrder.get(a.floorId) ?? 0) - (floorOrder.get(b.floorId) ?? 0) || a.order - b.order || Number(a.id) - Number(b.id),
    );
  }, [building?.floors, building?.locations.nodes]);
  const floorName = useMemo(() => new Map((building?.floors ?? []).map((f) => [f.id, f.name])), [building?.floors]);
  const statesOf = (location: string, equipment: string) => (building?.equipmentStates ?? []).filter((s) => s.locationId === location && s.equipmentId === equipment);
  const narrowed = Boolean(typeId || state);

  const [notice, setNotice] = useState<Notice | null>(null);
  const [pausing, setPausing] = useState<EquipmentType | null>(null);
  const [busy, setBusy] = useState(false);
  const status = useBuildingStatus(buildingId);
  const reorder = useReorderBuildingTypes(buildingId);
  const printing = usePrintTypes(buildingId);

  const said = (result: StatusResult) => {
    if (result.status === 'refused') setNotice({ color: 'red', text: result.errors.map((e) => e.message).join(' ') });
    if (result.status === 'failed') setNotice({ color: 'red', text: result.message });
  };

  const changeStatus = async (type: EquipmentType, value: string | null) => {
    setNotice(null);
    if (value === 'PAUSED' && type.buildingLevelStatus !== 'PAUSED') return setPausing(type);
    if (value === 'ACTIVE' && type.suspensionId) {
      setBusy(true);
      said(await status.resumeType(type.suspensionId));
      setBusy(false);
    }
  };

  const arrange = async (location: Location, rows: Row[]) => {
    setNotice(null);
    setBusy(true);
    const moves = rows.flatMap((row, index) => (row.typeOrder === index ? [] : [{ locationId: location.id, equipmentId: row.equipmentId, typeOrder: index, version: location.version }]));
    const result = await reorder(moves);
    setBusy(false);
    if (result.status === 'refused' && result.errors.some((e) => e.code === 'STALE')) {
      setNotice({ color: 'orange', text: result.errors.find((e) => e.code === 'STALE')!.message });
      return reload();
    }
    said(result);
  };

  const shown = locations
    .filter((location) => !locationId || location.id === locationId)
    .map((location) => ({
      location,
      rows: [...location.equipment]
        .sort((a, b) => a.typeOrder - b.typeOrder || Number(a.id) - Number(b.id))
        .filter((e) => (!typeId || e.equipmentId === typeId) && matchesEquipmentState(state, statesOf(location.id, e.equipmentId).map((s) => s.state.toLowerCase())))
        .map((e) => ({ id: e.id, name: e.name, equipmentId: e.equipmentId, typeOrder: e.typeOrder })),
    }))
    .filter((group) => group.rows.length > 0);

  return (
    <>
      <TopBar
        title="Manage Types"
        back={backUrl && backUrl.startsWith('/') ? { label: 'Back', to: backUrl } : { label: 'Building Settings', to: `/manage/building/${buildingId}` }}
        actions={
          building ? (
            phone ? (
              // On a phone the title needs the room: the action keeps its name for screen readers and a tooltip.
              <Tooltip label="Print Types">
                <ActionIcon
                  size="lg"
                  variant="filled"
                  aria-label="Print Types"
                  loading={printing.state.kind === 'generating'}
                  onClick={() => void printing.print({ locationId, typeId, state })}
                >
                  <IconReport size={18} />
                </ActionIcon>
              </Tooltip>
            ) : (
              <Button
                size="xs"
                leftSection={<IconReport size={16} />}
                loading={printing.state.kind === 'generating'}
                onClick={() => void printing.print({ locationId, typeId, state })}
              >
                Print Types
              </Button>
            )
          ) : null
        }
      />
      <Container size={960} w="100%" p="md">
        <Stack gap="md">
          <ScreenStates
            subject="types" viewer={viewer} viewerLoading={viewerQuery.loading} allowed={allowed} data={data} loading={loading} error={error} found={building} onRetry={reload}
            notAvailable="Types are managed by administrators and by the users of the building's organization."
            notFound="There is no such building, or it is not one of yours."
          />
          {building && (
            <>
              <div>
                <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                  {building.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {BUILDING_TYPES_HELP_TEXT}
                </Text>
              </div>
              <Group gap="sm" align="flex-end" wrap="wrap">
                <Select
                  label="Location"
                  placeholder="All locations"
                  clearable
                  searchable
                  data={locations.map((l) => ({ value: l.id, label: `${l.name} (${floorName.get(l.floorId) ?? ''})` }))}
                  value={locationId}
                  onChange={(value) => setFilter('locationId', value)}
                  style={{ flex: '1 1 200px' }}
                />
                <Select
                  label="Type"
                  placeholder="All types"
                  clearable
                  searchable
                  data={(building.equipmentTypes ?? []).map((t) => ({ value: t.equipmentTypeId, label: t.name }))}
                  value={typeId}
                  onChange={(value) => setFilter('typeId', value)}
                  style={{ flex: '1 1 200px' }}
                />
                <Select
                  label="State"
                  placeholder="All states"
                  clearable
                  data={EQUIPMENT_STATES.map((s) => ({ value: s.value, label: s.label }))}
                  value={state}
                  onChange={(value) => setFilter('state', value)}
                  style={{ flex: '1 1 160px' }}
                />
              </Group>
              <PrintStatus printing={printing} />
              <ScreenNotice notice={notice} onClose={() => setNotice(null)} />
              {canReorder && narrowed && (
                <Text size="sm" c="dimmed">
                  Clear the Type and State filters to rearrange the types of a location.
                </Text>
              )}
              {shown.length === 0 ? (
                <Center py="xl">
                  <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" />
                </Center>
              ) : (
                shown.map(({ location, rows }) => (
                  <LocationTypes
                    key={location.id}
                    buildingId={buildingId}
                    location={location}
                    floor={floorName.get(location.floorId) ?? ''}
                    rows={rows}
                    typeById={typeById}
                    statesOf={(equipmentId) => statesOf(location.id, equipmentId)}
                    canChange={canChange}
                    canReorder={canReorder && !narrowed}
                    busy={busy}
                    onMove={(from, to) => void arrange(location, moveItem(rows, from, to))}
                    onStatus={(type, value) => void changeStatus(type, value)}
                  />
                ))
              )}
            </>
          )}
        </Stack>
      </Container>
      {pausing && building && (
        <ShortNameModal
          what={`Pause ${pausing.name} at ${building.name}.`}
          existing={building.suspensionShortNames}
          onSave={async (suspension) => {
            const result = await status.pauseType(pausing.equipmentTypeId, suspension);
            if (result.status === 'saved') setPausing(null);
            return result;
          }}
          onCancel={() => setPausing(null)}
        />
      )}
    </>
  );
}

type GroupProps = {
  buildingId: string;
  location: Location;
  floor: string;
  rows: Row[];
  typeById: Map<string, EquipmentType>;
  statesOf(equipmentId: string): ReadonlyArray<{ cycleName: string; state: string }>;
  canChange: boolean;
  canReorder: boolean;
  busy: boolean;
  onMove(from: number, to: number): void;
  onStatus(type: EquipmentType, value: string | null): void;
};

function LocationTypes({ buildingId, location, floor, rows, typeById, statesOf, canChange, canReorder, busy, onMove, onStatus }: GroupProps) {
  return (
    <Card withBorder radius="md" padding="sm" component="section" aria-labelledby={`location-${location.id}`}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} size="h5" id={`location-${location.id}`} style={{ overflowWrap: 'anywhere' }}>
          {location.name}
        </Title>
        <Text size="sm" c="dimmed">
          {floor}
        </Text>
      </Group>
      <SortableList items={rows} instructions={dragInstructions('type', ' within its location')} disabled={!canReorder || busy} onMove={onMove}>
        <Stack component="ol" gap={6} aria-label={`Types at ${location.name}`} aria-busy={busy} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((row, index) => (
            <TypeRow
              key={row.id}
              tasksUrl={`/manage/building/${buildingId}/tasks?equipmentId=${row.equipmentId}`}
              row={row}
              type={typeById.get(row.equipmentId)}
              states={statesOf(row.equipmentId)}
              first={index === 0}
              last={index === rows.length - 1}
              canChange={canChange}
              canReorder={canReorder}
              busy={busy}
              onUp={() => onMove(index, index - 1)}
              onDown={() => onMove(index, index + 1)}
              onStatus={onStatus}
            />
          ))}
        </Stack>
      </SortableList>
    </Card>
  );
}

type RowProps = {
  tasksUrl: string;
  row: Row;
  type: EquipmentType | undefined;
  states: ReadonlyArray<{ cycleName: string; state: string }>;
  first: boolean;
  last: boolean;
  canChange: boolean;
  canReorder: boolean;
  busy: boolean;
  onUp(): void;
  onDown(): void;
  onStatus(type: EquipmentType, value: string | null): void;
};

function TypeRow({ tasksUrl, row, type, states, first, last, canChange, canReorder, busy, onUp, onDown, onStatus }: RowProps) {
  const { rowRef, rowStyle, isDragging, handle } = useSortableRow(row, !canReorder || busy);
  const fixed = !type || type.status !== 'ACTIVE';
  const stateText = states.length ? states.map((s) => `${s.cycleName}: ${equipmentStateLabel(s.state.toLowerCase())}`).join(' · ') : equipmentStateLabel(null);
  return (
    <li ref={rowRef} style={{ ...rowStyle, background: isDragging ? 'var(--mantine-color-body)' : undefined }}>
      <Group gap="sm" wrap="wrap" py={4} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        {canReorder && <DragHandle {...handle} />}
        <Stack gap={0} style={{ flex: '1 1 180px', minWidth: 0 }}>
          <Anchor component={Link} to={tasksUrl} fw={600} style={{ overflowWrap: 'anywhere' }}>
            {row.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {stateText}
          </Text>
        </Stack>
        {canChange && type && !fixed ? (
          <Select
            aria-label={`Status of ${row.name}`}
            data={STATUS_OPTIONS}
            value={type.buildingLevelStatus}
            allowDeselect={false}
            disabled={busy}
            onChange={(value) => onStatus(type, value)}
            w={130}
            size="xs"
          />
        ) : (
          <Badge variant="light" color={type && type.status === 'ACTIVE' && type.buildingLevelStatus === 'ACTIVE' ? 'green' : 'gray'} aria-label={`Status of ${row.name}: ${type ? statusLabel(type) : 'Unknown'}`}>
            {type ? statusLabel(type) : 'Unknown'}
          </Badge>
        )}
        {canReorder && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" aria-label={`Move ${row.name} up`} disabled={first || busy} onClick={onUp}>
              <IconArrowUp size={18} />
            </ActionIcon>
            <ActionIcon variant="subtle" aria-label={`Move ${row.name} down`} disabled={last || busy} onClick={onDown}>
              <IconArrowDown size={18} />
            </ActionIcon>
          </Group>
        )}
      </Group>
    </li>
  );
}

/** The report's progress: polled each second while it is made, then opened in a new tab (with a link, should the browser block it). */
function PrintStatus({ printing }: { printing: ReturnType<typeof usePrintTypes> }) {
  const { state, setState } = printing;
  if (state.kind === 'idle') return null;
  if (state.kind === 'failed') {
    return (
      <Alert role="alert" color="red" variant="light" withCloseButton closeButtonLabel="Dismiss" onClose={() => setState({ kind: 'idle' })}>
        {state.message}
      </Alert>
    );
  }
  if (state.kind === 'ready') {
    return (
      <Alert color="green" variant="light" withCloseButton closeButtonLabel="Dismiss" onClose={() => setState({ kind: 'idle' })}>
        The types report is ready.{' '}
        <Anchor href={state.pdfUrl} target="_blank" rel="noopener">
          Open the PDF
        </Anchor>
      </Alert>
    );
  }
  return <ReportProgress identificator={state.identificator} onDone={setState} />;
}

function ReportProgress({ identificator, onDone }: { identificator: string; onDone: ReturnType<typeof usePrintTypes>['setState'] }) {
  const { data, error } = useTypesReportPollQuery({
    variables: { identificator },
    skip: !identificator,
    pollInterval: REPORT_POLL_INTERVAL_MS,
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: false,
  });
  const report = data?.typesReport;
  useEffect(() => {
    if (error) return onDone({ kind: 'failed', message: 'The types report could not be checked. Check your connection and try again.' });
    if (!data) return;
    if (!report) return onDone({ kind: 'failed', message: 'The types report asked for could not be found.' });
    if (report.status === 'FAILED') return onDone({ kind: 'failed', message: report.error ?? 'The types report could not be generated.' });
    if (report.status === 'READY' && report.pdfUrl) {
      window.open(report.pdfUrl, '_blank', 'noopener');
      onDone({ kind: 'ready', pdfUrl: report.pdfUrl });
    }
  }, [data, report, error, onDone]);
  return (
    <Group gap="sm" wrap="nowrap" role="status">
      <Loader size="sm" aria-hidden="true" />
      <Text size="sm">{REPORT_IN_PROGRESS_MESSAGE}</Text>
    </Group>
  );
}
