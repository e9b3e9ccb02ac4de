import { useState, type FormEvent } from 'react';
import { Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { ADMIN_TEXT_MAX_LENGTH } from '@fsi/shared';
import { SHORT_NAME_MAX_LENGTH, validateSuspension, type ShortNameErrors } from '@fsi/shared/suspensions';
import { useIsPhone } from '../../ui/phone';
import { placeErrors, SheetActions } from '../reports/SheetActions';
import type { Problem, Suspension } from './useSuspensionMutations';

export const ADD_NAME = 'Add name';

type Props = {
  /** What is being paused, said under the title. */
  what: string;
  /** The building's short names, each with its reason. */
  existing: ReadonlyArray<{ shortName: string; description: string | null }>;
  /** Saves the suspension; its refusals come back to the form, which keeps what was typed. */
  onSave(suspension: Suspension): Promise<{ status: 'saved' } | { status: 'refused'; errors: Problem[] } | { status: 'failed'; message: string } | { status: 'signedOut' }>;
  onCancel(): void;
};

/**
 * 'Assign Short Name' (admin-organizations-buildings.md sections 2, 4 and 5): the Short Name select offers 'Add name'
 * or one of the building's short names; a new one is typed in 'Reporting Short Name (max 2 letters)' with its Reason,
 * an existing one reuses its reason (the Reason is disabled then). The rules are checked as the user types once a
 * save was tried, and by the server; cancelling leaves the item as it was.
 */
export function ShortNameModal({ what, existing, onSave, onCancel }: Props) {
  const isPhone = useIsPhone();
  const [choice, setChoice] = useState<string>(ADD_NAME);
  const [shortName, setShortName] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<ShortNameErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const adding = choice === ADD_NAME;
  const picked = existing.find((e) => e.shortName === choice);
  const input = { shortName: adding ? shortName : choice, description: adding ? reason : (picked?.description ?? ''), addingNew: adding };
  const problems = tried ? validateSuspension(input, existing).errors : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setServerErrors({});
    setFailure(null);
    const checked = validateSuspension(input, existing);
    if (Object.keys(checked.errors).length) return;
    setSaving(true);
    const result = await onSave({ shortName: checked.shortName, description: adding ? checked.description : '' });
    setSaving(false);
    if (result.status === 'signedOut' || result.status === 'saved') return;
    if (result.status === 'failed') return setFailure(result.message);
    const placed = placeErrors(result.errors, ['shortName', 'description']);
    setServerErrors(placed.fieldErrors);
    setFailure(placed.general);
  };

  return (
    <Modal opened onClose={saving ? () => undefined : onCancel} title="Assign Short Name" fullScreen={isPhone} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Note text={what} />
          <Select
            label="Short Name"
            data={[ADD_NAME, ...existing.map((e) => e.shortName)]}
            value={choice}
            allowDeselect={false}
            onChange={(value) => {
              setChoice(value ?? ADD_NAME);
              setServerErrors({});
            }}
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label="Reporting Short Name (max 2 letters)"
            required={adding}
            disabled={!adding}
            maxLength={SHORT_NAME_MAX_LENGTH + 1}
            value={adding ? shortName : choice}
            error={adding ? (problems.shortName ?? serverErrors.shortName) : undefined}
            onChange={(event) => {
              setShortName(event.currentTarget.value);
              setServerErrors({});
            }}
            data-autofocus
          />
          <Textarea
            label="Reason"
            required={adding}
            disabled={!adding}
            rows={2}
            maxLength={ADMIN_TEXT_MAX_LENGTH + 1}
            value={adding ? reason : (picked?.description ?? '')}
            error={adding ? (problems.description ?? serverErrors.description) : undefined}
            onChange={(event) => {
              setReason(event.currentTarget.value);
              setServerErrors({});
            }}
          />
          {!adding && (problems.shortName ?? serverErrors.shortName) && <Note text={problems.shortName ?? serverErrors.shortName ?? ''} error />}
          <SheetActions failure={failure} busy={saving} submitLabel="Save" onCancel={onCancel} />
        </Stack>
      </form>
    </Modal>
  );
}

function Note({ text, error = false }: { text: string; error?: boolean }) {
  return (
    <Text size="sm" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined} style={{ overflowWrap: 'anywhere' }}>
      {text}
    </Text>
  );
}
