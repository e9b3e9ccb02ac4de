import type { Static } from 'typebox';
import type { uploads } from '../../db/schema';
import { resource } from '../../jsonapi/serializer';
import type { UploadResource } from './schemas';

export function uploadResource(u: typeof uploads.$inferSelect): Static<typeof UploadResource> {
  return resource('uploads', u.id, { url: `/files/${u.key}`, mimetype: u.mimetype, size: u.size, kind: u.kind, pageCount: u.pageCount });
}
