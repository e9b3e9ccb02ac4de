/**
 * Printable sheets of QR codes (inspection.md section 2 "QR codes list", its Print action;
 * admin-organizations-buildings.md "Unassigned QR codes"): US Letter pages of 3 × 4 labels, each a QR code
 * with its quiet zone and the lines that say where it goes, inside a light cut line.
 *
 * Sizes, for a code of a universal link (33 to 41 modules): the code with its 4-module quiet zone is 3.5 cm wide,
 * so the code itself is at least 2.7 cm (the 2 cm usually asked of a printed code, with room to spare), a module
 * at least 0.65 mm: a phone reads it from arm's length, and a 150 dpi rendering still gives 3.8 pixels a module.
 * Under it fit a two-line name, two detail lines and a two-line hint; longer text is cut with '…'.
 * Modules are drawn as one vector path per code (rows of dark runs), so the print is sharp at any resolution
 * and adjacent modules never show seams.
 *
 * Text is set in DejaVu Sans (the reports' fonts), so names in any Latin, Greek or Cyrillic script print as written.
 */
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { fontBytes, plainFontkit } from '../../reports/pdf/fonts';
import { cleanText, fitLine, wrapText } from '../../reports/pdf/text';
import { QUIET_ZONE_MODULES, qrMatrix, type QrMatrix } from './encode';

const POINTS_PER_CM = 72 / 2.54;
const PAGE = { width: 612, height: 792 };
const MARGIN = 30;
const HEADER_HEIGHT = 42;
const FOOTER_HEIGHT = 18;
const COLUMNS = 3;
const ROWS = 4;
/** The code with its quiet zone. */
export const CODE_SIZE_CM = 3.5;
const CODE_SIZE = CODE_SIZE_CM * POINTS_PER_CM;
const LABELS_PER_PAGE = COLUMNS * ROWS;

const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);
const CUT_LINE = rgb(0.8, 0.8, 0.8);

/** One line under a code. */
export type LabelLine = { text: string; style: 'title' | 'detail' | 'hint' };
/** One label: the text its code encodes and the lines printed under it (long ones wrap, then are cut with '…'). */
export type SheetLabel = { text: string; lines: LabelLine[] };
export type SheetInput = { title: string; subtitle: string; author: string; labels: SheetLabel[] };

const STYLE = {
  title: { size: 9, bold: true, color: BLACK, maxLines: 2 },
  detail: { size: 7, bold: false, color: GREY, maxLines: 1 },
  hint: { size: 7.5, bold: false, color: BLACK, maxLines: 2 },
} as const;

/** The dark modules as an SVG path, one rectangle per horizontal run, in module units from the top left. */
function modulePath(matrix: QrMatrix): string {
  const parts: string[] = [];
  for (let row = 0; row < matrix.size; row += 1) {
    let column = 0;
    while (column < matrix.size) {
      if (!matrix.dark(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < matrix.size && matrix.dark(row, column)) column += 1;
      parts.push(`M${start} ${row}h${column - start}v1h${start - column}z`);
    }
  }
  return parts.join('');
}

/** Draws the code with its quiet zone in a CODE_SIZE square whose top left corner is (x, top). */
function drawCode(page: PDFPage, text: string, x: number, top: number): void {
  const matrix = qrMatrix(text);
  const module = CODE_SIZE / (matrix.size + 2 * QUIET_ZONE_MODULES);
  // White under the quiet zone, in case the paper is not.
  page.drawRectangle({ x, y: top - CODE_SIZE, width: CODE_SIZE, height: CODE_SIZE, color: rgb(1, 1, 1) });
  page.drawSvgPath(modulePath(matrix), { x: x + QUIET_ZONE_MODULES * module, y: top - QUIET_ZONE_MODULES * module, scale: module, color: BLACK, borderWidth: 0 });
}

type Fonts = { regular: PDFFont; bold: PDFFont };

function drawLabel(page: PDFPage, fonts: Fonts, label: SheetLabel, left: number, top: number, width: number, height: number): void {
  page.drawRectangle({ x: left, y: top - height, width, height, borderColor: CUT_LINE, borderWidth: 0.5, borderDashArray: [3, 3] });
  const padding = 6;
  drawCode(page, label.text, left + (width - CODE_SIZE) / 2, top - padding);
  let y = top - padding - CODE_SIZE - 2;
  const bottom = top - height + padding;
  const textWidth = width - 2 * padding;
  for (const line of label.lines) {
    const style = STYLE[line.style];
    const font = style.bold ? fonts.bold : fonts.regular;
    const measure = (s: string) => font.widthOfTextAtSize(s, style.size);
    let lines = wrapText(line.text, measure, textWidth).filter((l) => l !== '');
    if (lines.length > style.maxLines) {
      lines = [...lines.slice(0, style.maxLines - 1), fitLine(lines.slice(style.maxLines - 1).join(' '), measure, textWidth)];
    }
    for (const text of lines) {
      const lineHeight = style.size * 1.2;
      if (y - lineHeight < bottom) return;
      y -= lineHeight;
      page.drawText(text, { x: left + (width - measure(text)) / 2, y: y + style.size * 0.22, size: style.size, font, color: style.color });
    }
  }
}

/** The sheet as a PDF; `labels` must not be empty. */
export async function renderQrSheet(input: SheetInput): Promise<{ bytes: Uint8Array; pageCount: number }> {
  if (input.labels.length === 0) throw new Error('A QR code sheet needs at least one code.');
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(plainFontkit);
  const bytes = await fontBytes();
  const fonts = { regular: await pdf.embedFont(bytes.regular, { subset: true }), bold: await pdf.embedFont(bytes.bold, { subset: true }) };
  const pageCount = Math.ceil(input.labels.length / LABELS_PER_PAGE);
  const cellWidth = (PAGE.width - 2 * MARGIN) / COLUMNS;
  const cellHeight = (PAGE.height - 2 * MARGIN - HEADER_HEIGHT - FOOTER_HEIGHT) / ROWS;
  const title = cleanText(input.title);
  for (let p = 0; p < pageCount; p += 1) {
    const page = pdf.addPage([PAGE.width, PAGE.height]);
    const top = PAGE.height - MARGIN;
    const headerWidth = PAGE.width - 2 * MARGIN;
    page.drawText(fitLine(title, (s) => fonts.bold.widthOfTextAtSize(s, 14), headerWidth), { x: MARGIN, y: top - 14, size: 14, font: fonts.bold, color: BLACK });
    page.drawText(fitLine(input.subtitle, (s) => fonts.regular.widthOfTextAtSize(s, 9), headerWidth), { x: MARGIN, y: top - 30, size: 9, font: fonts.regular, color: GREY });
    const labels = input.labels.slice(p * LABELS_PER_PAGE, (p + 1) * LABELS_PER_PAGE);
    labels.forEach((label, i) => {
      const column = i % COLUMNS;
      const row = Math.floor(i / COLUMNS);
      drawLabel(page, fonts, label, MARGIN + column * cellWidth, top - HEADER_HEIGHT - row * cellHeight, cellWidth, cellHeight);
    });
    const footer = `Page ${p + 1} of ${pageCount}`;
    page.drawText(footer, { x: PAGE.width - MARGIN - fonts.regular.widthOfTextAtSize(footer, 8), y: MARGIN, size: 8, font: fonts.regular, color: GREY });
  }
  pdf.setTitle(title);
  pdf.setAuthor(input.author);
  pdf.setCreator('Fire safety inspection platform');
  pdf.setLanguage('en');
  return { bytes: await pdf.save(), pageCount };
}
