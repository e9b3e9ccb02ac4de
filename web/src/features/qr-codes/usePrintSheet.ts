import { useState } from 'react';

export const SHEET_FAILED_MESSAGE = 'The QR code sheet could not be made. Check your connection and try again.';

type SheetAnswer = {
  sheet?: { downloadUrl: string } | null;
  errors: readonly { message: string }[];
} | null | undefined;

/**
 * Print on the QR code screens: asks for the sheet's signed PDF link and opens it. The tab is opened on the click
 * itself (pop-up blockers allow only that) and sent to the PDF when its link arrives, or closed when none comes;
 * `printing` holds while the backend draws the sheet, and `problem` says why there is none ('No results found' for
 * a search that matches nothing, in the backend's words).
 */
export function usePrintSheet(fetchSheet: () => Promise<SheetAnswer>) {
  const [printing, setPrinting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const print = () => {
    if (printing) return;
    const tab = window.open('about:blank', '_blank');
    setPrinting(true);
    setProblem(null);
    fetchSheet()
      .then((answer) => {
        if (answer?.sheet) {
          if (tab) tab.location.href = answer.sheet.downloadUrl;
          else window.location.assign(answer.sheet.downloadUrl);
          return;
        }
        tab?.close();
        setProblem(answer?.errors.length ? answer.errors.map((error) => error.message).join(' ') : SHEET_FAILED_MESSAGE);
      })
      .catch(() => {
        tab?.close();
        setProblem(SHEET_FAILED_MESSAGE);
      })
      .finally(() => setPrinting(false));
  };

  return { print, printing, problem, dismissProblem: () => setProblem(null) };
}
