import { useMemo, useState, type ReactNode } from 'react';
import {
  Accordion,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { validateLocation, type LocationRights } from '@fsi/shared';
// Its own subpath, not the package index: the catalogue then stays in this screen's chunk.
import { SECONDARY_DATA_SECTIONS, unitKey, validateSecondaryDataValue, type SecondaryDataField } from '@fsi/shared/secondary-data';
import type { EquipmentStatus, SecondaryDataValueInput } from '../../generated/schema';
import { IconAlertTriangle } from '../../ui/icons';
import { useLocationMutations, type Problem, type SavedLocation } from './useLocationMutations';

export type EquipmentChoice = { id: string; name: string; status: EquipmentStatus };
type Value = string | number | boolean;
type Data = Record<string, Value | undefined>;

const STATUS_LABEL: Record<EquipmentStatus, string> = { ACTIVE: 'Active', PAUSED: 'Paused', DISABLED: 'Inactive' };
/** The tooltip of equipment that is not active (section 4, spelled as the spec spells it). */
export const disabledEquipmentTooltip = (status: EquipmentStatus) => `'${STATUS_LABEL[status]}' equipment is disbled in selection`;

type Props = {
  buildingId: string;
  floors: Array<{ id: string; name: string }>;
  equipmentChoices: EquipmentChoice[];
  /** null: Add Location. */
  location: SavedLocation | null;
  /** The floor a new location starts on (the page's floor filter). */
  floorId: string | null;
  rights: LocationRights;
  onSaved(location: SavedLocation, assignQrCode: boolean): void;
  /** Someone else changed the location: the page reloads it. */
  onStale(): void;
  onClose(): void;
};

function initialData(location: SavedLocation | null): Record<string, Data> {
  const result: Record<string, Data> = {};
  for (const equipment of location?.equipment ?? []) {
    result[equipment.equipmentId] = Object.fromEntries(
      equipment.secondaryData.map((d) => [d.key, d.stringValue ?? d.numberValue ?? d.booleanValue ?? undefined]),
    );
  }
  return result;
}

/** One equipment's form values as the mutation's input: a value per field that has one. */
function toInput(data: Data | undefined): SecondaryDataValueInput[] {
  return Object.entries(data ?? {}).flatMap(([key, value]): SecondaryDataValueInput[] => {
    if (value === undefined || value === '') return [];
    if (typeof value === 'number') return [{ key, numberValue: value }];
    if (typeof value === 'boolean') return [{ key, booleanValue: value }];
    return [{ key, stringValue: value }];
  });
}

/**
 * The Add/Edit Location modal (admin-organizations-buildings.md sections 2 and 5): name, hint, floor (fixed once the
 * location exists), the equipment (only active equipment can be chosen) and a collapsible secondary data panel per
 * equipment. Every rule of section 5 shows as the user types or leaves a field and again on save; a refused save
 * keeps everything typed. Without the rights of section 6 the fields are read-only.
 */
export function LocationModal({ buildingId, floors, equipmentChoices, location, floorId, rights, onSaved, onStale, onClose }: Props) {
  const { save } = useLocationMutations();
  const editing = location !== null;
  const basicsDisabled = editing ? !rights.editBasics : !rights.create;
  const dataDisabled = !rights.editSecondaryData;
  const [name, setName] = useState(location?.name ?? '');
  const [hint, setHint] = useState(location?.hint ?? '');
  const [floor, setFloor] = useState<string | null>(location?.floorId ?? floorId);
  const [equipmentIds, setEquipmentIds] = useState<string[]>(location?.equipment.map((e) => e.equipmentId) ?? []);
  const [stored] = useState<Record<string, Data>>(() => initialData(location));
  const [data, setData] = useState<Record<string, Data>>(() => initialData(location));
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Problem[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'assign' | null>(null);
  /** The open secondary data sections: a section whose data is refused opens on Save, so that its message is seen. */
  const [openSections, setOpenSections] = useState<string[]>([]);

  const ruleErrors = useMemo(() => {
    const byField: Record<string, string> = {};
    for (const e of validateLocation({ name, hint, floorId: floor, equipmentIds })) byField[e.field] ??= e.message;
    return byField;
  }, [name, hint, floor, equipmentIds]);
  const dataErrors = useMemo(() => {
    const byField: Record<string, string> = {};
    for (const [equipmentId, values] of Object.entries(data)) {
      if (!equipmentIds.includes(equipmentId)) continue;
      for (const [key, value] of Object.entries(values)) {
        // A value kept as it is stored is not judged again (see validateSecondaryData).
        const kept = stored[equipmentId] !== undefined && key in stored[equipmentId]! && stored[equipmentId]![key] === value;
        const message = value === undefined || value === '' || kept ? null : validateSecondaryDataValue(key, value);
        if (message) byField[`${equipmentId}.${key}`] = message;
      }
    }
    return byField;
  }, [data, equipmentIds, stored]);
  const shown = (field: string) => (submitted || touched[field] ? ruleErrors[field] : undefined) ?? serverErrors.find((e) => e.field === field)?.message;
  const touch = (field: string) => setTouched((t) => ({ ...t, [field]: true }));
  const otherErrors = serverErrors.filter((e) => !['name', 'hint', 'floorId', 'equipment'].includes(e.field ?? ''));

  const choices = equipmentChoices.map((e) => ({
    value: e.id,
    label: e.name,
    // Equipment already at the location stays choosable whatever its status; new equipment must be active.
    disabled: e.status !== 'ACTIVE' && !location?.equipment.some((l) => l.equipmentId === e.id),
  }));
  const statusOf = new Map(equipmentChoices.map((e) => [e.id, e.status]));
  const nameOf = (id: string) => equipmentChoices.find((e) => e.id === id)?.name ?? location?.equipment.find((e) => e.equipmentId === id)?.name ?? id;

  const setValue = (equipmentId: string, key: string, value: Value | undefined) => {
    setServerErrors((errors) => errors.filter((e) => e.field !== key));
    setData((d) => ({ ...d, [equipmentId]: { ...d[equipmentId], [key]: value } }));
  };

  async function submit(assignQrCode: boolean) {
    setSubmitted(true);
    setFailure(null);
    const refusedSections = equipmentIds.filter((id) => Object.keys(dataErrors).some((field) => field.startsWith(`${id}.`)));
    if (refusedSections.length > 0) setOpenSections((open) => [...new Set([...open, ...refusedSections])]);
    if (Object.keys(ruleErrors).length > 0 || refusedSections.length > 0) return;
    setBusy(assignQrCode ? 'assign' : 'save');
    const equipment = equipmentIds.map((equipmentId) => ({
      equipmentId,
      // Without the right, secondary data is left as it is (not sent).
      ...(dataDisabled ? {} : { secondaryData: toInput(data[equipmentId]) }),
    }));
    const result = editing
      ? await save(location, { version: location.version, name: name.trim(), hint: hint.trim() || null, equipment })
      : await save(null, { buildingId, floorId: floor, name: name.trim(), hint: hint.trim() || null, equipment });
    setBusy(null);
    if (result.status === 'saved') return onSaved(result.value, assignQrCode);
    if (result.status === 'stale') return onStale();
    if (result.status === 'refused') return setServerErrors(result.errors);
    if (result.status === 'failed') setFailure(result.message);
  }

  const title = editing ? 'Edit Location' : 'Add Location';
  const assignLabel = location?.temporaryUuid ? 'Save & Reassign QR Code' : 'Save & Assign QR Code';
  const canSave = editing ? rights.editBasics || rights.editSecondaryData : rights.create;

  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit(false);
        }}
      >
        <Stack gap="md">
          {failure && (
            <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle />}>
              {failure}
            </Alert>
          )}
          {otherErrors.length > 0 && (
            <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle />}>
              {otherErrors.map((e) => e.message).join(' ')}
            </Alert>
          )}
          <TextInput
            label="Location Name"
            required
            value={name}
            disabled={basicsDisabled}
            onChange={(event) => {
              setName(event.currentTarget.value);
              touch('name');
              setServerErrors((errors) => errors.filter((e) => e.field !== 'name'));
            }}
            onBlur={() => touch('name')}
            error={shown('name')}
          />
          <TextInput
            label="Location Hint"
            value={hint}
            disabled={basicsDisabled}
            onChange={(event) => {
              setHint(event.currentTarget.value);
              touch('hint');
            }}
            onBlur={() => touch('hint')}
            error={shown('hint')}
          />
          <Select
            label="Select Floor"
            placeholder="Select Floor"
            required
            data={floors.map((f) => ({ value: f.id, label: f.name }))}
            value={floor}
            disabled={editing || basicsDisabled}
            onChange={(value) => {
              setFloor(value);
              touch('floorId');
            }}
            onBlur={() => touch('floorId')}
            error={shown('floorId')}
          />
          <MultiSelect
            label="Assign Equipment"
            description="Add Equipment"
            placeholder={equipmentIds.length ? undefined : 'Search equipment'}
            searchable
            nothingFoundMessage="No results found"
            required
            data={choices}
            value={equipmentIds}
            disabled={basicsDisabled}
            onChange={(ids) => {
              setEquipmentIds(ids);
              touch('equipmentIds');
            }}
            onBlur={() => touch('equipmentIds')}
            error={shown('equipmentIds') ?? shown('equipment')}
            renderOption={({ option }) => {
              const status = statusOf.get(option.value);
              return option.disabled && status ? (
                <Tooltip label={disabledEquipmentTooltip(status)} withinPortal>
                  <span>{option.label}</span>
                </Tooltip>
              ) : (
                <span>{option.label}</span>
              );
            }}
            comboboxProps={{ withinPortal: true }}
          />
          {equipmentIds.length > 0 && (
            <Stack gap={4}>
              <Title order={3} size="h5">
                Secondary data
              </Title>
              {submitted && Object.keys(dataErrors).length > 0 && (
                // Said here as well as at each field: a stored value of a field the form does not show (data from before
                // the field list) has no field of its own to say it at.
                <Alert role="alert" color="red" variant="light" icon={<IconAlertTriangle />}>
                  Some secondary data needs correcting before the location can be saved: {[...new Set(Object.values(dataErrors))].join('; ')}.
                </Alert>
              )}
              <Accordion variant="contained" multiple value={openSections} onChange={setOpenSections}>
                {equipmentIds.map((equipmentId) => (
                  <Accordion.Item key={equipmentId} value={equipmentId}>
                    <Accordion.Control>{nameOf(equipmentId)}</Accordion.Control>
                    <Accordion.Panel>
                      <SecondaryDataForm
                        values={data[equipmentId] ?? {}}
                        errors={dataErrors}
                        serverErrors={serverErrors}
                        prefix={equipmentId}
                        disabled={dataDisabled}
                        onChange={(key, value) => setValue(equipmentId, key, value)}
                      />
                    </Accordion.Panel>
                  </Accordion.Item>
                ))}
              </Accordion>
            </Stack>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            {rights.assignQrCode && (
              <Button variant="light" loading={busy === 'assign'} disabled={!canSave || busy !== null} onClick={() => void submit(true)}>
                {assignLabel}
              </Button>
            )}
            <Button type="submit" loading={busy === 'save'} disabled={!canSave || busy !== null}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type FormProps = {
  values: Data;
  errors: Record<string, string>;
  serverErrors: Problem[];
  prefix: string;
  disabled: boolean;
  onChange(key: string, value: Value | undefined): void;
};

/** Every section and field of the catalogue, each with the input of its type. */
function SecondaryDataForm({ values, errors, serverErrors, prefix, disabled, onChange }: FormProps) {
  const errorOf = (key: string) => errors[`${prefix}.${key}`] ?? serverErrors.find((e) => e.field === key)?.message;
  return (
    <Stack gap="md">
      {SECONDARY_DATA_SECTIONS.map((section) => (
        <Stack key={section.title} gap="xs">
          <Text fw={600} size="sm">
            {section.title}
          </Text>
          {section.groups.map((group) => (
            <Stack key={group.title ?? section.title} gap={4}>
              {group.title && (
                <Text size="sm" c="dimmed">
                  {group.title}
                </Text>
              )}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {group.fields.map((field) => (
                  <FieldInput key={field.key} field={field} values={values} disabled={disabled} errorOf={errorOf} onChange={onChange} />
                ))}
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}

function FieldInput({
  field,
  values,
  disabled,
  errorOf,
  onChange,
}: {
  field: SecondaryDataField;
  values: Data;
  disabled: boolean;
  errorOf(key: string): string | undefined;
  onChange(key: string, value: Value | undefined): void;
}): ReactNode {
  const value = values[field.key];
  const text = (v: Value | undefined) => (typeof v === 'string' ? v : '');
  const number = (v: Value | undefined) => (typeof v === 'number' ? v : '');
  switch (field.type) {
    case 'Boolean':
      return <Checkbox mt="lg" label={field.label} checked={value === true} disabled={disabled} onChange={(e) => onChange(field.key, e.currentTarget.checked)} error={errorOf(field.key)} />;
    case 'Number':
      return <NumberInput label={field.label} value={number(value)} disabled={disabled} onChange={(v) => onChange(field.key, typeof v === 'number' ? v : undefined)} error={errorOf(field.key)} />;
    case 'Date':
      return <TextInput type="date" label={field.label} value={text(value)} disabled={disabled} onChange={(e) => onChange(field.key, e.currentTarget.value || undefined)} error={errorOf(field.key)} />;
    case 'NumberWithUnits':
      return (
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <NumberInput
            style={{ flex: 2 }}
            label={field.label}
            value={number(value)}
            disabled={disabled}
            onChange={(v) => onChange(field.key, typeof v === 'number' ? v : undefined)}
            error={errorOf(field.key)}
          />
          <TextInput
            style={{ flex: 1 }}
            label={`${field.label} unit`}
            value={text(values[unitKey(field.key)])}
            disabled={disabled}
            onChange={(e) => onChange(unitKey(field.key), e.currentTarget.value)}
            error={errorOf(unitKey(field.key))}
          />
        </Group>
      );
    default:
      return <TextInput label={field.label} value={text(value)} disabled={disabled} onChange={(e) => onChange(field.key, e.currentTarget.value)} error={errorOf(field.key)} />;
  }
}

