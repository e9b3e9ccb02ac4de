/**
 * GraphQL objects made from REST resources. A model holds a type's plain fields as properties, each
 * present (null where the schema allows it) and typed by the schema, so the default resolver reads them
 * with no resolver of ours (a value, never a promise: compiled execution, compiled-execution.ts, does not
 * wait for a promise in a field without a resolver); its relationships are kept as ids, which the type's resolvers
 * load. A resource becomes its model once, where it arrives (a loader, a list page), never per field.
 */
export type PlainFields<TObject, TKeys extends keyof TObject> = { [K in TKeys]-?: Exclude<TObject[K], undefined> };
