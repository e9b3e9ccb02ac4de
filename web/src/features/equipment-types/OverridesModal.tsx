import { useState, type FormEvent } from 'react';
import { Card, Modal, Stack, Switch, Text } from '@mantine/core';
import type { ManageTypes_TypeFragment } from './ManageTypesPage.generated';
import type { ConditionOverridesInput } from '../../generated/schema';
import { useIsPhone } from '../../ui/phone';
import { SheetActions } from '../reports/SheetActions';
import { useUpdateOverrides } from './useTypeMutations';

type Props = {
  type: ManageTypes_TypeFragment;
  /** Administrators and organization managers change the switches; everyone else sees them. */
  canManage: boolean;
  onSaved(): void;
  onStale(): void;
  onClose(): void;
};

const SWITCHES: ReadonlyArray<{ key: keyof ConditionOverridesInput; label: string }> = [
  { key: 'disableUnsatisfactoryPhoto', label: 'Disable unsatisfactory photo' },
  { key: 'disableUnsatisfactoryRemarks', label: 'Disable unsatisfactory remarks' },
  { key: 'makePhotoAndRemarksOptional', label: 'Make photo and remarks optional' },
];

const same = (a: ConditionOverridesInput, b: ConditionOverridesInput) => SWITCHES.every(({ key }) => a[key] === b[key]);

/**
 * 'Override Conditions' (admin-organizations-buildings.md sections 2 and 3): for each tasks group of each component of
 * the type, three switches that change how its tasks are answered in walkabouts created afterwards. Only the groups
 * whose switches changed are saved; a failure is said in the modal, which keeps the switches as set.
 */
export function OverridesModal({ type, canManage, onSaved, onStale, onClose }: Props) {
  const isPhone = useIsPhone();
  const groups = type.components.flatMap((component) =>
    component.taskGroups.map((group) => ({ ...group, componentName: component.implicit ? type.name : component.name })),
  );
  const [values, setValues] = useState<Record<string, ConditionOverridesInput>>(() =>
    Object.fromEntries(groups.map((g) => [g.id, { disableUnsatisfactoryPhoto: g.overrides.disableUnsatisfactoryPhoto, disableUnsatisfactoryRemarks: g.overrides.disableUnsatisfactoryRemarks, makePhotoAndRemarksOptional: g.overrides.makePhotoAndRemarksOptional }])),
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const update = useUpdateOverrides();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const changed = groups.filter((g) => !same(values[g.id]!, g.overrides));
    setSaving(true);
    for (const group of changed) {
      const result = await update(group.id, values[group.id]!);
      if (result.status === 'signedOut') return;
      if (result.status === 'failed') {
        setSaving(false);
        return setFailure(result.message);
      }
      if (result.status === 'refused') {
        setSaving(false);
        setFailure(result.errors.map((e) => e.message).join(' '));
        if (result.stale) onStale();
        return;
      }
    }
    setSaving(false);
    onSaved();
  };

  return (
    <Modal opened onClose={saving ? () => undefined : onClose} title="Override Conditions" fullScreen={isPhone} size="lg" centered>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {type.name}: the switches apply to the group's tasks in walkabouts created afterwards.
          </Text>
          {groups.map((group) => (
            <Card key={group.id} withBorder padding="sm" radius="md">
              <Stack gap="xs" role="group" aria-label={`${group.componentName}: ${group.taskGroupName}`}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {group.componentName}: {group.taskGroupName}
                </Text>
                {SWITCHES.map(({ key, label }) => (
                  <Switch
                    key={key}
                    label={label}
                    checked={values[group.id]![key]}
                    disabled={!canManage || saving}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      setValues((current) => ({ ...current, [group.id]: { ...current[group.id]!, [key]: checked } }));
                    }}
                  />
                ))}
              </Stack>
            </Card>
          ))}
          {canManage ? <SheetActions failure={failure} busy={saving} submitLabel="Save" onCancel={onClose} /> : null}
        </Stack>
      </form>
    </Modal>
  );
}
