import { useId, useState, type FormEvent } from 'react';
import { Alert, Modal, Stack, TextInput } from '@mantine/core';
import { ADMIN_TEXT_MAX_LENGTH } from '@fsi/shared';
import { FormSheet } from '../../ui/FormSheet';
import { useIsPhone } from '../../ui/phone';
import { placeErrors, SheetActions, type PayloadError } from './SheetActions';

/** What saving the name came to: saved (with what the caller's save adds, say the new record's id), refused, failed. */
export type NameSaveResult<Saved extends { status: 'saved' }> =
  | Saved
  | { status: 'refused'; errors: readonly PayloadError[]; stale?: boolean }
  | { status: 'failed'; message: string }
  | { status: 'signedOut' };

type Props<Saved extends { status: 'saved' }> = {
  title: string;
  /** The field's label ('Name', 'Floor name'). */
  label: string;
  initialName?: string;
  /** The shared rule's message for a name it refuses; null when it takes it. */
  validate(name: string): string | null;
  save(name: string): Promise<NameSaveResult<Saved>>;
  onSaved(saved: Saved, name: string): void;
  /** A stale change: the screen reads the record again (its new version); the modal keeps what was typed. */
  onStale?(): void;
  onClose(): void;
  /** Save is disabled while the name is blank. */
  requireText?: boolean;
  /** A full-screen sheet with Cancel and Save in its header (admin-people-schedules.md section 2, Modal sheets). */
  asSheet?: boolean;
};

/**
 * A modal of one required name (a floor, a region): checked by the shared rule as the user types once a save was
 * tried, and by the server. Every refusal is said in the modal (at the field, or above the buttons), which keeps what
 * the user typed.
 */
export function NameModal<Saved extends { status: 'saved' }>({ title, label, initialName = '', validate, save, onSaved, onStale, onClose, requireText = false, asSheet = false }: Props<Saved>) {
  const isPhone = useIsPhone();
  const formId = useId();
  const [name, setName] = useState(initialName);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const problem = tried ? validate(name) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setServerError(null);
    setFailure(null);
    if (validate(name)) return;
    setSaving(true);
    const result = await save(name);
    setSaving(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'saved') return onSaved(result as Saved, name.trim());
    if (result.status === 'failed') return setFailure(result.message);
    const placed = placeErrors(result.errors, ['name']);
    setServerError(placed.fieldErrors.name ?? null);
    setFailure(placed.general);
    if (result.stale) onStale?.();
  };

  const field = (
    <TextInput
      label={label}
      required
      maxLength={ADMIN_TEXT_MAX_LENGTH + 1}
      value={name}
      error={problem ?? serverError}
      onChange={(event) => {
        setName(event.currentTarget.value);
        setServerError(null);
      }}
      data-autofocus
    />
  );
  const saveDisabled = requireText && name.trim() === '';

  if (asSheet) {
    return (
      <FormSheet opened title={title} onCancel={onClose} formId={formId} saveDisabled={saveDisabled} saving={saving}>
        <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="md">
            {field}
            {failure && (
              <Alert role="alert" color="red" variant="light">
                {failure}
              </Alert>
            )}
          </Stack>
        </form>
      </FormSheet>
    );
  }
  return (
    <Modal opened onClose={saving ? () => undefined : onClose} title={title} fullScreen={isPhone} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {field}
          <SheetActions failure={failure} busy={saving} submitLabel="Save" submitDisabled={saveDisabled} onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
