/**
 * The fonts reports are set in: DejaVu Sans regular and bold, from the dejavu-fonts-ttf package, embedded (subset)
 * so that any text the data holds in Latin, Greek or Cyrillic prints as written (pdf-lib's standard fonts only
 * know WinAnsi).
 *
 * The files are found through Node's resolution from this module's URL. The production bundle (scripts/build.mjs)
 * keeps third-party packages in node_modules and rewrites import.meta.url to this source file's place, so the same
 * lookup works under tsx and from backend/dist.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;

/** The absolute paths of the two font files (throws, naming the package, when it is not installed). */
export function fontPaths(): { regular: string; bold: string } {
  return { regular: require.resolve(FONT_FILES.regular), bold: require.resolve(FONT_FILES.bold) };
}

let loaded: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

/** The font files' bytes, read once per process. */
export function fontBytes(): Promise<{ regular: Uint8Array; bold: Uint8Array }> {
  loaded ??= (async () => {
    const paths = fontPaths();
    const [regular, bold] = await Promise.all([readFile(paths.regular), readFile(paths.bold)]);
    return { regular, bold };
  })();
  loaded.catch(() => {
    loaded = undefined;
  });
  return loaded;
}
