import { useState } from 'react';
import { useAddLocationCommentMutation } from './OffCycleRemarks.generated';
import type { OperationContext } from '../../lib/apollo/client';
import { locationCommentSavedMessage } from './locationCommentMessage';
import { runMutation } from '../../lib/apollo/runMutation';
import { fieldErrorsOf } from '../../lib/outcome';
import { uploadFile } from '../../lib/upload/uploadFile';

export const LOCATION_COMMENT_FAILED = 'There was an issue saving the comment, please try again.';
export const PHOTO_UPLOAD_FAILED = 'There was an error uploading your photo. Please try again.';

export type LocationRemarks = { locationId: string; body: string; photo: File | null };

export type LocationCommentResult =
  | { status: 'saved'; message: string }
  | { status: 'skipped' }
  | { status: 'failed'; message: string; field?: 'body' };

/**
 * Saves off-cycle remarks about a location: the photo is uploaded first, then
 * addLocationComment records the body and the photo's URL. Remarks with an empty body and no
 * photo are skipped (inspection.md section 5). The success message is 'Location comment(s)
 * saved on {date} at {time}.' in the building's time zone (section 8).
 */
export function useAddLocationComment(timeZone?: string) {
  const [mutate] = useAddLocationCommentMutation({ context: { handlesErrors: true } satisfies OperationContext });
  const [saving, setSaving] = useState(false);

  const save = async ({ locationId, body, photo }: LocationRemarks): Promise<LocationCommentResult> => {
    const text = body.trim();
    if (text === '' && photo === null) return { status: 'skipped' };
    setSaving(true);
    try {
      let photoUrl: string | null = null;
      if (photo) {
        const uploaded = await uploadFile(photo, photo.name);
        if (uploaded.status !== 'done') return { status: 'failed', message: PHOTO_UPLOAD_FAILED };
        photoUrl = uploaded.value.url;
      }
      const outcome = await runMutation(
        async () => (await mutate({ variables: { locationId, body: text === '' ? null : body, photoUrl } })).data?.addLocationComment,
      );
      const bodyError = fieldErrorsOf(outcome).find((error) => error.field === 'body');
      if (bodyError) return { status: 'failed', message: bodyError.message, field: 'body' };
      if (outcome.status !== 'done' || !outcome.value.comment) return { status: 'failed', message: LOCATION_COMMENT_FAILED };
      return { status: 'saved', message: locationCommentSavedMessage(outcome.value.comment.createdAt, timeZone) };
    } finally {
      setSaving(false);
    }
  };

  return { save, saving };
}
