/**
 * Resource objects written as JSON before their document is: a route that has the time to write some of its resources
 * while it waits on the database (a save of 1,000 results writes their JSON while PostgreSQL records them) puts their
 * text in its document's `data` as SerializedResources, and answers through withSerializedData, which writes the rest
 * of the document as its serializer does and puts the texts in place.
 */

/** A resource object as the JSON text its document carries, written as JSON.stringify writes the object. */
export class SerializedResource {
  constructor(readonly json: string) {}
}

type Serialize = (payload: unknown) => string;

/** The start of a document whose `data` is its first member, written with no resource (see withSerializedData). */
const EMPTY_DATA = '{"data":[]';

/**
 * `serialize` for documents whose `data` (an array, the document's first member as its schema lists it) may hold
 * SerializedResources: those are written as they are, the other resources by JSON.stringify, as the routes' large arrays
 * are (http/compiler-cache.ts LARGE_ARRAYS: resources built property by property, written the same either way), and the
 * rest of the document by `serialize`. A document with no SerializedResource is `serialize`'s alone.
 */
export function withSerializedData(serialize: Serialize): Serialize {
  return (payload) => {
    const document = payload as { data: unknown[] };
    if (!document.data.some((item) => item instanceof SerializedResource)) return serialize(payload);
    const rest = serialize({ ...document, data: [] });
    if (!rest.startsWith(EMPTY_DATA)) throw new Error('withSerializedData: the document must begin with its data');
    const items = document.data.map((item) => (item instanceof SerializedResource ? item.json : JSON.stringify(item)));
    return `{"data":[${items.join(',')}]${rest.slice(EMPTY_DATA.length)}`;
  };
}
