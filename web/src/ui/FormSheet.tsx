import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { Button, Group, Modal } from '@mantine/core';
import classes from './FormSheet.module.css';

export type FormSheetProps = {
  opened: boolean;
  /** The sheet's title, also the dialog's name ('New Cycle'). */
  title: string;
  /** Cancel, Escape and the overlay: closes the sheet without saving (not while it saves). */
  onCancel(): void;
  /** The header's submit button: 'Save' unless told ('Done'). */
  submitLabel?: string;
  /** The id of the `<form>` in the body, which the header's submit button submits (its HTML `form` attribute). */
  formId: string;
  /** Save is disabled while the form is invalid (admin-people-schedules.md section 2, Modal sheets). */
  saveDisabled?: boolean;
  /** While the form saves: Save shows its loader, Cancel is disabled and the sheet cannot be closed. */
  saving?: boolean;
  children: ReactNode;
};

/**
 * A modal sheet of one form (admin-people-schedules.md section 2, Modal sheets): full screen, its title at the left of
 * the header and Cancel and Save (or Done) at the right, in the manner of ScanSheet. Save is a submit button of the
 * form in the body by its id, so Enter in a field submits the form as it would with the button inside it.
 */
export function FormSheet({ opened, title, onCancel, submitLabel = 'Save', formId, saveDisabled = false, saving = false, children }: FormSheetProps) {
  const close = () => {
    if (!saving) onCancel();
  };
  return (
    <Modal.Root opened={opened} onClose={close} fullScreen transitionProps={{ transition: 'slide-up', duration: 150 }}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header className={classes.header}>
          <Modal.Title fw={700} className={classes.title}>
            {title}
          </Modal.Title>
          <Group gap="xs" wrap="nowrap">
            <Button variant="subtle" onClick={close} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={saving} disabled={saveDisabled}>
              {submitLabel}
            </Button>
          </Group>
        </Modal.Header>
        <Modal.Body className={classes.body}>
          <div className={classes.form}>{children}</div>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

/** What a form tells the header of the sheet it is in. */
export type FormSheetStatus = { saveDisabled: boolean; saving: boolean };

/**
 * How a form that is also an edit page's (with its own buttons there) is put in a FormSheet: the id its `<form>` takes,
 * and where it reports whether Save is disabled and whether it saves. In a sheet the form renders no buttons of its own.
 */
export type FormSheetBinding = { formId: string; onStatus(status: FormSheetStatus): void };

/** The sheet's side of a FormSheetBinding: the binding to hand to the form, and the status it last reported (Save disabled until then). */
export function useFormSheetBinding(): { binding: FormSheetBinding; status: FormSheetStatus } {
  const formId = useId();
  const [status, setStatus] = useState<FormSheetStatus>({ saveDisabled: true, saving: false });
  const binding = useMemo(() => ({ formId, onStatus: setStatus }), [formId]);
  return { binding, status };
}

/** The form's side of a FormSheetBinding: reports its status to the sheet it is in; nothing on a page (no binding). */
export function useFormSheetStatus(binding: FormSheetBinding | undefined, saveDisabled: boolean, saving: boolean) {
  useEffect(() => {
    binding?.onStatus({ saveDisabled, saving });
  }, [binding, saveDisabled, saving]);
}
