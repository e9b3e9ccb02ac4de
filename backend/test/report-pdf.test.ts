/**
 * The PDF renderer (issue 10 points 2 and 9): real PDFs are rendered and read back, their text with pdfjs-dist and
 * their pictures with pdftoppm, and checked for what a fire-safety manager filing them would see.
 */
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PHOTO_UNAVAILABLE,
  renderBookletPdf,
  renderReportPdf,
  type ReportDocument,
  type ReportHeader,
  type ReportMark,
  type TableCell,
} from '../src/reports/pdf';
import { fontPaths } from '../src/reports/pdf/fonts';
import { wrapText } from '../src/reports/pdf/text';
import { boxPixels, flatText, nonWhiteShare, readPdfText, renderPdfPages, type PdfPageText } from './pdf-reading';

const header: ReportHeader = {
  organization: 'Harbourview Property Management',
  building: 'Maple Court Tower',
  address: '1200 Harbour Street, Vancouver, BC V6B 1A1',
  cycle: 'Monthly',
  period: 'November 1, 2026 – November 30, 2026',
  inspector: 'Dana Whitfield',
  lockedAt: 'November 23, 2026 4:05 PM',
  title: 'Completed Walkabout Report',
  subtitle: 'Extinguishers and emergency lighting',
};

/** The margins the renderer keeps (render.ts): no text may be drawn outside them. */
const MARGIN = 40;

const noImages = { loadImage: async () => null };

/** A photo as a phone would upload it: a large JPEG with colour all over. */
async function photoJpeg(seed: number, width = 1600, height = 1200): Promise<Uint8Array> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width + seed * 37;
      pixels[i + 1] = ((x + y) * 3 + seed * 59) % 200;
      pixels[i + 2] = (y * 255) / height;
    }
  }
  return new Uint8Array(await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer());
}

function expectInsideMargins(page: PdfPageText) {
  const outside = page.items.filter(
    (item) => item.x < MARGIN - 0.01 || item.x + item.width > page.width - MARGIN + 0.01 || item.y < 0 || item.y + item.size > page.height,
  );
  expect(outside.map((item) => `${item.str} at x ${item.x.toFixed(1)}..${(item.x + item.width).toFixed(1)}, y ${item.y.toFixed(1)}`)).toEqual([]);
}

describe('renderReportPdf', () => {
  it('puts the organization, building, address, cycle, period, inspector and lock time on the first page, and page x of y on each', async () => {
    const document: ReportDocument = {
      header,
      blocks: [
        { kind: 'heading', text: 'Summary' },
        { kind: 'keyValue', items: [{ label: 'Conditions', value: '120' }, { label: 'Unsatisfactory', value: '2' }] },
        { kind: 'paragraph', text: 'Every condition of the walkabout.' },
        { kind: 'pageBreak' },
        { kind: 'paragraph', text: 'Second page.' },
      ],
    };
    const { bytes, pageCount } = await renderReportPdf(document, noImages);
    const pages = await readPdfText(bytes);
    expect(pageCount).toBe(2);
    expect(pages).toHaveLength(2);
    const first = flatText(pages[0]!);
    for (const field of [header.organization, header.building, header.address!, header.cycle!, header.period!, header.inspector!, header.lockedAt!, header.title, header.subtitle!]) {
      expect(first).toContain(field);
    }
    for (const label of ['Building', 'Address', 'Cycle', 'Period', 'Inspector', 'Locked at']) expect(first).toContain(label);
    expect(first).toContain('Conditions 120');
    expect(first).toContain('Page 1 of 2');
    // The pages after the first carry a running header: organization, building and the report's title.
    const second = flatText(pages[1]!);
    expect(second).toContain('Page 2 of 2');
    expect(second).toContain(`${header.organization} · ${header.building}`);
    expect(second).toContain(header.title);
    expect(second).toContain('Second page.');
    expect(second).not.toContain('Every condition');
    expect(pages[0]!.width).toBeCloseTo(595.28, 1);
    expect(pages[0]!.height).toBeCloseTo(841.89, 1);
  });

  it('leaves out header fields that are empty', async () => {
    const { bytes } = await renderReportPdf(
      { header: { organization: 'Harbourview', building: 'Maple Court', title: 'Interim Walkabout Report', address: '', lockedAt: null }, blocks: [] },
      noImages,
    );
    const [page] = await readPdfText(bytes);
    const text = flatText(page!);
    expect(text).toContain('Interim Walkabout Report');
    expect(text).toContain('Maple Court');
    expect(text).not.toContain('Address');
    expect(text).not.toContain('Locked at');
    expect(text).toContain('Page 1 of 1');
  });

  it('wraps a long remark and breaks a long word, keeping every word and every glyph inside the margins', async () => {
    const remark = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ');
    const serial = `SN-${'0123456789'.repeat(30)}`;
    const document: ReportDocument = {
      header: { ...header, building: `Maple Court Tower ${'with a very long building name '.repeat(6)}` },
      blocks: [
        { kind: 'paragraph', text: `${remark}\n${serial}` },
        {
          kind: 'table',
          columns: ['Location', 'Condition', 'Result', 'Remarks'],
          widths: [1, 1, 0.5, 2],
          rows: [['Lobby', serial, { kind: 'mark', mark: 'U' }, remark]],
        },
        { kind: 'keyValue', items: [{ label: 'Notes', value: remark }] },
      ],
    };
    const { bytes } = await renderReportPdf(document, noImages);
    const pages = await readPdfText(bytes);
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expectInsideMargins(page);
    const words = pages.flatMap((page) => page.items.flatMap((item) => item.str.split(/\s+/))).filter(Boolean);
    // The paragraph, the table cell and the key-value item each hold all 400 words, in order.
    const counts = new Map<string, number>();
    for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
    for (let i = 0; i < 400; i++) expect(counts.get(`word${i}`), `word${i}`).toBe(3);
    const paragraphWords = words.filter((w) => /^word\d+$/.test(w)).slice(0, 400);
    expect(paragraphWords).toEqual(remark.split(' '));
    // The serial number is cut into lines, all of its characters kept in order.
    const joined = pages.map((page) => page.items.map((item) => item.str).join('')).join('');
    expect(joined).toContain(serial);
  });

  it('splits a 500-row table over pages, repeating its header row, with every row whole and in order', async () => {
    const marks: (ReportMark | null)[] = ['S', 'U', 'P', 'X', null];
    const rows: TableCell[][] = Array.from({ length: 500 }, (_, i) => [
      `Floor ${Math.floor(i / 50) + 1}`,
      `EX-${String(i).padStart(3, '0')}`,
      i % 7 === 0 ? 'Pressure gauge in the green zone, pin and tamper seal intact, hose free of cracks' : 'Mounted and visible',
      { kind: 'mark', mark: marks[i % 5]! },
      i % 7 === 0 ? `Remark for row ${i}: cabinet door sticks; maintenance notified.` : '',
    ]);
    const document: ReportDocument = {
      header,
      blocks: [
        { kind: 'heading', text: 'Results' },
        { kind: 'table', columns: ['Floor', 'Equipment', 'Condition', 'Result', 'Remarks'], widths: [1, 1.6, 3, 0.8, 3], rows },
      ],
    };
    const { bytes, pageCount } = await renderReportPdf(document, noImages);
    const pages = await readPdfText(bytes);
    expect(pageCount).toBeGreaterThan(5);
    expect(pages).toHaveLength(pageCount);
    const seen: number[] = [];
    for (const page of pages) {
      const texts = page.items.map((item) => item.str);
      // Each page shows the header row once, above every row.
      const headerCells = ['Floor', 'Equipment', 'Condition', 'Result', 'Remarks'].map((title) => page.items.filter((item) => item.str === title));
      for (const cells of headerCells) expect(cells).toHaveLength(1);
      const headerY = headerCells[0]![0]!.y;
      const equipment = page.items.filter((item) => /^EX-\d{3}$/.test(item.str));
      expect(equipment.length).toBeGreaterThan(0);
      for (const item of equipment) expect(item.y).toBeLessThan(headerY);
      for (const item of equipment) seen.push(Number(item.str.slice(-3)));
      // A row is never cut: a row's remark is on the page of its equipment.
      for (const item of equipment) {
        const i = Number(item.str.slice(-3));
        if (i % 7 === 0) expect(texts.join(' ')).toContain(`Remark for row ${i}:`);
      }
      expect(flatText(page)).toContain(`Page ${page.number} of ${pageCount}`);
      expectInsideMargins(page);
    }
    expect(seen).toEqual(Array.from({ length: 500 }, (_, i) => i));
  });

  it('moves a row that does not fit under the last one to the next page, and splits only a row taller than a page', async () => {
    const tall = Array.from({ length: 900 }, (_, i) => `line${i}`).join('\n');
    const rows: TableCell[][] = [
      ...Array.from({ length: 55 }, (_, i): TableCell[] => [`Row ${i}`, 'short']),
      ['Medium row', Array.from({ length: 30 }, (_, i) => `medium${i}`).join('\n')],
      ['Tall row', tall],
      ['After', 'the tall row'],
    ];
    const { bytes } = await renderReportPdf({ header, blocks: [{ kind: 'table', columns: ['Name', 'Text'], rows }] }, noImages);
    const pages = await readPdfText(bytes);
    const pageOf = (str: string) => pages.filter((page) => page.items.some((item) => item.str === str)).map((page) => page.number);
    // The 30-line row is drawn whole on one page.
    const medium = new Set(Array.from({ length: 30 }, (_, i) => pageOf(`medium${i}`)).flat());
    expect(medium.size).toBe(1);
    // The 900-line row is longer than a page: its lines continue, in order, over the next pages.
    const tallPages = Array.from({ length: 900 }, (_, i) => pageOf(`line${i}`));
    for (const found of tallPages) expect(found).toHaveLength(1);
    const numbers = tallPages.map((found) => found[0]!);
    expect(new Set(numbers).size).toBeGreaterThan(5);
    expect([...numbers].sort((a, b) => a - b)).toEqual(numbers);
    expect(pageOf('After')[0]).toBe(numbers[numbers.length - 1]);
    for (const page of pages) expectInsideMargins(page);
  });

  it('keeps a heading on the page of the table it introduces, wherever the page ends', async () => {
    // 47 filler lines fill the first page: fillers of 36 to 48 lines put the heading at every height of its foot in turn.
    for (let lines = 36; lines <= 48; lines++) {
      const document: ReportDocument = {
        header,
        blocks: [
          { kind: 'paragraph', text: Array.from({ length: lines }, (_, i) => `Filler line ${i}`).join('\n') },
          { kind: 'heading', text: 'Ninth floor' },
          {
            kind: 'table',
            columns: ['Location', 'Result', 'Remarks'],
            rows: [
              ['Stairwell B', { kind: 'mark', mark: 'U' }, 'Door propped open\nwith a wedge;\nwedge removed,\nstaff reminded\nof the rule.'],
              ['Corridor', { kind: 'mark', mark: 'S' }, ''],
            ],
          },
        ],
      };
      const { bytes } = await renderReportPdf(document, noImages);
      const pages = await readPdfText(bytes);
      const headingPage = pages.find((page) => page.items.some((item) => item.str === 'Ninth floor'))!;
      const texts = headingPage.items.map((item) => item.str);
      expect(texts, `after ${lines} lines`).toContain('Location');
      expect(texts, `after ${lines} lines`).toContain('Stairwell B');
      for (const page of pages) expectInsideMargins(page);
    }
  });

  it('shows the U, S, P and X marks, the U in red', async () => {
    const rows: TableCell[][] = (['U', 'S', 'P', 'X'] as const).map((mark) => [`Condition ${mark}`, { kind: 'mark', mark }]);
    rows.push(['Unmarked condition', { kind: 'mark', mark: null }]);
    const { bytes } = await renderReportPdf({ header, blocks: [{ kind: 'table', columns: ['Condition', 'Result'], rows }] }, noImages);
    const [page] = await readPdfText(bytes);
    const markItems = page!.items.filter((item) => ['U', 'S', 'P', 'X'].includes(item.str));
    expect(markItems.map((item) => item.str)).toEqual(['U', 'S', 'P', 'X']);
    // Each mark is on the line of its condition.
    for (const mark of markItems) {
      const label = page!.items.find((item) => item.str === `Condition ${mark.str}`)!;
      expect(Math.abs(label.y - mark.y)).toBeLessThan(6);
    }
    const unmarkedY = page!.items.find((item) => item.str === 'Unmarked condition')!.y;
    expect(page!.items.filter((item) => Math.abs(item.y - unmarkedY) < 6).map((item) => item.str)).toEqual(['Unmarked condition']);

    const [picture] = await renderPdfPages(bytes, { first: 1, last: 1, resolution: 144 });
    const around = (item: { x: number; y: number }) => ({ x: item.x - 2, y: item.y - 2, width: 10, height: 10 });
    const red = (p: { r: number; g: number; b: number }) => p.r > 150 && p.g < 80 && p.b < 80;
    const u = await boxPixels(picture!, around(markItems[0]!));
    expect(u.filter(red).length / u.length).toBeGreaterThan(0.3);
    const s = await boxPixels(picture!, around(markItems[1]!));
    expect(s.filter(red).length).toBe(0);
  });

  it('keeps accented Latin, Greek and Cyrillic text as written', async () => {
    const samples = ['Résidence Les Érables', 'Müller & Söhne', 'Señora Muñoz', 'Straße', 'œuvre', 'Ελληνικά', 'Пожарная безопасность', 'Ærøskøbing'];
    const document: ReportDocument = {
      header: { ...header, building: 'Résidence Les Érables', inspector: 'José Muñoz' },
      blocks: [
        { kind: 'paragraph', text: samples.join(', ') },
        { kind: 'table', columns: ['Équipement', 'Remarques'], rows: [['Extincteur', samples.join(' ')]] },
      ],
    };
    const { bytes } = await renderReportPdf(document, noImages);
    const [page] = await readPdfText(bytes);
    const text = flatText(page!);
    for (const sample of samples) expect(text.split(sample).length - 1, sample).toBeGreaterThanOrEqual(2);
    expect(text).toContain('José Muñoz');
    expect(text).toContain('Équipement');
  });

  it('draws a letter typed with a combining accent as the accented letter, and ligature pairs as their letters', async () => {
    const { bytes } = await renderReportPdf({ header, blocks: [{ kind: 'paragraph', text: 'Cafe\u0301 office affluent' }] }, noImages);
    const [page] = await readPdfText(bytes);
    expect(flatText(page!)).toContain('Café office affluent');
  });

  it('draws photo thumbnails, shows "Photo unavailable" for one that cannot be loaded, and stays small with 100 photos', async () => {
    const photos = new Map<string, Uint8Array>();
    for (let i = 0; i < 100; i++) photos.set(`/uploads/photo-${i}.jpg`, await photoJpeg(i, 640, 480));
    photos.set('/uploads/large.jpg', await photoJpeg(7));
    photos.set('/uploads/not-an-image.jpg', new TextEncoder().encode('this is not a JPEG'));
    const loadImage = async (url: string) => {
      if (url === '/uploads/throws.jpg') throw new Error('storage is down');
      return photos.get(url) ?? null;
    };
    const rows: TableCell[][] = [
      ['Large photo', { kind: 'photo', url: '/uploads/large.jpg' }],
      ['Missing photo', { kind: 'photo', url: '/uploads/missing.jpg' }],
      ['Broken photo', { kind: 'photo', url: '/uploads/not-an-image.jpg' }],
      ['Storage down', { kind: 'photo', url: '/uploads/throws.jpg' }],
      ...Array.from({ length: 100 }, (_, i): TableCell[] => [`Photo ${i}`, { kind: 'photo', url: `/uploads/photo-${i}.jpg` }]),
    ];
    const { bytes, pageCount } = await renderReportPdf({ header, blocks: [{ kind: 'table', columns: ['Condition', 'Photo'], widths: [3, 1], rows }] }, { loadImage });
    // 101 photos of 640×480 and more: thumbnails keep the file small.
    expect(bytes.length).toBeLessThan(1_500_000);
    const pages = await readPdfText(bytes);
    expect(pages).toHaveLength(pageCount);
    const first = pages[0]!;
    for (const label of ['Missing photo', 'Broken photo', 'Storage down']) {
      const row = first.items.find((item) => item.str === label)!;
      const placeholder = first.items.filter((item) => Math.abs(item.y - row.y) < 6 && item !== row).map((item) => item.str).join(' ');
      expect(placeholder).toBe(PHOTO_UNAVAILABLE);
    }
    // The thumbnail is drawn in the photo column, in the large photo's row: right of the condition column, below its label's top.
    const large = first.items.find((item) => item.str === 'Large photo')!;
    const photoColumnX = MARGIN + ((first.width - 2 * MARGIN) * 3) / 4;
    const [picture] = await renderPdfPages(bytes, { first: 1, last: 1, resolution: 96 });
    expect(await nonWhiteShare(picture!, { x: photoColumnX + 6, y: large.y - 40, width: 60, height: 40 })).toBeGreaterThan(0.9);
    // The row of a missing photo has no picture, only its words (which end before the cell's last third).
    const missing = first.items.find((item) => item.str === 'Missing photo')!;
    const words = first.items.find((item) => item.str === PHOTO_UNAVAILABLE && Math.abs(item.y - missing.y) < 6)!;
    expect(words.x + words.width).toBeLessThan(photoColumnX + 80);
    expect(await nonWhiteShare(picture!, { x: photoColumnX + 80, y: missing.y - 2, width: 40, height: 8 })).toBeLessThan(0.05);
    const all = pages.flatMap((page) => page.items.map((item) => item.str));
    for (let i = 0; i < 100; i++) expect(all).toContain(`Photo ${i}`);
  });

  it('starts the block after a page break on a new page and never leaves a blank page', async () => {
    const document: ReportDocument = {
      header,
      blocks: [
        { kind: 'pageBreak' },
        { kind: 'heading', text: 'Ground floor' },
        { kind: 'paragraph', text: 'First section.' },
        { kind: 'pageBreak' },
        { kind: 'pageBreak' },
        { kind: 'heading', text: 'Second floor' },
        { kind: 'paragraph', text: 'Second section.' },
        { kind: 'pageBreak' },
      ],
    };
    const { bytes, pageCount } = await renderReportPdf(document, noImages);
    const pages = await readPdfText(bytes);
    expect(pageCount).toBe(2);
    expect(flatText(pages[0]!)).toContain('Ground floor First section.');
    expect(flatText(pages[1]!)).toContain('Second floor Second section.');
    expect(flatText(pages[1]!)).not.toContain('First section.');
  });

  it('lays a landscape document on landscape pages', async () => {
    const { bytes } = await renderReportPdf(
      { header, orientation: 'landscape', blocks: [{ kind: 'table', columns: Array.from({ length: 14 }, (_, i) => `Column ${i}`), rows: [Array.from({ length: 14 }, (_, i) => `Value ${i}`)] }] },
      noImages,
    );
    const [page] = await readPdfText(bytes);
    expect(page!.width).toBeCloseTo(841.89, 1);
    expect(page!.height).toBeCloseTo(595.28, 1);
    expect(flatText(page!)).toContain('Column 13');
    expectInsideMargins(page!);
  });

  it('embeds the organization logo when it loads, and renders without it when it does not', async () => {
    const logo = new Uint8Array(await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 20, g: 60, b: 160, alpha: 1 } } }).png().toBuffer());
    const withLogo = await renderReportPdf({ header: { ...header, logoUrl: '/uploads/logo.png' }, blocks: [] }, { loadImage: async () => logo });
    const [picture] = await renderPdfPages(withLogo.bytes, { first: 1, last: 1, resolution: 72 });
    // The logo sits at the top right, inside the margins (at most 150 × 48 points).
    expect(await nonWhiteShare(picture!, { x: 595.28 - MARGIN - 100, y: 841.89 - MARGIN - 30, width: 90, height: 25 })).toBeGreaterThan(0.9);
    const without = await renderReportPdf({ header: { ...header, logoUrl: '/uploads/gone.png' }, blocks: [] }, noImages);
    const [page] = await readPdfText(without.bytes);
    expect(flatText(page!)).toContain(header.title);
  });
});

describe('renderBookletPdf', () => {
  let pages: PdfPageText[];
  let firstPages: number[];
  let pageCount: number;
  const titles = ['Primary: Completed Walkabout Report', 'Emergency Lighting Report', 'Failure Summary'];

  beforeAll(async () => {
    const documents: ReportDocument[] = titles.map((title, d) => ({
      header: { ...header, title },
      blocks: [
        { kind: 'table', columns: ['Equipment', 'Result'], rows: Array.from({ length: 60 * (d + 1) }, (_, i): TableCell[] => [`${title} row ${i}`, { kind: 'mark', mark: 'S' }]) },
      ],
    }));
    const booklet = await renderBookletPdf(documents, noImages);
    pageCount = booklet.pageCount;
    firstPages = booklet.firstPages;
    pages = await readPdfText(booklet.bytes);
  });

  it('numbers the pages through the whole booklet', () => {
    expect(pages).toHaveLength(pageCount);
    pages.forEach((page, index) => expect(flatText(page)).toContain(`Page ${index + 1} of ${pageCount}`));
  });

  it('keeps the reports in the order given, each from a new page with its own header', () => {
    expect(firstPages[0]).toBe(1);
    expect(firstPages).toEqual([...firstPages].sort((a, b) => a - b));
    expect(new Set(firstPages).size).toBe(3);
    titles.forEach((title, d) => {
      const start = firstPages[d]!;
      const end = (firstPages[d + 1] ?? pageCount + 1) - 1;
      expect(end).toBeGreaterThan(start);
      // The full header (with the address) is on the report's first page only.
      expect(flatText(pages[start - 1]!)).toContain(title);
      expect(flatText(pages[start - 1]!)).toContain(header.address!);
      for (let p = start; p <= end; p++) {
        const text = flatText(pages[p - 1]!);
        expect(text).toContain(`${title} row`);
        for (const other of titles.filter((t) => t !== title)) expect(text).not.toContain(`${other} row`);
        if (p > start) expect(text).not.toContain(header.address!);
      }
      const rows = pages.slice(start - 1, end).flatMap((page) => page.items.filter((item) => item.str.startsWith(`${title} row`)).map((item) => Number(item.str.split(' row ')[1])));
      expect(rows).toEqual(Array.from({ length: 60 * (d + 1) }, (_, i) => i));
    });
  });
});

describe('wrapText', () => {
  // One unit per character: widths are easy to reason about.
  const measure = (text: string) => Array.from(text).length;

  it('wraps at spaces and keeps explicit line ends, an empty line included', () => {
    expect(wrapText('the quick brown fox', measure, 10)).toEqual(['the quick', 'brown fox']);
    expect(wrapText('one\n\ntwo', measure, 10)).toEqual(['one', '', 'two']);
    expect(wrapText('a\r\nb\tc', measure, 10)).toEqual(['a', 'b c']);
  });

  it('breaks a word longer than the line between characters, never splitting a surrogate pair', () => {
    expect(wrapText('x abcdefghijkl y', measure, 5)).toEqual(['x', 'abcde', 'fghij', 'kl y']);
    expect(wrapText('😀😀😀', measure, 2)).toEqual(['😀😀', '😀']);
  });

  it('puts a character wider than the line on a line of its own', () => {
    expect(wrapText('ab', () => 10, 5)).toEqual(['a', 'b']);
  });
});

describe('fonts', () => {
  it('resolves DejaVu Sans regular and bold from the dejavu-fonts-ttf package', () => {
    const paths = fontPaths();
    expect(paths.regular).toMatch(/dejavu-fonts-ttf[\\/]ttf[\\/]DejaVuSans\.ttf$/);
    expect(paths.bold).toMatch(/dejavu-fonts-ttf[\\/]ttf[\\/]DejaVuSans-Bold\.ttf$/);
  });
});
