import { useId, useState } from 'react';
import { NumberInput, Select, Stack } from '@mantine/core';
import { DEFAULT_REMINDER_OFFSET, reminderUnitsFor, type CycleFrequency } from '@fsi/shared';
import { FormSheet } from '../../ui/FormSheet';

export type Reminder = { cycleId: string; offsetValue: number; offsetUnit: string };
type Cycle = { id: string; name: string; frequency: string | null | undefined };

/**
 * Reminder Subscription (admin-people-schedules.md sections 2, 4, 9): Cycle, Offset, Unit. A new one defaults to 8 hours
 * on the first cycle without a subscription; cycles that have one are disabled; the units are those of the cycle's
 * frequency. Done returns the values; Cancel discards them.
 */
export function ReminderSheet({ cycles, taken, initial, onDone, onCancel }: { cycles: Cycle[]; taken: string[]; initial: Reminder | null; onDone(value: Reminder): void; onCancel(): void }) {
  const formId = useId();
  const free = cycles.filter((c) => !taken.includes(c.id) || c.id === initial?.cycleId);
  const [value, setValue] = useState<Reminder>(initial ?? { cycleId: free[0]?.id ?? '', ...DEFAULT_REMINDER_OFFSET });
  const frequency = cycles.find((c) => c.id === value.cycleId)?.frequency?.toLowerCase() as CycleFrequency | undefined;
  const units = reminderUnitsFor(frequency);
  const valid = Boolean(value.cycleId) && Number.isInteger(value.offsetValue) && value.offsetValue >= 1 && units.includes(value.offsetUnit as (typeof units)[number]);
  return (
    <FormSheet opened title="Reminder Subscription" onCancel={onCancel} submitLabel="Done" formId={formId} saveDisabled={!valid}>
      <form
        id={formId}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onDone(value);
        }}
      >
        <Stack gap="md">
          <Select
            label="Cycle"
            data={cycles.map((c) => ({ value: c.id, label: c.name, disabled: taken.includes(c.id) && c.id !== initial?.cycleId }))}
            value={value.cycleId}
            onChange={(cycleId) => {
              const next = cycles.find((c) => c.id === cycleId)?.frequency?.toLowerCase() as CycleFrequency | undefined;
              const allowed = reminderUnitsFor(next);
              setValue((current) => ({ ...current, cycleId: cycleId ?? '', offsetUnit: allowed.includes(current.offsetUnit as (typeof allowed)[number]) ? current.offsetUnit : (allowed.at(-1) ?? '') }));
            }}
            allowDeselect={false}
          />
          <NumberInput label="Offset" min={1} allowDecimal={false} value={value.offsetValue} onChange={(offset) => setValue((current) => ({ ...current, offsetValue: Number(offset) || 0 }))} />
          <Select label="Unit" data={units} value={value.offsetUnit} onChange={(unit) => setValue((current) => ({ ...current, offsetUnit: unit ?? '' }))} allowDeselect={false} />
        </Stack>
      </form>
    </FormSheet>
  );
}
