import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../test/render';
import { PdfPages } from './PdfPages';

// pdf.js's chunk cannot be fetched until `available` (offline, then back online); once it can, a PDF of one page opens.
const pdfjs = vi.hoisted(() => ({ available: false }));
vi.mock('pdfjs-dist', () => {
  if (!pdfjs.available) throw new TypeError('Failed to fetch dynamically imported module: /assets/pdf.js');
  return {
    GlobalWorkerOptions: {},
    getDocument: () => ({ promise: Promise.resolve({ numPages: 1, getPage: () => new Promise(() => undefined), destroy: () => undefined }) }),
  };
});
vi.mock('pdfjs-dist/build/pdf.worker.min.mjs?url', () => ({ default: '/assets/pdf.worker.js' }));

describe('A PDF whose reader could not be downloaded', () => {
  it('says so, and opens the next time once the reader can be fetched', async () => {
    const first = renderApp({ ui: <PdfPages url="/files/a.pdf" label="The contract" /> });
    expect(await screen.findByText('The contract could not be shown')).toBeInTheDocument();
    first.unmount();

    pdfjs.available = true;
    renderApp({ ui: <PdfPages url="/files/a.pdf" label="The contract" /> });
    // Its one page, as a figure waiting to be drawn, and no failure.
    expect(await screen.findByRole('figure')).toBeInTheDocument();
    expect(screen.queryByText('The contract could not be shown')).not.toBeInTheDocument();
  });
});
