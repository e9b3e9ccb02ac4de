import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Fieldset,
  FileButton,
  Group,
  Image,
  Input,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ADDRESS_FIELDS,
  BUILDING_FORM_TEXT_MAX_LENGTH,
  CONTRACT_MANAGED_BY_ORGANIZATION_TEXT,
  CONTRACT_MISSING_TEXT,
  CONTRACT_NOT_ACCEPTED_TEXT,
  CONTRACT_NOT_PDF_MESSAGE,
  OCCUPANCY_TYPES,
  PHOTO_NOT_IMAGE_MESSAGE,
  type AddressKey,
} from '@fsi/shared';
import type { BuildingForm_BuildingFragment, BuildingFormPageQuery } from './BuildingFormPage.generated';
import type { OffsetUnit } from '../../generated/schema';
import { IconBuilding, IconExternalLink, IconFileContract, IconPhoto } from '../../ui/icons';
import { displayDateTime } from '../reports/reportDates';
import { draftErrors, draftOf, formFieldOf, inputOf, regionOptions, timeZoneOptions, type AddressDraft, type BuildingDraft, type OffsetDraft } from './formDraft';
import { useSaveBuilding, type FileChoice } from './useSaveBuilding';

export type BuildingFormRights = { edit: boolean; region: boolean; reports: boolean; contract: boolean };

type Props = {
  building: BuildingForm_BuildingFragment;
  regions: BuildingFormPageQuery['regions'];
  definitions: BuildingFormPageQuery['reportDefinitionOptions'];
  templates: BuildingFormPageQuery['reportBookletTemplateOptions'];
  rights: BuildingFormRights;
  onSaved(): void;
  onStale(message: string): void;
  onCancel(): void;
};

const NO_REGION = 'none';
/** The options open inside the page's main landmark (a portal at the end of body would leave them outside any landmark). */
const INLINE_DROPDOWN = { withinPortal: false } as const;
const UNITS: { value: OffsetUnit; label: string }[] = [
  { value: 'NONE', label: 'None' },
  { value: 'MINUTE', label: 'Minute' },
  { value: 'HOUR', label: 'Hour' },
  { value: 'DAY', label: 'Day' },
  { value: 'WEEK', label: 'Week' },
  { value: 'MONTH', label: 'Month' },
];

function isPdf(file: File): boolean {
  return file.type === 'application/pdf' || (file.type === '' && file.name.toLowerCase().endsWith('.pdf'));
}

/** The contract block's words (section 2): the organization's, who accepted it and when, not accepted, or missing. */
export function buildingContractText(building: Pick<BuildingForm_BuildingFragment, 'contractUrl' | 'organizationContract' | 'contractAccepterUsername' | 'contractAcceptedAt'>): string {
  if (building.organizationContract) return CONTRACT_MANAGED_BY_ORGANIZATION_TEXT;
  if (!building.contractUrl) return CONTRACT_MISSING_TEXT;
  if (!building.contractAcceptedAt) return CONTRACT_NOT_ACCEPTED_TEXT;
  const by = building.contractAccepterUsername ? ` by ${building.contractAccepterUsername}` : '';
  return `Contract accepted${by} on ${displayDateTime(building.contractAcceptedAt)}.`;
}

/** An object URL for a chosen photo, revoked when it changes or the form closes. */
function usePreview(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}

/**
 * The building edit form (admin-organizations-buildings.md sections 2-6). Every field is checked as it is typed with
 * the shared rules and again by the server; a failure keeps what was typed, a stale save is the page's to reload.
 */
export function BuildingForm({ building, regions, definitions, templates, rights, onSaved, onStale, onCancel }: Props) {
  const definitionIds = definitions.map((d) => d.id);
  const templateIds = templates.map((t) => t.id);
  const [initial] = useState(() => draftOf(building, { definitionIds, templateIds }));
  const [draft, setDraft] = useState<BuildingDraft>(initial);
  const [photo, setPhoto] = useState<FileChoice>({ kind: 'keep' });
  const [contract, setContract] = useState<FileChoice>({ kind: 'keep' });
  const [fileErrors, setFileErrors] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [saving, setSaving] = useState(false);
  const { save } = useSaveBuilding();
  const photoLabelId = useId();
  const contractLabelId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  /** After a refused save, the keyboard and the screen reader land on the first field to correct. */
  const focusFirstInvalid = () => requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const ruleErrors = useMemo(() => draftErrors(draft), [draft]);
  // A rule's message shows once the field was changed or a save was tried; the server's until the field changes.
  const errorOf = (field: string, touched: boolean): string | undefined => serverErrors[field] ?? (touched || submitted ? ruleErrors[field] : undefined);
  const changed = (pick: (d: BuildingDraft) => unknown) => JSON.stringify(pick(draft)) !== JSON.stringify(pick(initial));

  const set = <K extends keyof BuildingDraft>(key: K, value: BuildingDraft[K], fields: string[] = [key]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setServerErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([field]) => !fields.some((f) => field === f || field.startsWith(`${f}.`)))));
  };

  const photoPreview = usePreview(photo.kind === 'file' ? photo.file : null);
  const shownPhoto = photo.kind === 'file' ? photoPreview : building.photoUrl;

  const choosePhoto = (file: File | null) => {
    if (!file) return;
    const image = file.type.startsWith('image/');
    setFileErrors(({ photoUrl: _, ...rest }) => (image ? rest : { ...rest, photoUrl: PHOTO_NOT_IMAGE_MESSAGE }));
    if (image) setPhoto({ kind: 'file', file });
  };
  const chooseContract = (file: File | null) => {
    if (!file) return;
    setFileErrors(({ contractUrl: _, ...rest }) => (isPdf(file) ? rest : { ...rest, contractUrl: CONTRACT_NOT_PDF_MESSAGE }));
    if (isPdf(file)) setContract({ kind: 'file', file });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setFailure(null);
    if (Object.keys(ruleErrors).length > 0 || Object.keys(fileErrors).length > 0) {
      setFailure('Correct the marked fields, then save again.');
      focusFirstInvalid();
      return;
    }
    setSaving(true);
    const result = await save(photo, contract, (files) => inputOf(building, initial, draft, files));
    setSaving(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'saved') return onSaved();
    if (result.status === 'stale') return onStale(result.message);
    if (result.status === 'failed') return setFailure(result.message);
    const placed: Record<string, string> = {};
    const general: string[] = [];
    for (const error of result.errors) {
      if (error.field && error.field !== 'id' && error.field !== 'version') placed[formFieldOf(error.field)] = error.message;
      else general.push(error.message);
    }
    setServerErrors(placed);
    setFailure(general.length ? general.join(' ') : 'Correct the marked fields, then save again.');
    focusFirstInvalid();
  };

  const regionData = [{ value: NO_REGION, label: 'None' }, ...regionOptions(regions)];
  const zones = useMemo(() => timeZoneOptions(building.timeZone), [building.timeZone]);

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate aria-label={`Edit ${building.name}`}>
      <Stack gap="lg">
        <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
          {building.name}
        </Title>
        {!rights.edit && (
          <Text size="sm" c="dimmed">
            You can view this building&apos;s settings; only administrators and building managers can change them.
          </Text>
        )}

        <Stack gap={4} role="group" aria-labelledby={photoLabelId}>
          <Input.Label id={photoLabelId} labelElement="div">
            Photo
          </Input.Label>
          <Group gap="md" align="center" wrap="wrap">
            {shownPhoto ? (
              <Image src={shownPhoto} alt={`Photo of ${building.name}`} w={160} h={110} fit="cover" radius="md" />
            ) : (
              <Group w={160} h={110} justify="center" bg="var(--mantine-color-default-hover)" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
                <IconBuilding size={36} />
              </Group>
            )}
            {rights.edit && (
              <FileButton onChange={choosePhoto} accept="image/*">
                {(props) => (
                  <Button {...props} variant="default" size="sm" leftSection={<IconPhoto size={16} />}>
                    Change Photo
                  </Button>
                )}
              </FileButton>
            )}
          </Group>
          {photo.kind === 'file' && <Text size="sm">New photo: {photo.file.name}</Text>}
          {(fileErrors.photoUrl ?? serverErrors.photoUrl) && <Input.Error>{fileErrors.photoUrl ?? serverErrors.photoUrl}</Input.Error>}
        </Stack>

        <Fieldset legend="Building" disabled={!rights.edit}>
          <Stack gap="sm">
            <Select
              comboboxProps={INLINE_DROPDOWN}
              label="Region"
              data={regionData}
              value={draft.regionId ?? NO_REGION}
              onChange={(value) => set('regionId', value === NO_REGION || value === null ? null : value)}
              allowDeselect={false}
              disabled={!rights.region}
              error={errorOf('regionId', true)}
            />

            <Stack gap={4} role="group" aria-labelledby={contractLabelId}>
              <Input.Label id={contractLabelId} labelElement="div">
                Contract
              </Input.Label>
              <Text size="sm">
                {contract.kind === 'file' ? `New contract: ${contract.file.name}` : contract.kind === 'remove' ? 'The contract will be cleared.' : buildingContractText(building)}
              </Text>
              {contract.kind === 'keep' && building.contractFileUrl && !building.organizationContract && (
                <Anchor href={building.contractFileUrl} target="_blank" rel="noopener" size="sm">
                  <IconExternalLink size={14} style={{ verticalAlign: '-2px', marginRight: 4 }} />
                  Open the contract
                </Anchor>
              )}
              {rights.contract && (
                <Group gap="xs">
                  <FileButton onChange={chooseContract} accept="application/pdf">
                    {(props) => (
                      <Button {...props} variant="default" size="xs" leftSection={<IconFileContract size={16} />}>
                        {building.contractUrl || contract.kind === 'file' ? 'Replace PDF' : 'Upload PDF'}
                      </Button>
                    )}
                  </FileButton>
                  {(contract.kind === 'file' || (contract.kind === 'keep' && building.contractUrl && !building.organizationContract)) && (
                    <Button variant="subtle" color="red" size="xs" onClick={() => setContract(contract.kind === 'file' ? { kind: 'keep' } : { kind: 'remove' })}>
                      {contract.kind === 'file' ? 'Remove PDF' : 'Clear Contract'}
                    </Button>
                  )}
                  {contract.kind === 'remove' && (
                    <Button variant="subtle" size="xs" onClick={() => setContract({ kind: 'keep' })}>
                      Keep Contract
                    </Button>
                  )}
                </Group>
              )}
              {(fileErrors.contractUrl ?? serverErrors.contractUrl) && <Input.Error>{fileErrors.contractUrl ?? serverErrors.contractUrl}</Input.Error>}
            </Stack>

            <TextInput
              label="Floor Label Name"
              description="What the floors of this building are called (Floor, Level…)."
              maxLength={BUILDING_FORM_TEXT_MAX_LENGTH}
              value={draft.floorDisplayName}
              onChange={(event) => set('floorDisplayName', event.currentTarget.value)}
              error={errorOf('floorDisplayName', changed((d) => d.floorDisplayName))}
            />
            <Select
              comboboxProps={INLINE_DROPDOWN}
              label="Time zone"
              description="Walkabouts open and lock by this building's local time."
              data={zones}
              searchable
              limit={100}
              nothingFoundMessage="No results found"
              value={draft.timeZone}
              onChange={(value) => value && set('timeZone', value)}
              allowDeselect={false}
              error={errorOf('timeZone', changed((d) => d.timeZone))}
            />
            <Select
              comboboxProps={INLINE_DROPDOWN}
              label="Occupancy Type"
              data={[...OCCUPANCY_TYPES]}
              placeholder="None"
              clearable={rights.edit}
              value={draft.occupancyType}
              onChange={(value) => set('occupancyType', value, ['occupancyType'])}
              error={errorOf('occupancyType', changed((d) => d.occupancyType))}
            />
            <Textarea label="Note 1" rows={2} maxLength={BUILDING_FORM_TEXT_MAX_LENGTH} value={draft.note1} onChange={(event) => set('note1', event.currentTarget.value)} error={errorOf('note1', changed((d) => d.note1))} />
            <Textarea label="Note 2" rows={2} maxLength={BUILDING_FORM_TEXT_MAX_LENGTH} value={draft.note2} onChange={(event) => set('note2', event.currentTarget.value)} error={errorOf('note2', changed((d) => d.note2))} />
          </Stack>
        </Fieldset>

        <Fieldset legend="Walkabout Offsets" disabled={!rights.edit}>
          {draft.offsets.length === 0 ? (
            <Text size="sm" c="dimmed">
              No results found
            </Text>
          ) : (
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                When each cycle&apos;s walkabouts open and lock, after the start and the end of their period.
              </Text>
              {draft.offsets.map((offset, index) => (
                <OffsetRow
                  key={offset.cycleId}
                  offset={offset}
                  index={index}
                  errorOf={(field) => errorOf(`offsets.${index}.${field}`, changed((d) => d.offsets[index]))}
                  onChange={(next) => set('offsets', draft.offsets.map((o, i) => (i === index ? next : o)), [`offsets.${index}`])}
                />
              ))}
            </Stack>
          )}
        </Fieldset>

        <AddressFieldset
          legend="Address Information"
          name="address"
          value={draft.address}
          disabled={!rights.edit}
          errorOf={(key) => errorOf(`address.${key}`, changed((d) => d.address[key]))}
          onChange={(next) => set('address', next)}
        />

        <Fieldset legend="Management Company" disabled={!rights.edit}>
          <TextInput
            label="Company Name"
            maxLength={BUILDING_FORM_TEXT_MAX_LENGTH}
            value={draft.managementCompanyName}
            onChange={(event) => set('managementCompanyName', event.currentTarget.value)}
            error={errorOf('managementCompanyName', changed((d) => d.managementCompanyName))}
          />
        </Fieldset>

        <AddressFieldset
          legend="Management Company Address Information"
          name="managementAddress"
          value={draft.managementAddress}
          disabled={!rights.edit}
          errorOf={(key) => errorOf(`managementAddress.${key}`, changed((d) => d.managementAddress[key]))}
          onChange={(next) => set('managementAddress', next)}
        />

        <Fieldset legend="Monitoring Company" disabled={!rights.edit}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {(
              [
                ['monitoringCompanyName', 'Company Name'],
                ['monitoringCompanyPhone', 'Phone'],
                ['monitoringCompanyAccountNumber', 'Account #'],
                ['monitoringCompanyPassCode', 'Pass Code'],
              ] as const
            ).map(([key, label]) => (
              <TextInput
                key={key}
                label={label}
                maxLength={BUILDING_FORM_TEXT_MAX_LENGTH}
                value={draft[key]}
                onChange={(event) => set(key, event.currentTarget.value)}
                error={errorOf(key, changed((d) => d[key]))}
              />
            ))}
          </SimpleGrid>
        </Fieldset>

        <ToggleFieldset
          legend="Reports"
          options={definitions.map((d) => ({ id: d.id, name: d.name, description: `${d.scopeName} · ${d.cycleName}` }))}
          value={draft.reportDefinitionIds}
          disabled={!rights.reports}
          error={serverErrors.reportDefinitionIds}
          onChange={(ids) => set('reportDefinitionIds', ids)}
        />
        <ToggleFieldset
          legend="Report Booklets"
          options={templates.map((t) => ({ id: t.id, name: t.name, description: t.scopeName }))}
          value={draft.reportBookletTemplateIds}
          disabled={!rights.reports}
          error={serverErrors.reportBookletTemplateIds}
          onChange={(ids) => set('reportBookletTemplateIds', ids)}
        />

        {failure && (
          <Alert role="alert" color="red" variant="light">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {rights.edit || rights.reports ? 'Cancel' : 'Back'}
          </Button>
          {(rights.edit || rights.reports) && (
            <Button type="submit" loading={saving}>
              Save
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

type OffsetRowProps = {
  offset: OffsetDraft;
  index: number;
  errorOf(field: 'openOffsetValue' | 'openOffsetUnit' | 'closeOffsetValue' | 'closeOffsetUnit'): string | undefined;
  onChange(offset: OffsetDraft): void;
};

function OffsetRow({ offset, errorOf, onChange }: OffsetRowProps) {
  const name = offset.cycleShortName ? `${offset.cycleName} (${offset.cycleShortName})` : offset.cycleName;
  const pair = (which: 'open' | 'close', label: string): ReactNode => (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <NumberInput
        label={label}
        aria-label={`${name} ${label}`}
        allowDecimal={false}
        value={offset[`${which}OffsetValue`]}
        onChange={(value) => onChange({ ...offset, [`${which}OffsetValue`]: value })}
        error={errorOf(`${which}OffsetValue`)}
        style={{ flex: 1 }}
      />
      <Select
              comboboxProps={INLINE_DROPDOWN}
        label="Unit"
        aria-label={`${name} ${label} unit`}
        data={UNITS}
        value={offset[`${which}OffsetUnit`]}
        allowDeselect={false}
        onChange={(value) => value && onChange({ ...offset, [`${which}OffsetUnit`]: value as OffsetUnit })}
        error={errorOf(`${which}OffsetUnit`)}
        w={120}
      />
    </Group>
  );
  return (
    <Stack gap={4} role="group" aria-label={`${name} offsets`}>
      <Text fw={600} size="sm">
        {name}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {pair('open', 'Open Offset')}
        {pair('close', 'Close Offset')}
      </SimpleGrid>
    </Stack>
  );
}

type AddressFieldsetProps = {
  legend: string;
  name: string;
  value: AddressDraft;
  disabled: boolean;
  errorOf(key: AddressKey): string | undefined;
  onChange(value: AddressDraft): void;
};

function AddressFieldset({ legend, value, disabled, errorOf, onChange }: AddressFieldsetProps) {
  return (
    <Fieldset legend={legend} disabled={disabled}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {ADDRESS_FIELDS.map(([key, label]) => (
          <TextInput
            key={key}
            label={label}
            type={key.endsWith('Email') || key === 'Email' ? 'email' : key.endsWith('Phone') || key === 'Phone' ? 'tel' : 'text'}
            maxLength={BUILDING_FORM_TEXT_MAX_LENGTH}
            value={value[key]}
            onChange={(event) => onChange({ ...value, [key]: event.currentTarget.value })}
            error={errorOf(key)}
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}

type ToggleFieldsetProps = {
  legend: string;
  options: { id: string; name: string; description: string }[];
  value: string[];
  disabled: boolean;
  error: string | undefined;
  onChange(ids: string[]): void;
};

function ToggleFieldset({ legend, options, value, disabled, error, onChange }: ToggleFieldsetProps) {
  return (
    <Fieldset legend={legend} disabled={disabled}>
      {options.length === 0 ? (
        <Text size="sm" c="dimmed">
          No results found
        </Text>
      ) : (
        <Stack gap="sm">
          {options.map((option) => (
            <Switch
              key={option.id}
              label={option.name}
              description={option.description}
              checked={value.includes(option.id)}
              onChange={(event) => onChange(event.currentTarget.checked ? [...value, option.id] : value.filter((id) => id !== option.id))}
            />
          ))}
        </Stack>
      )}
      {error && <Input.Error mt="xs">{error}</Input.Error>}
    </Fieldset>
  );
}
