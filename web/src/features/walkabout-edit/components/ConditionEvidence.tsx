import { useEffect, useMemo, type ChangeEvent } from 'react';
import { Button, Group, Stack, Textarea } from '@mantine/core';
import { showsPhoto, showsRemarks, type Condition } from '@fsi/shared';
import { useEditContext } from '../state/EditContext';
import { IconCamera, IconPhoto, IconX } from '../../../ui/icons';
import classes from './WalkaboutEdit.module.css';

type ConditionEvidenceProps = { conditionId: string; condition: Condition; label: string; disabled: boolean };

/** A Blob of this window or, in tests, of Node: both have a size and a type. */
function isBlob(value: unknown): value is Blob {
  return typeof value === 'object' && value !== null && 'size' in value && 'type' in value && 'arrayBuffer' in value;
}

/** A Blob's object URL for a thumbnail, released when the photo changes or the row goes. */
function useObjectUrl(photo: unknown): string | null {
  const url = useMemo(
    () => (isBlob(photo) && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(photo) : null),
    [photo],
  );
  useEffect(() => () => {
    if (url) URL.revokeObjectURL(url);
  }, [url]);
  return url;
}

/**
 * Remarks and photo of a condition, shown by the shared rules (showsRemarks, showsPhoto): when it is
 * unsatisfactory, or satisfactory with notes allowed. The remarks box grows with its text beyond 5rem;
 * a photo is taken with the camera or chosen from the device, and kept on the device until uploaded.
 */
export function ConditionEvidence({ conditionId, condition, label, disabled }: ConditionEvidenceProps) {
  const { store } = useEditContext();
  const localUrl = useObjectUrl(condition.photoFile);
  const photoSrc = localUrl ?? condition.photoUrl ?? null;
  const hasPhoto = photoSrc !== null || isBlob(condition.photoFile);

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (file) store.attachPhoto(conditionId, file, file.name || 'photo.jpg');
  };

  return (
    <Stack gap="xs" px={6} pt="xs">
      {showsRemarks(condition) && (
        <Textarea
          label="Remarks"
          aria-label={`Remarks for ${label}`}
          className={classes.remarks}
          value={condition.remarks ?? ''}
          onChange={(event) => {
            const remarks = event.currentTarget.value;
            store.updateCondition(conditionId, (current) => ({ ...current, remarks: remarks === '' ? null : remarks }), 'remarks');
          }}
          autosize
          minRows={3}
          disabled={disabled}
          size="md"
        />
      )}
      {showsPhoto(condition) && (
        <Group gap="sm" align="center">
          {photoSrc && <img src={photoSrc} alt={`Photo of ${label}`} className={classes.thumbnail} />}
          {!photoSrc && hasPhoto && (
            <span role="img" aria-label={`Photo of ${label} kept on this device`}>
              <IconPhoto size={40} />
            </span>
          )}
          {!disabled && (
            <>
              <Button component="label" variant="light" leftSection={<IconCamera size={18} />} mih={44}>
                {hasPhoto ? 'Retake photo' : 'Take photo'}
                <input
                  type="file"
                  accept="image/*"
                  capture="environment"
                  aria-label={`Take photo for ${label}`}
                  className={classes.visuallyHidden}
                  onChange={pick}
                />
              </Button>
              <Button component="label" variant="default" leftSection={<IconPhoto size={18} />} mih={44}>
                Choose file
                <input
                  type="file"
                  accept="image/*"
                  aria-label={`Choose photo for ${label}`}
                  className={classes.visuallyHidden}
                  onChange={pick}
                />
              </Button>
              {hasPhoto && (
                <Button
                  variant="subtle"
                  color="red"
                  leftSection={<IconX size={18} />}
                  mih={44}
                  onClick={() => store.removePhoto(conditionId)}
                >
                  Remove photo
                </Button>
              )}
            </>
          )}
        </Group>
      )}
    </Stack>
  );
}
