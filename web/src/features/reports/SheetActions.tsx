import { Alert, Button, Group } from '@mantine/core';

type SheetActionsProps = {
  /** Why the last submit failed, said above the buttons (role alert); null when it did not. */
  failure: string | null;
  busy: boolean;
  submitLabel: string;
  submitDisabled?: boolean;
  onCancel(): void;
};

/** The end of a report sheet's form: its failure, then Cancel and the submit button. */
export function SheetActions({ failure, busy, submitLabel, submitDisabled = false, onCancel }: SheetActionsProps) {
  return (
    <>
      {failure && (
        <Alert role="alert" color="red" variant="light">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} disabled={submitDisabled}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
