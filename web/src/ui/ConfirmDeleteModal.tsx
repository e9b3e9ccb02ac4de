import { Button, Group, Modal, Stack, Text } from '@mantine/core';

type ConfirmDeleteModalProps = {
  opened: boolean;
  /** The modal's title ('Delete Region'). */
  title: string;
  /** The question, in the spec's words. */
  question: string;
  /** While the deletion is under way: Delete shows it, and Cancel waits for it. */
  deleting: boolean;
  onConfirm(): void;
  onClose(): void;
};

/** Asks before a deletion: the question, Cancel and a red Delete. */
export function ConfirmDeleteModal({ opened, title, question, deleting, onConfirm, onClose }: ConfirmDeleteModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text>{question}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={deleting}>
            Cancel
          </Button>
          <Button color="red" loading={deleting} onClick={onConfirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
