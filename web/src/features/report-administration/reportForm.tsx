import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Alert, TextInput } from '@mantine/core';
import { REPORT_NAME_PLACEHOLDER, REPORT_NAME_TAKEN_DETAIL, REPORT_NAME_TAKEN_MESSAGE, validateReportName } from '@fsi/shared/report-administration';
import type { Problem, SaveResult } from './useReportMutations';

/**
 * What the report definition and booklet forms share: the name (its rule said once the form was tried, a taken name in
 * the spec's words), the server's refusals by field, the notice of a failed or stale save, and what a save comes to:
 * after it (and on Cancel), the region's page for a region's record or `listPath` (section 2). In a New Report or New
 * Booklet sheet (`onClose`), Cancel only closes the sheet, and a save closes it and goes there unless the sheet is over
 * that page already.
 */
export function useReportForm({
  initialName,
  organizationId,
  regionId,
  listPath,
  onStale,
  onClose,
}: {
  initialName: string;
  organizationId: string;
  regionId: string | null;
  listPath: string;
  onStale(): void;
  onClose?: () => void;
}) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [name, setName] = useState(initialName);
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<Problem[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const nameProblem = validateReportName(name);
  const serverError = (field: string) => serverErrors.find((e) => e.field === field)?.message;
  const nameError = (touched ? nameProblem : null) ?? (serverError('name') === REPORT_NAME_TAKEN_DETAIL ? REPORT_NAME_TAKEN_MESSAGE : serverError('name'));

  /** Marks the form tried and clears the last notice; true when the save may go (valid, and the user may save). */
  const start = (invalid: boolean, readOnly: boolean) => {
    setTouched(true);
    setNotice(null);
    if (invalid || readOnly) return false;
    setSaving(true);
    return true;
  };

  const finish = (result: SaveResult) => {
    setSaving(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'failed') {
      setNotice(result.message);
      return;
    }
    if (result.status === 'refused') {
      setServerErrors(result.errors);
      const stale = result.errors.find((e) => e.code === 'STALE');
      if (stale) {
        setNotice(stale.message);
        onStale();
      }
      return;
    }
    leave(result.regionId);
  };

  /** To the region's page of a region's record, else to `listPath`; a sheet closes first, and stays on its page when that is the one. */
  const leave = (of: string | null = regionId) => {
    const to = of ? `/manage/organization/${organizationId}/region/${of}` : listPath;
    onClose?.();
    if (!onClose || pathname !== to) navigate(to);
  };

  /** Cancel: a sheet closes without saving; a page goes where a save would. */
  const cancel = () => (onClose ? onClose() : leave());

  const nameInput = (disabled: boolean) => (
    <TextInput
      data-autofocus={onClose ? true : undefined}
      // A sheet whose form arrives after it opened (its choices load first): the name takes the focus when it mounts.
      autoFocus={Boolean(onClose)}
      label="Name"
      placeholder={REPORT_NAME_PLACEHOLDER}
      required
      value={name}
      onChange={(event) => {
        setName(event.currentTarget.value);
        setServerErrors((current) => current.filter((e) => e.field !== 'name'));
      }}
      onBlur={() => setTouched(true)}
      error={nameError}
      disabled={disabled}
    />
  );

  const alerts = (readOnlyMessage: string | null) => (
    <>
      {readOnlyMessage && (
        <Alert color="yellow" variant="light" role="status">
          {readOnlyMessage}
        </Alert>
      )}
      {notice && (
        <Alert color="orange" variant="light" role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setNotice(null)}>
          {notice}
        </Alert>
      )}
    </>
  );

  return { name, touched, nameProblem, serverErrors, serverError, saving, start, finish, cancel, nameInput, alerts };
}
