import { Link, useLocation } from 'react-router-dom';
import { Button, Center, Code, EmptyState } from '@mantine/core';
import { TopBar } from '../../ui/TopBar';
import { IconSearch } from '../../ui/icons';

/** Every path without a screen (every route of the specification has one now): said so, with the way back. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <>
      <TopBar title="Not found" back={{ label: 'Buildings', to: '/buildings' }} />
      <Center p="xl" mih="60vh">
        <EmptyState
          icon={<IconSearch size={28} />}
          withIndicatorBackground
          title="Page not found"
          description={
            <>
              There is no page at <Code>{pathname}</Code>.
            </>
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
