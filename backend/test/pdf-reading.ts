/**
 * Reading PDFs back in tests, as a reader would see them: the text of each page with where each run of text sits
 * (pdfjs-dist, the engine of Firefox's viewer), and the pages as pictures (Poppler's pdftoppm, the engine of most
 * Linux viewers) for checks on what is drawn (a photo, a coloured mark).
 *
 *   const pages = await readPdfText(bytes);        // pages[0].text, pages[0].items (x, y, width in PDF points)
 *   const [png] = await renderPdfPages(bytes, { first: 1, last: 1 });
 *   const share = await nonWhiteShare(png, { x, y, width, height });  // a box in PDF points of that page
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import sharp from 'sharp';

const run = promisify(execFile);

/** A run of text on a page (runs of white space alone are left out): its string, the left end of its baseline (PDF points, from the bottom left), its width and font size. */
export type PdfTextItem = { str: string; x: number; y: number; width: number; size: number };

export type PdfPageText = {
  /** 1-based. */
  number: number;
  width: number;
  height: number;
  items: PdfTextItem[];
  /** The page's text: runs joined by a space, or by a new line where the PDF's text ends a line. */
  text: string;
};

type RawItem = { str?: string; transform?: number[]; width?: number; hasEOL?: boolean };

/** The text of every page, in page order. */
export async function readPdfText(bytes: Uint8Array): Promise<PdfPageText[]> {
  // pdfjs takes ownership of the buffer it is given: a copy keeps the caller's bytes usable.
  const task = getDocument({ data: bytes.slice(), disableFontFace: true, isEvalSupported: false, verbosity: 0 });
  const document = await task.promise;
  try {
    const pages: PdfPageText[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = page.view;
      const content = await page.getTextContent();
      const items: PdfTextItem[] = [];
      let text = '';
      for (const raw of content.items as RawItem[]) {
        if (typeof raw.str !== 'string') continue;
        const transform = raw.transform ?? [];
        if (raw.str.trim()) {
          items.push({ str: raw.str, x: transform[4] ?? 0, y: transform[5] ?? 0, width: raw.width ?? 0, size: Math.abs(transform[0] ?? 0) });
        }
        text += raw.str + (raw.hasEOL ? '\n' : ' ');
      }
      pages.push({ number, width: x1 - x0, height: y1 - y0, items, text });
      page.cleanup();
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/** A page's text with every run of white space as one space (for phrases a line break may fall inside). */
export function flatText(page: PdfPageText): string {
  return page.text.replace(/\s+/g, ' ').trim();
}

/** A page rendered to PNG; `resolution` in pixels per inch (72 makes one pixel per PDF point). */
export type RenderedPage = { number: number; png: Buffer; resolution: number; heightPoints: number };

/** Renders pages `first`..`last` (1-based, default all) with pdftoppm. */
export async function renderPdfPages(bytes: Uint8Array, options: { first?: number; last?: number; resolution?: number } = {}): Promise<RenderedPage[]> {
  const resolution = options.resolution ?? 72;
  const folder = await mkdtemp(path.join(tmpdir(), 'pdf-pages-'));
  try {
    const input = path.join(folder, 'input.pdf');
    await writeFile(input, bytes);
    const args = ['-png', '-r', String(resolution)];
    if (options.first) args.push('-f', String(options.first));
    if (options.last) args.push('-l', String(options.last));
    await run('pdftoppm', [...args, input, path.join(folder, 'page')]);
    const names = (await readdir(folder)).filter((name) => name.startsWith('page-') && name.endsWith('.png'));
    const pages: RenderedPage[] = [];
    for (const name of names) {
      const number = Number(/page-0*(\d+)\.png$/.exec(name)?.[1]);
      const png = await readFile(path.join(folder, name));
      const { height = 0 } = await sharp(png).metadata();
      pages.push({ number, png, resolution, heightPoints: (height * 72) / resolution });
    }
    return pages.sort((a, b) => a.number - b.number);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** A box on a page in PDF points, (x, y) its bottom-left corner as PDF coordinates count. */
export type PdfBox = { x: number; y: number; width: number; height: number };

/** The pixels of a box of a rendered page, as RGB triples. */
export async function boxPixels(page: RenderedPage, box: PdfBox): Promise<{ r: number; g: number; b: number }[]> {
  const scale = page.resolution / 72;
  const image = sharp(page.png);
  const { width = 0, height = 0 } = await image.metadata();
  const left = Math.max(0, Math.round(box.x * scale));
  const top = Math.max(0, Math.round((page.heightPoints - box.y - box.height) * scale));
  const w = Math.min(width - left, Math.max(1, Math.round(box.width * scale)));
  const h = Math.min(height - top, Math.max(1, Math.round(box.height * scale)));
  const { data, info } = await image.extract({ left, top, width: w, height: h }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const pixels: { r: number; g: number; b: number }[] = [];
  for (let i = 0; i < data.length; i += info.channels) pixels.push({ r: data[i]!, g: data[i + 1]!, b: data[i + 2]! });
  return pixels;
}

/** The share (0..1) of a box's pixels that are not (near) white. */
export async function nonWhiteShare(page: RenderedPage, box: PdfBox): Promise<number> {
  const pixels = await boxPixels(page, box);
  const inked = pixels.filter((p) => p.r < 235 || p.g < 235 || p.b < 235).length;
  return pixels.length ? inked / pixels.length : 0;
}
