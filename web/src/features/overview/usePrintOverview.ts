import { useState } from 'react';
import type { OverviewPrint } from './overviewPdf';

/** Print: the PDF of what the overview shows, made in the browser; a failure says so and leaves the screen as it was. */
export function usePrintOverview() {
  const [printing, setPrinting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (print: OverviewPrint) => {
    setPrinting(true);
    setError(null);
    try {
      const { printOverview } = await import('./overviewPdf');
      await printOverview(print);
    } catch {
      setError('The PDF could not be made. Try again.');
    } finally {
      setPrinting(false);
    }
  };
  return { printing, error, run };
}
