import { Alert, Button, Group } from '@mantine/core';

export type PayloadError = { field: string | null; message: string };

/** Splits a payload's errors into those at the sheet's fields (several at one field read as one) and one message for the rest. */
export function placeErrors(errors: readonly PayloadError[], fields: readonly string[]): { fieldErrors: Record<string, string>; general: string | null } {
  const fieldErrors: Record<string, string> = {};
  const general: string[] = [];
  for (const error of errors) {
    if (error.field && fields.includes(error.field)) fieldErrors[error.field] = fieldErrors[error.field] ? `${fieldErrors[error.field]} ${error.message}` : error.message;
    else general.push(error.message);
  }
  return { fieldErrors, general: general.length > 0 ? general.join(' ') : null };
}

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
