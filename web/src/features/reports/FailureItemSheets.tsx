import { useState, type FormEvent } from 'react';
import { Button, CloseButton, FileButton, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { ApolloCache, Reference } from '@apollo/client';
import { FailureItemCommentFragmentDoc, useAcknowledgeFailureItemMutation, useAddFailureItemCommentMutation, useRepairFailureItemMutation, type FailureItemActionsFragment } from './FailureItem.generated';
import { uploadFile } from '../../lib/upload/uploadFile';
import { IconPhoto } from '../../ui/icons';
import { useIsPhone } from '../../ui/phone';
import { placeErrors, SheetActions } from './SheetActions';

export const ACKNOWLEDGE_FAILED_MESSAGE = 'There was an issue saving the acknowledgement, please try again.';
export const COMMENT_FAILED_MESSAGE = 'There was an issue saving the comment, please try again.';
export const REPAIR_FAILED_MESSAGE = 'There was an issue saving the repair, please try again.';

/** Now in the building's time as YYYY-MM-DDTHH:mm, the sheets' default date (inspection.md section 5). */
export function nowInZone(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}`;
}

/** A date-time the sheets accept: YYYY-MM-DDTHH:mm that names a real moment. */
export function isValidDateTime(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, mo, d, h, mi] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && h < 24 && mi < 60;
}

type FieldErrors = Record<string, string>;

/** The building card's counts are not in the payloads: dropping them makes the next screen that shows them ask again. */
export function dropBuildingCounts(cache: ApolloCache<unknown>, buildingId: string) {
  const id = cache.identify({ __typename: 'Building', id: buildingId });
  for (const fieldName of ['summaryFailureReportTotal', 'summaryFailureReportAcknowledgedTotal', 'summaryNotesReportTotal', 'summaryNotesReportAcknowledgedTotal']) {
    cache.evict({ id, fieldName });
  }
}

type SheetProps = {
  item: FailureItemActionsFragment;
  /** What the item is, for the sheet's heading: 'Fire Pump (8) at Fire Pump Room'. */
  label: string;
  reportId: string;
  buildingId: string;
  timeZone: string;
  onClose(): void;
};

function PhotoField({ photo, onChange }: { photo: File | null; onChange(file: File | null): void }) {
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Photo (optional)
      </Text>
      {photo ? (
        <Group gap="sm" wrap="nowrap">
          <Text size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
            {photo.name}
          </Text>
          <CloseButton aria-label="Remove photo" onClick={() => onChange(null)} />
        </Group>
      ) : (
        <Group>
          <FileButton onChange={onChange} accept="image/*">
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconPhoto size={18} />}>
                Choose Photo
              </Button>
            )}
          </FileButton>
        </Group>
      )}
    </Stack>
  );
}

type DateNotesKind = 'acknowledge' | 'repair';

const DATE_NOTES = {
  acknowledge: {
    title: 'Acknowledge',
    dateField: 'acknowledgedAt',
    textField: 'acknowledgedNotes',
    textLabel: 'Notes',
    dateMessage: 'A valid acknowledged date is required.',
    failed: ACKNOWLEDGE_FAILED_MESSAGE,
    submit: 'Acknowledge',
  },
  repair: {
    title: 'Close as Repaired',
    dateField: 'repairedAt',
    textField: 'repairedComments',
    textLabel: 'Comments',
    dateMessage: 'A valid repaired date is required.',
    failed: REPAIR_FAILED_MESSAGE,
    submit: 'Close',
  },
} as const;

/** The acknowledge and repair sheets (inspection.md sections 4 and 5): a date (default now), notes or comments, an optional photo. */
function DateNotesSheet({ kind, item, label, reportId, buildingId, timeZone, onClose }: SheetProps & { kind: DateNotesKind }) {
  const isPhone = useIsPhone();
  const text = DATE_NOTES[kind];
  const [date, setDate] = useState(() => nowInZone(timeZone));
  const [notes, setNotes] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const wasAcknowledged = item.followUp.state === 'ACKNOWLEDGED';

  const [acknowledge, acknowledging] = useAcknowledgeFailureItemMutation({
    update(cache, { data }) {
      if (!data?.acknowledgeFailureItem.followUp) return;
      if (!wasAcknowledged) {
        cache.modify({ id: cache.identify({ __typename: 'Report', id: reportId }), fields: { acknowledgedTotal: (n: number) => n + 1 } });
      }
      dropBuildingCounts(cache, buildingId);
    },
  });
  const [repair, repairing] = useRepairFailureItemMutation({
    update(cache, { data }) {
      if (!data?.repairFailureItem.followUp) return;
      cache.modify({
        id: cache.identify({ __typename: 'Report', id: reportId }),
        fields: {
          rows: (rows, { readField }) =>
            Array.isArray(rows) ? rows.filter((row: { item?: Reference | null }) => !row.item || readField('id', row.item) !== item.id) : rows,
          total: (n: number) => Math.max(0, n - 1),
          acknowledgedTotal: (n: number) => (wasAcknowledged ? Math.max(0, n - 1) : n),
        },
      });
      dropBuildingCounts(cache, buildingId);
    },
  });
  const saving = uploading || acknowledging.loading || repairing.loading;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!isValidDateTime(date)) {
      setFieldErrors({ [text.dateField]: text.dateMessage });
      return;
    }
    setFieldErrors({});
    let photoUrl: string | null = null;
    if (photo) {
      setUploading(true);
      const uploaded = await uploadFile(photo, photo.name);
      setUploading(false);
      if (uploaded.status !== 'done') {
        setFailure(uploaded.status === 'refused' ? uploaded.errors.map((e) => e.message).join(' ') : text.failed);
        return;
      }
      photoUrl = uploaded.value.url;
    }
    try {
      const variables = { kind: item.kind, id: item.modelId, photoUrl };
      const result =
        kind === 'acknowledge'
          ? (await acknowledge({ variables: { ...variables, acknowledgedAt: date, acknowledgedNotes: notes } })).data?.acknowledgeFailureItem
          : (await repair({ variables: { ...variables, repairedAt: date, repairedComments: notes } })).data?.repairFailureItem;
      if (!result) {
        setFailure(text.failed);
        return;
      }
      if (result.errors.length > 0 || !result.followUp) {
        const placed = placeErrors(result.errors, [text.dateField, text.textField, 'photoUrl']);
        setFieldErrors(placed.fieldErrors);
        if (placed.fieldErrors.photoUrl) placed.general = [placed.general, placed.fieldErrors.photoUrl].filter(Boolean).join(' ');
        setFailure(placed.general ?? (Object.keys(placed.fieldErrors).length === 0 ? text.failed : null));
        return;
      }
      onClose();
    } catch {
      setFailure(text.failed);
    }
  };

  return (
    <Modal opened onClose={onClose} title={text.title} fullScreen={isPhone} size="lg" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <TextInput
            type="datetime-local"
            label="Date"
            required
            value={date}
            error={fieldErrors[text.dateField]}
            onChange={(event) => setDate(event.currentTarget.value)}
          />
          <Textarea
            label={text.textLabel}
            minRows={3}
            value={notes}
            error={fieldErrors[text.textField]}
            onChange={(event) => setNotes(event.currentTarget.value)}
          />
          <PhotoField photo={photo} onChange={setPhoto} />
          <SheetActions failure={failure} busy={saving} submitLabel={text.submit} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

export function AcknowledgeSheet(props: SheetProps) {
  return <DateNotesSheet kind="acknowledge" {...props} />;
}

export function RepairSheet(props: SheetProps) {
  return <DateNotesSheet kind="repair" {...props} />;
}

/** The comment sheet (inspection.md sections 4 and 5): an acknowledged item's comment; the body is required. */
export function CommentSheet({ item, label, onClose }: SheetProps) {
  const isPhone = useIsPhone();
  const [body, setBody] = useState('');
  const [bodyError, setBodyError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [addComment, { loading }] = useAddFailureItemCommentMutation({
    update(cache, { data }) {
      const comment = data?.addComment.comment;
      if (!comment) return;
      const ref = cache.writeFragment({ data: comment, fragment: FailureItemCommentFragmentDoc, fragmentName: 'FailureItemComment' });
      cache.modify({
        id: cache.identify({ __typename: 'FailureItem', id: item.id }),
        fields: { comments: (existing) => (Array.isArray(existing) && ref ? [...existing, ref] : existing) },
      });
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (body.trim() === '') {
      setBodyError('Comment body is required.');
      return;
    }
    setBodyError(null);
    try {
      const result = (await addComment({ variables: { kind: item.kind, id: item.modelId, body } })).data?.addComment;
      if (!result) {
        setFailure(COMMENT_FAILED_MESSAGE);
        return;
      }
      if (result.errors.length > 0 || !result.comment) {
        const placed = placeErrors(result.errors, ['body']);
        setBodyError(placed.fieldErrors.body ?? null);
        setFailure(placed.general ?? (placed.fieldErrors.body ? null : COMMENT_FAILED_MESSAGE));
        return;
      }
      onClose();
    } catch {
      setFailure(COMMENT_FAILED_MESSAGE);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Add Comment" fullScreen={isPhone} size="lg" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {label}
          </Text>
          <Textarea
            label="Comment"
            required
            minRows={3}
            value={body}
            error={bodyError}
            onChange={(event) => {
              setBody(event.currentTarget.value);
              setBodyError(null);
            }}
          />
          <SheetActions failure={failure} busy={loading} submitLabel="Save" onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
