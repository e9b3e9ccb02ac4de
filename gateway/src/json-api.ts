/**
 * What the gateway's generic helpers read of any JSON:API document, whatever its resources
 * (docs/REST.md "Documents"): the records and links of a list's pages, a resource's to-many
 * relationships. The resources themselves are typed from the backend's OpenAPI document (rest-types.ts).
 */
export type ResourceIdentifier = { type: string; id: string };

/** A relationship as REST sends it: one identifier, several, or none. */
export type Relationship = { data?: ResourceIdentifier | ResourceIdentifier[] | null };

/** Any resource, as far as the gateway's generic helpers read it. */
export type AnyResource = {
  type: string;
  id: string;
  attributes?: object;
  relationships?: { [name: string]: Relationship | undefined };
};

/** A list's page links: `next` is followed to read every page. */
export type PageLinks = { self?: string; first?: string; last?: string; next?: string | null; prev?: string | null };

/** The members of a list document the gateway's paging reads. */
export type ListDocument<TItem> = { data: TItem[]; meta?: { total?: number }; links?: PageLinks };

/** The ids of a to-many relationship, in order. */
export function relatedIds(resource: AnyResource, name: string): string[] {
  const data = resource.relationships?.[name]?.data;
  return Array.isArray(data) ? data.map((item) => item.id) : [];
}

/** An id attribute (a number in the backend's attributes) as a GraphQL ID. */
export function idOf(value: number | string | null | undefined): string | null {
  return value === null || value === undefined ? null : String(value);
}
