/**
 * The query limits fit the web's own operations (web/src/**\/*.graphql), each
 * with the fragments it spreads, and refuse queries built to exhaust the gateway.
 * What the gateway answers to abusive queries over HTTP is in gateway.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { buildASTSchema, concatAST, parse, validate } from 'graphql';
import { createArmor, queryLimits } from '../src/limits';
import { loadTypeDefs } from '../src/schema';
import { webOperations } from './web-operations';

const schema = buildASTSchema(concatAST(loadTypeDefs().map((sdl) => parse(sdl))));
const rules = createArmor().validationRules;

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
