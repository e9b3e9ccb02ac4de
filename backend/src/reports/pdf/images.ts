/**
 * Images for reports are made small before they are embedded: a photo becomes a JPEG thumbnail of at most
 * THUMBNAIL_PIXELS (about 190 dpi at the size it is drawn), so a report with a hundred photos stays a few hundred
 * kilobytes; the logo keeps its transparency as a small PNG. EXIF orientation is applied, as uploads are shown.
 */
import sharp from 'sharp';

/** Largest thumbnail in pixels (width, height); drawn at most 72 × 54 pt. */
export const THUMBNAIL_PIXELS = { width: 192, height: 144 } as const;
const LOGO_PIXELS = { width: 480, height: 160 } as const;

export type PreparedImage = { kind: 'jpg' | 'png'; bytes: Uint8Array };

/** A photo as a small JPEG, or null when the bytes are not an image sharp can read. */
export async function photoThumbnail(bytes: Uint8Array): Promise<PreparedImage | null> {
  try {
    const jpeg = await sharp(bytes, { failOn: 'error' })
      .rotate()
      .resize({ ...THUMBNAIL_PIXELS, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 72 })
      .toBuffer();
    return { kind: 'jpg', bytes: jpeg };
  } catch {
    return null;
  }
}

/** A logo as a small PNG (transparency kept), or null when it cannot be read. */
export async function logoImage(bytes: Uint8Array): Promise<PreparedImage | null> {
  try {
    const png = await sharp(bytes, { failOn: 'error' })
      .rotate()
      .resize({ ...LOGO_PIXELS, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
    return { kind: 'png', bytes: png };
  } catch {
    return null;
  }
}

/** Runs `task` over `items` with at most `limit` at a time; results keep the items' order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
