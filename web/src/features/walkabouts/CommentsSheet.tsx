import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { validateText } from '@fsi/shared';
import type { FireWatchResult } from './useStartFireWatch';

type CommentsSheetProps = {
  opened: boolean;
  /** 'Start Fire Watch' or 'Stop Fire Watch': the sheet's title and its button. */
  action: string;
  description: string;
  onClose(): void;
  onSubmit(comments: string): Promise<FireWatchResult>;
};

/** Asks for the comments that start or end a fire watch (inspection.md section 4, "Fire watch"). */
export function CommentsSheet({ opened, action, description, onClose, onSubmit }: CommentsSheetProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={action} centered>
      <CommentsForm action={action} description={description} onClose={onClose} onSubmit={onSubmit} />
    </Modal>
  );
}

/** Mounted while the sheet is open, so each opening starts with empty comments. */
function CommentsForm({ action, description, onClose, onSubmit }: Omit<CommentsSheetProps, 'opened'>) {
  const [comments, setComments] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const textError = validateText(comments);
    setFieldError(textError);
    setFailure(null);
    if (textError) return;
    setBusy(true);
    const result = await onSubmit(comments);
    setBusy(false);
    if (result.ok) {
      onClose();
      return;
    }
    if (result.field === 'comments') setFieldError(result.message);
    else setFailure(result.message);
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Textarea
          label="Comments"
          description={description}
          autosize
          minRows={3}
          maxRows={8}
          value={comments}
          error={fieldError}
          onChange={(event) => {
            setComments(event.currentTarget.value);
            setFieldError(null);
          }}
          data-autofocus
        />
        {failure && (
          <Alert role="alert" color="red" variant="light">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy} color={action.startsWith('Stop') ? 'red' : undefined}>
            {action}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
