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
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument } from 'pdf-lib';

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];

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

/**
 * fontkit for pdf-lib, with each string mapped to glyphs through the font's character map alone.
 *
 * pdf-lib encodes every string it draws with fontkit's full OpenType layout (substitution and positioning lookups),
 * about a millisecond a string here: most of a long report's time. It keeps only the glyphs and their advance widths
 * (it writes no positioning), so what the layout adds for the scripts DejaVu Sans serves (Latin, Greek, Cyrillic) is
 * the ligatures (fi, fl: drawn as separate letters here, as plain to read and simpler to search) and the composition
 * of a letter with a combining accent (the text is NFC-normalized first, so precomposed letters are used; see
 * text.ts). Widths measured and widths drawn are then the same sums of advance widths.
 */
export const plainFontkit: Fontkit = {
  create(buffer, postscriptName) {
    const font = fontkit.create(buffer, postscriptName);
    font.layout = (text: string | fontkit.Glyph[]) => {
      const glyphs = typeof text === 'string' ? font.glyphsForString(text) : text;
      return {
        glyphs,
        positions: glyphs.map((glyph) => ({ xAdvance: glyph.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 })),
        script: 'Zyyy',
        language: null,
        direction: 'ltr',
        features: {},
        advanceWidth: glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth, 0),
        advanceHeight: 0,
        bbox: font.bbox,
      } as unknown as fontkit.GlyphRun;
    };
    return font as unknown as ReturnType<Fontkit['create']>;
  },
};
