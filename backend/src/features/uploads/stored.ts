/**
 * A file reference passed in a save (a contract, a logo): it must be one of our uploads, `/files/{key}`
 * as POST /uploads answered it, of the kind the field takes. The reference is what is stored; answers
 * show it with a signed URL to open it (storage/signed-urls.ts).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { uploads } from '../../db/schema';
import { storedKeyOf } from '../../storage/signed-urls';

export type StoredUpload = typeof uploads.$inferSelect;

/** The upload a reference names, or null when it names none of ours. */
export async function uploadOf(db: Database, reference: string): Promise<StoredUpload | null> {
  const key = storedKeyOf(reference);
  if (!key) return null;
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key));
  return row ?? null;
}

export const isPdfUpload = (upload: StoredUpload) => upload.kind === 'document' && upload.mimetype === 'application/pdf';
export const isImageUpload = (upload: StoredUpload) => upload.mimetype.startsWith('image/');
