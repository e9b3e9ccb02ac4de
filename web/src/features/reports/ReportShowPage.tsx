import { useParams } from 'react-router-dom';
import { Anchor, Center, EmptyState, Stack, Table, Text, Title } from '@mantine/core';
import { useReportShowPageQuery } from './ReportShowPage.generated';
import type { FailureItemActionsFragment } from './FailureItem.generated';
import { TopBar } from '../../ui/TopBar';
import { IconSearch } from '../../ui/icons';
import { displayDate, itemCounts } from './reportDates';
import { NoSuchBuilding, ReportsLoadError, ReportsLoading } from './ReportStates';
import { AcknowledgedCell, CommentsCell, DocumentsCell, FailureItemActions } from './FailureItemActions';
import { DefaultReportGrid } from './DefaultReportGrid';
import classes from './reports.module.css';

/** A photo column's cell holds the photo's URL: shown as a link to it rather than as the bare address. */
function Cell({ header, value, item, buildingId }: { header: string; value: string; item: FailureItemActionsFragment | null | undefined; buildingId: string }) {
  if (item && header === 'Acknowledged') return <AcknowledgedCell item={item} />;
  if (item && header === 'Documents') return <DocumentsCell item={item} buildingId={buildingId} />;
  if (item && header === 'Comments') return <CommentsCell item={item} />;
  if (header === 'Photo' && value !== '') {
    return (
      <Anchor href={value} target="_blank" rel="noopener">
        Photo
      </Anchor>
    );
  }
  return <>{value}</>;
}

/** The marks of a default report's Result column (inspection.md section 9). */
const RESULT_LEGEND = 'S satisfactory · U unsatisfactory · P paused task · X inactive task';

/**
 * A report in its failure, notes or default layout (inspection.md section 2, Report show): the summary failure and
 * notes reports of the building card (/buildings/{id}/reports/summary/{id}-summary-failure|-notes), and a cycle's
 * reports (/buildings/{id}/reports/{cycleId}/{reportId}, back to the cycle's list). Each failure or
 * notes row has its actions by permission (Acknowledge, Add Comment, Add Document, Close); its Acknowledged, Comments and Documents columns
 * are drawn from the item, so they follow the mutations' answers in the cache.
 */
export function ReportShowPage() {
  const { buildingId = '', cycleId, reportId = '' } = useParams();
  const { data, loading, error, refetch } = useReportShowPageQuery({ variables: { id: reportId }, fetchPolicy: 'cache-and-network' });
  const report = data?.report;
  const date = displayDate(report?.date);
  const viewer = data?.viewer;
  const permissions = {
    canAcknowledge: Boolean(viewer && (viewer.isAdmin || viewer.permissions.canAcknowledgeFailureReport)),
    canComment: Boolean(viewer && (viewer.isAdmin || viewer.permissions.canCommentFailureReport)),
    canRepair: Boolean(viewer && (viewer.isAdmin || viewer.permissions.canRepairFailureReport)),
    canDocument: Boolean(viewer && (viewer.isAdmin || viewer.permissions.canDocumentFailureReport)),
  };
  const withActions = report?.type !== 'DEFAULT' && (permissions.canAcknowledge || permissions.canComment || permissions.canRepair || permissions.canDocument);
  const rowLabel = (cells: readonly string[]) =>
    ['Equipment', 'Location']
      .map((header) => cells[report?.headers.indexOf(header) ?? -1])
      .filter(Boolean)
      .join(' at ');

  return (
    <>
      <TopBar
        title={report?.name ?? 'Report'}
        back={cycleId ? { label: 'Reports', to: `/buildings/${buildingId}/reports/${cycleId}` } : { label: 'Buildings', to: '/buildings' }}
      />
      <Stack gap="md" className={classes.page} data-wide="true">
        {report && (
          <Stack gap={2}>
            <Title order={2} size="h3" className={classes.buildingName}>
              {report.building.name}
            </Title>
            <Text size="sm" c="dimmed">
              {[report.cycleName, date && `Latest walkabout ${date}`, report.type !== 'DEFAULT' && itemCounts(report.total, report.acknowledgedTotal)]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </Stack>
        )}
        {error && !data && <ReportsLoadError title="The report could not be loaded" onRetry={() => void refetch()} />}
        {loading && !data && <ReportsLoading label="Loading the report" />}
        {data && !report && <NoSuchBuilding />}
        {report && report.rows.length === 0 && (
          <Center py="xl">
            <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title={report.emptyMessage} />
          </Center>
        )}
        {report && report.type === 'DEFAULT' && report.rows.length > 0 && (
          <DefaultReportGrid headers={report.headers} rows={report.rows} reportName={report.name} buildingName={report.building.name} />
        )}
        {report && report.type !== 'DEFAULT' && report.rows.length > 0 && (
          // A wide table scrolls sideways on a phone; the region is focusable so that a keyboard can scroll it too.
          <div className={classes.tableScroll} role="region" aria-label={`${report.name} table`} tabIndex={0}>
            <Table striped withTableBorder withColumnBorders verticalSpacing="xs" miw={report.headers.length * 110} aria-label={`${report.name}, ${report.building.name}`}>
              <Table.Thead>
                <Table.Tr>
                  {report.headers.map((header) => (
                    <Table.Th key={header} scope="col">
                      {header}
                    </Table.Th>
                  ))}
                  {withActions && <Table.Th scope="col">Actions</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {report.rows.map((row, index) => (
                  <Table.Tr key={row.item?.id ?? index}>
                    {row.cells.map((cell, column) => (
                      <Table.Td key={column} className={classes.cell}>
                        <Cell header={report.headers[column] ?? ''} value={cell} item={row.item} buildingId={report.building.id} />
                      </Table.Td>
                    ))}
                    {withActions && (
                      <Table.Td className={classes.cell}>
                        {row.item && (
                          <FailureItemActions
                            item={row.item}
                            label={rowLabel(row.cells) || 'this item'}
                            permissions={permissions}
                            reportId={report.id}
                            buildingId={report.building.id}
                            timeZone={report.building.timeZone}
                          />
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
        {report && report.type === 'DEFAULT' && report.rows.length > 0 && (
          <Text size="sm" c="dimmed">
            Result: {RESULT_LEGEND}
          </Text>
        )}
      </Stack>
    </>
  );
}
