import { Button, Drawer, Stack, Text } from '@mantine/core';
import { applyConditionAction, conditionActions, type ConditionAction } from '@fsi/shared';
import { useConditionSnapshot, useEditContext } from '../state/EditContext';

export const ACTION_LABELS: Record<ConditionAction, string> = {
  unmark: 'Unmark',
  addNotes: 'Add Notes',
  removeNotes: 'Remove Notes',
};

/** The press-and-hold action sheet of a condition (inspection.md section 4), offering what conditionActions allows. */
export function ConditionActionSheet({ conditionId, onClose }: { conditionId: string | null; onClose: () => void }) {
  return (
    <Drawer opened={conditionId !== null} onClose={onClose} position="bottom" size="auto" title="Actions" radius="lg">
      {conditionId !== null && <ActionList conditionId={conditionId} onClose={onClose} />}
    </Drawer>
  );
}

function ActionList({ conditionId, onClose }: { conditionId: string; onClose: () => void }) {
  const { store } = useEditContext();
  const { condition, info } = useConditionSnapshot(store, conditionId);
  const actions = conditionActions(condition);
  const choose = (action: ConditionAction) => {
    store.updateCondition(conditionId, (current) => applyConditionAction(current, action), 'actionSheet');
    onClose();
  };
  return (
    <Stack gap="xs" pb="md">
      <Text fw={600}>{info.label}</Text>
      {actions.length === 0 && <Text c="dimmed">Nothing is recorded for this condition yet.</Text>}
      {actions.map((action) => (
        <Button key={action} size="lg" variant={action === 'unmark' ? 'light' : 'default'} color={action === 'unmark' ? 'red' : undefined} onClick={() => choose(action)}>
          {ACTION_LABELS[action]}
        </Button>
      ))}
      <Button size="lg" variant="subtle" onClick={onClose}>
        Cancel
      </Button>
    </Stack>
  );
}
