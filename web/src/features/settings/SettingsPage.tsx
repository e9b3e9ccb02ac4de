import { Link } from 'react-router-dom';
import { Card, Center, Container, EmptyState, Stack, Text } from '@mantine/core';
import { useSettingsViewerQuery } from './SettingsPage.generated';
import { TopBar } from '../../ui/TopBar';
import { IconBuilding, IconChevronRight, IconMailCheck, IconSettings } from '../../ui/icons';
import { ReportsLoading } from '../reports/ReportStates';

/** What an administrator reads here but nobody else: said instead of asking the server, whose FORBIDDEN would end the session. */
export function AdministratorsOnly() {
  return (
    <Center py="xl">
      <EmptyState icon={<IconSettings size={28} />} withIndicatorBackground title="Administrators only" description="Only administrators can open this page." />
    </Center>
  );
}

/**
 * /settings, the administrator's settings (inspection.md section 2; the buildings footer's Settings link for an
 * administrator): the tools that concern the whole installation: the mail outbox and Manage Organizations.
 */
export function SettingsPage() {
  const { data, loading } = useSettingsViewerQuery();
  const isAdmin = data?.viewer.isAdmin ?? false;
  return (
    <>
      <TopBar title="Settings" back={{ label: 'Buildings', to: '/buildings' }} />
      <Container size={880} w="100%" p="md">
        {loading && !data && <ReportsLoading label="Loading settings" />}
        {data && !isAdmin && <AdministratorsOnly />}
        {isAdmin && (
          <nav aria-label="Settings">
            <Card withBorder radius="md" padding={0}>
              <Link to="/settings/mail-outbox" style={{ display: 'flex', alignItems: 'center', gap: 12, padding: 'var(--mantine-spacing-md)', color: 'inherit', textDecoration: 'none' }}>
                <IconMailCheck size={22} />
                <Stack gap={0} style={{ flex: 1 }}>
                  <Text fw={600} component="span">
                    Mail outbox
                  </Text>
                  <Text size="sm" c="dimmed" component="span">
                    Every e-mail the product wrote, sent or waiting
                  </Text>
                </Stack>
                <IconChevronRight size={18} />
              </Link>
            </Card>
            <Card withBorder radius="md" padding={0} mt="sm">
              <Link to="/manage/organizations" style={{ display: 'flex', alignItems: 'center', gap: 12, padding: 'var(--mantine-spacing-md)', color: 'inherit', textDecoration: 'none' }}>
                <IconBuilding size={22} />
                <Stack gap={0} style={{ flex: 1 }}>
                  <Text fw={600} component="span">
                    Manage Organizations
                  </Text>
                  <Text size="sm" c="dimmed" component="span">
                    Organizations, their logos and contracts
                  </Text>
                </Stack>
                <IconChevronRight size={18} />
              </Link>
            </Card>
          </nav>
        )}
      </Container>
    </>
  );
}
