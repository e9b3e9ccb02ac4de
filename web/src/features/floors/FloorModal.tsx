import { useState, type FormEvent } from 'react';
import { Modal, Stack, TextInput } from '@mantine/core';
import { ADMIN_TEXT_MAX_LENGTH, validateFloorName } from '@fsi/shared';
import type { ManageFloors_FloorFragment } from './ManageFloorsPage.generated';
import { useIsPhone } from '../../ui/phone';
import { placeErrors, SheetActions } from '../reports/SheetActions';
import { useSaveFloor } from './useFloorMutations';

type Props = {
  buildingId: string;
  /** The building's floor label ('Floor' when not set): the modal is 'Add {label}' or 'Edit {label}'. */
  label: string;
  /** The floor to rename; null adds one. */
  floor: ManageFloors_FloorFragment | null;
  onSaved(name: string): void;
  /** A stale rename: the screen reads the floors again (the new version), the form keeps what was typed. */
  onStale(): void;
  onClose(): void;
};

/**
 * Add/Edit {floor display name} (admin-organizations-buildings.md sections 2 and 5): the floor name, required
 * ('Floor name is required field') and at most 256 characters, checked as the user types once a save was tried, and
 * by the server. Every failure is said in the form, which keeps what the user typed.
 */
export function FloorModal({ buildingId, label, floor, onSaved, onStale, onClose }: Props) {
  const isPhone = useIsPhone();
  const [name, setName] = useState(floor?.name ?? '');
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = useSaveFloor(buildingId);
  const problem = tried ? validateFloorName(name) : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setServerError(null);
    setFailure(null);
    if (validateFloorName(name)) return;
    setSaving(true);
    const result = await save(name, floor ? { id: floor.id, version: floor.version } : null);
    setSaving(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'saved') return onSaved(name.trim());
    if (result.status === 'failed') return setFailure(result.message);
    const placed = placeErrors(result.errors, ['name']);
    setServerError(placed.fieldErrors.name ?? null);
    setFailure(placed.general);
    if (result.stale) onStale();
  };

  return (
    <Modal opened onClose={saving ? () => undefined : onClose} title={`${floor ? 'Edit' : 'Add'} ${label}`} fullScreen={isPhone} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <TextInput
            label="Floor name"
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
          <SheetActions failure={failure} busy={saving} submitLabel="Save" onCancel={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}
