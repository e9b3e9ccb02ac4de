import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { ActionIcon, Alert, Anchor, Avatar, Badge, Button, Card, Center, Container, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { canAcceptOrganizationContract, canEditOrganization } from '@fsi/shared';
import { useManageOrganizationsPageQuery, useManageOrganizationsViewerQuery, type ManageOrganizations_OrganizationFragment } from './ManageOrganizationsPage.generated';
import { TopBar } from '../../ui/TopBar';
import { IconBuilding, IconCircleCheck, IconFileContract, IconPlus, IconSearch, IconSettings } from '../../ui/icons';
import { ReportsLoadError, ReportsLoading } from '../reports/ReportStates';
import { contractStatusText, OrganizationModal } from './OrganizationModal';

type Organization = ManageOrganizations_OrganizationFragment;

export const ORGANIZATIONS_PAGE_SIZE = 50;

// The contract's pages (pdfjs) load when the accept-contract modal first opens.
const AcceptOrganizationContractSheet = lazy(() => import('../contracts/AcceptOrganizationContractSheet'));

const STATUS_COLORS: Record<string, string> = { Active: 'green', Inactive: 'gray', Paused: 'yellow' };

type Open = { kind: 'add' } | { kind: 'edit'; organization: Organization } | { kind: 'accept'; organization: Organization } | null;

/** Said instead of asking the server, whose FORBIDDEN would end the session. */
function NotYours() {
  return (
    <Center py="xl">
      <EmptyState
        icon={<IconSettings size={28} />}
        withIndicatorBackground
        title="Not available"
        description="Only administrators and organization managers can manage organizations."
      />
    </Center>
  );
}

/**
 * /manage/organizations (admin-organizations-buildings.md sections 2 and 4-7): the organizations with their status and
 * contract state. Administrators add organizations and set contracts; organization managers edit the logo; users who
 * may accept an organization contract accept it here. The others are told so before anything is asked of the server.
 */
export function ManageOrganizationsPage() {
  const viewerQuery = useManageOrganizationsViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const isAdmin = viewer?.isAdmin ?? false;
  const may = {
    edit: viewer ? canEditOrganization(viewer.isAdmin, viewer.permissions) : false,
    accept: viewer ? canAcceptOrganizationContract(viewer.isAdmin, viewer.permissions) : false,
  };
  const allowed = may.edit || may.accept;
  const { data, loading, error, refetch, fetchMore } = useManageOrganizationsPageQuery({
    variables: { page: 1, pageSize: ORGANIZATIONS_PAGE_SIZE },
    skip: !allowed,
    fetchPolicy: 'cache-and-network',
    notifyOnNetworkStatusChange: true,
  });
  const [open, setOpen] = useState<Open>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const organizations = data?.organizations;

  const loadMore = async () => {
    if (!organizations) return;
    setLoadingMore(true);
    await fetchMore({ variables: { page: Math.floor(organizations.nodes.length / ORGANIZATIONS_PAGE_SIZE) + 1 } }).catch(() => undefined);
    setLoadingMore(false);
  };

  const saved = (organization: Organization, overridden: string[]) => {
    setOpen(null);
    const replaced = overridden.length > 0 ? ` The contracts of ${overridden.join(', ')} were replaced by the organization's contract.` : '';
    setNotice(`${organization.name} saved.${replaced}`);
  };

  return (
    <>
      <TopBar
        title="Manage Organizations"
        back={isAdmin ? { label: 'Settings', to: '/settings' } : { label: 'Buildings', to: '/buildings' }}
        actions={
          isAdmin ? (
            <ActionIcon variant="subtle" size="lg" aria-label="Add Organization" onClick={() => setOpen({ kind: 'add' })}>
              <IconPlus size={22} />
            </ActionIcon>
          ) : null
        }
      />
      <Container size={880} w="100%" p="md">
        <Stack gap="md">
          {viewerQuery.loading && !viewer && <ReportsLoading label="Loading organizations" />}
          {viewer && !allowed && <NotYours />}
          {notice && (
            <Alert role="status" color="green" variant="light" icon={<IconCircleCheck />} withCloseButton closeButtonLabel="Dismiss" onClose={() => setNotice(null)}>
              {notice}
            </Alert>
          )}
          {allowed && error && !organizations && <ReportsLoadError title="The organizations could not be loaded" onRetry={() => void refetch().catch(() => undefined)} />}
          {allowed && loading && !organizations && <ReportsLoading label="Loading organizations" />}
          {organizations && organizations.nodes.length === 0 && (
            <Center py="xl">
              <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" description={isAdmin ? 'Add an organization with the plus button.' : undefined} />
            </Center>
          )}
          {organizations && organizations.nodes.length > 0 && (
            <>
              <Text size="sm" c="dimmed">
                {organizations.pageInfo.totalCount} {organizations.pageInfo.totalCount === 1 ? 'organization' : 'organizations'}
              </Text>
              <Stack component="ul" gap="sm" aria-label="Organizations" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {organizations.nodes.map((organization) => (
                  <li key={organization.id}>
                    <OrganizationRow
                      organization={organization}
                      canEdit={may.edit}
                      canAccept={may.accept}
                      onEdit={() => setOpen({ kind: 'edit', organization })}
                      onAccept={() => setOpen({ kind: 'accept', organization })}
                    />
                  </li>
                ))}
              </Stack>
              {organizations.pageInfo.hasNextPage && (
                <Center>
                  <Button variant="default" loading={loadingMore} onClick={() => void loadMore()}>
                    Load more
                  </Button>
                </Center>
              )}
            </>
          )}
        </Stack>
      </Container>

      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <OrganizationModal organization={open.kind === 'edit' ? open.organization : null} canSetContract={isAdmin} onSaved={saved} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'accept' && (
        <Suspense fallback={null}>
          <AcceptOrganizationContractSheet
            organizationId={open.organization.id}
            organizationName={open.organization.name}
            onAccepted={() => {
              setOpen(null);
              setNotice(`The ${open.organization.name} contract is accepted.`);
            }}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </>
  );
}

type RowProps = {
  organization: Organization;
  canEdit: boolean;
  canAccept: boolean;
  onEdit(): void;
  onAccept(): void;
};

function OrganizationRow({ organization, canEdit, canAccept, onEdit, onAccept }: RowProps) {
  const awaiting = Boolean(organization.contractUrl) && !organization.contractAcceptedAt;
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Avatar src={organization.displayLogoUrl} alt="" radius="sm" size={48} color="gray">
            <IconBuilding size={24} />
          </Avatar>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Title order={2} size="h5" style={{ overflowWrap: 'anywhere' }}>
                {/* Organization Settings (issue 12). */}
                <Anchor component={Link} to={`/manage/organization/${organization.id}`} c="inherit">
                  {organization.name}
                </Anchor>
              </Title>
              <Badge color={STATUS_COLORS[organization.status] ?? 'gray'} variant="light">
                {organization.status}
              </Badge>
            </Group>
            <Text size="sm" c={awaiting ? 'orange.9' : 'dimmed'}>
              <IconFileContract size={14} style={{ verticalAlign: '-2px', marginRight: 4 }} />
              {contractStatusText(organization)}
            </Text>
          </Stack>
        </Group>
        <Group gap="xs">
          {canAccept && awaiting && (
            <Button size="xs" onClick={onAccept} aria-label={`Accept Contract of ${organization.name}`} aria-haspopup="dialog">
              Accept Contract
            </Button>
          )}
          {canEdit && (
            <Button size="xs" variant="default" onClick={onEdit} aria-label={`Edit ${organization.name}`} aria-haspopup="dialog">
              Edit
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}
