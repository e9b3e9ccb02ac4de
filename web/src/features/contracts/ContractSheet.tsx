import { useState } from 'react';
import { Alert, Box, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { acceptContractQuestion, CONTRACT_MISSING_MESSAGE } from '@fsi/shared';
import { PdfPages } from '../../ui/PdfPages';
import { useIsPhone } from '../../ui/phone';
import { IconAlertTriangle } from '../../ui/icons';
import type { AcceptResult } from './useAcceptContract';
import classes from './ContractSheet.module.css';

export type ContractSheetProps = {
  /** The building or organization whose contract it is ('Press OK to accept the {name} Contract.'). */
  name: string | null;
  /** The contract's signed URL; null when there is none (any more). */
  fileUrl: string | null;
  /** The contract is being looked up; failed: it could not be (a retry is offered). */
  status: 'loading' | 'failed' | 'ready';
  onRetry(): void;
  /** Accepts; its answer is null when done, else the message to show. */
  onAccept(): Promise<AcceptResult>;
  accepting: boolean;
  onClose(): void;
};

/**
 * The accept contract sheet (inspection.md sections 4 and 5; the accept-contract modal of
 * admin-organizations-buildings.md section 2): the contract's pages, then 'Press OK to accept the {name}
 * Contract.' with OK and Cancel kept in view. A failure is said above the buttons and the sheet stays open.
 */
export function ContractSheet({ name, fileUrl, status, onRetry, onAccept, accepting, onClose }: ContractSheetProps) {
  const isPhone = useIsPhone();
  const [failure, setFailure] = useState<string | null>(null);
  const ready = status === 'ready' && fileUrl !== null && name !== null;

  const accept = async () => {
    setFailure(null);
    const problem = await onAccept();
    if (problem) setFailure(problem);
  };

  return (
    <Modal opened onClose={accepting ? () => undefined : onClose} title="Accept Contract" fullScreen={isPhone} size="xl" centered={!isPhone} classNames={{ body: classes.body }}>
      <Stack gap="md" className={classes.pages}>
        {status === 'loading' && (
          <Group gap="xs" role="status" aria-label="Loading the contract" py="md">
            <Loader size="sm" />
            <Text size="sm">Loading the contract…</Text>
          </Group>
        )}
        {status === 'failed' && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="The contract could not be loaded">
            <Group justify="space-between" gap="sm">
              <Text size="sm">Check your connection and try again.</Text>
              <Button size="xs" variant="white" color="red" onClick={onRetry}>
                Try again
              </Button>
            </Group>
          </Alert>
        )}
        {status === 'ready' && !fileUrl && (
          <Alert color="gray" variant="light" title="Contract Missing">
            {CONTRACT_MISSING_MESSAGE}
          </Alert>
        )}
        {ready && <PdfPages url={fileUrl} label={`${name} Contract`} />}
      </Stack>
      <Box className={classes.footer}>
        <Stack gap="sm">
          {ready && (
            <Text fw={600} size="sm">
              {acceptContractQuestion(name)}
            </Text>
          )}
          {failure && (
            <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle />}>
              {failure}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={accepting}>
              Cancel
            </Button>
            <Button onClick={() => void accept()} loading={accepting} disabled={!ready}>
              OK
            </Button>
          </Group>
        </Stack>
      </Box>
    </Modal>
  );
}
