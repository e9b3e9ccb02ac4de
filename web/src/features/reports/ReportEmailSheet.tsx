import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useEmailWalkaboutReportMutation } from './ReportEmailSheet.generated';
import { IconCircleCheck } from '../../ui/icons';
import { useIsPhone } from '../../ui/phone';
import { placeErrors, SheetActions } from './SheetActions';

export const REPORT_SENT_MESSAGE = 'Report sent successfully.';
export const REPORT_NOT_SENT_MESSAGE = 'There was an issue sending the report, please try again.';

/** inspection.md section 5: recipients are split on commas, trimmed, and the empty ones dropped. */
export function splitRecipients(text: string): string[] {
  return text
    .split(',')
    .map((recipient) => recipient.trim())
    .filter((recipient) => recipient !== '');
}

type ReportEmailSheetProps = {
  /** The walkabout report to send (its PDF goes as the attachment). */
  reportId: string;
  /** What the report is, under the sheet's title. */
  reportName: string;
  onClose(): void;
};

/**
 * The report e-mail sheet (inspection.md sections 5 and 8): recipients split on commas, Send disabled while
 * their text is empty, an optional message sent only when it holds something; the success or failure message
 * after Send. The backend checks each address and says which one is not an address.
 */
export function ReportEmailSheet({ reportId, reportName, onClose }: ReportEmailSheetProps) {
  const isPhone = useIsPhone();
  const [recipients, setRecipients] = useState('');
  const [message, setMessage] = useState('');
  const [recipientsError, setRecipientsError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<readonly string[] | null>(null);
  const [send, { loading }] = useEmailWalkaboutReportMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const list = splitRecipients(recipients);
    if (list.length === 0) {
      setRecipientsError('Enter at least one e-mail address.');
      return;
    }
    setRecipientsError(null);
    try {
      const answer = (
        await send({ variables: { reportId, recipients: list, message: message.trim() === '' ? null : message } })
      ).data?.emailWalkaboutReport;
      if (answer?.email) {
        setSentTo(answer.email.recipients);
        return;
      }
      const placed = placeErrors(answer?.errors ?? [], ['recipients']);
      setRecipientsError(placed.fieldErrors.recipients ?? null);
      setFailure(placed.general ?? (placed.fieldErrors.recipients ? null : REPORT_NOT_SENT_MESSAGE));
    } catch {
      setFailure(REPORT_NOT_SENT_MESSAGE);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Email report" fullScreen={isPhone} size="lg" centered>
      {sentTo ? (
        <Stack gap="md">
          <Alert role="status" color="green" variant="light" icon={<IconCircleCheck />} title={REPORT_SENT_MESSAGE}>
            {reportName} goes to {sentTo.join(', ')}.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {reportName}
            </Text>
            <TextInput
              label="Recipients"
              description="E-mail addresses, separated by commas."
              required
              type="text"
              inputMode="email"
              autoComplete="email"
              value={recipients}
              error={recipientsError}
              onChange={(event) => {
                setRecipients(event.currentTarget.value);
                setRecipientsError(null);
              }}
              data-autofocus
            />
            <Textarea label="Message" description="Optional: sent with the report." minRows={3} value={message} onChange={(event) => setMessage(event.currentTarget.value)} />
            <SheetActions failure={failure} busy={loading} submitLabel="Send" submitDisabled={recipients.trim() === ''} onCancel={onClose} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
