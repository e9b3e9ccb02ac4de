import { Stack } from '@mantine/core';
import { ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { useRegionReportSectionsQuery } from './RegionReportSections.generated';
import { useReportAdministrationViewerQuery } from './reportAdministration.generated';
import { reportAccess } from './access';
import { bookletRow, definitionRow, ReportRows, sortedByName } from './ReportRows';
import { NewReportSheet } from './ReportDefinitionPage';
import { NewBookletSheet } from './ReportBookletPage';
import { useNewSheet } from './newSheet';

/**
 * The region page's Reports and Report Booklets sections (admin-people-schedules.md section 2, Region form): the
 * region's definitions (subtitled with their buildings or Inactive) and booklets ('name (id)'), each leading to its
 * form, with Add New Report… and Add New Report Booklet… (the New Report or New Booklet sheet opens over the region's
 * page, with the region set) for users who can create walkabout reports. Asked only when the viewer may see them.
 */
export function RegionReportSections({ organizationId, regionId }: { organizationId: string; regionId: string }) {
  const viewer = useReportAdministrationViewerQuery().data?.viewer;
  const access = reportAccess(viewer, organizationId);
  const { data, loading, error, refetch } = useRegionReportSectionsQuery({ variables: { organizationId, regionId }, skip: !access.viewDefinitions, fetchPolicy: 'cache-and-network' });
  const organization = data?.organization;
  const { sheet, open, close } = useNewSheet();
  if (!access.viewDefinitions) return null;
  if (loading && !data) return <ReportsLoading label="Loading the region's reports" />;
  if (error && !data) return <ReportsLoadError title="The region's reports could not be loaded" onRetry={() => void refetch().catch(() => undefined)} />;
  if (!organization) return null;
  return (
    <Stack gap="lg">
      <ReportRows
        title="Reports"
        rows={sortedByName(organization.reportDefinitions).map((d) => definitionRow(organizationId, d))}
        addRow={access.add ? { label: 'Add New Report…', onAdd: () => open('report') } : null}
      />
      <ReportRows
        title="Report Booklets"
        rows={sortedByName(organization.reportBookletTemplates).map((t) => bookletRow(organizationId, t))}
        addRow={access.add ? { label: 'Add New Report Booklet…', onAdd: () => open('booklet') } : null}
      />
      {access.add && sheet === 'report' && <NewReportSheet organizationId={organizationId} regionId={regionId} onClose={close} />}
      {access.add && sheet === 'booklet' && <NewBookletSheet organizationId={organizationId} regionId={regionId} onClose={close} />}
    </Stack>
  );
}
