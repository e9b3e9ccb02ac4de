import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { loadMantineStyles } from './mantineStylesLoader';
import { appErrors } from '../lib/events';

/** The error banner's text when a sheet's code cannot be fetched (offline before the app's files were kept). */
export const SHEET_UNAVAILABLE = 'This could not be opened: its part of the app has not been downloaded yet. Check your connection and try again.';

/**
 * A sheet or dialog whose code loads the first time it is opened, not with the screen: closed, it renders nothing and
 * its module (and Mantine's Modal, its focus trap and scroll lock) stays off the screen's first load. Once opened it
 * stays mounted, so that closing it plays its transition as before. The service worker keeps the chunk (the warm-up
 * after sign-in, app/offlineCache.ts), so it opens offline too; if its code cannot be fetched all the same, the error
 * banner says so, the sheet is closed (its onClose) and the screen stays as it was, and the next opening tries again.
 */
export function lazyWhenOpened<P extends { opened: boolean; onClose(): void }>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  // With the rest of Mantine's CSS (Modal's, say), which the screen's own stylesheets do not have.
  const loadSheet = () => Promise.all([load(), loadMantineStyles()]).then(([component]) => ({ default: component }));
  let Loaded = lazy(loadSheet);
  function WhenOpened(props: P) {
    const [wanted, setWanted] = useState(props.opened);
    // Set during render, as React allows for state derived from props: the sheet mounts in the same pass.
    if (props.opened && !wanted) setWanted(true);
    if (!wanted) return null;
    return (
      <LoadFailure
        onFailure={() => {
          // A failed lazy component keeps its rejection: a new one fetches again the next time.
          Loaded = lazy(loadSheet);
          setWanted(false);
          props.onClose();
          appErrors.emit(SHEET_UNAVAILABLE);
        }}
      >
        <Suspense fallback={null}>
          <Loaded {...props} />
        </Suspense>
      </LoadFailure>
    );
  }
  return WhenOpened;
}

type LoadFailureProps = { children: ReactNode; onFailure: () => void };

/** Catches the sheet's failure to load (and only renders nothing meanwhile): WhenOpened then unmounts it. */
class LoadFailure extends Component<LoadFailureProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    this.props.onFailure();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
