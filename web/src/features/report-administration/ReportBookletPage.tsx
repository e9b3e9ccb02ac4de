import { useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { ActionIcon, Button, Card, Checkbox, Container, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { moveItem } from '@fsi/shared';
import { BOOKLET_DISPLAY_TYPE_LABELS, BOOKLET_DISPLAY_TYPES, NOT_ALLOWED_TO_ADD_BOOKLETS_MESSAGE, NOT_ALLOWED_TO_UPDATE_BOOKLETS_MESSAGE, validateBookletReports, withBookletReportAdded, withBookletReportRemoved, withBookletReportReplaced, type BookletDisplayType as DisplayTypeName, type BookletReports } from '@fsi/shared/report-administration';
import type { BookletDisplayType } from '../../generated/schema';
import { TopBar } from '../../ui/TopBar';
import { FormSheet, useFormSheetBinding, useFormSheetStatus, type FormSheetBinding } from '../../ui/FormSheet';
import { DragHandle, dragInstructions, SortableList, useSortableRow } from '../../ui/Sortable';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '../../ui/icons';
import { useReportBookletPageQuery, type ReportBookletPageQuery } from './ReportBookletPage.generated';
import { useReportAdministrationViewerQuery } from './reportAdministration.generated';
import { reportAccess } from './access';
import { useSaveReportBooklet } from './useReportMutations';
import { useReportForm } from './reportForm';
import { ScreenStates } from '../../ui/ScreenStates';
import { newSheetPath } from './newSheet';

type Booklet = NonNullable<ReportBookletPageQuery['reportBookletTemplate']>;
type Choice = { id: string; name: string };

/** The form's data: the booklet (none for a new one) and the organization's reports, asked only when the viewer may see booklets. */
function useBookletData(organizationId: string, reportBookletTemplateId: string | null) {
  const isNew = reportBookletTemplateId === null;
  const viewerQuery = useReportAdministrationViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const access = reportAccess(viewer, organizationId);
  const { data, loading, error, refetch } = useReportBookletPageQuery({
    variables: { id: reportBookletTemplateId ?? '0', organizationId, isNew },
    skip: !access.viewBooklets,
    fetchPolicy: 'cache-and-network',
  });
  const booklet = data?.reportBookletTemplate ?? null;
  const reload = () => void refetch().catch(() => undefined);
  const choices: Choice[] = (data?.organization?.reportDefinitions ?? []).map((d) => ({ id: d.id, name: d.name }));
  const states = (
    <ScreenStates
      subject="report booklet" viewer={viewer} viewerLoading={viewerQuery.loading} allowed={access.viewBooklets} data={data} loading={loading} error={error} found={isNew || booklet} onRetry={reload} loadingLabel="Loading the report booklet"
      notAvailable="Report booklets are managed by administrators and the users of the organization."
      notFound="This report booklet does not exist or is not yours to see."
    />
  );
  return { access, data, booklet, choices, reload, states };
}

/**
 * /manage/organization/{organizationId}/report-booklet/{reportBookletTemplateId} (section 2,
 * organizationsReportBookletsEditIndex): Name, Display Type, Template Name (administrators), the reports with Add New
 * Report, the primary report by the rules of section 4, Active. Read-only, with its message, for users who may not save
 * it. The former report-booklet/new address (with ?regionId=) leads to the booklets list, or the region's page, with the
 * New Booklet sheet open.
 */
export function ReportBookletPage() {
  const { organizationId = '', reportBookletTemplateId = 'new' } = useParams();
  const [search] = useSearchParams();
  if (reportBookletTemplateId === 'new') return <Navigate replace to={newSheetPath(organizationId, 'booklet', search.get('regionId'))} />;
  return <BookletEditPage key={reportBookletTemplateId} organizationId={organizationId} reportBookletTemplateId={reportBookletTemplateId} />;
}

function BookletEditPage({ organizationId, reportBookletTemplateId }: { organizationId: string; reportBookletTemplateId: string }) {
  const { access, data, booklet, choices, reload, states } = useBookletData(organizationId, reportBookletTemplateId);
  return (
    <>
      <TopBar title={booklet?.name ?? 'Report Booklet'} back={{ label: 'Report Booklets', to: `/manage/organization/${organizationId}/report-booklets` }} />
      <Container size={880} w="100%" p="md">
        <Stack gap="md">
          {states}
          {data && booklet && <BookletForm key={booklet.id} organizationId={organizationId} regionId={booklet.regionId} booklet={booklet} choices={choices} canSave={access.update} isAdmin={access.isAdmin} onStale={reload} />}
        </Stack>
      </Container>
    </>
  );
}

/**
 * The New Booklet sheet (section 2, Modal sheets): the booklet template form in a full-screen sheet, Cancel and Save in
 * its header, over the booklets list, Global Reports & Booklets or a region's page (`regionId`). Cancel closes it; a save closes it and
 * goes to the booklets list or the region's page; a refusal keeps what was chosen in it.
 */
export function NewBookletSheet({ organizationId, regionId, onClose }: { organizationId: string; regionId: string | null; onClose(): void }) {
  const { binding, status } = useFormSheetBinding();
  const { access, data, choices, reload, states } = useBookletData(organizationId, null);
  return (
    <FormSheet opened title="New Booklet" onCancel={onClose} formId={binding.formId} saveDisabled={!data || status.saveDisabled} saving={status.saving}>
      <Stack gap="md">
        {states}
        {data && <BookletForm organizationId={organizationId} regionId={regionId} booklet={null} choices={choices} canSave={access.add} isAdmin={access.isAdmin} onStale={reload} onClose={onClose} sheet={binding} />}
      </Stack>
    </FormSheet>
  );
}

/** `onClose`: in the New Booklet sheet, closes it; `sheet`: there, the sheet's header has Cancel and Save, so the form has none. */
type FormProps = { organizationId: string; regionId: string | null; booklet: Booklet | null; choices: Choice[]; canSave: boolean; isAdmin: boolean; onStale(): void; onClose?: () => void; sheet?: FormSheetBinding };

function BookletForm({ organizationId, regionId, booklet, choices, canSave, isAdmin, onStale, onClose, sheet }: FormProps) {
  const save = useSaveReportBooklet();
  const { name, touched, nameProblem, serverError, saving, start, finish, cancel, nameInput, alerts } = useReportForm({
    initialName: booklet?.name ?? '',
    organizationId,
    regionId,
    listPath: `/manage/organization/${organizationId}/report-booklets`,
    onStale,
    onClose,
  });
  const [templateName, setTemplateName] = useState(booklet?.templateName ?? 'default');
  const [displayType, setDisplayType] = useState<DisplayTypeName>(booklet?.displayType === 'CONSOLIDATED' ? 'consolidated' : 'default');
  const [isActive, setIsActive] = useState(booklet?.isActive ?? true);
  const [reports, setReports] = useState<BookletReports>({
    reportDefinitionIds: (booklet?.reportDefinitionIds ?? []).map(Number),
    primaryReportDefinitionId: booklet?.primaryReportDefinitionId ? Number(booklet.primaryReportDefinitionId) : null,
  });
  const [adding, setAdding] = useState<string | null>(null);
  const readOnly = !canSave;
  const nameOf = (id: number) => choices.find((c) => Number(c.id) === id)?.name ?? `Report ${id}`;
  const reportProblems = validateBookletReports(reports);
  const invalid = Boolean(nameProblem || reportProblems.reports || reportProblems.primary);
  // Section 2: a sheet's Save is disabled while the form is invalid; the edit page's once the form was tried.
  useFormSheetStatus(sheet, readOnly || invalid, saving);
  const available = choices.filter((c) => !reports.reportDefinitionIds.includes(Number(c.id)));
  const items = reports.reportDefinitionIds.map((id) => ({ id: String(id), name: nameOf(id) }));

  const submit = async () => {
    if (!start(invalid, readOnly)) return;
    const common = {
      name: name.trim(),
      displayType: displayType.toUpperCase() as BookletDisplayType,
      reportDefinitionIds: reports.reportDefinitionIds.map(String),
      primaryReportDefinitionId: reports.primaryReportDefinitionId === null ? null : String(reports.primaryReportDefinitionId),
      ...(isAdmin ? { templateName } : {}),
    };
    const result = booklet ? await save({ update: { id: booklet.id, version: booklet.version, isActive, ...common } }) : await save({ create: { organizationId, regionId, ...common } });
    finish(result);
  };

  return (
    <form
      id={sheet?.formId}
      noValidate
      aria-label={booklet ? 'Report booklet' : 'New Booklet'}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        {alerts(readOnly ? (booklet ? NOT_ALLOWED_TO_UPDATE_BOOKLETS_MESSAGE : NOT_ALLOWED_TO_ADD_BOOKLETS_MESSAGE) : null)}
        {nameInput(readOnly)}
        <Select
          label="Display Type"
          data={BOOKLET_DISPLAY_TYPES.map((d) => ({ value: d, label: BOOKLET_DISPLAY_TYPE_LABELS[d] }))}
          value={displayType}
          onChange={(value) => value && setDisplayType(value as DisplayTypeName)}
          allowDeselect={false}
          disabled={readOnly}
        />
        {isAdmin && <TextInput label="Template Name" value={templateName} onChange={(event) => setTemplateName(event.currentTarget.value)} error={serverError('templateName')} disabled={readOnly} />}
        <Stack gap={4}>
          <Text component="h2" fw={500} size="sm">
            Reports
          </Text>
          <SortableList items={items} instructions={dragInstructions('report')} disabled={readOnly} onMove={(from, to) => setReports({ ...reports, reportDefinitionIds: moveItem(reports.reportDefinitionIds, from, to) })}>
            <Stack component="ol" gap="xs" aria-label="Booklet reports" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {items.map((item, index) => (
                <BookletReportRow
                  key={item.id}
                  item={item}
                  index={index}
                  count={items.length}
                  readOnly={readOnly}
                  replacements={available}
                  onMove={(to) => setReports({ ...reports, reportDefinitionIds: moveItem(reports.reportDefinitionIds, index, to) })}
                  onReplace={(id) => setReports(withBookletReportReplaced(reports, index, id))}
                  onRemove={() => setReports(withBookletReportRemoved(reports, index))}
                />
              ))}
            </Stack>
          </SortableList>
        </Stack>
        {items.length === 0 && (
          <Text size="sm" c="dimmed">
            No results found
          </Text>
        )}
        {((touched && (reportProblems.reports ?? reportProblems.primary)) || serverError('reportDefinitionIds') || serverError('primaryReportDefinitionId')) && (
          <Text c="red" size="sm" role="alert">
            {reportProblems.reports ?? reportProblems.primary ?? serverError('reportDefinitionIds') ?? serverError('primaryReportDefinitionId')}
          </Text>
        )}
        {!readOnly && (
          <Group align="flex-end">
            <Select label="Add New Report" placeholder="Choose a report" data={available.map((c) => ({ value: c.id, label: c.name }))} value={adding} onChange={setAdding} searchable style={{ flex: 1 }} />
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              disabled={!adding}
              onClick={() => {
                if (!adding) return;
                setReports(withBookletReportAdded(reports, Number(adding)));
                setAdding(null);
              }}
            >
              Add
            </Button>
          </Group>
        )}
        <Select
          label="Primary Report"
          description="The primary report comes first in the booklet and decides its cycle."
          data={items.map((item) => ({ value: item.id, label: item.name }))}
          value={reports.primaryReportDefinitionId === null ? null : String(reports.primaryReportDefinitionId)}
          onChange={(value) => value && setReports({ ...reports, primaryReportDefinitionId: Number(value) })}
          allowDeselect={false}
          disabled={readOnly || items.length === 0}
          error={serverError('primaryReportDefinitionId')}
        />
        {booklet && <Checkbox label="Active" checked={isActive} onChange={(event) => setIsActive(event.currentTarget.checked)} disabled={readOnly} />}
        {!readOnly && !sheet && (
          <Group justify="flex-end">
            <Button variant="default" onClick={cancel}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={touched && invalid}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

type RowProps = {
  item: { id: string; name: string };
  index: number;
  count: number;
  readOnly: boolean;
  replacements: Choice[];
  onMove(to: number): void;
  onReplace(id: number): void;
  onRemove(): void;
};

function BookletReportRow({ item, index, count, readOnly, replacements, onMove, onReplace, onRemove }: RowProps) {
  const { rowRef, rowStyle, isDragging, handle } = useSortableRow(item, readOnly);
  return (
    <li ref={rowRef} style={rowStyle}>
      <Card withBorder radius="md" padding="xs" shadow={isDragging ? 'md' : undefined}>
        <Group gap="xs" wrap="wrap">
          {!readOnly && <DragHandle {...handle} />}
          <Text style={{ flex: '1 1 160px', minWidth: 0, overflowWrap: 'anywhere' }}>{item.name}</Text>
          {!readOnly && (
            <Group gap={4} wrap="nowrap">
              <Select
                aria-label={`Replace ${item.name}`}
                placeholder="Replace…"
                data={replacements.map((c) => ({ value: c.id, label: c.name }))}
                value={null}
                onChange={(value) => value && onReplace(Number(value))}
                size="xs"
                w={140}
              />
              <ActionIcon variant="subtle" aria-label={`Move ${item.name} up`} disabled={index === 0} onClick={() => onMove(index - 1)}>
                <IconArrowUp size={18} />
              </ActionIcon>
              <ActionIcon variant="subtle" aria-label={`Move ${item.name} down`} disabled={index === count - 1} onClick={() => onMove(index + 1)}>
                <IconArrowDown size={18} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={`Remove ${item.name}`} onClick={onRemove}>
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          )}
        </Group>
      </Card>
    </li>
  );
}
