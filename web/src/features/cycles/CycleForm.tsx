import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, NativeSelect, Stack, Switch, Text, TextInput } from '@mantine/core';
import dayjs from 'dayjs';
import { ADMIN_TEXT_MAX_LENGTH, cycleHint, everyOptions, FREQUENCIES, validateCycle, type Frequency } from '@fsi/shared';
import type { CreateCycleInput, Frequency as GraphQLFrequency } from '../../generated/schema';
import type { Cycles_CycleFragment } from './CyclesPage.generated';
import { placeErrors } from '../reports/SheetActions';
import { useSaveCycle } from './useCycleMutations';
import { useFormSheetStatus, type FormSheetBinding } from '../../ui/FormSheet';

type Values = { name: string; abbreviation: string; frequency: Frequency | null; every: number | null; start: string | null };

const FREQUENCY_LABELS: Record<Frequency, string> = { daily: 'Daily', weekly: 'Weekly', monthly: 'Monthly', yearly: 'Yearly' };
const toGraphQL = (frequency: Frequency | null) => (frequency ? (frequency.toUpperCase() as GraphQLFrequency) : null);
const fromGraphQL = (frequency: GraphQLFrequency | null | undefined) => (frequency ? (frequency.toLowerCase() as Frequency) : null);

type Props = {
  organizationId: string;
  /** The cycle to change; null adds one. */
  cycle: Cycles_CycleFragment | null;
  readOnly: boolean;
  onSaved(id: string): void;
  onCancel(): void;
  /** A stale save: the cycle is read again (its new version); the form keeps what was typed. */
  onStale?(): void;
  /** In the New Cycle sheet: the sheet's header has Cancel and Save, so the form has none. */
  sheet?: FormSheetBinding;
};

/**
 * The cycle form (admin-people-schedules.md sections 2, 4, 5 and 9): name, abbreviation, and for a new cycle the
 * Repeat toggle (on: daily, every 1, start today; off: no repeat). The every options follow the frequency, and the hint
 * says 'Walkabouts will be created {occurrence}.'. On an existing repeating cycle the name, frequency, every and start
 * are locked; a cycle without a start is still new. Every refusal is said in the form, which keeps what was typed.
 */
export function CycleForm({ organizationId, cycle, readOnly, onSaved, onCancel, onStale, sheet }: Props) {
  const isNew = !cycle || cycle.start === null;
  const locked = readOnly || !isNew;
  const [values, setValues] = useState<Values>({
    name: cycle?.name ?? '',
    abbreviation: cycle?.abbreviation ?? '',
    frequency: fromGraphQL(cycle?.frequency),
    every: cycle?.every ?? null,
    start: cycle?.start ?? null,
  });
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = useSaveCycle();
  const problems = Object.fromEntries(validateCycle(values).map((e) => [e.field, e.message]));
  const shown = (field: string) => (tried ? problems[field] : undefined) ?? serverErrors[field];
  const saveDisabled = values.name.trim() === '';
  useFormSheetStatus(sheet, readOnly || saveDisabled, saving);
  const set = (changes: Partial<Values>) => {
    setValues((current) => ({ ...current, ...changes }));
    setServerErrors({});
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    if (Object.keys(problems).length) return;
    setSaving(true);
    const input: CreateCycleInput = {
      organizationId,
      name: values.name.trim(),
      abbreviation: values.abbreviation.trim(),
      frequency: toGraphQL(values.frequency),
      every: values.every,
      start: values.start,
    };
    const result = await save(input, cycle ? { id: cycle.id, version: cycle.version } : null);
    setSaving(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'saved') return onSaved(result.id);
    if (result.status === 'failed') return setFailure(result.message);
    const placed = placeErrors(result.errors, ['name', 'abbreviation', 'frequency', 'every', 'start']);
    setServerErrors(placed.fieldErrors);
    setFailure(placed.general);
    if (result.errors.some((e) => e.code === 'STALE')) onStale?.();
  };

  return (
    <form id={sheet?.formId} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label="Name"
          required
          readOnly={locked}
          maxLength={ADMIN_TEXT_MAX_LENGTH + 1}
          value={values.name}
          error={shown('name')}
          onChange={(event) => set({ name: event.currentTarget.value })}
          data-autofocus
        />
        <TextInput
          label="Abbreviation"
          readOnly={readOnly}
          maxLength={ADMIN_TEXT_MAX_LENGTH + 1}
          value={values.abbreviation}
          error={shown('abbreviation')}
          onChange={(event) => set({ abbreviation: event.currentTarget.value })}
        />
        {isNew && !readOnly && (
          <Switch
            label="Repeat"
            checked={values.frequency !== null}
            onChange={(event) =>
              set(event.currentTarget.checked ? { frequency: 'daily', every: 1, start: dayjs().format('YYYY-MM-DD') } : { frequency: null, every: null, start: null })
            }
          />
        )}
        {values.frequency !== null && (
          <>
            <NativeSelect
              label="Frequency"
              disabled={locked}
              value={values.frequency}
              error={shown('frequency')}
              data={FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }))}
              onChange={(event) => {
                const frequency = event.currentTarget.value as Frequency;
                // Section 4: changing the frequency changes the every options; a value past the new range falls back to 1.
                set({ frequency, every: values.every !== null && everyOptions(frequency).includes(values.every) ? values.every : 1 });
              }}
            />
            <NativeSelect
              label="Every"
              disabled={locked}
              value={String(values.every ?? 1)}
              error={shown('every')}
              data={everyOptions(values.frequency).map((n) => String(n))}
              onChange={(event) => set({ every: Number(event.currentTarget.value) })}
            />
            <TextInput
              type="date"
              label="Start date"
              readOnly={locked}
              value={values.start ?? ''}
              error={shown('start')}
              onChange={(event) => set({ start: event.currentTarget.value || null })}
            />
          </>
        )}
        <Text size="sm" c="dimmed" aria-live="polite">
          {cycleHint(values.frequency, values.every)}
        </Text>
        {!isNew && !readOnly && (
          <Text size="sm" c="dimmed">
            The name, frequency, every and start of an existing cycle cannot be changed.
          </Text>
        )}
        {failure && (
          <Alert role="alert" color="red" variant="light">
            {failure}
          </Alert>
        )}
        {!readOnly && !sheet && (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" loading={saving} disabled={saveDisabled}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
