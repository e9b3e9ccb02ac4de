import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Anchor, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { ADMIN_TEXT_MAX_LENGTH, validateBuildingName } from '@fsi/shared';
import type { ManageBuildings_BuildingFragment } from './ManageBuildingsPage.generated';
import { IconAlertTriangle, IconExternalLink } from '../../ui/icons';
import { useIsPhone } from '../../ui/phone';
import { placeErrors, SheetActions } from '../reports/SheetActions';
import type { SaveBuildingResult } from './useSaveBuilding';

type Building = ManageBuildings_BuildingFragment;

type Props = {
  organizationId: string;
  /** The building to edit, as the list has it now (its version follows a reload); null adds one. */
  building: Building | null;
  /** Administrators and organization managers change names; others read (section 6). */
  canManage: boolean;
  save(building: Building | null, name: string): Promise<SaveBuildingResult>;
  onSaved(building: Building): void;
  onClose(): void;
};

/**
 * The add/edit modal of Manage Buildings (admin-organizations-buildings.md sections 2 and 5): the name (required,
 * 'Building name is required field', at most 256 characters) and, when editing, a link to the building's details.
 * Whatever fails, the form keeps what the user typed.
 */
export function BuildingModal({ organizationId, building, canManage, save, onSaved, onClose }: Props) {
  const isPhone = useIsPhone();
  const [name, setName] = useState(building?.name ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = building !== null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canManage) return;
    const problem = validateBuildingName(name);
    setNameError(problem);
    if (problem) return;
    setFailure(null);
    setStale(null);
    setSaving(true);
    const result = await save(building, name);
    setSaving(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'saved') return onSaved(result.building);
    if (result.status === 'stale') return setStale(result.message);
    if (result.status === 'failed') return setFailure(result.message);
    const placed = placeErrors(result.errors, ['name']);
    setNameError(placed.fieldErrors.name ?? null);
    setFailure(placed.general);
  };

  return (
    <Modal opened onClose={saving ? () => undefined : onClose} title={editing ? 'Edit Building' : 'Add Building'} fullScreen={isPhone} centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          {stale && (
            <Alert role="alert" color="orange" variant="light" icon={<IconAlertTriangle />}>
              {stale}
            </Alert>
          )}
          <TextInput
            label="Building Name"
            required
            readOnly={!canManage}
            maxLength={ADMIN_TEXT_MAX_LENGTH}
            value={name}
            error={nameError}
            onChange={(event) => {
              setName(event.currentTarget.value);
              if (nameError) setNameError(validateBuildingName(event.currentTarget.value));
            }}
            onBlur={() => name !== (building?.name ?? '') && setNameError(validateBuildingName(name))}
            data-autofocus
          />
          {editing && (
            <Anchor component={Link} to={`/manage/organization/${organizationId}/building/${building.id}`} size="sm">
              <Group gap={4} component="span" wrap="nowrap">
                Building details
                <IconExternalLink size={14} />
              </Group>
            </Anchor>
          )}
          {canManage ? (
            <SheetActions failure={failure} busy={saving} submitLabel="Save" onCancel={onClose} />
          ) : (
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Close
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Modal>
  );
}
