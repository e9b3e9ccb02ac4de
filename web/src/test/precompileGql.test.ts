import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocumentNode } from 'graphql';
import { precompiledDocuments, withoutLocation } from '../../precompileGql';

// Every generated module, as the tests and the dev server load them: graphql-tag parses their documents at run time.
const modules = import.meta.glob<Record<string, unknown>>('../**/*.generated.tsx', { eager: true });

describe('the GraphQL documents the build parses ahead of time (precompileGql.ts)', () => {
  it('are the documents graphql-tag makes at run time, but for their source text', () => {
    const precompiled = precompiledDocuments(path.resolve(import.meta.dirname, '..'));
    const atRunTime = Object.values(modules).flatMap((exports) =>
      Object.entries(exports).filter((entry): entry is [string, DocumentNode] => (entry[1] as DocumentNode | undefined)?.kind === 'Document'),
    );
    expect(atRunTime.length).toBeGreaterThan(100);
    // One document per name across the generated files, as the build looks them up by name.
    expect(new Set(atRunTime.map(([name]) => name)).size).toBe(atRunTime.length);
    expect(new Set(precompiled.keys())).toEqual(new Set(atRunTime.map(([name]) => name)));
    for (const [name, document] of atRunTime) expect(precompiled.get(name), name).toEqual(withoutLocation(document));
  });
});
