/**
 * Every component's CSS of @mantine/core (mantineStyles.ts), loaded with the screens and sheets that may use more than
 * the shell and Buildings do (app/mantineShellStyles.ts): each waits for it before it renders (app/lazyPages.ts,
 * lazyWhenOpened.tsx, the contract sheet), so nothing shows unstyled. Asked for once; after the first time it is
 * there at once.
 */
export function loadMantineStyles(): Promise<unknown> {
  return import('./mantineStyles');
}
