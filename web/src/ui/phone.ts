import { useMediaQuery } from '@mantine/hooks';

/** Below Mantine's `sm` breakpoint (48em) the navigation moves to a toolbar fixed at the bottom and sheets fill the screen. */
export const PHONE_QUERY = '(max-width: 47.99em)';

/** Whether the phone layout applies; read synchronously so that a phone never paints the desktop layout first. */
export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
}
