import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Textarea } from '@mantine/core';
import {
  isUnavailableQrCodeSavable,
  QR_UNAVAILABILITY_KIND_WIRE,
  QR_UNAVAILABILITY_KINDS,
  validateQrUnavailability,
  type QrUnavailabilityKind as ReasonKind,
} from '@fsi/shared';
import type { QrUnavailabilityKind } from '../../../generated/schema';
import type { QrReportDraft } from '../../../lib/outbox/drafts';
import { QR_REASON_LABELS } from './EntryCard';

/** Each reason as the API spells it and as the shared rules do, from the codec's table. */
const KINDS: { api: QrUnavailabilityKind; rule: ReasonKind }[] = QR_UNAVAILABILITY_KINDS.map((rule) => ({ api: QR_UNAVAILABILITY_KIND_WIRE[rule], rule }));

/** The location to flag; `kept` is its report already on the device (shown again, with the server's refusal if any). */
export type UnavailableTarget = { entryIds: string[]; locationName: string; kept: QrReportDraft | null };

type Props = {
  target: UnavailableTarget | null;
  onClose: () => void;
  onReported: (entryIds: string[], kind: QrUnavailabilityKind, comment: string | null) => void;
  onWithdraw: (entryIds: string[]) => void;
};

/**
 * Flags a location whose QR code cannot be scanned (inspection.md section 2): a reason (missing,
 * unusable, access denied) and a comment, required for access denied, for every entry of the location
 * on the floor. The report is checked here and kept on the device, then sent with the walkabout's next
 * save (issue 9, point 16): it needs no network, and Cancel leaves a report already kept as it is.
 * A report the server refused is shown with the refusal, to correct or withdraw.
 */
export function UnavailableQrCodeModal({ target, onClose, onReported, onWithdraw }: Props) {
  return (
    <Modal opened={target !== null} onClose={onClose} title="QR code unavailable" centered>
      {target && <UnavailableForm target={target} onClose={onClose} onReported={onReported} onWithdraw={onWithdraw} />}
    </Modal>
  );
}

function UnavailableForm({ target, onClose, onReported, onWithdraw }: Props & { target: UnavailableTarget }) {
  const { kept } = target;
  const [kind, setKind] = useState<QrUnavailabilityKind | null>(kept?.kind ?? null);
  const [comment, setComment] = useState(kept?.comment ?? '');
  const [errors, setErrors] = useState<{ kind?: string; comment?: string }>({});

  const submit = () => {
    const rule = KINDS.find((option) => option.api === kind)?.rule ?? null;
    const found = validateQrUnavailability({ kind: rule, comment });
    if (found.kind || found.comment || kind === null) {
      setErrors(found);
      return;
    }
    const text = comment.trim() === '' ? null : comment.trim();
    if (!isUnavailableQrCodeSavable({ entryIds: target.entryIds, unavailabilityReason: rule, unavailabilityComment: text })) return;
    onReported(target.entryIds, kind, text);
    onClose();
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
      {kept?.errorMessage && (
        <Alert color="red" variant="light" role="alert" title="Not accepted by the server">
          {kept.errorMessage}
        </Alert>
      )}
      <Group justify="flex-end">
        {kept?.errorMessage && (
          <Button
            variant="subtle"
            color="red"
            mih={44}
            mr="auto"
            onClick={() => {
              onWithdraw(target.entryIds);
              onClose();
            }}
          >
            Withdraw report
          </Button>
        )}
        <Button variant="default" onClick={onClose} mih={44}>
          Cancel
        </Button>
        <Button onClick={submit} mih={44}>
          Report
        </Button>
      </Group>
    </Stack>
  );
}
