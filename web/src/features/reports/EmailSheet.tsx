import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconCircleCheck } from '../../ui/icons';
import { useIsPhone } from '../../ui/phone';
import { placeErrors, SheetActions } from './SheetActions';

/** inspection.md section 5: recipients are split on commas, trimmed, and the empty ones dropped. */
export function splitRecipients(text: string): string[] {
  return text
    .split(',')
    .map((recipient) => recipient.trim())
    .filter((recipient) => recipient !== '');
}

/** What a send answered: the recipients it went to, or the errors of the mutation's payload. */
export type EmailAnswer = { recipients: readonly string[] } | { errors: readonly { field: string | null; message: string }[] };

type EmailSheetProps = {
  title: string;
  /** What is sent, under the title and in the success message. */
  name: string;
  messageDescription: string;
  sentMessage: string;
  failedMessage: string;
  send(recipients: string[], message: string | null): Promise<EmailAnswer>;
  onClose(): void;
};

/**
 * An e-mail sheet (inspection.md sections 5 and 8): recipients split on commas, Send disabled while their text is
 * empty, an optional message sent only when it holds something; the success or failure message after Send. The
 * backend checks each address and says which one is not an address, shown under Recipients.
 */
export function EmailSheet({ title, name, messageDescription, sentMessage, failedMessage, send, onClose }: EmailSheetProps) {
  const isPhone = useIsPhone();
  const [recipients, setRecipients] = useState('');
  const [message, setMessage] = useState('');
  const [recipientsError, setRecipientsError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<readonly string[] | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const list = splitRecipients(recipients);
    if (list.length === 0) {
      setRecipientsError('Enter at least one e-mail address.');
      return;
    }
    setRecipientsError(null);
    setBusy(true);
    try {
      const answer = await send(list, message.trim() === '' ? null : message);
      if ('recipients' in answer) {
        setSentTo(answer.recipients);
        return;
      }
      const placed = placeErrors(answer.errors, ['recipients']);
      setRecipientsError(placed.fieldErrors.recipients ?? null);
      setFailure(placed.general ?? (placed.fieldErrors.recipients ? null : failedMessage));
    } catch {
      setFailure(failedMessage);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title={title} fullScreen={isPhone} size="lg" centered>
      {sentTo ? (
        <Stack gap="md">
          <Alert role="status" color="green" variant="light" icon={<IconCircleCheck />} title={sentMessage}>
            {name} goes to {sentTo.join(', ')}.
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
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {name}
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
            <Textarea label="Message" description={messageDescription} minRows={3} value={message} onChange={(event) => setMessage(event.currentTarget.value)} />
            <SheetActions failure={failure} busy={busy} submitLabel="Send" submitDisabled={recipients.trim() === ''} onCancel={onClose} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
