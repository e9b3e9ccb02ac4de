/**
 * Line breaking for report text: words are kept whole where they fit and wrapped at spaces; a word longer than the
 * line (a URL, a serial number, a run of letters) is broken between characters, so no text ever runs past its box.
 */

/** Width of a string in points at the size the caller measures for. */
export type Measure = (text: string) => number;

/**
 * Text as the renderer draws it: NFC-normalized (a letter and its combining accent become the precomposed letter
 * the font has; see plainFontkit in fonts.ts), tabs as spaces, other control characters (which no font draws)
 * dropped, line ends as '\n'. Whitespace inside a line is otherwise kept for `wrapText` to collapse.
 */
export function cleanText(text: string): string {
  return (
    text
      .normalize('NFC')
      .replace(/\r\n?/g, '\n')
      .replace(/\t/g, ' ')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u200B\uFEFF]/g, '')
  );
}

/**
 * Breaks `text` into lines no wider than `maxWidth`. Each '\n' starts a new line (an empty line stays empty);
 * runs of spaces collapse to one. A single character wider than the line is still put on a line of its own, so
 * the result always makes progress.
 */
export function wrapText(text: string, measure: Measure, maxWidth: number): string[] {
  const lines: string[] = [];
  const space = measure(' ');
  for (const paragraph of cleanText(text).split('\n')) {
    const words = paragraph.split(/ +/).filter((word) => word.length > 0);
    if (words.length === 0) {
      lines.push('');
      continue;
    }
    let current = '';
    let currentWidth = 0;
    for (const word of words) {
      const width = measure(word);
      if (current && currentWidth + space + width <= maxWidth) {
        current += ` ${word}`;
        currentWidth += space + width;
        continue;
      }
      if (current) lines.push(current);
      if (width <= maxWidth) {
        current = word;
        currentWidth = width;
        continue;
      }
      const pieces = breakWord(word, measure, maxWidth);
      lines.push(...pieces.slice(0, -1));
      current = pieces[pieces.length - 1] ?? '';
      currentWidth = measure(current);
    }
    lines.push(current);
  }
  return lines;
}

/** Splits one word into pieces that each fit `maxWidth` (at least one character per piece). */
function breakWord(word: string, measure: Measure, maxWidth: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let width = 0;
  // Code points, so a character outside the BMP is never cut in half.
  for (const char of Array.from(word)) {
    const w = measure(char);
    if (piece && width + w > maxWidth) {
      pieces.push(piece);
      piece = '';
      width = 0;
    }
    piece += char;
    width += w;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

/** Cuts `text` to fit `maxWidth` on one line, ending it with '…' when it was cut. */
export function fitLine(text: string, measure: Measure, maxWidth: number): string {
  const clean = cleanText(text).replace(/\n+/g, ' ');
  if (measure(clean) <= maxWidth) return clean;
  const chars = Array.from(clean);
  let low = 0;
  let high = chars.length;
  // The longest prefix that fits with the ellipsis.
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(`${chars.slice(0, mid).join('').trimEnd()}…`) <= maxWidth) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join('').trimEnd()}…`;
}
