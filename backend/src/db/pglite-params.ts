/**
 * Long text values sent to PGlite as their UTF-8 bytes (issue 8: a save of 1,000 conditions sends about
 * 0.9 MB of JSON, its answer kept for a repeat of the save, and 0.2 MB of changes). PGlite writes a
 * string parameter by counting its UTF-8 length in JavaScript, one character at a time and twice, before
 * encoding it: about 4 ms of the 10 ms it took to send 0.9 MB, measured alone. A Uint8Array parameter is
 * sent as it is, in PostgreSQL's binary format, whose form for text, varchar and json is those same UTF-8
 * bytes (received by the type's own function, which checks them as a text parameter's are checked) and for
 * jsonb the same bytes after a version byte, 1. Buffer.from encodes natively. So each of these types'
 * serializers sends a string of LONG_TEXT characters or more as bytes: the same value reaches the
 * database, checked the same way (a lone surrogate becomes U+FFFD either way, as TextEncoder writes it).
 * Shorter strings, and other values, are written as before: counting costs little there.
 */
import { types, type PGlite } from '@electric-sql/pglite';

/** From this many UTF-16 code units a string goes as bytes. */
export const LONG_TEXT = 4096;

/** jsonb's binary format: a version byte, then the JSON text. */
const JSONB_VERSION = Buffer.of(1);

type Serializer = (value: unknown) => unknown;

export function sendLongTextAsBytes(client: PGlite): void {
  const serializers = client.serializers as Record<number, Serializer>;
  for (const type of [types.TEXT, types.VARCHAR, types.JSON]) {
    const own = serializers[type]!;
    serializers[type] = (value) => (typeof value === 'string' && value.length >= LONG_TEXT ? Buffer.from(value) : own(value));
  }
  const ownJsonb = serializers[types.JSONB]!;
  serializers[types.JSONB] = (value) => {
    const text = ownJsonb(value);
    return typeof text === 'string' && text.length >= LONG_TEXT ? Buffer.concat([JSONB_VERSION, Buffer.from(text)]) : text;
  };
}
