import { useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Button, Checkbox, Group, NativeSelect, Stack, Text, TextInput, Title } from '@mantine/core';
import dayjs from 'dayjs';
import { isIsoDate, WEEKDAY_LABELS, WEEKDAY_NAMES, type WeekdayName } from '@fsi/shared';
import type { Regions_OverrideFragment } from './RegionsPage.generated';
import { placeErrors } from '../reports/SheetActions';
import { IconPlus, IconTrash } from '../../ui/icons';
import { useSaveCycleOverride } from './useRegionMutations';
import { useFormSheetStatus, type FormSheetBinding } from '../../ui/FormSheet';

type Cycle = { id: string; name: string };
type Days = Record<WeekdayName, boolean>;

type Props = {
  regionId: string;
  /** The override to change; null adds one (with the cycle picker). */
  override: Regions_OverrideFragment | null;
  cycles: readonly Cycle[];
  /** The region's own overrides: their cycles are disabled in the picker (a cycle is overridden once per region). */
  own: readonly Regions_OverrideFragment[];
  /** The ancestors' overrides: their days off cannot be turned on here, their blackout dates show as 'Added in {region}'. */
  inherited: readonly Regions_OverrideFragment[];
  readOnly: boolean;
  onSaved(): void;
  onCancel(): void;
  onStale?(): void;
  /** The level of its section headings: 3 in the New Cycle Override sheet (below its title), 2 on the override's page. */
  headingOrder?: 2 | 3;
  /** In the New Cycle Override sheet: the sheet's header has Cancel and Save, so the form has none. */
  sheet?: FormSheetBinding;
};

const allDays = (): Days => Object.fromEntries(WEEKDAY_NAMES.map((day) => [day, true])) as Days;

/**
 * The cycle override form (admin-people-schedules.md sections 2 and 4): the cycle (new overrides only; cycles already
 * overridden in the region are disabled, the first free one is chosen), the seven days (a day an ancestor region's
 * override of the cycle turns off cannot be turned on), and the blackout dates: Add makes a row for today, the region's
 * own dates can be removed, the ancestors' show read-only as 'Added in {region}'.
 */
export function CycleOverrideForm({ regionId, override, cycles, own, inherited, readOnly, onSaved, onCancel, onStale, headingOrder = 3, sheet }: Props) {
  const taken = new Set(own.map((o) => o.cycle.id));
  const [cycleId, setCycleId] = useState(override?.cycle.id ?? cycles.find((c) => !taken.has(c.id))?.id ?? '');
  const [days, setDays] = useState<Days>(() => (override ? (Object.fromEntries(WEEKDAY_NAMES.map((day) => [day, override[day]])) as Days) : allDays()));
  const [dates, setDates] = useState<string[]>(override?.blackoutDates ?? []);
  const [failure, setFailure] = useState<string | null>(null);
  const [dateError, setDateError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const save = useSaveCycleOverride(regionId);
  const ancestors = inherited.filter((o) => o.cycle.id === cycleId);
  const offAbove = (day: WeekdayName) => ancestors.find((o) => !o[day]);
  const badDate = dates.findIndex((date) => !isIsoDate(date));
  const saveDisabled = !cycleId || badDate !== -1;
  useFormSheetStatus(sheet, readOnly || saveDisabled, saving);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (saveDisabled) return;
    setSaving(true);
    const input = { ...days, blackoutDates: [...new Set(dates)].sort() };
    const result = await save(input, override ? { id: override.id, version: override.version } : { cycleId });
    setSaving(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'saved') return onSaved();
    if (result.status === 'failed') return setFailure(result.message);
    const placed = placeErrors(result.errors, ['blackoutDates']);
    setDateError(placed.fieldErrors.blackoutDates ?? null);
    setFailure(placed.general);
    if (result.errors.some((e) => e.code === 'STALE')) onStale?.();
  };

  return (
    <form id={sheet?.formId} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        {override ? (
          <Text fw={600}>{override.cycle.name}</Text>
        ) : (
          <NativeSelect
            label="Cycle"
            value={cycleId}
            disabled={readOnly}
            onChange={(event) => setCycleId(event.currentTarget.value)}
            data={cycles.map((c) => ({ value: c.id, label: c.name, disabled: taken.has(c.id) }))}
            error={cycles.every((c) => taken.has(c.id)) ? 'Every cycle is already overridden in this region.' : undefined}
          />
        )}
        <Stack gap={4} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
          <Title order={headingOrder} size="h5" component="legend">
            Applicable days
          </Title>
          {WEEKDAY_NAMES.map((day) => {
            const above = offAbove(day);
            return (
              <Checkbox
                key={day}
                label={WEEKDAY_LABELS[day]}
                description={above ? `Turned off in ${above.regionName}` : undefined}
                checked={above ? false : days[day]}
                disabled={readOnly || Boolean(above)}
                onChange={(event) => {
                  const checked = event.currentTarget.checked;
                  setDays((current) => ({ ...current, [day]: checked }));
                }}
              />
            );
          })}
        </Stack>
        <Stack gap="xs">
          <Title order={headingOrder} size="h5">
            Blackout Dates
          </Title>
          {ancestors.flatMap((o) =>
            o.blackoutDates.map((date) => (
              <Group key={`${o.id}-${date}`} gap="xs">
                <Text>{date}</Text>
                <Text size="sm" c="dimmed">
                  Added in {o.regionName}
                </Text>
              </Group>
            )),
          )}
          {dates.map((date, index) => (
            <Group key={index} gap="xs" wrap="nowrap">
              <TextInput
                type="date"
                aria-label={`Blackout date ${index + 1}`}
                value={date}
                readOnly={readOnly}
                error={index === badDate ? 'Enter a date (YYYY-MM-DD)' : undefined}
                onChange={(event) => {
                  const value = event.currentTarget.value;
                  setDates((current) => current.map((d, i) => (i === index ? value : d)));
                  setDateError(null);
                }}
                style={{ flex: 1 }}
              />
              {!readOnly && (
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove ${date || 'date'}`} onClick={() => setDates((current) => current.filter((_, i) => i !== index))}>
                  <IconTrash size={18} />
                </ActionIcon>
              )}
            </Group>
          ))}
          {dateError && (
            <Text c="red" size="sm" role="alert">
              {dateError}
            </Text>
          )}
          {!readOnly && (
            <Button variant="subtle" leftSection={<IconPlus size={16} />} onClick={() => setDates((current) => [...current, dayjs().format('YYYY-MM-DD')])} style={{ alignSelf: 'flex-start' }}>
              Add a date
            </Button>
          )}
        </Stack>
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
