import { describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { overviewPdf, printable } from './overviewPdf';
import { anOverview, king, yonge } from './overviewFixtures';

describe('overview PDF', () => {
  it('writes the totals and every building shown, on landscape pages', async () => {
    const overview = anOverview([king, yonge]);
    const bytes = await overviewPdf({ title: 'Northwind overview', counts: overview.counts, buildings: overview.buildings, printedAt: new Date('2026-11-26T10:00:00Z') });
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getTitle()).toBe('Northwind overview');
    expect(pdf.getPageCount()).toBe(1);
    expect(pdf.getPage(0).getSize()).toEqual({ width: 842, height: 595 });
    const many = await overviewPdf({ title: 'Many', counts: overview.counts, buildings: Array.from({ length: 30 }, () => king) });
    expect((await PDFDocument.load(many)).getPageCount()).toBeGreaterThan(1);
  });

  it('keeps what Helvetica cannot write from failing the PDF', () => {
    expect(printable('Yonge – Eglinton “Tower” 東')).toBe('Yonge - Eglinton "Tower" ?');
  });
});
