import { validateFloorName } from '@fsi/shared';
import type { ManageFloors_FloorFragment } from './ManageFloorsPage.generated';
import { NameModal } from '../reports/NameModal';
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
  const save = useSaveFloor(buildingId);
  return (
    <NameModal
      title={`${floor ? 'Edit' : 'Add'} ${label}`}
      label="Floor name"
      initialName={floor?.name ?? ''}
      validate={validateFloorName}
      save={(name) => save(name, floor ? { id: floor.id, version: floor.version } : null)}
      onSaved={(_saved, name) => onSaved(name)}
      onStale={onStale}
      onClose={onClose}
    />
  );
}
