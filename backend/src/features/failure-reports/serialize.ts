import type { Static } from 'typebox';
import { resource, toOneOrNull } from '../../jsonapi/serializer';
import { signedPhotoUrl, type UrlSigner } from '../../storage/signed-urls';
import type { CommentRow, FollowUpTarget, TargetRow } from './repository';
import type { CommentResource, FollowUpResource } from './schemas';

/** The follow-up of an entry or location comment, as PUT answers it; its id names the item ('entries-12'), one follow-up per item. */
export function followUpResource(target: FollowUpTarget, row: TargetRow, signer: UrlSigner): Static<typeof FollowUpResource> {
  const followUp = resource<Static<typeof FollowUpResource>>(
    'report-follow-ups',
    row.id,
    {
      modelPath: target.kind,
      modelId: row.id,
      state: row.repairedAt ? 'repaired' : row.acknowledgedAt ? 'acknowledged' : 'unacknowledged',
      acknowledgedAt: row.acknowledgedAt,
      acknowledgedUsername: row.acknowledgedUsername,
      acknowledgedNotes: row.acknowledgedNotes,
      acknowledgedPhotoUrl: signedPhotoUrl(signer, row.acknowledgedPhotoUrl),
      repairedAt: row.repairedAt,
      repairedUsername: row.repairedUsername,
      repairedComments: row.repairedComments,
      repairedPhotoUrl: signedPhotoUrl(signer, row.repairedPhotoUrl),
    },
    {},
  );
  return { ...followUp, id: `${target.kind}-${row.id}` };
}

export function commentResource(c: CommentRow): Static<typeof CommentResource> {
  return resource(
    'comments',
    c.id,
    { body: c.body, creatorUsername: c.creatorUsername, createdAt: c.createdAt, entryId: c.entryId, locationCommentId: c.locationCommentId },
    { entry: toOneOrNull('entries', c.entryId), 'location-comment': toOneOrNull('location-comments', c.locationCommentId) },
  );
}

// The equipment types at a building are the applicability screen's resource too (issue 12).
export { equipmentResource } from '../applicability/serialize';
