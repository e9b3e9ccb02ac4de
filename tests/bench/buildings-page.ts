/** The web's buildings screen as the benches send it: its GraphQL operation read from the web's own .graphql files. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kind, parse, print, visit, type DefinitionNode, type FragmentDefinitionNode } from 'graphql';

const webBuildings = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/src/features/buildings');

/** The web's BuildingsPage operation with the fragments it reaches, as the web sends it. */
export function buildingsPageDocument(): string {
  const definitions: DefinitionNode[] = readdirSync(webBuildings)
    .filter((f) => f.endsWith('.graphql'))
    .flatMap((f) => parse(readFileSync(path.join(webBuildings, f), 'utf8')).definitions);
  const fragments = new Map(
    definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  const operation = definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION && d.name?.value === 'BuildingsPage');
  if (!operation) throw new Error('BuildingsPage operation not found in web/src/features/buildings');
  const used = new Set<string>();
  const queue: DefinitionNode[] = [operation];
  while (queue.length) {
    visit(queue.shift()!, {
      FragmentSpread(node) {
        if (used.has(node.name.value)) return;
        used.add(node.name.value);
        const fragment = fragments.get(node.name.value);
        if (fragment) queue.push(fragment);
      },
    });
  }
  return [operation, ...[...used].map((name) => fragments.get(name)!)].map((d) => print(d)).join('\n\n');
}
