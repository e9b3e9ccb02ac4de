/**
 * Field resolvers that read a JSON:API resource's attributes. The resolver
 * parents are the REST resources themselves (codegen mappers), so a plain
 * field is `parent.attributes.name`; this spares writing that line per field.
 */
export function attributeResolvers<TParent extends { attributes: object }>() {
  type Attributes = TParent['attributes'];
  return <const TKeys extends ReadonlyArray<keyof Attributes>>(keys: TKeys) => {
    const resolvers = {} as { [K in TKeys[number]]: (parent: TParent) => Attributes[K] };
    for (const key of keys) {
      resolvers[key as TKeys[number]] = (parent: TParent) => (parent.attributes as Attributes)[key];
    }
    return resolvers;
  };
}
