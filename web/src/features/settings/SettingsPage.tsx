import { Navigate } from 'react-router-dom';
import { Center, Container, EmptyState } from '@mantine/core';
import { canViewOrganizationSettings } from '@fsi/shared';
import { useSettingsViewerQuery } from './SettingsPage.generated';
import { NavigationRows } from '../../ui/NavigationRows';
import { TopBar } from '../../ui/TopBar';
import { IconSettings } from '../../ui/icons';
import { ReportsLoading } from '../reports/ReportStates';

/** What an administrator reads here but nobody else: said instead of asking the server, whose FORBIDDEN would end the session. */
export function AdministratorsOnly() {
  return (
    <Center py="xl">
      <EmptyState icon={<IconSettings size={28} />} withIndicatorBackground title="Administrators only" description="Only administrators can open this page." />
    </Center>
  );
}

/** The administrator's settings rows (inspection.md section 2: /settings, /settings/import, /settings/export). */
const ADMIN_ROWS = [
  { to: '/manage/organizations', label: 'Manage Organizations', count: null, description: 'Organizations, their settings, logos and contracts' },
  { to: '/settings/import', label: 'Import', count: null, description: 'Conditions, references, types and buildings from CSV files' },
  { to: '/settings/export', label: 'Export', count: null, description: 'Conditions, references, types and buildings as CSV files' },
  { to: '/settings/mail-outbox', label: 'Mail outbox', count: null, description: 'Every e-mail the product wrote, sent or waiting' },
] as const;

/**
 * /settings, the administrator's settings (inspection.md section 2; the buildings footer's Settings link for an
 * administrator): the tools that concern the whole installation. A user of an organization who may read its settings is
 * taken to their Organization Settings (admin-organizations-buildings.md section 2: "Admins use /settings").
 */
export function SettingsPage() {
  const { data, loading } = useSettingsViewerQuery();
  const viewer = data?.viewer;
  const isAdmin = viewer?.isAdmin ?? false;
  if (viewer && !isAdmin && viewer.organization && canViewOrganizationSettings(false, viewer.permissions)) {
    return <Navigate to={`/manage/organization/${viewer.organization.id}`} replace />;
  }
  return (
    <>
      <TopBar title="Settings" back={{ label: 'Buildings', to: '/buildings' }} />
      <Container size={880} w="100%" p="md">
        {loading && !data && <ReportsLoading label="Loading settings" />}
        {viewer && !isAdmin && <AdministratorsOnly />}
        {isAdmin && <NavigationRows label="Settings" rows={ADMIN_ROWS} />}
      </Container>
    </>
  );
}
