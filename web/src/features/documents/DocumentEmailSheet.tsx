import { DOCUMENT_SEND_FAILED_MESSAGE, DOCUMENT_SENT_MESSAGE } from '@fsi/shared';
import { useEmailDocumentMutation } from './DocumentEmailSheet.generated';
import { EmailSheet } from '../reports/EmailSheet';

type DocumentEmailSheetProps = {
  document: { id: string; name: string };
  onClose(): void;
};

/**
 * The document e-mail sheet (inspection.md sections 5 and 8), as the report e-mail: 'Document sent successfully.' or
 * 'There was an issue sending the document, please try again.' after Send. Each recipient gets a link to the file.
 */
export function DocumentEmailSheet({ document, onClose }: DocumentEmailSheetProps) {
  const [send] = useEmailDocumentMutation();
  return (
    <EmailSheet
      title="Email document"
      name={document.name}
      messageDescription="Optional: sent with the link to the document."
      sentMessage={DOCUMENT_SENT_MESSAGE}
      failedMessage={DOCUMENT_SEND_FAILED_MESSAGE}
      send={async (recipients, message) => {
        const answer = (await send({ variables: { documentId: document.id, recipients, message } })).data?.emailDocument;
        return answer?.email ? { recipients: answer.email.recipients } : { errors: answer?.errors ?? [] };
      }}
      onClose={onClose}
    />
  );
}
