import { describe, expect, it } from 'vitest';
import { barrelOf, resolverFor, statements } from '../../chunkPhases';

// The build's reading of import statements (chunkPhases.ts), which decides what goes into the chunks each page opens.
describe('chunk phases: reading imports', () => {
  it('reads the names each import and re-export takes', () => {
    const code = [
      'import d from "a";',
      'import { x, y as z, type T } from "./b";',
      'import * as ns from "c";',
      'import "./d.css";',
      'export * from "e";',
      'export { g as h } from "g";',
      'import d2, { k } from "h";',
      'import type { U } from "i";',
      'const s = "import x";',
      'const lazy = () => import("./lazy");',
    ].join('\n');
    expect(statements(code).map(({ keyword, specifier, names, star }) => [keyword, specifier, [...names], star])).toEqual([
      ['import', 'a', ['default'], false],
      ['import', './b', ['x', 'y'], false],
      ['import', 'c', [], true],
      ['import', './d.css', [], true],
      ['export', 'e', [], true],
      ['export', 'g', ['g'], false],
      ['import', 'h', ['k', 'default'], false],
    ]);
  });

  it('finds the imported module a specifier names: a relative path with or without extension, a package or its file', () => {
    const resolve = resolverFor('/app/src/ui/Card.tsx', [
      '/app/src/ui/icons.tsx',
      '/app/src/ui/Card.module.css?used',
      '/app/node_modules/@mantine/core/esm/index.mjs',
      '/app/node_modules/@mantine/core/styles/Card.css',
      '/app/src/lib/index.ts',
    ]);
    expect(resolve('./icons')).toBe('/app/src/ui/icons.tsx');
    expect(resolve('./Card.module.css')).toBe('/app/src/ui/Card.module.css?used');
    expect(resolve('@mantine/core/styles/Card.css')).toBe('/app/node_modules/@mantine/core/styles/Card.css');
    expect(resolve('../lib')).toBe('/app/src/lib/index.ts');
    expect(resolve('@fsi/shared')).toBeUndefined();
  });

  it("follows a package's index by name, and takes a module with code of its own as a whole", () => {
    const index = barrelOf('/m/node_modules/lib/index.mjs', {
      code: '"use client";\nimport { Button } from "./Button.mjs";\nimport { Card as C } from "./Card.mjs";\nexport * from "./hooks.mjs";\nimport "./styles.css";\nexport { Button, C as Card };\n',
      importedIds: ['/m/node_modules/lib/Button.mjs', '/m/node_modules/lib/Card.mjs', '/m/node_modules/lib/hooks.mjs', '/m/node_modules/lib/styles.css'],
    });
    expect(index && Object.fromEntries(index.exports)).toEqual({
      Button: { id: '/m/node_modules/lib/Button.mjs', name: 'Button' },
      Card: { id: '/m/node_modules/lib/Card.mjs', name: 'Card' },
    });
    expect(index?.stars).toEqual(['/m/node_modules/lib/hooks.mjs']);
    expect(index?.sideEffects).toEqual(['/m/node_modules/lib/styles.css']);
    expect(barrelOf('/m/src/x.ts', { code: 'import { a } from "./a";\nexport const b = a + 1;\n', importedIds: ['/m/src/a.ts'] })).toBeNull();
  });
});
