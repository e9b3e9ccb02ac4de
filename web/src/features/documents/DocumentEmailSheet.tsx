import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { DOCUMENT_SEND_FAILED_MESSAGE, DOCUMENT_SENT_MESSAGE } from '@fsi/shared';
import { useEmailDocumentMutation } from './DocumentEmailSheet.generated';
import { IconCircleCheck } from '../../ui/icons';
import { useIsPhone } from '../../ui/phone';
import { splitRecipients } from '../reports/ReportEmailSheet';
import { placeErrors, SheetActions } from '../reports/SheetActions';

type DocumentEmailSheetProps = {
  document: { id: string; name: string };
  onClose(): void;
};

/**
 * The document e-mail sheet (inspection.md sections 5 and 8), as the report e-mail: Send disabled while the
 * recipients text is empty, recipients split on commas, trimmed and the empty ones dropped, an optional message sent
 * only when it holds something; 'Document sent successfully.' or 'There was an issue sending the document, please
 * try again.' after Send. Each recipient gets a link to the file; the backend says which address is not one.
 */
export function DocumentEmailSheet({ document, onClose }: DocumentEmailSheetProps) {
  const isPhone = useIsPhone();
  const [recipients, setRecipients] = useState('');
  const [message, setMessage] = useState('');
  const [recipientsError, setRecipientsError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<readonly string[] | null>(null);
  const [send, { loading }] = useEmailDocumentMutation();

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
      const answer = (await send({ variables: { documentId: document.id, recipients: list, message: message.trim() === '' ? null : message } })).data?.emailDocument;
      if (answer?.email) {
        setSentTo(answer.email.recipients);
        return;
      }
      const placed = placeErrors(answer?.errors ?? [], ['recipients']);
      setRecipientsError(placed.fieldErrors.recipients ?? null);
      setFailure(placed.fieldErrors.recipients ? placed.general : DOCUMENT_SEND_FAILED_MESSAGE);
    } catch {
      setFailure(DOCUMENT_SEND_FAILED_MESSAGE);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Email document" fullScreen={isPhone} size="lg" centered>
      {sentTo ? (
        <Stack gap="md">
          <Alert role="status" color="green" variant="light" icon={<IconCircleCheck />} title={DOCUMENT_SENT_MESSAGE}>
            {document.name} goes to {sentTo.join(', ')}.
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
              {document.name}
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
            <Textarea label="Message" description="Optional: sent with the link to the document." minRows={3} value={message} onChange={(event) => setMessage(event.currentTarget.value)} />
            <SheetActions failure={failure} busy={loading} submitLabel="Send" submitDisabled={recipients.trim() === ''} onCancel={onClose} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
