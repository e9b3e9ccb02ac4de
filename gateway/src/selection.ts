/**
 * What a query reads below a field, so that a list call can bring along (`include`) the records the query will ask
 * for anyway. Fragments, inline fragments, aliases and @skip/@include are resolved by @graphql-tools/utils'
 * collectSubFields, graphql-js's own field collection (memoized per list of field nodes: a document's first level
 * is collected once, whatever the number of requests sending it).
 */
import { collectSubFields } from '@graphql-tools/utils';
import { getNamedType, isObjectType, type FieldNode, type GraphQLResolveInfo } from 'graphql';

/** The names of the fields the query reads at `path` below the resolved field (e.g. ['nodes'] of a connection). */
export function fieldsReadBelow(info: GraphQLResolveInfo, path: readonly string[]): Set<string> {
  let type = getNamedType(info.returnType);
  // The operation's own array (not a copy), which collectSubFields remembers.
  let nodes = info.fieldNodes as FieldNode[];
  for (const step of [...path, null]) {
    if (!isObjectType(type)) return new Set();
    const fields = collectSubFields(info.schema, info.fragments, info.variableValues, type, nodes).fields;
    const read = [...fields.values()].flat();
    if (step === null) return new Set(read.map((node) => node.name.value));
    nodes = read.filter((node) => node.name.value === step);
    const field = type.getFields()[step];
    if (!nodes.length || !field) return new Set();
    type = getNamedType(field.type);
  }
  return new Set();
}

/** The fields that say of a record only which one it is: its id, and its type's name (which Apollo Client asks of every object). */
const IDENTITY = new Set(['id', '__typename']);

/**
 * Whether the query reads nothing of the record at `path` below the resolved field but its id (and __typename): then
 * a relationship's id, which its parent holds, is all the answer needs, and the record is not loaded.
 */
export function readsOnlyIdentity(info: GraphQLResolveInfo, path: readonly string[] = []): boolean {
  for (const name of fieldsReadBelow(info, path)) if (!IDENTITY.has(name)) return false;
  return true;
}
