import { useId, useState, type FormEvent } from 'react';
import { Alert, Stack, TextInput } from '@mantine/core';
import { ADMIN_TEXT_MAX_LENGTH, validateRegionName } from '@fsi/shared';
import { FormSheet } from '../../ui/FormSheet';
import { placeErrors } from '../reports/SheetActions';
import { useCreateRegion } from './useRegionMutations';

/**
 * New Region or New Subregion (admin-people-schedules.md sections 2 and 5): the name only, required (Save is disabled
 * while it is blank), checked by the shared rule as the user types once a save was tried, and by the server. After
 * creation the app opens the new region's page (onCreated). Every refusal is said in the sheet, which keeps what was typed.
 */
export function RegionNameModal({ organizationId, parentId, onCreated, onClose }: { organizationId: string; parentId: string | null; onCreated(id: string): void; onClose(): void }) {
  const formId = useId();
  const create = useCreateRegion(organizationId);
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const problem = tried ? validateRegionName(name) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setServerError(null);
    setFailure(null);
    if (validateRegionName(name)) return;
    setSaving(true);
    const result = await create(name, parentId);
    setSaving(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'saved') return onCreated(result.id);
    if (result.status === 'failed') return setFailure(result.message);
    const placed = placeErrors(result.errors, ['name']);
    setServerError(placed.fieldErrors.name ?? null);
    setFailure(placed.general);
  };

  return (
    <FormSheet opened title={parentId ? 'New Subregion' : 'New Region'} onCancel={onClose} formId={formId} saveDisabled={name.trim() === ''} saving={saving}>
      <form id={formId} onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Name"
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
