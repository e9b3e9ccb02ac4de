import { Component, Fragment, type ReactNode } from 'react';
import { Alert, Button, Container, Group, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { IconAlertTriangle } from '../ui/icons';

/** A screen whose code could not be fetched (offline before the app's files were kept, or a release replaced them). */
export class ScreenCodeUnavailable extends Error {
  constructor(cause: unknown) {
    super('The screen could not be downloaded', { cause });
    this.name = 'ScreenCodeUnavailable';
  }
}

export const SCREEN_UNAVAILABLE_MESSAGE = 'Its part of the app has not been downloaded yet. Check your connection and try again.';
export const SCREEN_FAILED_MESSAGE = 'Something went wrong on this screen. What you saved is kept: try again, or go back to Buildings.';

type Props = {
  children: ReactNode;
  /** Loads the page again: the screen's failed load is kept until then (lazyPages.ts), and some browsers keep a module that failed as failed for the page's life. */
  reload?: () => void;
};
type State = { error: unknown; attempt: number };

/**
 * Keeps a screen's failure on the screen: a screen whose code cannot be fetched, or that throws while it renders, shows
 * what happened with Try again and a way back, instead of the whole app going blank. Try again mounts a screen that
 * threw anew; for code that could not be fetched it loads the page again, since the app keeps a screen's failed load (and some
 * browsers a module that failed) for the page's life (what was saved is on the device and the server, and the outbox keeps the rest). The shell (header and toolbar) stays; nothing saved is touched. AppRoutes gives each screen its own,
 * keyed by the path, so that going elsewhere starts clean.
 */
export class ScreenBoundary extends Component<Props, State> {
  override state: State = { error: null, attempt: 0 };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  override render() {
    const { error, attempt } = this.state;
    // A new attempt mounts the screen anew.
    if (!error) return <Fragment key={attempt}>{this.props.children}</Fragment>;
    const unavailable = error instanceof ScreenCodeUnavailable;
    return (
      <Container size={720} w="100%" p="md">
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle />}
          role="alert"
          // The screen's heading: the screen itself is not there to give one.
          title={
            <Title order={1} fz="inherit" fw="inherit" lh="inherit" c="inherit">
              This screen could not be opened
            </Title>
          }
        >
          <Text size="sm">{unavailable ? SCREEN_UNAVAILABLE_MESSAGE : SCREEN_FAILED_MESSAGE}</Text>
          <Group gap="sm" mt="sm">
            <Button
              size="xs"
              onClick={() => (unavailable ? (this.props.reload ?? (() => window.location.reload()))() : this.setState({ error: null, attempt: attempt + 1 }))}
            >
              Try again
            </Button>
            <Button size="xs" variant="default" component={Link} to="/buildings">
              Go to Buildings
            </Button>
          </Group>
        </Alert>
      </Container>
    );
  }
}
