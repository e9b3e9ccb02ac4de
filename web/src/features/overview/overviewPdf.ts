/**
 * Print (admin-organizations-buildings.md section 2: 'Both have a Print action'): a PDF of the overview as shown — its
 * title, the filters' effect already applied, the totals and the table of the buildings on screen — written in the
 * browser with pdf-lib (loaded only when Print is pressed, in a chunk of its own).
 */
import { OVERVIEW_STATE_LABELS } from '@fsi/shared/overview';
import type { OverviewCountsFragment, OverviewTable_BuildingFragment } from './OverviewTable.generated';
import { countCards, formatPercentage } from './OverviewTotals';
import { STATE_COLUMNS } from './OverviewTable';

export type OverviewPrint = {
  title: string;
  subtitle?: string;
  counts: OverviewCountsFragment;
  buildings: readonly OverviewTable_BuildingFragment[];
  printedAt?: Date;
};

/** What Helvetica (WinAnsi) can write: typographic dashes and quotes as plain ones, anything else outside Latin-1 as '?'. */
export function printable(text: string): string {
  return text
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');
}

const PAGE = { width: 842, height: 595 }; // A4 landscape, in points
const MARGIN = 36;
const COLUMNS = [
  { title: 'Type', width: 190 },
  { title: 'Cycle', width: 110 },
  { title: 'Status', width: 70 },
  { title: 'Total', width: 50 },
  ...STATE_COLUMNS.map((c) => ({ title: OVERVIEW_STATE_LABELS[c.state], width: 74 })),
];

export async function overviewPdf(print: OverviewPrint): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const pdf = await PDFDocument.create();
  pdf.setTitle(printable(print.title));
  pdf.setProducer('Fire Safety Inspections');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;

  const text = (value: string, x: number, size = 9, f = font, color = rgb(0, 0, 0)) => page.drawText(printable(value), { x, y, size, font: f, color });
  const fit = (value: string, width: number, size: number, f = font) => {
    const full = printable(value);
    if (f.widthOfTextAtSize(full, size) <= width - 4) return full;
    let cut = full;
    while (cut.length > 1 && f.widthOfTextAtSize(`${cut}...`, size) > width - 4) cut = cut.slice(0, -1);
    return `${cut}...`;
  };
  const newPage = () => {
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
  };
  const need = (height: number) => {
    if (y - height < MARGIN) newPage();
  };
  const row = (cells: string[], f = font, size = 8.5) => {
    need(14);
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const width = COLUMNS[i]!.width;
      const value = fit(cell, width, size, f);
      const right = i >= 3;
      text(value, right ? x + width - 4 - f.widthOfTextAtSize(value, size) : x, size, f);
      x += width;
    });
    y -= 13;
  };

  text(print.title, MARGIN, 16, bold);
  y -= 18;
  text(`${print.subtitle ? `${print.subtitle} - ` : ''}Printed ${(print.printedAt ?? new Date()).toLocaleString('en-US')}`, MARGIN, 9, font, rgb(0.35, 0.35, 0.35));
  y -= 20;
  const totals = countCards(print.counts).map((card) => `${card.label}: ${card.count} (${formatPercentage(card.percentage)})`);
  text(totals.join('    '), MARGIN, 9, bold);
  y -= 22;

  for (const building of print.buildings) {
    need(44);
    text(building.name, MARGIN, 12, bold);
    y -= 16;
    row(COLUMNS.map((c) => c.title), bold);
    page.drawLine({ start: { x: MARGIN, y: y + 10 }, end: { x: PAGE.width - MARGIN, y: y + 10 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
    const lines = building.equipment.flatMap((type) => type.cycles.map((cycle, i) => ({ type, cycle, first: i === 0 })));
    if (!lines.length) row(['No results found']);
    for (const { type, cycle, first } of lines) {
      row([
        first ? type.name : '',
        cycle.name,
        cycle.status === 'COMPLETE' ? 'Complete' : 'Incomplete',
        String(cycle.entries.total),
        ...STATE_COLUMNS.map((c) => `${cycle.entries[c.field] as number} (${formatPercentage(cycle.entries[c.percentage] as number)})`),
      ]);
    }
    y -= 10;
  }
  if (!print.buildings.length) text('No results found', MARGIN, 10);
  const pages = pdf.getPages();
  pages.forEach((p, i) => p.drawText(`Page ${i + 1} of ${pages.length}`, { x: PAGE.width - MARGIN - 60, y: MARGIN / 2, size: 8, font, color: rgb(0.4, 0.4, 0.4) }));
  return pdf.save();
}

/** Opens the PDF in a new tab (a download when the browser blocks the tab). */
export async function printOverview(print: OverviewPrint): Promise<void> {
  const bytes = await overviewPdf(print);
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: 'application/pdf' }));
  // Not 'noopener': with it window.open answers null even when the tab opened. The URL is a blob of this page.
  const opened = window.open(url, '_blank');
  if (!opened) {
    const link = document.createElement('a');
    link.href = url;
    link.download = `${printable(print.title).replace(/[^A-Za-z0-9 _-]/g, '').trim() || 'overview'}.pdf`;
    link.click();
  }
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
