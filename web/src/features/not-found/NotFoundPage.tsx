import { Link, useLocation } from 'react-router-dom';
import { Button, Center, Code, EmptyState } from '@mantine/core';
import { TopBar } from '../../ui/TopBar';
import { IconSearch } from '../../ui/icons';
import { isPlannedRoute } from './plannedRoutes';

/** Every path without a screen: a route of the specification still to come, or one that does not exist. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const planned = isPlannedRoute(pathname);
  const title = planned ? 'This page is not available yet' : 'Page not found';

  return (
    <>
      <TopBar title={planned ? 'Not available yet' : 'Not found'} back={{ label: 'Buildings', to: '/buildings' }} />
      <Center p="xl" mih="60vh">
        <EmptyState
          icon={<IconSearch size={28} />}
          withIndicatorBackground
          title={title}
          description={
            planned ? (
              <>
                <Code>{pathname}</Code> is part of the product, but this screen has not been built yet.
              </>
            ) : (
              <>
                There is no page at <Code>{pathname}</Code>.
              </>
            )
          }
        >
          <EmptyState.Actions>
            <Button component={Link} to="/buildings">
              Back to Buildings
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Center>
    </>
  );
}
