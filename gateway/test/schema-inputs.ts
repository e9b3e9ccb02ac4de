/**
 * The text inputs of the GraphQL schema, for the hostile-input tests: every String or ID argument and
 * input-object field (at any depth, lists at index 0) of every query and mutation, read from schema/*.graphql,
 * so that a new operation or input is covered (or, in the sweep, must be named) without a change here.
 */
import {
  buildASTSchema,
  concatAST,
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isListType,
  isScalarType,
  parse,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import { loadTypeDefs } from '../src/schema';

export const schema = buildASTSchema(concatAST(loadTypeDefs().map((sdl) => parse(sdl))));

/** Paths (`[argument, ...]`) of every String and ID leaf of an input of `type`. */
export function stringPaths(type: GraphQLInputType, path: Array<string | number>): Array<Array<string | number>> {
  const inner = getNullableType(type);
  if (isListType(inner)) return stringPaths(inner.ofType, [...path, 0]);
  if (isInputObjectType(inner)) return Object.values(inner.getFields()).flatMap((f) => stringPaths(f.type, [...path, f.name]));
  return isScalarType(inner) && ['String', 'ID'].includes(inner.name) ? [path] : [];
}

/** Sets the leaf at `path`; the objects and lists on the way must exist. */
export function setAt(target: Record<string, unknown>, path: ReadonlyArray<string | number>, value: unknown): void {
  let node = target as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
}

/** An operation calling `field` of the query or mutation root with every argument as a variable of its name. */
export function operationText(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>, selection?: string): string {
  const declarations = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const passes = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const leaf = isScalarType(getNamedType(field.type)) || isEnumType(getNamedType(field.type));
  return `${kind}${declarations ? ` (${declarations})` : ''} { ${field.name}${passes ? `(${passes})` : ''}${leaf ? '' : ` ${selection ?? '{ __typename }'}`} }`;
}

/** The mutation `name` with every argument as a variable and `selection` on its payload. */
export function operationOf(name: string, selection: string): string {
  const field = schema.getMutationType()!.getFields()[name];
  if (!field) throw new Error(`No mutation ${name} in the schema`);
  return operationText('mutation', field, selection || undefined);
}

/** Every mutation with each of its text inputs as a dotted path (`input.conditions.0.remarks`); a mutation without one once, with path ''. */
export function mutationTextInputs(): Array<{ mutation: string; path: string }> {
  return Object.values(schema.getMutationType()!.getFields()).flatMap((field) => {
    const paths = field.args.flatMap((a) => stringPaths(a.type, [a.name])).map((p) => p.join('.'));
    return paths.length ? paths.map((path) => ({ mutation: field.name, path })) : [];
  });
}

/** The names of every mutation of the schema. */
export function mutationNames(): string[] {
  return Object.keys(schema.getMutationType()!.getFields());
}

/**
 * The mutation `name` called `count` times in one operation, as aliases `a0`, `a1`, … whose arguments are the
 * variables `a0_<argument>`, `a1_<argument>`, … (mutations run one after the other, in order).
 */
export function aliasedOperationOf(name: string, selection: string, count: number): string {
  const field = schema.getMutationType()!.getFields()[name];
  if (!field) throw new Error(`No mutation ${name} in the schema`);
  const aliases = Array.from({ length: count }, (_, i) => i);
  const declarations = aliases.flatMap((i) => field.args.map((a) => `$a${i}_${a.name}: ${String(a.type)}`)).join(', ');
  const calls = aliases.map((i) => `a${i}: ${name}(${field.args.map((a) => `${a.name}: $a${i}_${a.name}`).join(', ')}) ${selection}`);
  return `mutation (${declarations}) { ${calls.join(' ')} }`;
}
