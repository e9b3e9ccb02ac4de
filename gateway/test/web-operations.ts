/**
 * The web app's own operations (web/src/**\/*.graphql), each with the fragments it spreads, as the
 * web sends them: the limits are checked against them, and REST costs are counted for them.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, parse, visit, type DefinitionNode, type DocumentNode, type FragmentDefinitionNode } from 'graphql';

const webSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src');

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

export type WebOperation = { name: string; document: DocumentNode; source: string };

/** Each web operation with the fragments it needs, transitively, as one document. */
export function webOperations(): WebOperation[] {
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

/** The web's operation of that name; a test that needs it fails loudly when the web renames it. */
export function webOperation(name: string): WebOperation {
  const operation = webOperations().find((candidate) => candidate.name === name);
  if (!operation) throw new Error(`The web app has no operation named ${name}.`);
  return operation;
}
