/**
 * The document a PDF report is drawn from: plain data, no drawing concerns. Report builders (walkabout reports,
 * failure and notes summaries, repair reports, booklets) fill one in; `renderReportPdf` (./render.ts) lays it out
 * on pages. Everything here is JSON-serializable, so a document can also be stored or passed to a job as is.
 *
 * Texts are shown as given, in any script DejaVu Sans covers (Latin, Greek, Cyrillic and more); dates and times are
 * formatted by the builder (spec inspection.md section 9: MMMM D, YYYY for display), so the renderer never guesses
 * a time zone.
 */

/** The header fields: drawn in full at the top of the first page, and in short (title, building, cycle) on every page. */
export type ReportHeader = {
  /** The organization's name (spec section 3, Organization.name). */
  organization: string;
  /** The organization's logo (Organization.displayLogoUrl or logoUrl), passed to `loadImage`; drawn at the top right of the first page when it loads. */
  logoUrl?: string | null;
  /** The building's name. */
  building: string;
  /** The building's address (information.address); omitted when empty. */
  address?: string | null;
  /** The cycle's name, e.g. 'Monthly'. */
  cycle?: string | null;
  /** The period the report covers, already formatted, e.g. 'November 1, 2026 – November 30, 2026'. */
  period?: string | null;
  /** Who inspected (the inspector's or the lock's user name). */
  inspector?: string | null;
  /** When the walkabout locked, already formatted; omitted for interim reports. */
  lockedAt?: string | null;
  /** The report's title, e.g. 'Completed Walkabout Report' or the report definition's name. */
  title: string;
  /** A second line under the title, e.g. 'Interim report: results may still change'. */
  subtitle?: string | null;
};

/** A result mark (spec section 9): U unsatisfactory, S satisfactory, P paused, X inactive; null is an unmarked condition (drawn as an empty cell). */
export type ReportMark = 'S' | 'U' | 'P' | 'X';

/** One cell of a table row. A plain string is shorthand for `{ kind: 'text', text }`. */
export type TableCell =
  | string
  | { kind: 'text'; text: string; bold?: boolean }
  | { kind: 'mark'; mark: ReportMark | null }
  /** A photo shown as a thumbnail; `url` goes to `loadImage`. An image that does not load shows 'Photo unavailable'. */
  | { kind: 'photo'; url: string };

export type HeadingBlock = {
  kind: 'heading';
  text: string;
  /** 1 is a section title, 2 a sub-section (smaller). Default 1. */
  level?: 1 | 2;
};

export type ParagraphBlock = {
  kind: 'paragraph';
  /** Wrapped to the page width; a '\n' starts a new line. */
  text: string;
};

/** Label–value pairs, one per line (the report definition's includeMetadata, a failure's acknowledgement, …). */
export type KeyValueBlock = {
  kind: 'keyValue';
  items: { label: string; value: string }[];
};

export type TableBlock = {
  kind: 'table';
  /** Column headers, left to right. Every row has one cell per column. */
  columns: string[];
  /** Relative widths, one per column (e.g. [1, 3, 1]); default equal widths. The table spans the text width. */
  widths?: number[];
  rows: TableCell[][];
  /** Repeat the header row at the top of each page the table continues on. Default true. */
  repeatHeader?: boolean;
};

/** Ends the page: the next block starts on a new page (the report definition's pageBreakAfter). */
export type PageBreakBlock = { kind: 'pageBreak' };

export type ReportBlock = HeadingBlock | ParagraphBlock | KeyValueBlock | TableBlock | PageBreakBlock;

export type ReportDocument = {
  header: ReportHeader;
  blocks: ReportBlock[];
  /** A4 portrait by default; landscape gives wide tables room. */
  orientation?: 'portrait' | 'landscape';
};

/** Turns a cell into its long form (a string is text). */
export function normalizeCell(cell: TableCell): Exclude<TableCell, string> {
  return typeof cell === 'string' ? { kind: 'text', text: cell } : cell;
}
