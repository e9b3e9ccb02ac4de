/**
 * Lays a ReportDocument (./model.ts) out as an A4 PDF with pdf-lib (issue 10 point 2): the full header on a
 * report's first page, a running header on the pages after it and a footer with 'Page x of y' on every page;
 * paragraphs and table cells wrap (a long word is broken, so no text leaves the page); a table that continues on
 * another page repeats its header row, and a row moves whole to the next page when it fits there (a row taller than
 * a page is split between its lines); U, S, P and X marks are drawn as coloured letter boxes (spec inspection.md
 * section 9) and photos as small JPEG thumbnails, a photo that cannot be loaded as 'Photo unavailable'.
 *
 * `renderBookletPdf` sets several documents in one PDF, each from a new page, numbered through the whole booklet.
 */
import { PDFDocument, rgb, type PDFFont, type PDFImage, type PDFPage, type RGB } from 'pdf-lib';
import { fontBytes, plainFontkit } from './fonts';
import { logoImage, mapLimit, photoThumbnail, type PreparedImage } from './images';
import { normalizeCell, type ReportBlock, type ReportDocument, type ReportHeader, type ReportMark, type TableBlock, type TableCell } from './model';
import { fitLine, wrapText } from './text';

export type RenderOptions = {
  /**
   * The bytes of an image the document names (a photo cell's url, the header's logoUrl), or null when there is
   * none. A null, a throw or bytes that are not an image all show 'Photo unavailable' (a logo is left out).
   */
  loadImage(url: string): Promise<Uint8Array | null>;
};

export type RenderedPdf = {
  bytes: Uint8Array;
  pageCount: number;
};

export type RenderedBooklet = RenderedPdf & {
  /** The page (1-based) each document starts on, in the order given. */
  firstPages: number[];
};

/** What a photo cell shows when its image cannot be loaded. */
export const PHOTO_UNAVAILABLE = 'Photo unavailable';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = { top: 40, bottom: 48, left: 40, right: 40 };
/** Where the continuation pages' content starts, under the running header. */
const RUNNING_HEADER_HEIGHT = 26;
const FOOTER_BASELINE = 24;

const COLOR = {
  text: rgb(0.11, 0.12, 0.14),
  muted: rgb(0.4, 0.42, 0.46),
  rule: rgb(0.72, 0.74, 0.78),
  headerFill: rgb(0.9, 0.92, 0.95),
  zebra: rgb(0.965, 0.97, 0.975),
  white: rgb(1, 1, 1),
};

/** Mark boxes: U stands out in red; S green, P amber, X grey (spec section 9). */
const MARK_STYLE: Record<ReportMark, { fill: RGB; text: RGB }> = {
  U: { fill: rgb(0.8, 0.1, 0.12), text: COLOR.white },
  S: { fill: rgb(0.12, 0.52, 0.26), text: COLOR.white },
  P: { fill: rgb(0.96, 0.66, 0.1), text: COLOR.text },
  X: { fill: rgb(0.45, 0.47, 0.5), text: COLOR.white },
};

const BODY = { size: 9, lineHeight: 12.5 };
const TABLE = { size: 8, lineHeight: 10, padding: 3.5, markBox: 12, photoWidth: 72, photoHeight: 54 };
const HEADING = { 1: { size: 13, lineHeight: 16, before: 12 }, 2: { size: 10.5, lineHeight: 13.5, before: 8 } } as const;

type Fonts = { regular: PDFFont; bold: PDFFont };

/** Text widths are asked for many times (every word of every cell); fontkit lays each one out, so they are kept. */
class Metrics {
  private readonly widths = new Map<PDFFont, Map<string, number>>();

  width(font: PDFFont, text: string, size: number): number {
    let byText = this.widths.get(font);
    if (!byText) {
      byText = new Map();
      this.widths.set(font, byText);
    }
    let width = byText.get(text);
    if (width === undefined) {
      width = font.widthOfTextAtSize(text, 1000);
      byText.set(text, width);
    }
    return (width * size) / 1000;
  }

  measure(font: PDFFont, size: number): (text: string) => number {
    return (text) => this.width(font, text, size);
  }

  wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
    return wrapText(text, this.measure(font, size), maxWidth);
  }
}

/**
 * pdf-lib shapes every string it draws with fontkit (the OpenType substitution and positioning lookups) when it
 * encodes it, which is most of a long report's time; a report repeats the same labels, conditions and marks on
 * every row, so each string's encoding is kept for the PDF being written. (The first encoding also records the
 * glyphs in the font's subset, so later ones need not.)
 */
function rememberEncodings(font: PDFFont): PDFFont {
  const encode = font.encodeText.bind(font);
  const encodings = new Map<string, ReturnType<PDFFont['encodeText']>>();
  font.encodeText = (text: string) => {
    let encoded = encodings.get(text);
    if (!encoded) {
      encoded = encode(text);
      encodings.set(text, encoded);
    }
    return encoded;
  };
  return font;
}

/** The distance from a line's top to its baseline (the font's ascent). */
function ascent(font: PDFFont, size: number): number {
  return font.heightAtSize(size, { descender: false });
}

type PageRecord = { page: PDFPage; header: ReportHeader };

type PreparedCell =
  | { kind: 'text'; lines: string[]; font: PDFFont }
  | { kind: 'mark'; mark: ReportMark | null }
  | { kind: 'photo'; image: PDFImage | null; width: number; height: number; lines: string[] };

/** The shared state of one PDF being written: its fonts, images and pages (a booklet spans several documents). */
class PdfWriter {
  readonly pages: PageRecord[] = [];
  readonly metrics = new Metrics();

  constructor(
    readonly pdf: PDFDocument,
    readonly fonts: Fonts,
    readonly photos: Map<string, PDFImage | null>,
    readonly logos: Map<string, PDFImage | null>,
  ) {}

  /** Footers go on last, when the page count is known: 'Page x of y' counts every page of this PDF. */
  drawFooters() {
    const total = this.pages.length;
    this.pages.forEach(({ page, header }, index) => {
      const { width } = page.getSize();
      const size = 7.5;
      const right = `Page ${index + 1} of ${total}`;
      const rightWidth = this.metrics.width(this.fonts.regular, right, size);
      page.drawLine({
        start: { x: MARGIN.left, y: FOOTER_BASELINE + 11 },
        end: { x: width - MARGIN.right, y: FOOTER_BASELINE + 11 },
        thickness: 0.5,
        color: COLOR.rule,
      });
      page.drawText(right, { x: width - MARGIN.right - rightWidth, y: FOOTER_BASELINE, size, font: this.fonts.regular, color: COLOR.muted });
      const left = [header.title, header.building, header.period].filter(Boolean).join(' · ');
      const leftRoom = width - MARGIN.left - MARGIN.right - rightWidth - 16;
      page.drawText(fitLine(left, this.metrics.measure(this.fonts.regular, size), leftRoom), {
        x: MARGIN.left,
        y: FOOTER_BASELINE,
        size,
        font: this.fonts.regular,
        color: COLOR.muted,
      });
    });
  }
}

/** Lays out one document onto new pages of the writer's PDF. */
class DocumentLayout {
  private page!: PDFPage;
  /** The top of the free space on the current page (PDF coordinates, from the bottom). */
  private y = 0;
  /** The y where content starts on the current page: nothing has been drawn while y is still there. */
  private pageTop = 0;
  private breakPending = false;
  private pageFont: PDFFont | null = null;
  private readonly width: number;
  private readonly height: number;
  private readonly contentWidth: number;

  constructor(
    private readonly writer: PdfWriter,
    private readonly document: ReportDocument,
  ) {
    const landscape = document.orientation === 'landscape';
    this.width = landscape ? A4.height : A4.width;
    this.height = landscape ? A4.width : A4.height;
    this.contentWidth = this.width - MARGIN.left - MARGIN.right;
  }

  private get fonts() {
    return this.writer.fonts;
  }

  private get metrics() {
    return this.writer.metrics;
  }

  private get bottom() {
    return MARGIN.bottom;
  }

  /** The height a fresh continuation page offers. */
  private get freshPageSpace() {
    return this.height - MARGIN.top - RUNNING_HEADER_HEIGHT - this.bottom;
  }

  private get pageIsEmpty() {
    return this.y === this.pageTop;
  }

  layout() {
    this.addPage();
    this.drawFullHeader();
    const { blocks } = this.document;
    blocks.forEach((block, index) => this.drawBlock(block, blocks[index + 1]));
  }

  private addPage() {
    this.page = this.writer.pdf.addPage([this.width, this.height]);
    this.pageFont = null;
    this.writer.pages.push({ page: this.page, header: this.document.header });
    this.y = this.height - MARGIN.top;
    this.pageTop = this.y;
  }

  /** A continuation page: the running header (organization and building left, the report's title right). */
  private newPage() {
    this.addPage();
    const { header } = this.document;
    const size = 7.5;
    const top = this.height - MARGIN.top;
    const half = (this.contentWidth - 16) / 2;
    const measure = this.metrics.measure(this.fonts.regular, size);
    const left = fitLine([header.organization, header.building].filter(Boolean).join(' · '), measure, half);
    const right = fitLine(header.title, this.metrics.measure(this.fonts.bold, size), half);
    const baseline = top - ascent(this.fonts.regular, size);
    this.page.drawText(left, { x: MARGIN.left, y: baseline, size, font: this.fonts.regular, color: COLOR.muted });
    this.page.drawText(right, {
      x: this.width - MARGIN.right - this.metrics.width(this.fonts.bold, right, size),
      y: baseline,
      size,
      font: this.fonts.bold,
      color: COLOR.muted,
    });
    this.page.drawLine({
      start: { x: MARGIN.left, y: top - 12 },
      end: { x: this.width - MARGIN.right, y: top - 12 },
      thickness: 0.5,
      color: COLOR.rule,
    });
    this.y = top - RUNNING_HEADER_HEIGHT;
    this.pageTop = this.y;
  }

  /** Moves to a new page unless `height` fits under the cursor. */
  private ensureSpace(height: number) {
    if (this.y - height < this.bottom && !this.pageIsEmpty) this.newPage();
  }

  /** Draws lines from `top` down, one text object for them all (fewer operators than a drawText per line). */
  private drawLines(lines: string[], x: number, top: number, font: PDFFont, size: number, lineHeight: number, color: RGB) {
    // Trailing empty lines draw nothing.
    let count = lines.length;
    while (count > 0 && !lines[count - 1]) count--;
    if (count === 0) return;
    const text = count === lines.length ? lines.join('\n') : lines.slice(0, count).join('\n');
    this.useFont(font);
    this.page.drawText(text, { x, y: top - ascent(font, size), size, color, lineHeight });
  }

  /**
   * Sets the page's font when it changes: drawText's own font option registers the font in the page's resources
   * on every call, a good share of a long report's time.
   */
  private useFont(font: PDFFont) {
    if (this.pageFont === font) return;
    this.page.setFont(font);
    this.pageFont = font;
  }

  /** The first page's header: organization, title, subtitle, logo, then the building's and walkabout's fields. */
  private drawFullHeader() {
    const { header } = this.document;
    const top = this.y;
    const logo = header.logoUrl ? (this.writer.logos.get(header.logoUrl) ?? null) : null;
    let logoWidth = 0;
    let logoHeight = 0;
    if (logo) {
      const scale = Math.min(150 / logo.width, 48 / logo.height, 1);
      logoWidth = logo.width * scale;
      logoHeight = logo.height * scale;
      this.page.drawImage(logo, { x: this.width - MARGIN.right - logoWidth, y: top - logoHeight, width: logoWidth, height: logoHeight });
    }
    const textWidth = this.contentWidth - (logo ? logoWidth + 14 : 0);
    let y = top;
    const block = (text: string, font: PDFFont, size: number, lineHeight: number, color: RGB, after: number) => {
      const lines = this.metrics.wrap(text, font, size, textWidth);
      this.drawLines(lines, MARGIN.left, y, font, size, lineHeight, color);
      y -= lines.length * lineHeight + after;
    };
    block(header.organization, this.fonts.bold, 10, 13, COLOR.muted, 4);
    block(header.title, this.fonts.bold, 17, 21, COLOR.text, 2);
    if (header.subtitle) block(header.subtitle, this.fonts.regular, 10, 13, COLOR.muted, 0);
    y = Math.min(y, top - logoHeight) - 10;

    const fields: [string, string | null | undefined][] = [
      ['Building', header.building],
      ['Address', header.address],
      ['Cycle', header.cycle],
      ['Period', header.period],
      ['Inspector', header.inspector],
      ['Locked at', header.lockedAt],
    ];
    const present = fields.filter((field): field is [string, string] => Boolean(field[1]?.trim()));
    const gap = 16;
    const columnWidth = (this.contentWidth - gap) / 2;
    for (let i = 0; i < present.length; i += 2) {
      let rowHeight = 0;
      present.slice(i, i + 2).forEach(([label, value], column) => {
        const x = MARGIN.left + column * (columnWidth + gap);
        this.drawLines([label], x, y, this.fonts.regular, 7.5, 10, COLOR.muted);
        const lines = this.metrics.wrap(value, this.fonts.bold, 9.5, columnWidth);
        this.drawLines(lines, x, y - 10, this.fonts.bold, 9.5, 12, COLOR.text);
        rowHeight = Math.max(rowHeight, 10 + lines.length * 12);
      });
      y -= rowHeight + 6;
    }
    this.page.drawLine({ start: { x: MARGIN.left, y: y - 2 }, end: { x: this.width - MARGIN.right, y: y - 2 }, thickness: 1, color: COLOR.rule });
    this.y = y - 16;
    // The header is the page's first content: a page break asked before any block does not leave it alone.
    this.pageTop = this.y;
  }

  private drawBlock(block: ReportBlock, next: ReportBlock | undefined) {
    if (block.kind === 'pageBreak') {
      // Collapsed: a break on an empty page, or several in a row, or one at the end, never leaves a blank page.
      if (!this.pageIsEmpty) this.breakPending = true;
      return;
    }
    if (this.breakPending) {
      this.breakPending = false;
      this.newPage();
    }
    switch (block.kind) {
      case 'heading':
        return this.drawHeading(block.text, block.level ?? 1, next);
      case 'paragraph':
        return this.drawParagraph(block.text);
      case 'keyValue':
        return this.drawKeyValue(block.items);
      case 'table':
        return this.drawTable(block);
    }
  }

  private drawHeading(text: string, level: 1 | 2, next: ReportBlock | undefined) {
    const style = HEADING[level];
    const lines = this.metrics.wrap(text, this.fonts.bold, style.size, this.contentWidth);
    const height = lines.length * style.lineHeight;
    const before = this.pageIsEmpty ? 0 : style.before;
    // A heading is kept with the start of what it introduces (a table's header and first row, a paragraph's first lines).
    const keep = Math.max(this.startHeight(next), BODY.lineHeight);
    if (this.y - before - height - 4 - keep < this.bottom && !this.pageIsEmpty) this.newPage();
    else this.y -= before;
    this.drawLines(lines, MARGIN.left, this.y, this.fonts.bold, style.size, style.lineHeight, COLOR.text);
    this.y -= height + 4;
  }

  private drawParagraph(text: string) {
    const lines = this.metrics.wrap(text, this.fonts.regular, BODY.size, this.contentWidth);
    for (const line of lines) {
      this.ensureSpace(BODY.lineHeight);
      this.drawLines([line], MARGIN.left, this.y, this.fonts.regular, BODY.size, BODY.lineHeight, COLOR.text);
      this.y -= BODY.lineHeight;
    }
    this.y -= 6;
  }

  private drawKeyValue(items: { label: string; value: string }[]) {
    const { size, lineHeight } = BODY;
    const widest = Math.max(0, ...items.map((item) => this.metrics.width(this.fonts.bold, item.label, size)));
    const labelWidth = Math.min(widest + 12, this.contentWidth * 0.35);
    const valueWidth = this.contentWidth - labelWidth;
    for (const item of items) {
      const labels = this.metrics.wrap(item.label, this.fonts.bold, size, labelWidth - 12);
      const values = this.metrics.wrap(item.value, this.fonts.regular, size, valueWidth);
      const count = Math.max(labels.length, values.length);
      for (let i = 0; i < count; i++) {
        this.ensureSpace(lineHeight);
        this.drawLines([labels[i] ?? ''], MARGIN.left, this.y, this.fonts.bold, size, lineHeight, COLOR.text);
        this.drawLines([values[i] ?? ''], MARGIN.left + labelWidth, this.y, this.fonts.regular, size, lineHeight, COLOR.text);
        this.y -= lineHeight;
      }
      this.y -= 2;
    }
    this.y -= 6;
  }

  // Tables

  private columnWidths(table: TableBlock): number[] {
    const count = table.columns.length;
    const relative = table.columns.map((_, i) => {
      const w = table.widths?.[i];
      return w !== undefined && Number.isFinite(w) && w > 0 ? w : 1;
    });
    const sum = relative.reduce((a, b) => a + b, 0);
    return count ? relative.map((w) => (w / sum) * this.contentWidth) : [];
  }

  private prepareCell(cell: TableCell | undefined, width: number, bold = false): PreparedCell {
    const inner = Math.max(width - 2 * TABLE.padding, 1);
    const c = normalizeCell(cell ?? '');
    if (c.kind === 'mark') return { kind: 'mark', mark: c.mark };
    if (c.kind === 'photo') {
      const image = this.writer.photos.get(c.url) ?? null;
      if (!image) {
        return { kind: 'photo', image: null, width: 0, height: 0, lines: this.metrics.wrap(PHOTO_UNAVAILABLE, this.fonts.regular, TABLE.size, inner) };
      }
      const scale = Math.min(Math.min(inner, TABLE.photoWidth) / image.width, TABLE.photoHeight / image.height);
      return { kind: 'photo', image, width: image.width * scale, height: image.height * scale, lines: [] };
    }
    const font = bold || c.bold ? this.fonts.bold : this.fonts.regular;
    const lines = this.metrics.wrap(c.text, font, TABLE.size, inner);
    // An empty cell is no line at all (its row keeps the one-line minimum height).
    return { kind: 'text', lines: lines.length === 1 && lines[0] === '' ? [] : lines, font };
  }

  /** The height of a cell's part that does not split: a mark or a photo, drawn with the row's first lines. */
  private static fixedHeight(cell: PreparedCell): number {
    if (cell.kind === 'mark') return cell.mark ? TABLE.markBox : 0;
    if (cell.kind === 'photo') return cell.image ? cell.height : cell.lines.length * TABLE.lineHeight;
    return 0;
  }

  private static rowHeight(cells: PreparedCell[], offsets: number[], first: boolean, counts?: number[]): number {
    let inner = TABLE.lineHeight;
    cells.forEach((cell, i) => {
      if (cell.kind === 'text') {
        const lines = counts ? (counts[i] ?? 0) : cell.lines.length - (offsets[i] ?? 0);
        inner = Math.max(inner, lines * TABLE.lineHeight);
      } else if (first) inner = Math.max(inner, DocumentLayout.fixedHeight(cell));
    });
    return inner + 2 * TABLE.padding;
  }

  /**
   * A row (or the part of a row on this page): its fill, its cells' content and the rule under it. The column rules
   * are drawn once per page for the table's part on it (see drawTable), which keeps a long table's pages light.
   */
  private drawRowFragment(
    cells: PreparedCell[],
    widths: number[],
    offsets: number[],
    counts: number[],
    first: boolean,
    height: number,
    fill: RGB | null,
  ) {
    const top = this.y;
    if (fill) {
      this.page.drawRectangle({ x: MARGIN.left, y: top - height, width: this.contentWidth, height, color: fill });
      // The fill covers half of the rule above (0.5 pt wide, centred on `top`): drawn again over it.
      this.rule(top);
    }
    let x = MARGIN.left;
    cells.forEach((cell, i) => {
      const width = widths[i] ?? 0;
      const innerX = x + TABLE.padding;
      const innerTop = top - TABLE.padding;
      if (cell.kind === 'text') {
        const from = offsets[i] ?? 0;
        const lines = cell.lines.slice(from, from + (counts[i] ?? 0));
        this.drawLines(lines, innerX, innerTop, cell.font, TABLE.size, TABLE.lineHeight, COLOR.text);
      } else if (first && cell.kind === 'mark' && cell.mark) {
        this.drawMark(cell.mark, x + (width - TABLE.markBox) / 2, innerTop);
      } else if (first && cell.kind === 'photo') {
        if (cell.image) this.page.drawImage(cell.image, { x: innerX, y: innerTop - cell.height, width: cell.width, height: cell.height });
        else this.drawLines(cell.lines, innerX, innerTop, this.fonts.regular, TABLE.size, TABLE.lineHeight, COLOR.muted);
      }
      x += width;
    });
    this.y -= height;
    this.rule(this.y);
  }

  private rule(y: number) {
    this.page.drawLine({ start: { x: MARGIN.left, y }, end: { x: MARGIN.left + this.contentWidth, y }, thickness: 0.5, color: COLOR.rule });
  }

  /** The column rules of a table's part on this page, from `top` down to the cursor. */
  private columnRules(widths: number[], top: number) {
    if (top <= this.y) return;
    let x = MARGIN.left;
    for (const at of [0, ...widths]) {
      x += at;
      this.page.drawLine({ start: { x, y: top }, end: { x, y: this.y }, thickness: 0.5, color: COLOR.rule });
    }
  }

  private drawMark(mark: ReportMark, x: number, top: number) {
    const box = TABLE.markBox;
    const style = MARK_STYLE[mark];
    this.page.drawRectangle({ x, y: top - box, width: box, height: box, color: style.fill });
    const size = 8.5;
    const font = this.fonts.bold;
    const capHeight = size * 0.73;
    this.useFont(font);
    this.page.drawText(mark, {
      x: x + (box - this.metrics.width(font, mark, size)) / 2,
      y: top - box + (box - capHeight) / 2,
      size,
      color: style.text,
    });
  }

  /** The least a row may put on a page before it is split: its mark or photo and two lines. */
  private static minimumFragment(cells: PreparedCell[], first: boolean): number {
    return 2 * TABLE.padding + Math.max(2 * TABLE.lineHeight, first ? Math.max(0, ...cells.map(DocumentLayout.fixedHeight)) : 0);
  }

  /**
   * What a table needs before it starts: its columns, its header row and the height the header row and the first
   * row (or, if that is taller than a page, the first row's first lines) take together, so that the header row is
   * never left alone at the foot of a page.
   */
  private tableStart(table: TableBlock) {
    const widths = this.columnWidths(table);
    const repeatHeader = table.repeatHeader !== false;
    const headerCells = table.columns.map((title, i) => this.prepareCell(title, widths[i] ?? 0, true));
    const noOffsets = headerCells.map(() => 0);
    const headerHeight = DocumentLayout.rowHeight(headerCells, noOffsets, true);
    const firstRow = table.rows[0] ? table.rows[0].map((cell, i) => this.prepareCell(cell, widths[i] ?? 0)) : null;
    const freshSpace = this.freshPageSpace - (repeatHeader ? headerHeight : 0);
    const firstHeight = firstRow ? DocumentLayout.rowHeight(firstRow, noOffsets, true) : 0;
    const firstNeed = firstRow && firstHeight > freshSpace ? DocumentLayout.minimumFragment(firstRow, true) : firstHeight;
    return { widths, repeatHeader, headerCells, noOffsets, headerHeight, firstRow, freshSpace, startHeight: headerHeight + firstNeed };
  }

  /** The height a block needs at the foot of a page to start there (what a heading above it is kept with). */
  private startHeight(block: ReportBlock | undefined): number {
    if (!block) return 0;
    switch (block.kind) {
      case 'pageBreak':
        return 0;
      case 'heading':
        return HEADING[block.level ?? 1].before + HEADING[block.level ?? 1].lineHeight;
      case 'paragraph':
        return Math.min(2, this.metrics.wrap(block.text, this.fonts.regular, BODY.size, this.contentWidth).length) * BODY.lineHeight;
      case 'keyValue':
        return block.items.length ? BODY.lineHeight : 0;
      case 'table':
        return block.columns.length ? this.tableStart(block).startHeight : 0;
    }
  }

  private drawTable(table: TableBlock) {
    if (table.columns.length === 0) return;
    const { widths, repeatHeader, headerCells, noOffsets, headerHeight, firstRow, freshSpace, startHeight } = this.tableStart(table);
    const drawHeader = () => {
      const counts = headerCells.map((c) => (c.kind === 'text' ? c.lines.length : 0));
      this.drawRowFragment(headerCells, widths, noOffsets, counts, true, headerHeight, COLOR.headerFill);
    };
    let segmentTop = 0;
    const startSegment = () => {
      segmentTop = this.y;
      this.rule(this.y);
    };
    const continuePage = () => {
      this.columnRules(widths, segmentTop);
      this.newPage();
      startSegment();
      if (repeatHeader) drawHeader();
    };
    const minimumFragment = DocumentLayout.minimumFragment;

    if (this.y - startHeight < this.bottom && !this.pageIsEmpty) this.newPage();
    startSegment();
    drawHeader();

    table.rows.forEach((row, index) => {
      const cells = index === 0 && firstRow ? firstRow : row.map((cell, i) => this.prepareCell(cell, widths[i] ?? 0));
      // Rows with fewer cells than columns are padded with empty ones.
      while (cells.length < widths.length) cells.push({ kind: 'text', lines: [], font: this.fonts.regular });
      cells.length = widths.length;
      const fill = index % 2 === 1 ? COLOR.zebra : null;
      const offsets = cells.map(() => 0);
      let first = true;
      for (;;) {
        const height = DocumentLayout.rowHeight(cells, offsets, first);
        const space = this.y - this.bottom;
        if (height <= space) {
          const counts = cells.map((c, i) => (c.kind === 'text' ? c.lines.length - (offsets[i] ?? 0) : 0));
          this.drawRowFragment(cells, widths, offsets, counts, first, height, fill);
          break;
        }
        // A row that fits on a page is never cut: it moves whole to the next one.
        if (height <= freshSpace || space < minimumFragment(cells, first)) {
          continuePage();
          continue;
        }
        const fit = Math.max(1, Math.floor((space - 2 * TABLE.padding) / TABLE.lineHeight));
        const counts = cells.map((c, i) => (c.kind === 'text' ? Math.min(fit, c.lines.length - (offsets[i] ?? 0)) : 0));
        const fragment = DocumentLayout.rowHeight(cells, offsets, first, counts);
        this.drawRowFragment(cells, widths, offsets, counts, first, fragment, fill);
        counts.forEach((count, i) => {
          offsets[i] = (offsets[i] ?? 0) + count;
        });
        first = false;
        continuePage();
      }
    });
    this.columnRules(widths, segmentTop);
    this.y -= 10;
  }
}

function collectImageUrls(documents: ReportDocument[]): { photos: string[]; logos: string[] } {
  const photos = new Set<string>();
  const logos = new Set<string>();
  for (const document of documents) {
    if (document.header.logoUrl) logos.add(document.header.logoUrl);
    for (const block of document.blocks) {
      if (block.kind !== 'table') continue;
      for (const row of block.rows) {
        for (const cell of row) {
          if (typeof cell !== 'string' && cell.kind === 'photo' && cell.url) photos.add(cell.url);
        }
      }
    }
  }
  return { photos: [...photos], logos: [...logos] };
}

/** Loads, shrinks and embeds each image once (a photo used twice is stored once); failures become null. */
async function embedImages(
  pdf: PDFDocument,
  urls: string[],
  loadImage: RenderOptions['loadImage'],
  prepare: (bytes: Uint8Array) => Promise<PreparedImage | null>,
): Promise<Map<string, PDFImage | null>> {
  const prepared = await mapLimit(urls, 4, async (url) => {
    try {
      const bytes = await loadImage(url);
      return bytes && bytes.length > 0 ? await prepare(bytes) : null;
    } catch {
      return null;
    }
  });
  const images = new Map<string, PDFImage | null>();
  for (const [index, url] of urls.entries()) {
    const image = prepared[index];
    if (!image) {
      images.set(url, null);
      continue;
    }
    try {
      images.set(url, image.kind === 'jpg' ? await pdf.embedJpg(image.bytes) : await pdf.embedPng(image.bytes));
    } catch {
      images.set(url, null);
    }
  }
  return images;
}

async function renderPdf(documents: ReportDocument[], options: RenderOptions): Promise<RenderedBooklet> {
  if (documents.length === 0) throw new Error('A PDF needs at least one report document.');
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(plainFontkit);
  const bytes = await fontBytes();
  const fonts = {
    regular: rememberEncodings(await pdf.embedFont(bytes.regular, { subset: true })),
    bold: rememberEncodings(await pdf.embedFont(bytes.bold, { subset: true })),
  };
  const urls = collectImageUrls(documents);
  const [photos, logos] = await Promise.all([
    embedImages(pdf, urls.photos, options.loadImage, photoThumbnail),
    embedImages(pdf, urls.logos, options.loadImage, logoImage),
  ]);
  const writer = new PdfWriter(pdf, fonts, photos, logos);
  const firstPages: number[] = [];
  for (const document of documents) {
    firstPages.push(writer.pages.length + 1);
    new DocumentLayout(writer, document).layout();
  }
  writer.drawFooters();

  const first = documents[0]!.header;
  pdf.setTitle(documents.length === 1 ? `${first.title} – ${first.building}` : `${first.building} – ${documents.length} reports`);
  pdf.setAuthor(first.organization);
  pdf.setCreator('Fire safety inspection platform');
  pdf.setLanguage('en');
  return { bytes: await pdf.save(), pageCount: writer.pages.length, firstPages };
}

/** One report as a PDF (see the file's comment for the layout). */
export async function renderReportPdf(document: ReportDocument, options: RenderOptions): Promise<RenderedPdf> {
  const { bytes, pageCount } = await renderPdf([document], options);
  return { bytes, pageCount };
}

/**
 * Several reports in one PDF, in the order given (a booklet's primary report first is the caller's order): each
 * starts on a new page with its own full header, and 'Page x of y' counts the pages of the whole booklet.
 */
export async function renderBookletPdf(documents: ReportDocument[], options: RenderOptions): Promise<RenderedBooklet> {
  return renderPdf(documents, options);
}
