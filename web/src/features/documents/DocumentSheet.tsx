import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, FileButton, Group, Modal, NativeSelect, Progress, Stack, Text, TextInput } from '@mantine/core';
import {
  DEFAULT_DOCUMENT_CATEGORY,
  DOCUMENT_CATEGORIES,
  DOCUMENT_NAME_PLACEHOLDER,
  DOCUMENT_UPLOAD_FAILED_MESSAGE,
  validateDocumentCategory,
  validateDocumentName,
} from '@fsi/shared';
import { DocumentListItemFragmentDoc } from './DocumentsPage.generated';
import { useCreateDocumentMutation } from './DocumentSheet.generated';
import type { CreateDocumentInput, FailureItemKind } from '../../generated/schema';
import { uploadFile, type UploadedFile } from '../../lib/upload/uploadFile';
import { IconFileText, IconUpload } from '../../ui/documentIcons';
import { useIsPhone } from '../../ui/phone';
import { placeErrors, SheetActions } from '../reports/SheetActions';

export const DOCUMENT_NOT_SAVED_MESSAGE = 'There was an issue saving the document, please try again.';
const CONTRACT_NOT_ACCEPTED_MESSAGE = "The building's contract has not been accepted, so its documents cannot change.";

/** What a new document belongs to: a building's list, or a failure item of a report (issue 10). */
export type DocumentTarget = { buildingId: string } | { failureItem: { id: string; kind: FailureItemKind; modelId: string } };

type Upload = { status: 'idle' } | { status: 'uploading'; name: string } | { status: 'failed'; reason: string | null } | { status: 'done'; name: string; file: UploadedFile };

type DocumentSheetProps = {
  target: DocumentTarget;
  /** The sheet's title: 'New Document' or, on a failure item, 'Add Document'. */
  title: string;
  /** What the document is for, under the title ('Fire Pump at Pump Room'). */
  subtitle?: string;
  /** A file chosen before the sheet opened: its upload starts at once. */
  initialFile?: File | null;
  onSaved(document: { id: string }): void;
  onClose(): void;
};

/**
 * The document sheet (inspection.md sections 4, 5 and 8): the file is uploaded first (uploadFile, kind document),
 * then named and put in a category: the name is required (placeholder 'My Document'), the category starts at
 * Fire Safety Plan; Save makes the document (createDocument). An upload that fails says so in the spec's words and
 * keeps the name and category typed; a refused save keeps everything and says why at its field.
 */
export function DocumentSheet({ target, title, subtitle, initialFile, onSaved, onClose }: DocumentSheetProps) {
  const isPhone = useIsPhone();
  const [upload, setUpload] = useState<Upload>({ status: 'idle' });
  const [name, setName] = useState('');
  const [category, setCategory] = useState<string>(DEFAULT_DOCUMENT_CATEGORY);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const [create, { loading }] = useCreateDocumentMutation({
    update(cache, { data }) {
      const document = data?.createDocument.document;
      if (!document) return;
      if ('buildingId' in target) {
        // The lists, counts and the card's fire safety plan are asked again by whichever screen shows them next.
        const id = cache.identify({ __typename: 'Building', id: target.buildingId });
        for (const fieldName of ['documents', 'documentCategoryCounts', 'documentsCount', 'fireSafetyPlan', 'fireSafetyPlanId', 'fireSafetyPlanUrl', 'fireSafetyPlanMimetype']) {
          cache.evict({ id, fieldName });
        }
        return;
      }
      const ref = cache.writeFragment({ data: document, fragment: DocumentListItemFragmentDoc, fragmentName: 'DocumentListItem' });
      cache.modify({
        id: cache.identify({ __typename: 'FailureItem', id: target.failureItem.id }),
        fields: { documents: (existing) => (Array.isArray(existing) && ref ? [...existing, ref] : existing) },
      });
    },
  });

  const start = async (file: File) => {
    setFailure(null);
    setFieldErrors((errors) => ({ ...errors, url: '' }));
    setUpload({ status: 'uploading', name: file.name });
    const answer = await uploadFile(file, file.name, 'document');
    if (answer.status === 'done') setUpload({ status: 'done', name: file.name, file: answer.value });
    else if (answer.status === 'refused') setUpload({ status: 'failed', reason: answer.errors.map((e) => e.message).join(' ') });
    else if (answer.status === 'signedOut') onClose();
    else setUpload({ status: 'failed', reason: null });
  };

  useEffect(() => {
    if (!initialFile || started.current) return;
    started.current = true;
    void start(initialFile);
    // Once, for the file chosen before the sheet opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initialFile]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const errors: Record<string, string> = {};
    const nameError = validateDocumentName(name);
    if (nameError) errors.name = nameError;
    const categoryError = validateDocumentCategory(category);
    if (categoryError) errors.category = categoryError;
    if (upload.status !== 'done') errors.url = 'Choose the file to upload first.';
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0 || upload.status !== 'done') return;
    const owner = 'buildingId' in target ? { buildingId: target.buildingId } : { failureItemKind: target.failureItem.kind, failureItemId: target.failureItem.modelId };
    const input: CreateDocumentInput = { ...owner, name: name.trim(), category, url: upload.file.url };
    try {
      const result = (await create({ variables: { input } })).data?.createDocument;
      if (result?.document) return onSaved(result.document);
      const errorsOfAnswer = result?.errors ?? [];
      if (errorsOfAnswer.some((error) => error.code === 'CONTRACT_NOT_ACCEPTED')) return setFailure(CONTRACT_NOT_ACCEPTED_MESSAGE);
      const placed = placeErrors(errorsOfAnswer, ['name', 'category', 'url']);
      setFieldErrors(placed.fieldErrors);
      setFailure(placed.general ?? (Object.keys(placed.fieldErrors).length === 0 ? DOCUMENT_NOT_SAVED_MESSAGE : null));
    } catch {
      setFailure(DOCUMENT_NOT_SAVED_MESSAGE);
    }
  };

  const uploading = upload.status === 'uploading';
  return (
    <Modal opened onClose={onClose} title={title} fullScreen={isPhone} size="lg" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {subtitle && (
            <Text size="sm" c="dimmed">
              {subtitle}
            </Text>
          )}
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              File
            </Text>
            {uploading && (
              <Stack gap={6} role="status" aria-live="polite">
                <Text size="sm">Uploading {upload.name}…</Text>
                <Progress value={100} animated striped aria-label={`Uploading ${upload.name}`} />
              </Stack>
            )}
            {upload.status === 'done' && (
              <Group gap="xs" wrap="nowrap" role="status">
                <IconFileText size={18} />
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {upload.name}
                  {upload.file.pageCount ? ` · ${upload.file.pageCount} ${upload.file.pageCount === 1 ? 'page' : 'pages'}` : ''}
                </Text>
              </Group>
            )}
            {upload.status === 'failed' && (
              <Alert role="alert" color="red" variant="light" title={DOCUMENT_UPLOAD_FAILED_MESSAGE}>
                {upload.reason}
              </Alert>
            )}
            {fieldErrors.url && (
              <Text role="alert" size="sm" c="red">
                {fieldErrors.url}
              </Text>
            )}
            {!uploading && (
              <Group>
                <FileButton onChange={(file) => file && void start(file)}>
                  {(props) => (
                    <Button {...props} variant="default" leftSection={<IconUpload size={18} />}>
                      {upload.status === 'done' ? 'Choose another file' : 'Choose File'}
                    </Button>
                  )}
                </FileButton>
              </Group>
            )}
          </Stack>
          <TextInput
            label="Name"
            required
            placeholder={DOCUMENT_NAME_PLACEHOLDER}
            maxLength={256}
            value={name}
            error={fieldErrors.name}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setFieldErrors(({ name: _dropped, ...rest }) => rest);
            }}
            data-autofocus
          />
          <NativeSelect
            label="Category"
            required
            data={[...DOCUMENT_CATEGORIES]}
            value={category}
            error={fieldErrors.category}
            onChange={(event) => setCategory(event.currentTarget.value)}
          />
          <SheetActions failure={failure} busy={loading} submitLabel="Save" submitDisabled={upload.status !== 'done'} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
