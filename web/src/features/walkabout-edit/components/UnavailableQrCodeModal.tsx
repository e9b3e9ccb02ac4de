import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import {
  isUnavailableQrCodeSavable,
  QR_UNAVAILABILITY_KIND_WIRE,
  QR_UNAVAILABILITY_KINDS,
  validateQrUnavailability,
  type QrUnavailabilityKind as ReasonKind,
} from '@fsi/shared';
import type { QrUnavailabilityKind } from '../../../generated/graphql';
import { QR_REASON_LABELS } from './EntryCard';
import { useReportUnavailableQrCode } from '../hooks/useReportUnavailableQrCode';

/** Each reason as the API spells it and as the shared rules do, from the codec's table. */
const KINDS: { api: QrUnavailabilityKind; rule: ReasonKind }[] = QR_UNAVAILABILITY_KINDS.map((rule) => ({ api: QR_UNAVAILABILITY_KIND_WIRE[rule], rule }));

export type UnavailableTarget = { entryIds: string[]; locationName: string };

type Props = {
  target: UnavailableTarget | null;
  onClose: () => void;
  onReported: (entryIds: string[], kind: QrUnavailabilityKind, comment: string | null) => void;
};

/**
 * Flags a location whose QR code cannot be scanned (inspection.md section 2): a reason (missing,
 * unusable, access denied) and a comment, required for access denied. Sent for every entry of the
 * location on the floor.
 */
export function UnavailableQrCodeModal({ target, onClose, onReported }: Props) {
  return (
    <Modal opened={target !== null} onClose={onClose} title="QR code unavailable" centered>
      {target && <UnavailableForm target={target} onClose={onClose} onReported={onReported} />}
    </Modal>
  );
}

function UnavailableForm({ target, onClose, onReported }: Props & { target: UnavailableTarget }) {
  const report = useReportUnavailableQrCode();
  const [kind, setKind] = useState<QrUnavailabilityKind | null>(null);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ kind?: string; comment?: string; form?: string }>({});
  const [sending, setSending] = useState(false);

  const submit = async () => {
    const rule = KINDS.find((option) => option.api === kind)?.rule ?? null;
    const found = validateQrUnavailability({ kind: rule, comment });
    if (found.kind || found.comment || kind === null) {
      setErrors(found);
      return;
    }
    const text = comment.trim() === '' ? null : comment.trim();
    if (!isUnavailableQrCodeSavable({ entryIds: target.entryIds, unavailabilityReason: rule, unavailabilityComment: text })) return;
    setSending(true);
    const result = await report(target.entryIds, kind, text);
    setSending(false);
    if (result.status === 'ok') {
      onReported(target.entryIds, kind, text);
      onClose();
      return;
    }
    if (result.status === 'invalid') setErrors({ kind: result.kind, comment: result.comment });
    if (result.status === 'refused') setErrors({ form: result.message });
    if (result.status === 'offline') setErrors({ form: 'Network unavailable. Please go to an area where data is available and try again.' });
  };

  return (
    <Stack gap="md">
      <Radio.Group
        label={`Why can the QR code of ${target.locationName} not be scanned?`}
        value={kind}
        onChange={(value) => {
          setKind(KINDS.find((option) => option.api === value)?.api ?? null);
          setErrors({});
        }}
        error={errors.kind}
        withAsterisk
      >
        <Stack gap="xs" mt="xs">
          {KINDS.map((option) => (
            <Radio key={option.api} value={option.api} label={QR_REASON_LABELS[option.api]} size="md" />
          ))}
        </Stack>
      </Radio.Group>
      <Textarea
        label="Comment"
        value={comment}
        onChange={(event) => setComment(event.currentTarget.value)}
        error={errors.comment}
        withAsterisk={kind === 'ACCESS_DENIED'}
        autosize
        minRows={2}
      />
      {errors.form && (
        <Alert color="red" variant="light" role="alert">
          {errors.form}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} mih={44}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} loading={sending} mih={44}>
          Report
        </Button>
      </Group>
    </Stack>
  );
}
