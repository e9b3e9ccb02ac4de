import { validateRegionName } from '@fsi/shared';
import { NameModal } from '../reports/NameModal';
import { useCreateRegion } from './useRegionMutations';

/**
 * New Region or New Subregion (admin-people-schedules.md sections 2 and 5): the name only, required (Save is disabled
 * while it is blank), in a full-screen sheet with Cancel and Save in its header. After creation the app opens the new
 * region's page (onCreated). Every refusal is said in the sheet, which keeps what was typed.
 */
export function RegionNameModal({ organizationId, parentId, onCreated, onClose }: { organizationId: string; parentId: string | null; onCreated(id: string): void; onClose(): void }) {
  const create = useCreateRegion(organizationId);
  return (
    <NameModal<{ status: 'saved'; id: string }>
      title={parentId ? 'New Subregion' : 'New Region'}
      label="Name"
      validate={validateRegionName}
      save={(name) => create(name, parentId)}
      onSaved={(saved) => onCreated(saved.id)}
      onClose={onClose}
      requireText
      asSheet
    />
  );
}
