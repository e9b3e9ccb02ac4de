import { memo, startTransition, useDeferredValue, useEffect, useState } from 'react';
import { Alert, Anchor, Button, Card, Center, EmptyState, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { NetworkStatus } from '@apollo/client';
import { useBuildingsPageQuery } from './BuildingsPage.generated';
import { TopBar } from '../../ui/TopBar';
import { IconAlertTriangle, IconSearch } from '../../ui/icons';
import { DeviceCopyNotice } from '../../ui/OfflineNotice';
import { useDeviceCopy } from '../../lib/deviceCopy/useDeviceCopy';
import { PendingWorkCard } from './PendingWorkCard';
import { BuildingCard } from './BuildingCard';
import { BuildingFilter } from './BuildingFilter';
import { BuildingsFooter } from './BuildingsFooter';
import { useBuildingFilter } from './useBuildingFilter';
import { BUILDINGS_PAGE_SIZE, buildingsPageVariables } from './buildingsPageQuery';
import classes from './BuildingsPage.module.css';
import { useIsPhone } from '../../ui/phone';
import { lazyWhenOpened } from '../../ui/lazyWhenOpened';

/** Loaded when first opened: the dialog and its Modal are not on the screen's first load. */
const TutorialModal = lazyWhenOpened(() => import('./TutorialModal').then((module) => module.TutorialModal));

const gridCols = { base: 1, sm: 2, lg: 3, xl: 4 };

/**
 * The cards of a first answer rendered at once: what a screen shows before scrolling (one or two cards on a phone, two
 * rows of four on a wide screen). The others follow in a transition once these are painted, which React renders in
 * slices between which the page stays responsive: a page of 24 cards in one go was a long task of the main thread
 * before the first card could paint (about half a second on a phone's slower processor).
 */
const FIRST_CARDS_PHONE = 3;
const FIRST_CARDS = 8;

/** The cards' outlines while the first answer comes; memoized, as the screen renders again with each other answer. */
const BuildingsLoading = memo(function BuildingsLoading() {
  return (
    <SimpleGrid cols={gridCols} spacing="md" role="status" aria-busy="true" aria-label="Loading buildings">
      {Array.from({ length: 6 }, (_, index) => (
        <Card key={index} withBorder radius="lg" padding="md">
          <Card.Section>
            <Skeleton height={96} radius={0} />
          </Card.Section>
          <Skeleton height={18} width="70%" mt="md" />
          <Skeleton height={12} width="45%" mt="xs" />
          <Skeleton height={32} mt="lg" />
          <Skeleton height={32} mt="xs" />
        </Card>
      ))}
    </SimpleGrid>
  );
});

/** How many of `total` cards to render: the first screenful, then, after a paint, all of them. */
function useCardsShown(total: number, first: number): number {
  const [all, setAll] = useState(false);
  useEffect(() => {
    if (all || total <= first) return;
    let timer = 0;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => startTransition(() => setAll(true)));
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [all, total, first]);
  return all ? total : Math.min(total, first);
}

export function BuildingsPage() {
  const { filter, setFilter } = useBuildingFilter();
  const isPhone = useIsPhone();
  const [tutorialOpened, tutorial] = useDisclosure(false);

  const live = useBuildingsPageQuery({
    variables: buildingsPageVariables(filter),
    notifyOnNetworkStatusChange: true,
  });
  const { error, networkStatus, fetchMore, refetch } = live;
  // Without an answer from the server, the list as this device last loaded it (issue 9, point 12).
  const { data: answer, fromDevice, savedAt } = useDeviceCopy({
    key: `BuildingsPage:${JSON.stringify(filter)}`,
    data: live.data,
    error,
    userIdOf: (answer) => answer.viewer.id,
    refetch,
  });

  // An answer arrives in an update React must render in one piece (Apollo's store), which the whole screen, cards and
  // all, made a long task of the main thread; deferred, it renders in a transition: in slices, the page responsive.
  const data = useDeferredValue(answer);

  const buildings = data?.buildings.nodes ?? [];
  const totalCount = data?.buildings.pageInfo.totalCount ?? 0;
  const viewer = data?.viewer;
  // The skeleton stays until the answer's render is done (`answer` without `data`), so nothing blinks in between.
  const loadingFirstPage = !data && (answer !== undefined || networkStatus === NetworkStatus.loading || networkStatus === NetworkStatus.setVariables);
  const loadingMore = networkStatus === NetworkStatus.fetchMore;
  const hasMore = !fromDevice && buildings.length < totalCount;
  const cardsShown = useCardsShown(buildings.length, isPhone ? FIRST_CARDS_PHONE : FIRST_CARDS);

  const loadMore = () =>
    fetchMore({ variables: { page: Math.floor(buildings.length / BUILDINGS_PAGE_SIZE) + 1 } });

  return (
    <>
      <TopBar title="Buildings" />
      <Stack gap="lg" className={classes.page}>
        <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
          <BuildingFilter value={filter} onChange={setFilter} />
          <Group gap="md">
            {data && (
              <Text size="sm" c="dimmed" aria-live="polite">
                {totalCount === 1 ? '1 building' : `${totalCount} buildings`}
              </Text>
            )}
            {isPhone && (
              <Anchor component="button" type="button" size="sm" onClick={tutorial.open}>
                Start Tutorial
              </Anchor>
            )}
          </Group>
        </Group>

        {fromDevice && (
          <DeviceCopyNotice what={`these are the buildings as last loaded on this device${savedAt ? ` (${new Date(savedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })})` : ''}.`} />
        )}
        <PendingWorkCard userId={viewer?.id} />

        {error && !data && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="The buildings could not be loaded">
            <Group justify="space-between" gap="sm">
              <Text size="sm">Check your connection and try again.</Text>
              <Button size="xs" variant="white" color="red" onClick={() => void refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        )}

        {loadingFirstPage && (
          <BuildingsLoading />
        )}

        {data && buildings.length === 0 && (
          <Center py="xl">
            <EmptyState
              icon={<IconSearch size={28} />}
              withIndicatorBackground
              title="No results found"
              description="No building matches this filter."
            />
          </Center>
        )}

        {viewer && buildings.length > 0 && (
          <SimpleGrid cols={gridCols} spacing="md">
            {buildings.slice(0, cardsShown).map((building) => (
              <BuildingCard key={building.id} building={building} viewer={viewer} />
            ))}
          </SimpleGrid>
        )}

        {hasMore && (
          <Center>
            <Button variant="default" onClick={() => void loadMore()} loading={loadingMore}>
              Load more ({buildings.length} of {totalCount})
            </Button>
          </Center>
        )}

        <BuildingsFooter viewer={viewer} />
      </Stack>
      <TutorialModal opened={tutorialOpened} onClose={tutorial.close} />
    </>
  );
}
