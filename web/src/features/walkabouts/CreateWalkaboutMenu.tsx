import { useState } from 'react';
import { ActionIcon, Button, Group, Menu, Modal, Text } from '@mantine/core';
import { FIRE_WATCH_CYCLE_NAME } from '@fsi/shared';
import { createWalkaboutConfirmation } from './messages';
import { IconPlus } from '../../ui/icons';

type Cycle = { id: string; name: string };

type CreateWalkaboutMenuProps = {
  /** The building's non-repeating cycles (notRepeatableCycles). */
  cycles: readonly Cycle[];
  onCreate(cycle: Cycle): void;
};

/**
 * The list's plus menu (inspection.md section 2): one item per non-repeating cycle, the Fire
 * Watch cycle excluded (it has its own row); choosing one asks for confirmation first.
 */
export function CreateWalkaboutMenu({ cycles, onCreate }: CreateWalkaboutMenuProps) {
  const [chosen, setChosen] = useState<Cycle | null>(null);
  const offered = cycles.filter((cycle) => cycle.name !== FIRE_WATCH_CYCLE_NAME);

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={240}>
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label="Create walkabout">
            <IconPlus size={22} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Create a walkabout</Menu.Label>
          {offered.length === 0 && <Menu.Item disabled>No on-demand cycles</Menu.Item>}
          {offered.map((cycle) => (
            <Menu.Item key={cycle.id} onClick={() => setChosen(cycle)}>
              {cycle.name}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      <Modal opened={chosen !== null} onClose={() => setChosen(null)} title="Create Walkabout" centered>
        <Text>{chosen ? createWalkaboutConfirmation(chosen.name) : ''}</Text>
        <Group justify="flex-end" mt="lg" gap="sm">
          <Button variant="default" onClick={() => setChosen(null)}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              if (chosen) onCreate(chosen);
              setChosen(null);
            }}
          >
            Create
          </Button>
        </Group>
      </Modal>
    </>
  );
}
