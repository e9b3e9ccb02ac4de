/**
 * The web's JavaScript budgets (scripts/check-budgets.mjs): which files count on a route's critical path, and the sum
 * against the budget. The manifest here is shaped as Vite writes it (dist/.vite/manifest.json).
 */
import { describe, expect, it } from 'vitest';
import { criticalFiles, measure, type Manifest } from '../../scripts/check-budgets.mjs';

const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js', '_apollo.js'], dynamicImports: ['src/Page.tsx'], css: ['assets/index.css'] },
  '_react.js': { file: 'assets/react.js' },
  '_apollo.js': { file: 'assets/apollo.js', imports: ['_react.js'] },
  'src/Page.tsx': { file: 'assets/Page.js', imports: ['index.html', '_apollo.js', '_button.js'], dynamicImports: ['src/Scanner.tsx'] },
  '_button.js': { file: 'assets/button.js', imports: ['_react.js'] },
  'src/Scanner.tsx': { file: 'assets/Scanner.js', imports: ['_button.js', '_scanlib.js'] },
  '_scanlib.js': { file: 'assets/scanlib.js' },
};
const KiB = 1024;
const sizes: Record<string, number> = {
  'assets/index.js': 10 * KiB,
  'assets/react.js': 60 * KiB,
  'assets/apollo.js': 50 * KiB,
  'assets/Page.js': 5 * KiB,
  'assets/button.js': 2 * KiB,
  'assets/Scanner.js': 30 * KiB,
  'assets/scanlib.js': 8 * KiB,
};
const sizeOf = (file: string) => sizes[file]!;

describe('criticalFiles', () => {
  it("counts the entry and its static imports, transitively and once each, but not its dynamic imports or stylesheets", () => {
    expect([...criticalFiles(manifest, ['index.html'])].sort()).toEqual(['assets/apollo.js', 'assets/index.js', 'assets/react.js']);
  });

  it('adds a lazy screen with what it imports statically, without counting twice what the entry already loads', () => {
    expect([...criticalFiles(manifest, ['index.html', 'src/Page.tsx'])].sort()).toEqual([
      'assets/Page.js',
      'assets/apollo.js',
      'assets/button.js',
      'assets/index.js',
      'assets/react.js',
    ]);
  });

  it('names a key the build does not have, rather than measuring nothing', () => {
    expect(() => criticalFiles(manifest, ['src/Gone.tsx'])).toThrow("the build's manifest has no chunk 'src/Gone.tsx'");
  });
});

describe('measure', () => {
  it('sums the gzipped sizes of the critical path against the budget', () => {
    expect(measure(manifest, { route: '/page', opens: ['index.html', 'src/Page.tsx'], budgetKiB: 130 }, sizeOf)).toEqual({
      route: '/page',
      files: 5,
      kib: 127,
      budgetKiB: 130,
      over: false,
      targetMissed: false,
    });
  });

  it('is over when the sum passes the budget by a byte, and tells a missed target apart', () => {
    const result = measure(manifest, { route: '/', opens: ['index.html'], budgetKiB: 120, targetKiB: 100 }, (file) => sizeOf(file) + (file === 'assets/index.js' ? 1 : 0));
    expect(result).toMatchObject({ over: true, targetMissed: true });
    expect(measure(manifest, { route: '/', opens: ['index.html'], budgetKiB: 120, targetKiB: 120 }, sizeOf)).toMatchObject({ over: false, targetMissed: false });
  });

  it("with 'only', counts what a lazy part adds beyond the entry's critical path", () => {
    const scanner = measure(manifest, { route: 'scanner', opens: ['src/Scanner.tsx'], budgetKiB: 40, only: true }, sizeOf);
    expect(scanner).toMatchObject({ files: 3, kib: 40, over: false });
  });
});
