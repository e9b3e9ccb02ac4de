import { createHash, randomUUID } from 'node:crypto';

/**
 * A location's regular uuid. Seeded locations get a uuid derived from their names, so that
 * printed demo QR codes keep working when the demo is loaded again; others are random.
 */
export function locationUuid(stableName?: string): string {
  if (!stableName) return randomUUID();
  const hex = createHash('sha256').update(`fsi-location:${stableName}`).digest('hex');
  // Shaped as a version 4 uuid so that every consumer's uuid check accepts it.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
