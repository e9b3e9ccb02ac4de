import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { Button, Center, Container, EmptyState, Stack } from '@mantine/core';
import { TopBar } from '../../ui/TopBar';
import { IconPlus, IconSearch } from '../../ui/icons';
import { LinkRows } from '../cycles/LinkRows';
import { useRegionsPageQuery, useRegionsViewerQuery } from './RegionsPage.generated';
import { RegionNameModal } from './RegionNameModal';
import { regionAccess } from './regionAccess';
import { ScreenStates } from '../../ui/ScreenStates';

/**
 * /manage/organization/{organizationId}/regions (admin-people-schedules.md sections 2 and 6): the top-level regions the
 * viewer sees, by name, each leading to its page, then Global Reports & Booklets. Chevrons and the New Region sheet are
 * for administrators and organization managers; after creation the new region's page opens.
 */
export function RegionsPage() {
  const { organizationId = '' } = useParams();
  const navigate = useNavigate();
  const viewerQuery = useRegionsViewerQuery();
  const viewer = viewerQuery.data?.viewer;
  const access = regionAccess(viewer, organizationId);
  const { data, loading, error, refetch } = useRegionsPageQuery({ variables: { organizationId }, skip: !access.view, fetchPolicy: 'cache-and-network' });
  const regions = data?.organization?.regions;
  const [adding, setAdding] = useState(false);

  return (
    <>
      <TopBar
        title="Regions"
        back={{ label: 'Organization Settings', to: `/manage/organization/${organizationId}` }}
        actions={
          access.manage && access.organizationUser ? (
            <Button size="xs" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} aria-haspopup="dialog">
              New Region
            </Button>
          ) : null
        }
      />
      <Container size={880} w="100%" p="md">
        <Stack gap="md">
          <ScreenStates
            subject="regions" viewer={viewer} viewerLoading={viewerQuery.loading} allowed={access.view} data={data} loading={loading} error={error} found={data?.organization} onRetry={() => void refetch().catch(() => undefined)}
            notAvailable="Regions are shown to administrators and to the users of the organization."
          />
          {regions && regions.length === 0 && (
            <Center py="md">
              <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" />
            </Center>
          )}
          {regions && (
            <LinkRows
              label="Regions"
              chevrons={access.manage}
              rows={[
                ...regions.map((region) => ({ key: region.id, to: `/manage/organization/${organizationId}/region/${region.id}`, label: region.name })),
                { key: 'all', to: `/manage/organization/${organizationId}/regions/all`, label: 'Global Reports & Booklets' },
              ]}
            />
          )}
        </Stack>
      </Container>
      {adding && (
        <RegionNameModal
          organizationId={organizationId}
          parentId={null}
          onCreated={(id) => navigate(`/manage/organization/${organizationId}/region/${id}`)}
          onClose={() => setAdding(false)}
        />
      )}
    </>
  );
}
