import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The New Report and New Booklet sheets (admin-people-schedules.md section 2, Modal sheets). */
export type NewSheet = 'report' | 'booklet';

/** The query value that opens a sheet over the page it lands on: `?new=report` or `?new=booklet`. */
const PARAM = 'new';

const asSheet = (value: string | null): NewSheet | null => (value === 'report' || value === 'booklet' ? value : null);

/**
 * Where the old `report/new` and `report-booklet/new` addresses now lead: the organization's list (or the region's page
 * for `?regionId=`) with the sheet open.
 */
export function newSheetPath(organizationId: string, kind: NewSheet, regionId: string | null) {
  const base = `/manage/organization/${organizationId}`;
  const page = regionId ? `${base}/region/${regionId}` : `${base}/${kind === 'report' ? 'reports' : 'report-booklets'}`;
  return `${page}?${PARAM}=${kind}`;
}

/**
 * Which sheet is open over the page: opened by its button or add row, or by `?new=` on arrival (the value is then
 * taken out of the address, so that a reload or Back does not open the sheet again).
 */
export function useNewSheet() {
  const [search, setSearch] = useSearchParams();
  const asked = asSheet(search.get(PARAM));
  const [sheet, setSheet] = useState<NewSheet | null>(asked);
  useEffect(() => {
    if (!asked) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PARAM);
        return next;
      },
      { replace: true },
    );
  }, [asked, setSearch]);
  return { sheet, open: (kind: NewSheet) => setSheet(kind), close: () => setSheet(null) };
}
