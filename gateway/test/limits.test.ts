/**
 * The query limits fit the web's own operations (web/src/**\/*.graphql), each
 * with the fragments it spreads, and refuse queries built to exhaust the gateway.
 * What the gateway answers to abusive queries over HTTP is in gateway.test.ts.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  Kind,
  buildASTSchema,
  concatAST,
  parse,
  validate,
  visit,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
} from 'graphql';
import { createArmor, queryLimits } from '../src/limits';
import { loadTypeDefs } from '../src/schema';

const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src');
const schema = buildASTSchema(concatAST(loadTypeDefs().map((sdl) => parse(sdl))));
const rules = createArmor().validationRules;

function graphqlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : graphqlFiles(full);
    return entry.name.endsWith('.graphql') ? [full] : [];
  });
}

function spreadsOf(node: DefinitionNode): string[] {
  const names: string[] = [];
  visit(node, { FragmentSpread: (spread) => void names.push(spread.name.value) });
  return names;
}

/** Each web operation with the fragments it needs, transitively, as one document. */
function webOperations(): Array<{ name: string; document: DocumentNode; source: string }> {
  const definitions = graphqlFiles(webSrc).flatMap((file) => parse(readFileSync(file, 'utf8')).definitions);
  const fragments = new Map(
    definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  return definitions
    .filter((d) => d.kind === Kind.OPERATION_DEFINITION)
    .map((operation) => {
      const needed = new Map<string, FragmentDefinitionNode>();
      const queue = spreadsOf(operation);
      while (queue.length) {
        const name = queue.pop() as string;
        const fragment = fragments.get(name);
        if (!fragment || needed.has(name)) continue;
        needed.set(name, fragment);
        queue.push(...spreadsOf(fragment));
      }
      const document: DocumentNode = { kind: Kind.DOCUMENT, definitions: [operation, ...needed.values()] };
      const source = [operation, ...needed.values()].map((d) => d.loc?.source.body.slice(d.loc.start, d.loc.end) ?? '').join('\n');
      return { name: operation.kind === Kind.OPERATION_DEFINITION ? (operation.name?.value ?? '(anonymous)') : '', document, source };
    });
}

function nested(field: string, depth: number, leaf: string): string {
  return depth === 0 ? leaf : `${field} { ${nested(field, depth - 1, leaf)} }`;
}

describe('query limits', () => {
  it("let every operation of the web app through", () => {
    const operations = webOperations();
    expect(operations.length).toBeGreaterThan(0);
    for (const { name, document, source } of operations) {
      expect({ name, errors: validate(schema, document, rules).map((e) => e.message) }).toEqual({ name, errors: [] });
      expect(() => parse(source, { maxTokens: queryLimits.maxTokens })).not.toThrow();
    }
  });

  it('refuse a query nested deeper than the depth limit', () => {
    const query = `{ regions { ${nested('children', queryLimits.maxDepth, 'id')} } }`;
    const errors = validate(schema, parse(query), rules).map((e) => e.message);
    expect(errors.join('\n')).toMatch(/depth limit/i);
  });

  it('refuse a query with more aliases than allowed', () => {
    const aliases = Array.from({ length: queryLimits.maxAliases + 1 }, (_, i) => `a${i}: ok`).join(' ');
    const errors = validate(schema, parse(`{ ${aliases} }`), rules).map((e) => e.message);
    expect(errors.join('\n')).toMatch(/aliases limit/i);
  });
});
