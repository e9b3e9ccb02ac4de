/** Off-cycle remarks about a location (inspection.md sections 2, 5 and 6: needs canCreateOffCycleRemarks). */
import { REMARKS_MAX_LENGTH, validateText } from '@fsi/shared';
import type { Database } from '../../db/client';
import { locationComments } from '../../db/schema';
import { FieldErrors, notFound } from '../../jsonapi/errors';
import type { Static } from 'typebox';
import { resource, toOne } from '../../jsonapi/serializer';
import { requirePermission, type Scope } from '../../plugins/authorization';
import { findLocation } from './repository';
import type { LocationCommentResource } from './schemas';
import { signedPhotoUrl, type UrlSigner } from '../../storage/signed-urls';

export const EMPTY_COMMENT_MESSAGE = 'A location comment needs a body or a photo.';

export type LocationCommentView = typeof locationComments.$inferSelect & { creatorUsername: string };

export function locationCommentResource(c: LocationCommentView, signer: UrlSigner): Static<typeof LocationCommentResource> {
  return resource(
    'location-comments',
    c.id,
    { body: c.body, photoUrl: signedPhotoUrl(signer, c.photoUrl), createdAt: c.createdAt.toISOString(), creatorUsername: c.creatorUsername, locationId: c.locationId },
    { location: toOne('locations', c.locationId) },
  );
}

export async function addLocationComment(
  db: Database,
  scope: Scope,
  username: string,
  input: { locationId: number; body?: string | null; photoUrl?: string | null },
): Promise<LocationCommentView> {
  const location = await findLocation(db, scope, input.locationId);
  if (!location) throw notFound('Location');
  requirePermission(scope, scope.permissions.canCreateOffCycleRemarks, 'You are not allowed to add off-cycle remarks.');
  const body = input.body?.trim() ? input.body.trim() : null;
  const photoUrl = input.photoUrl?.trim() ? input.photoUrl.trim() : null;
  const errors: { pointer: string; detail: string }[] = [];
  if (body === null && photoUrl === null) errors.push({ pointer: '/data/attributes/body', detail: EMPTY_COMMENT_MESSAGE });
  const bodyError = body && body.length > REMARKS_MAX_LENGTH ? `Remarks are longer than ${REMARKS_MAX_LENGTH} characters` : validateText(body);
  if (bodyError) errors.push({ pointer: '/data/attributes/body', detail: bodyError });
  if (photoUrl !== null && !/^(https?:\/\/\S+|\/\S*)$/i.test(photoUrl)) {
    errors.push({ pointer: '/data/attributes/photoUrl', detail: 'Photo URL must be an http(s) URL or a path on this server' });
  }
  if (errors.length) throw new FieldErrors(errors);
  const [row] = await db.insert(locationComments).values({ locationId: location.id, body, photoUrl, creatorId: scope.userId }).returning();
  return { ...row!, creatorUsername: username };
}
