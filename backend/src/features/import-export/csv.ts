/**
 * CSV reading and writing through csv-parse and csv-stringify (RFC 4180: quoting, embedded newlines and quotes,
 * a byte-order mark, CRLF or LF), never by hand. Files are UTF-8; what is written starts with a BOM (so that
 * spreadsheets read it as UTF-8) and ends its lines with CRLF.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { escapeCell, unescapeCell } from '@fsi/shared/import-export';

export class UnreadableFile extends Error {}

/** The file's rows (header first), every cell a string; throws UnreadableFile on bytes that are not UTF-8 CSV. */
export function readCsv(bytes: Buffer): string[][] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UnreadableFile('The file is not UTF-8 text.');
  }
  if (text.includes('\u0000')) throw new UnreadableFile('The file holds binary data.');
  try {
    const rows = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: false }) as string[][];
    return rows.map((row, index) => (index === 0 ? row.map((cell) => cell.trim()) : row.map(unescapeCell)));
  } catch (error) {
    throw new UnreadableFile(error instanceof Error ? error.message : 'The file is not CSV.');
  }
}

/** A CSV file of the header and rows: UTF-8 with a BOM, CRLF lines, formula-like cells behind an apostrophe. */
export function writeCsv(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return stringify([[...header], ...rows.map((row) => row.map(escapeCell))], { bom: true, record_delimiter: 'windows' });
}
