import { useMemo, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router-dom';
import { Alert, Button, Checkbox, Container, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { moveItem } from '@fsi/shared';
import { newReportSection, NOT_ALLOWED_TO_ADD_REPORTS_MESSAGE, NOT_ALLOWED_TO_UPDATE_REPORTS_MESSAGE, previousWalkaboutsOptions, REPORT_SECTIONS_REQUIRED_MESSAGE } from '@fsi/shared/report-administration';
import type { Frequency, ReportSectionDetail, ReportSectionInput } from '../../generated/schema';
import { TopBar } from '../../ui/TopBar';
import { FormSheet, useFormSheetBinding, useFormSheetStatus, type FormSheetBinding } from '../../ui/FormSheet';
import { dragInstructions, SortableList } from '../../ui/Sortable';
import { IconPlus } from '../../ui/icons';
import { ReportsLoadError } from '../reports/ReportStates';
import { useReportDefinitionPageQuery, useReportEquipmentsQuery, type ReportDefinitionPageQuery } from './ReportDefinitionPage.generated';
import { useReportAdministrationViewerQuery } from './reportAdministration.generated';
import { reportAccess } from './access';
import { SectionEditor, type SectionDraft } from './SectionEditor';
import { useSaveReportDefinition } from './useReportMutations';
import { useReportForm } from './reportForm';
import { ScreenStates } from '../../ui/ScreenStates';
import { newSheetPath } from './newSheet';

type Definition = NonNullable<ReportDefinitionPageQuery['reportDefinition']>;
type Cycle = ReportDefinitionPageQuery['cycles'][number];

/** The form's data: the definition (none for a new one) and the organization's cycles, asked only when the viewer may see reports. */
function useDefinitionData(organizationId: string, reportDefinitionId: string | null) {
  const isNew = reportDefinitionId === null;
  const viewerQuery = useReportAdministrationViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const access = reportAccess(viewer, organizationId);
  const { data, loading, error, refetch } = useReportDefinitionPageQuery({
    variables: { id: reportDefinitionId ?? '0', organizationId, isNew },
    skip: !access.viewDefinitions,
    fetchPolicy: 'cache-and-network',
  });
  const definition = data?.reportDefinition ?? null;
  const reload = () => void refetch().catch(() => undefined);
  const states = (
    <ScreenStates
      subject="report" viewer={viewer} viewerLoading={viewerQuery.loading} allowed={access.viewDefinitions} data={data} loading={loading} error={error} found={isNew || definition} onRetry={reload} loadingLabel="Loading the report"
      notAvailable="Reports are managed by administrators and the users of the organization."
      notFound="This report does not exist or is not yours to see."
    />
  );
  return { access, data, definition, reload, states };
}

/**
 * /manage/organization/{organizationId}/report/{reportDefinitionId} (section 2, organizationReportEditIndex). The form
 * is read-only, with its message, for users who may not save it. The former report/new address (with ?regionId=) leads
 * to the reports list, or the region's page, with the New Report sheet open.
 */
export function ReportDefinitionPage() {
  const { organizationId = '', reportDefinitionId = 'new' } = useParams();
  const [search] = useSearchParams();
  if (reportDefinitionId === 'new') return <Navigate replace to={newSheetPath(organizationId, 'report', search.get('regionId'))} />;
  return <DefinitionEditPage key={reportDefinitionId} organizationId={organizationId} reportDefinitionId={reportDefinitionId} />;
}

function DefinitionEditPage({ organizationId, reportDefinitionId }: { organizationId: string; reportDefinitionId: string }) {
  const { access, data, definition, reload, states } = useDefinitionData(organizationId, reportDefinitionId);
  return (
    <>
      <TopBar title={definition?.name ?? 'Report'} back={{ label: 'Reports', to: `/manage/organization/${organizationId}/reports` }} />
      <Container size={880} w="100%" p="md">
        <Stack gap="md">
          {states}
          {data && definition && (
            <DefinitionForm
              key={definition.id}
              organizationId={organizationId}
              regionId={definition.regionId}
              definition={definition}
              cycles={data.cycles}
              canSave={access.update}
              isAdmin={access.isAdmin}
              onStale={reload}
            />
          )}
        </Stack>
      </Container>
    </>
  );
}

/**
 * The New Report sheet (section 2, Modal sheets): the report definition form in a full-screen sheet, Cancel and Save in
 * its header, over the reports list, Global Reports & Booklets or a region's page (`regionId`: the report is the
 * region's). Cancel closes it; a save closes it and goes to the reports list or the region's page; a refusal keeps what
 * was typed in it.
 */
export function NewReportSheet({ organizationId, regionId, onClose }: { organizationId: string; regionId: string | null; onClose(): void }) {
  const { binding, status } = useFormSheetBinding();
  const { access, data, reload, states } = useDefinitionData(organizationId, null);
  return (
    <FormSheet opened title="New Report" onCancel={onClose} formId={binding.formId} saveDisabled={!data || status.saveDisabled} saving={status.saving}>
      <Stack gap="md">
        {states}
        {data && <DefinitionForm organizationId={organizationId} regionId={regionId} definition={null} cycles={data.cycles} canSave={access.add} isAdmin={access.isAdmin} onStale={reload} onClose={onClose} sheet={binding} />}
      </Stack>
    </FormSheet>
  );
}

let nextKey = 0;
const keyed = (section: Omit<SectionDraft, 'key'>): SectionDraft => ({ ...section, key: `s${(nextKey += 1)}` });

function draftsOf(definition: Definition | null): SectionDraft[] {
  return (definition?.sections ?? []).map((s) =>
    keyed({
      equipmentId: s.equipmentId ? Number(s.equipmentId) : null,
      detail: s.detail.toLowerCase() as SectionDraft['detail'],
      title: s.title,
      includeMetadata: s.includeMetadata ?? null,
      pageBreakAfter: s.pageBreakAfter,
      applicableEquipmentConditionIds: s.applicableEquipmentConditionIds ? s.applicableEquipmentConditionIds.map(Number) : null,
      applicableEquipmentIds: s.applicableEquipmentIds.map(Number),
      applicableGroupNames: s.applicableGroupNames,
    }),
  );
}

const sectionInput = (s: SectionDraft): ReportSectionInput => ({
  equipmentId: s.equipmentId === null ? null : String(s.equipmentId),
  detail: s.detail.toUpperCase() as ReportSectionDetail,
  title: s.title,
  includeMetadata: s.includeMetadata,
  pageBreakAfter: s.pageBreakAfter,
  applicableEquipmentConditionIds: s.applicableEquipmentConditionIds?.map(String) ?? null,
  applicableEquipmentIds: s.applicableEquipmentIds.map(String),
  applicableGroupNames: s.applicableGroupNames,
});

const frequencyName = (frequency: Frequency | null | undefined) => frequency?.toLowerCase() ?? null;

type FormProps = {
  organizationId: string;
  regionId: string | null;
  definition: Definition | null;
  cycles: Cycle[];
  canSave: boolean;
  isAdmin: boolean;
  onStale(): void;
  /** In the New Report sheet: closes it. */
  onClose?: () => void;
  /** In the New Report sheet: the sheet's header has Cancel and Save, so the form has none. */
  sheet?: FormSheetBinding;
};

function DefinitionForm({ organizationId, regionId, definition, cycles, canSave, isAdmin, onStale, onClose, sheet }: FormProps) {
  const save = useSaveReportDefinition();
  const { name, touched, nameProblem, serverErrors, serverError, saving, start, finish, cancel, nameInput, alerts } = useReportForm({
    initialName: definition?.name ?? '',
    organizationId,
    regionId,
    // Section 2: after save, the organization's reports, or the region page for a region's report.
    listPath: `/manage/organization/${organizationId}/reports`,
    onStale,
    onClose,
  });
  const [templateName, setTemplateName] = useState(definition?.templateName ?? 'default');
  const [cycleId, setCycleId] = useState<string | null>(definition?.cycle.id ?? cycles[0]?.id ?? null);
  const [count, setCount] = useState(definition?.previousWalkaboutsCount ?? 0);
  const [generateReport, setGenerateReport] = useState(definition?.generateReport ?? true);
  const [isActive, setIsActive] = useState(definition?.isActive ?? true);
  const [sections, setSections] = useState<SectionDraft[]>(() => draftsOf(definition));
  const readOnly = !canSave;
  const frequency = definition ? frequencyName(definition.cycleFrequency) : frequencyName(cycles.find((c) => c.id === cycleId)?.frequency);
  const dataOptions = useMemo(() => previousWalkaboutsOptions(frequency).map((o) => ({ value: String(o.value), label: o.label })), [frequency]);
  const equipmentsQuery = useReportEquipmentsQuery({
    variables: { cycleId: cycleId ?? '0', ...(regionId ? { regionId } : { organizationId }) },
    skip: !cycleId,
  });
  const equipments = equipmentsQuery.data?.reportEquipments ?? [];

  const sectionsProblem = sections.length ? null : REPORT_SECTIONS_REQUIRED_MESSAGE;
  const countProblem = dataOptions.some((o) => o.value === String(count)) ? null : 'Choose the data of the report.';
  const invalid = Boolean(nameProblem || sectionsProblem || countProblem || !cycleId);
  // Section 2: a sheet's Save is disabled while the form is invalid; the edit page's once the form was tried.
  useFormSheetStatus(sheet, readOnly || invalid, saving);
  const sectionErrors = Object.fromEntries(serverErrors.filter((e) => e.field?.startsWith('sections.')).map((e) => [e.field!, e.message]));
  const otherErrors = serverErrors.filter((e) => e.code !== 'STALE' && !['name', 'templateName', 'previousWalkaboutsCount', 'cycleId', 'sections'].includes(e.field ?? '') && !e.field?.startsWith('sections.'));

  const submit = async () => {
    if (!start(invalid, readOnly)) return;
    const common = { name: name.trim(), previousWalkaboutsCount: count, sections: sections.map(sectionInput), generateReport };
    const result = definition
      ? await save({ update: { id: definition.id, version: definition.version, ...common, isActive, ...(isAdmin ? { templateName } : {}) } })
      : await save({ create: { organizationId, cycleId: cycleId!, regionId, ...common, ...(isAdmin ? { templateName } : {}) } });
    finish(result);
  };

  const move = (from: number, to: number) => setSections((current) => moveItem(current, from, to));

  return (
    <form
      id={sheet?.formId}
      noValidate
      aria-label={definition ? 'Report definition' : 'New Report'}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="md">
        {alerts(readOnly ? (definition ? NOT_ALLOWED_TO_UPDATE_REPORTS_MESSAGE : NOT_ALLOWED_TO_ADD_REPORTS_MESSAGE) : null)}
        {otherErrors.length > 0 && (
          <Alert color="red" variant="light" role="alert">
            {otherErrors.map((e) => e.message).join(' ')}
          </Alert>
        )}
        {nameInput(readOnly)}
        {isAdmin && <TextInput label="Template Name" value={templateName} onChange={(event) => setTemplateName(event.currentTarget.value)} error={serverError('templateName')} disabled={readOnly} />}
        {definition ? (
          <TextInput label="Cycle" value={definition.cycle.name} readOnly description="The cycle is chosen when the report is created." />
        ) : (
          <Select
            label="Cycle"
            data={cycles.map((c) => ({ value: c.id, label: c.name }))}
            value={cycleId}
            onChange={(value) => {
              setCycleId(value);
              setCount(0);
            }}
            allowDeselect={false}
            error={serverError('cycleId')}
            disabled={readOnly}
          />
        )}
        <Select label="Data" data={dataOptions} value={String(count)} onChange={(value) => value !== null && setCount(Number(value))} allowDeselect={false} error={(touched ? countProblem : null) ?? serverError('previousWalkaboutsCount')} disabled={readOnly} />
        {definition && <Checkbox label="Generate Report" checked={generateReport} onChange={(event) => setGenerateReport(event.currentTarget.checked)} disabled={readOnly} />}
        <Stack gap="xs">
          <Text component="h2" fw={700} size="sm" c="dimmed" tt="uppercase">
            Sections
          </Text>
          {equipmentsQuery.error && <ReportsLoadError title="The equipment could not be loaded" onRetry={() => void equipmentsQuery.refetch().catch(() => undefined)} />}
          <SortableList items={sections.map((s, i) => ({ id: s.key, name: s.title.trim() || `Section ${i + 1}` }))} instructions={dragInstructions('section')} disabled={readOnly} onMove={move}>
            <Stack component="ol" gap="xs" aria-label="Sections" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {sections.map((section, index) => (
                <SectionEditor
                  key={section.key}
                  section={section}
                  index={index}
                  count={sections.length}
                  equipments={equipments}
                  readOnly={readOnly}
                  errors={sectionErrors}
                  onChange={(next) => setSections((current) => current.map((s) => (s.key === section.key ? next : s)))}
                  onMove={(to) => move(index, to)}
                  onRemove={() => setSections((current) => current.filter((s) => s.key !== section.key))}
                />
              ))}
            </Stack>
          </SortableList>
          {((touched && sectionsProblem) || serverError('sections')) && (
            <Text c="red" size="sm" role="alert">
              {sectionsProblem ?? serverError('sections')}
            </Text>
          )}
          {!readOnly && (
            <Group>
              <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setSections((current) => [...current, keyed(newReportSection())])}>
                Add New Section
              </Button>
            </Group>
          )}
        </Stack>
        {definition && <Checkbox label="Active" checked={isActive} onChange={(event) => setIsActive(event.currentTarget.checked)} disabled={readOnly} />}
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
