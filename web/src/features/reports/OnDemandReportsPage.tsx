import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Alert, Badge, Button, Card, Center, EmptyState, Group, Loader, NativeSelect, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useCreateOnDemandReportMutation, useOnDemandReportPollQuery, useOnDemandReportsPageQuery, type OnDemandReportStateFragment, type OnDemandReportsPageQuery } from './OnDemandReportsPage.generated';
import type { CreateOnDemandReportInput } from '../../generated/schema';
import { IconAlertTriangle, IconExternalLink, IconReport } from '../../ui/icons';
import { displayDate, displayPeriod, downloadRoute } from './reportDates';
import { ReportEmailSheet } from './ReportEmailSheet';
import { NoSuchBuilding, ReportsLoadError, ReportsLoading } from './ReportStates';
import classes from './reports.module.css';
import { ReportPage } from './ReportPage';

export const NOT_AVAILABLE_MESSAGE = 'On-demand reports are not available for this building';
/** inspection.md section 9: the client asks for an on-demand report's state each second. */
export const POLL_INTERVAL_MS = 1000;

type Options = NonNullable<OnDemandReportsPageQuery['onDemandReportOptions']>;
type Walkabout = Options['walkabouts'][number];

/** One thing that can be made: a definition's report, a cycle's audit report or a booklet. */
type Entry = {
  key: string;
  name: string;
  cycleName: string | null;
  /** The walkabouts it can report, newest first; empty when its cycle has none yet. */
  walkabouts: Walkabout[];
  input: Omit<CreateOnDemandReportInput, 'buildingId' | 'walkaboutId'>;
};

type Section = { key: string; title: string; entries: Entry[] };

const newestFirst = (a: Walkabout, b: Walkabout) => b.date.localeCompare(a.date) || Number(b.id) - Number(a.id);

/**
 * The on-demand screen's sections (inspection.md section 2): Walkabout Reports (the active report definitions),
 * Audit Reports (one per cycle with walkabouts, with the audit permission) and Report Booklets (the active
 * booklet templates). A section with nothing in it is left out.
 */
export function onDemandSections(options: Options, canSeeAudit: boolean): Section[] {
  const walkaboutsOf = (cycleId: string | null | undefined) =>
    cycleId ? options.walkabouts.filter((walkabout) => walkabout.cycle.id === cycleId).sort(newestFirst) : [...options.walkabouts].sort(newestFirst);
  const definitions: Entry[] = options.reportDefinitions
    .filter((definition) => definition.isActive)
    .map((definition) => ({
      key: `definition-${definition.id}`,
      name: definition.name,
      cycleName: definition.cycle.name,
      walkabouts: walkaboutsOf(definition.cycle.id),
      input: { type: 'WALKABOUT_REPORTS', reportDefinitionId: definition.id, cycleId: definition.cycle.id },
    }));
  const cycles = new Map<string, string>();
  for (const walkabout of options.walkabouts) cycles.set(walkabout.cycle.id, walkabout.cycle.name);
  const audits: Entry[] = canSeeAudit
    ? [...cycles].map(([cycleId, cycleName]) => ({
        key: `audit-${cycleId}`,
        name: `${cycleName} Audit Report`,
        cycleName,
        walkabouts: walkaboutsOf(cycleId),
        input: { type: 'WALKABOUT_AUDIT_REPORTS', cycleId },
      }))
    : [];
  const booklets: Entry[] = options.reportBookletTemplates
    .filter((template) => template.isActive)
    .map((template) => ({
      key: `booklet-${template.id}`,
      name: template.name,
      cycleName: template.cycle?.name ?? null,
      walkabouts: walkaboutsOf(template.cycle?.id),
      input: { type: 'REPORT_BOOKLETS', templateId: template.id, cycleId: template.cycle?.id ?? null },
    }));
  return [
    { key: 'walkabout-reports', title: 'Walkabout Reports', entries: definitions },
    { key: 'audit-reports', title: 'Audit Reports', entries: audits },
    { key: 'report-booklets', title: 'Report Booklets', entries: booklets },
  ].filter((section) => section.entries.length > 0);
}

/**
 * /buildings/{buildingId}/on-demand-reports (inspection.md sections 2, 4 and 9): a report of a chosen walkabout made
 * now, from a report definition, as an audit report or as a booklet. Generate asks for it and the screen polls
 * its state each second, showing what is being made and for how long, until it can be opened or e-mailed.
 */
export function OnDemandReportsPage() {
  const { buildingId = '' } = useParams();
  const { data, loading, error, refetch } = useOnDemandReportsPageQuery({ variables: { buildingId }, fetchPolicy: 'cache-and-network' });
  const building = data?.building;
  const viewer = data?.viewer;
  const mayCreate = viewer ? viewer.isAdmin || viewer.permissions.canCreateWalkaboutReports : false;
  const canSeeAudit = viewer ? viewer.isAdmin || viewer.permissions.canViewWalkaboutAuditReports : false;
  const sections = data?.onDemandReportOptions ? onDemandSections(data.onDemandReportOptions, canSeeAudit) : [];

  return (
    <ReportPage title="On-demand Reports" back={{ label: 'Reports', to: `/buildings/${buildingId}/reports/groups` }} buildingName={building?.name}>
      {error && !data && <ReportsLoadError title="The on-demand reports could not be loaded" onRetry={() => void refetch()} />}
      {loading && !data && <ReportsLoading label="Loading on-demand reports" />}
      {data && !building && <NoSuchBuilding />}
      {building && !mayCreate && (
        <Center py="xl">
          <EmptyState icon={<IconReport size={28} />} withIndicatorBackground title="No results found" description="You have no permission to make reports of this building." />
        </Center>
      )}
      {building && mayCreate && sections.length === 0 && (
        <Center py="xl">
          <EmptyState icon={<IconReport size={28} />} withIndicatorBackground title={NOT_AVAILABLE_MESSAGE} />
        </Center>
      )}
      {building &&
        mayCreate &&
        sections.map((section) => (
          <section key={section.key} aria-labelledby={`on-demand-${section.key}`}>
            <Title order={3} size="h4" id={`on-demand-${section.key}`} mb="xs">
              {section.title}
            </Title>
            <ul className={classes.list}>
              {section.entries.map((entry) => (
                <li key={entry.key}>
                  <OnDemandEntry buildingId={buildingId} entry={entry} />
                </li>
              ))}
            </ul>
          </section>
        ))}
    </ReportPage>
  );
}

type Generation =
  | { phase: 'idle' }
  | { phase: 'asking' }
  | { phase: 'generating'; id: string; startedAt: number }
  | { phase: 'ready'; report: OnDemandReportStateFragment }
  | { phase: 'failed'; message: string };

/** What a report's state says to do next: open it, say why it failed, or keep asking. */
function outcomeOf(report: OnDemandReportStateFragment): { ready: true } | { failed: string } | null {
  if (report.status === 'READY' && report.pdfUrl) return { ready: true };
  if (report.status === 'FAILED') return { failed: report.error ?? 'The report could not be made.' };
  return null;
}

const walkaboutLabel = (walkabout: Walkabout) =>
  `${displayPeriod(walkabout.startDate, walkabout.endDate) ?? displayDate(walkabout.date) ?? walkabout.date}${walkabout.isLocked ? '' : ' (not locked)'}`;

function OnDemandEntry({ buildingId, entry }: { buildingId: string; entry: Entry }) {
  const [walkaboutId, setWalkaboutId] = useState(entry.walkabouts[0]?.id ?? '');
  const [generation, setGeneration] = useState<Generation>({ phase: 'idle' });
  const [emailing, setEmailing] = useState(false);
  const [create] = useCreateOnDemandReportMutation();
  const busy = generation.phase === 'asking' || generation.phase === 'generating';

  const generate = async () => {
    setGeneration({ phase: 'asking' });
    try {
      const answer = (await create({ variables: { input: { ...entry.input, buildingId, walkaboutId: walkaboutId || null } } })).data?.createOnDemandReport;
      const report = answer?.onDemandReport;
      const outcome = report ? outcomeOf(report) : null;
      if (!report) {
        setGeneration({ phase: 'failed', message: answer?.errors.map((e) => e.message).join(' ') || 'The report could not be asked for.' });
      } else if (outcome && 'ready' in outcome) {
        setGeneration({ phase: 'ready', report });
      } else if (outcome) {
        setGeneration({ phase: 'failed', message: outcome.failed });
      } else {
        setGeneration({ phase: 'generating', id: report.id, startedAt: Date.now() });
      }
    } catch {
      setGeneration({ phase: 'failed', message: 'The report could not be asked for. Check your connection and try again.' });
    }
  };

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text fw={600} className={classes.reportName}>
            {entry.name}
          </Text>
          {entry.cycleName && (
            <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
              {entry.cycleName}
            </Badge>
          )}
        </Group>
        {entry.walkabouts.length === 0 ? (
          <Text size="sm" c="dimmed">
            No walkabout of this cycle to report yet.
          </Text>
        ) : (
          <NativeSelect
            label="Walkabout"
            value={walkaboutId}
            disabled={busy}
            onChange={(event) => {
              setWalkaboutId(event.currentTarget.value);
              setGeneration({ phase: 'idle' });
            }}
            data={entry.walkabouts.map((walkabout) => ({ value: walkabout.id, label: walkaboutLabel(walkabout) }))}
          />
        )}
        {generation.phase === 'generating' && (
          <GenerationProgress
            id={generation.id}
            name={entry.name}
            startedAt={generation.startedAt}
            onReady={(report) => setGeneration({ phase: 'ready', report })}
            onFailed={(message) => setGeneration({ phase: 'failed', message })}
          />
        )}
        {generation.phase === 'failed' && (
          <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle />} title="The report could not be made">
            {generation.message}
          </Alert>
        )}
        <Group gap="sm">
          {generation.phase === 'ready' && generation.report.pdfUrl ? (
            <>
              <Button
                component={Link}
                to={downloadRoute(generation.report.pdfUrl)}
                target="_blank"
                rel="noopener"
                rightSection={<IconExternalLink size={16} />}
                aria-label={`Open ${entry.name}`}
              >
                Open
                <VisuallyHidden> (opens the PDF in a new window)</VisuallyHidden>
              </Button>
              {generation.report.reportId && (
                <Button variant="default" onClick={() => setEmailing(true)} aria-label={`Email ${entry.name}`}>
                  Email
                </Button>
              )}
              <Button variant="subtle" onClick={() => void generate()}>
                Generate again
              </Button>
            </>
          ) : (
            <Button onClick={() => void generate()} loading={busy} disabled={entry.walkabouts.length === 0} aria-label={`Generate ${entry.name}`}>
              {generation.phase === 'failed' ? 'Try again' : 'Generate'}
            </Button>
          )}
        </Group>
      </Stack>
      {emailing && generation.phase === 'ready' && generation.report.reportId && (
        <ReportEmailSheet reportId={generation.report.reportId} reportName={entry.name} onClose={() => setEmailing(false)} />
      )}
    </Card>
  );
}

/** Seconds since the report was asked for, counted each second while it is made. */
function useElapsedSeconds(startedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(0, Math.floor((now - startedAt) / 1000));
}

/**
 * While the report is made: its state asked for each second (the poll stops when it is ready or failed, or when the
 * screen is left), with what is being made and for how long. A poll that does not reach the server is tried again
 * the next second and said so, without giving up.
 */
function GenerationProgress({
  id,
  name,
  startedAt,
  onReady,
  onFailed,
}: {
  id: string;
  name: string;
  startedAt: number;
  onReady(report: OnDemandReportStateFragment): void;
  onFailed(message: string): void;
}) {
  const elapsed = useElapsedSeconds(startedAt);
  const { data, error } = useOnDemandReportPollQuery({ variables: { id }, pollInterval: POLL_INTERVAL_MS, fetchPolicy: 'network-only', notifyOnNetworkStatusChange: false });
  const report = data?.onDemandReport;
  const outcome = report ? outcomeOf(report) : null;
  const settled = data !== undefined && (!report || outcome !== null);

  useEffect(() => {
    if (!data) return;
    if (!report) onFailed('The report asked for could not be found.');
    else if (outcome && 'ready' in outcome) onReady(report);
    else if (outcome) onFailed(outcome.failed);
  }, [data, report, outcome, onFailed, onReady]);

  if (settled) return null;
  return (
    <Group gap="sm" wrap="nowrap" role="status" aria-label={`Generating ${name}`}>
      <Loader size="sm" aria-hidden="true" />
      <Text size="sm">
        Generating {name}… <span aria-hidden="true">{elapsed} s</span>
        {error && ' The server cannot be reached; trying again.'}
      </Text>
    </Group>
  );
}
