/**
 * The PDF renderer's benchmark, a part of the root `npm run bench` (`npx tsx backend/bench/report-pdf.bench.ts`
 * runs it alone), for issue 10 point 11: the time and size of the completed report of a 2,000-condition walkabout
 * with 100 photos, beside a baseline measured in the same run: pdf-lib writing the same number of blank pages.
 * The same report without its photos is also timed, to show what the thumbnails cost.
 *
 * The photos are phone-sized JPEGs (1600 × 1200) made before timing and handed over from memory, so the figure is
 * the renderer's own work (loading, shrinking and embedding the photos, laying out and writing the pages), not the
 * storage's.
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { ReportBlock, ReportDocument, ReportMark, TableCell } from '../src/reports/pdf/model';
import { renderReportPdf } from '../src/reports/pdf/render';

const CONDITIONS = 2_000;
const PHOTOS = 100;
const FLOORS = 10;
const ROUNDS = 3;

export type ReportPdfBench = {
  conditions: number;
  photos: number;
  pages: number;
  /** Median wall time of the report's rendering, and its size. */
  reportMs: number;
  reportBytes: number;
  /** The same report without photo cells. */
  withoutPhotosMs: number;
  withoutPhotosBytes: number;
  /** Median wall time of pdf-lib writing `pages` blank pages, and that file's size. */
  blankMs: number;
  blankBytes: number;
  /** The photos' total size as uploaded. */
  photoBytes: number;
};

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed<T>(run: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const start = performance.now();
  const result = await run();
  return { ms: performance.now() - start, result };
}

/** A phone photo: a coloured pattern of its own, enlarged to 1600 × 1200 and saved as a JPEG. */
async function photo(seed: number): Promise<Uint8Array> {
  const width = 200;
  const height = 150;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 1.2 + seed * 37) % 256;
      pixels[i + 1] = ((x ^ y) + seed * 59) % 256;
      pixels[i + 2] = (y * 1.6 + seed * 13) % 256;
    }
  }
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } }).resize(1600, 1200).jpeg({ quality: 85 }).toBuffer();
  return new Uint8Array(jpeg);
}

/**
 * A completed walkabout report as the report definitions make it: the summary, then one section per floor (each on
 * new pages) with a row per condition; one condition in twenty is unsatisfactory, with a remark and a photo.
 */
export function walkaboutReport(withPhotos: boolean): ReportDocument {
  const perFloor = CONDITIONS / FLOORS;
  const everyPhoto = CONDITIONS / PHOTOS;
  const blocks: ReportBlock[] = [
    { kind: 'heading', text: 'Summary' },
    {
      kind: 'keyValue',
      items: [
        { label: 'Conditions', value: CONDITIONS.toLocaleString('en-US') },
        { label: 'Unsatisfactory', value: String(PHOTOS) },
        { label: 'Report definition', value: 'Monthly fire-safety walkabout, every location by floor' },
      ],
    },
  ];
  for (let floor = 0; floor < FLOORS; floor++) {
    const rows: TableCell[][] = [];
    for (let i = 0; i < perFloor; i++) {
      const n = floor * perFloor + i;
      const failed = n % everyPhoto === 0;
      const mark: ReportMark = failed ? 'U' : n % 97 === 0 ? 'P' : n % 89 === 0 ? 'X' : 'S';
      rows.push([
        `Corridor ${floor + 1}-${Math.floor(i / 5) + 1}`,
        ['Extinguisher', 'Emergency light', 'Exit sign', 'Fire door', 'Pull station'][n % 5]!,
        ['Pressure gauge in the green zone', 'Lights on test, battery charged', 'Illuminated and unobstructed', 'Closes and latches', 'Accessible, not damaged'][n % 5]!,
        { kind: 'mark', mark },
        failed ? `Found at ${n}: tamper seal broken and the inspection tag missing; maintenance notified, to be replaced this week.` : '',
        failed && withPhotos ? { kind: 'photo', url: `/uploads/photos/${n / everyPhoto}.jpg` } : '',
      ]);
    }
    blocks.push({ kind: 'heading', text: `Floor ${floor + 1}` });
    blocks.push({ kind: 'table', columns: ['Location', 'Equipment', 'Condition', 'Result', 'Remarks', 'Photo'], widths: [1.3, 1.3, 2.2, 0.7, 2.6, 1.3], rows });
    blocks.push({ kind: 'pageBreak' });
  }
  return {
    header: {
      organization: 'Harbourview Property Management',
      building: 'Maple Court Tower',
      address: '1200 Harbour Street, Vancouver, BC V6B 1A1',
      cycle: 'Monthly',
      period: 'November 1, 2026 – November 30, 2026',
      inspector: 'Dana Whitfield',
      lockedAt: 'November 23, 2026 4:05 PM',
      title: 'Completed Walkabout Report',
    },
    blocks,
  };
}

async function blankPages(count: number): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < count; i++) pdf.addPage([595.28, 841.89]);
  return pdf.save();
}

export async function benchReportPdf(): Promise<ReportPdfBench> {
  const photos = new Map<string, Uint8Array>();
  for (let i = 0; i < PHOTOS; i++) photos.set(`/uploads/photos/${i}.jpg`, await photo(i));
  const loadImage = async (url: string) => photos.get(url) ?? null;
  const withPhotos = walkaboutReport(true);
  const withoutPhotos = walkaboutReport(false);

  // A first run of each warms up the fonts and the JIT.
  const warm = await renderReportPdf(withPhotos, { loadImage });
  await renderReportPdf(withoutPhotos, { loadImage });
  await blankPages(warm.pageCount);

  const report: number[] = [];
  const plain: number[] = [];
  const blank: number[] = [];
  let reportBytes = 0;
  let plainBytes = 0;
  let blankBytes = 0;
  for (let round = 0; round < ROUNDS; round++) {
    // Interleaved, so that the machine's load weighs on all three alike.
    const a = await timed(() => renderReportPdf(withPhotos, { loadImage }));
    const b = await timed(() => renderReportPdf(withoutPhotos, { loadImage }));
    const c = await timed(() => blankPages(warm.pageCount));
    report.push(a.ms);
    plain.push(b.ms);
    blank.push(c.ms);
    reportBytes = a.result.bytes.length;
    plainBytes = b.result.bytes.length;
    blankBytes = c.result.length;
  }
  return {
    conditions: CONDITIONS,
    photos: PHOTOS,
    pages: warm.pageCount,
    reportMs: median(report),
    reportBytes,
    withoutPhotosMs: median(plain),
    withoutPhotosBytes: plainBytes,
    blankMs: median(blank),
    blankBytes,
    photoBytes: [...photos.values()].reduce((sum, bytes) => sum + bytes.length, 0),
  };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

export function formatReportPdfBench(r: ReportPdfBench): string {
  return [
    '',
    `Completed walkabout report PDF, ${r.conditions.toLocaleString('en-US')} conditions with ${r.photos} photos (${kib(r.photoBytes)} as uploaded), ${r.pages} pages, medians of ${ROUNDS} runs:`,
    `  render: ${r.reportMs.toFixed(0)} ms, ${kib(r.reportBytes)} (${(r.reportMs / r.pages).toFixed(1)} ms and ${kib(r.reportBytes / r.pages)} per page)`,
    `  without the photos: ${r.withoutPhotosMs.toFixed(0)} ms, ${kib(r.withoutPhotosBytes)}; the photos add ${(r.reportMs - r.withoutPhotosMs).toFixed(0)} ms and ${kib(r.reportBytes - r.withoutPhotosBytes)} (${kib((r.reportBytes - r.withoutPhotosBytes) / r.photos)} per photo)`,
    `  baseline, pdf-lib writing ${r.pages} blank pages: ${r.blankMs.toFixed(1)} ms, ${kib(r.blankBytes)}; ratio ${(r.reportMs / r.blankMs).toFixed(0)}x the time, ${(r.reportBytes / r.blankBytes).toFixed(0)}x the size`,
    '',
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(formatReportPdfBench(await benchReportPdf()));
}
