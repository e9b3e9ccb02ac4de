/**
 * The pages of a PDF, drawn with pdfjs-dist: the document bookmarks page and the contract accept sheets show
 * a PDF this way rather than in the browser's own viewer, which phones do not offer in a page. pdfjs and its
 * worker (about 1.5 MB) are fetched the first time a PDF is shown, never on the way to another screen.
 *
 * Each page is a figure `#pdf-page-{n}` labelled 'Page n of m', drawn when it comes near the viewport, at the
 * width of the column and the screen's pixel density. `page` scrolls to a page whenever it changes.
 */
import { Alert, Anchor, Box, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';

export type PdfPagesProps = {
  /** A URL the browser may fetch without a bearer token (a signed file URL). */
  url: string;
  /** What the PDF is ('Service contract'), for the pages' accessible names. */
  label: string;
  /** The page to show (1-based); changing it scrolls there. */
  page?: number;
  /** Told the number of pages once the PDF is open. */
  onPageCount?: (count: number) => void;
};

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; pdf: PDFDocumentProxy };

/**
 * pdfjs with its worker set, loaded once. A load that failed (its files not downloaded, offline) is not kept: the next
 * PDF opened asks again, as a browser that fetches a failed module again (Chromium does) then can answer.
 */
let pdfjsLoading: Promise<typeof import('pdfjs-dist')> | undefined;
function loadPdfjs(): Promise<typeof import('pdfjs-dist')> {
  pdfjsLoading ??= Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]).then(
    ([pdfjs, worker]) => {
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      return pdfjs;
    },
    (error: unknown) => {
      pdfjsLoading = undefined;
      throw error;
    },
  );
  return pdfjsLoading;
}

export function PdfPages({ url, label, page, onPageCount }: PdfPagesProps) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const onPageCountRef = useRef(onPageCount);
  onPageCountRef.current = onPageCount;

  useEffect(() => {
    let cancelled = false;
    let opened: PDFDocumentProxy | undefined;
    setLoaded({ status: 'loading' });
    loadPdfjs()
      // The signed file route answers whole files: no range requests, no streaming.
      .then((pdfjs) => pdfjs.getDocument({ url, disableRange: true, disableStream: true, isEvalSupported: false }).promise)
      .then((pdf) => {
        opened = pdf;
        if (cancelled) return void pdf.destroy();
        setLoaded({ status: 'ready', pdf });
        onPageCountRef.current?.(pdf.numPages);
      })
      .catch(() => {
        if (!cancelled) setLoaded({ status: 'failed' });
      });
    return () => {
      cancelled = true;
      void opened?.destroy();
    };
  }, [url]);

  const pageCount = loaded.status === 'ready' ? loaded.pdf.numPages : 0;
  useEffect(() => {
    if (!page || page < 1 || page > pageCount) return;
    document.getElementById(`pdf-page-${page}`)?.scrollIntoView({ block: 'start' });
  }, [page, pageCount]);

  if (loaded.status === 'loading') {
    return (
      <Group gap="xs" role="status" py="md">
        <Loader size="sm" />
        <Text size="sm">Opening {label}…</Text>
      </Group>
    );
  }
  if (loaded.status === 'failed') {
    return (
      <Alert color="red" variant="light" title={`${label} could not be shown`}>
        <Text size="sm">
          The PDF could not be read here.{' '}
          <Anchor href={url} target="_blank" rel="noreferrer">
            Open it in a new window
          </Anchor>
          .
        </Text>
      </Alert>
    );
  }
  return (
    <Stack gap="md">
      {Array.from({ length: pageCount }, (_, index) => (
        <PdfPage key={index} pdf={loaded.pdf} number={index + 1} count={pageCount} label={label} />
      ))}
    </Stack>
  );
}

/** One page: a placeholder of the page's shape until it comes near the viewport, then the drawn canvas. */
function PdfPage({ pdf, number, count, label }: { pdf: PDFDocumentProxy; number: number; count: number; label: string }) {
  const figureRef = useRef<HTMLElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [near, setNear] = useState(false);
  const [aspect, setAspect] = useState(11 / 8.5);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const figure = figureRef.current;
    if (!figure || near) return;
    if (typeof IntersectionObserver === 'undefined') return void setNear(true);
    const observer = new IntersectionObserver((seen) => seen.some((s) => s.isIntersecting) && setNear(true), { rootMargin: '600px 0px' });
    observer.observe(figure);
    return () => observer.disconnect();
  }, [near]);

  useEffect(() => {
    if (!near) return;
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | undefined;
    pdf
      .getPage(number)
      .then((pdfPage) => {
        if (cancelled || !canvasRef.current || !figureRef.current) return;
        const natural = pdfPage.getViewport({ scale: 1 });
        setAspect(natural.height / natural.width);
        const width = figureRef.current.clientWidth || natural.width;
        const density = Math.min(window.devicePixelRatio || 1, 2);
        const viewport = pdfPage.getViewport({ scale: (width / natural.width) * density });
        const canvas = canvasRef.current;
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        task = pdfPage.render({ canvas, viewport });
        return task.promise;
      })
      .catch((error: unknown) => {
        if (!cancelled && (error as { name?: string })?.name !== 'RenderingCancelledException') setFailed(true);
      });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [near, pdf, number]);

  return (
    <Box component="figure" ref={figureRef} id={`pdf-page-${number}`} aria-label={`Page ${number} of ${count}`} m={0} style={{ scrollMarginTop: 72 }}>
      {failed ? (
        <Alert color="red" variant="light">Page {number} could not be drawn.</Alert>
      ) : (
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={`${label}, page ${number} of ${count}`}
          style={{ display: 'block', width: '100%', aspectRatio: `1 / ${aspect}`, background: 'white', boxShadow: '0 0 0 1px var(--mantine-color-gray-4)' }}
        />
      )}
      <Text component="figcaption" size="xs" c="dimmed" ta="center" mt={4}>
        Page {number} of {count}
      </Text>
    </Box>
  );
}
