import { Center, Loader } from '@mantine/core';

/**
 * What shows while a screen's code arrives (the first visit only: later it comes from the device).
 * The same quiet loader as the screens' own loading states, announced to assistive technology; it
 * takes no more room than a screen's first row, so the screen replaces it without a jump.
 */
export function PageLoading({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Center py="xl" mih={fullPage ? '100dvh' : undefined} role="status" aria-label="Loading the page">
      <Loader />
    </Center>
  );
}
