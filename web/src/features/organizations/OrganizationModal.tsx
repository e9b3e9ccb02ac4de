import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, FileButton, Group, Image, Input, Modal, Stack, Text, TextInput } from '@mantine/core';
import {
  CONTRACT_NOT_ACCEPTED_TEXT,
  CONTRACT_NOT_PDF_MESSAGE,
  contractOverrideQuestion,
  LOGO_NOT_IMAGE_MESSAGE,
  ORGANIZATION_NAME_MAX_LENGTH,
  organizationNameProblem,
} from '@fsi/shared';
import type { ManageOrganizations_OrganizationFragment } from './ManageOrganizationsPage.generated';
import { IconAlertTriangle, IconFileContract, IconPhoto } from '../../ui/icons';
import { useIsPhone } from '../../ui/phone';
import { displayDateTime } from '../reports/reportDates';
import { placeErrors, SheetActions } from '../reports/SheetActions';
import { useSaveOrganization, type FileChoice, type OrganizationDraft } from './useSaveOrganization';

type Organization = ManageOrganizations_OrganizationFragment;

type Props = {
  /** The organization to edit; null adds one. */
  organization: Organization | null;
  /** Administrators upload and clear contracts (admin-organizations-buildings.md section 6). */
  canSetContract: boolean;
  onSaved(organization: Organization, overriddenBuildings: string[]): void;
  onClose(): void;
};

const FIELDS = ['name', 'logoUrl', 'contractUrl'] as const;

function isPdf(file: File): boolean {
  return file.type === 'application/pdf' || (file.type === '' && file.name.toLowerCase().endsWith('.pdf'));
}

/** The stored contract as the form describes it: who accepted it and when, or 'Contract has not been accepted.' */
export function contractStatusText(organization: Pick<Organization, 'contractUrl' | 'contractAcceptedAt' | 'contractAcceptedBy'>): string {
  if (!organization.contractUrl) return 'No contract';
  if (!organization.contractAcceptedAt) return CONTRACT_NOT_ACCEPTED_TEXT;
  const by = organization.contractAcceptedBy ? ` by ${organization.contractAcceptedBy}` : '';
  return `Contract accepted${by} on ${displayDateTime(organization.contractAcceptedAt)}.`;
}

/** An object URL for a chosen image, revoked when it changes or the modal closes. */
function usePreview(file: File | null): string | null {
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return url;
}

/**
 * The add/edit modal of Manage Organizations (admin-organizations-buildings.md sections 2, 4 and 5): the name
 * (required, disabled while editing), the logo (images) and the contract (PDF only; administrators). A new contract
 * that overrides buildings' own contracts asks first, naming them.
 */
export function OrganizationModal({ organization, canSetContract, onSaved, onClose }: Props) {
  const isPhone = useIsPhone();
  const editing = organization !== null;
  const [name, setName] = useState(organization?.name ?? '');
  const [logo, setLogo] = useState<FileChoice>({ kind: 'keep' });
  const [contract, setContract] = useState<FileChoice>({ kind: 'keep' });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** The override question, while it is asked. */
  const [question, setQuestion] = useState<string | null>(null);
  const { save } = useSaveOrganization(organization);
  const logoLabelId = useId();
  const contractLabelId = useId();

  const logoPreview = usePreview(logo.kind === 'file' ? logo.file : null);
  const shownLogo = logo.kind === 'file' ? logoPreview : logo.kind === 'keep' ? (organization?.displayLogoUrl ?? null) : null;
  const hasStoredContract = Boolean(organization?.contractUrl);

  const chooseLogo = (file: File | null) => {
    if (!file) return;
    setFieldErrors(({ logoUrl: _, ...rest }) => (file.type.startsWith('image/') ? rest : { ...rest, logoUrl: LOGO_NOT_IMAGE_MESSAGE }));
    if (file.type.startsWith('image/')) setLogo({ kind: 'file', file });
  };
  const chooseContract = (file: File | null) => {
    if (!file) return;
    setFieldErrors(({ contractUrl: _, ...rest }) => (isPdf(file) ? rest : { ...rest, contractUrl: CONTRACT_NOT_PDF_MESSAGE }));
    if (isPdf(file)) setContract({ kind: 'file', file });
  };

  const run = async (overrideBuildingContracts: boolean) => {
    setFailure(null);
    setSaving(true);
    const draft: OrganizationDraft = { name, logo, contract, overrideBuildingContracts };
    const result = await save(draft);
    setSaving(false);
    if (result.status === 'signedOut') return;
    if (result.status === 'saved') return onSaved(result.organization, result.overriddenBuildings);
    // Any other failure is said in the form, beside what the user chose, which it keeps.
    setQuestion(null);
    if (result.status === 'failed') return setFailure(result.message);
    // The buildings with contracts of their own changed since the list loaded: the server names them.
    const conflict = result.errors.find((error) => error.field === 'overrideBuildingContracts');
    if (conflict) return setQuestion(conflict.message);
    const placed = placeErrors(result.errors, FIELDS);
    setFieldErrors(placed.fieldErrors);
    setFailure(placed.general);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    const nameProblem = editing ? null : organizationNameProblem(name);
    if (nameProblem) problems.name = nameProblem;
    if (fieldErrors.logoUrl) problems.logoUrl = fieldErrors.logoUrl;
    if (fieldErrors.contractUrl) problems.contractUrl = fieldErrors.contractUrl;
    setFieldErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const overridden = organization?.buildingsWithContracts.map((building) => building.name) ?? [];
    if (contract.kind === 'file' && overridden.length > 0) return setQuestion(contractOverrideQuestion(overridden));
    void run(false);
  };

  const title = question ? 'Override Building Contracts' : editing ? 'Edit Organization' : 'Add Organization';

  return (
    <Modal opened onClose={saving ? () => undefined : onClose} title={title} fullScreen={isPhone} size="lg" centered>
      {question ? (
        <Stack gap="md">
          <Alert color="orange" variant="light" icon={<IconAlertTriangle />}>
            {question}
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setQuestion(null)} disabled={saving}>
              Cancel
            </Button>
            <Button onClick={() => void run(true)} loading={saving}>
              Continue
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              label="Organization Name"
              required={!editing}
              disabled={editing}
              maxLength={ORGANIZATION_NAME_MAX_LENGTH}
              value={name}
              error={fieldErrors.name}
              onChange={(event) => setName(event.currentTarget.value)}
              data-autofocus={!editing || undefined}
            />

            <Stack gap={4} role="group" aria-labelledby={logoLabelId}>
              <Input.Label id={logoLabelId} labelElement="div">
                Logo
              </Input.Label>
              <Group gap="sm" wrap="nowrap" align="center">
                {shownLogo ? (
                  <Image src={shownLogo} alt="Logo preview" w={56} h={56} fit="contain" radius="sm" bd="1px solid var(--mantine-color-default-border)" />
                ) : (
                  <Text size="sm" c="dimmed">
                    No logo
                  </Text>
                )}
                <Group gap="xs">
                  <FileButton onChange={chooseLogo} accept="image/*">
                    {(props) => (
                      <Button {...props} variant="default" size="xs" leftSection={<IconPhoto size={16} />}>
                        {shownLogo ? 'Change Logo' : 'Choose Logo'}
                      </Button>
                    )}
                  </FileButton>
                  {shownLogo && (
                    <Button variant="subtle" color="red" size="xs" onClick={() => setLogo(organization?.logoUrl ? { kind: 'remove' } : { kind: 'keep' })}>
                      Remove Logo
                    </Button>
                  )}
                </Group>
              </Group>
              {fieldErrors.logoUrl && <Input.Error>{fieldErrors.logoUrl}</Input.Error>}
            </Stack>

            <Stack gap={4} role="group" aria-labelledby={contractLabelId}>
              <Input.Label id={contractLabelId} labelElement="div">
                Contract{canSetContract ? ' (PDF)' : ''}
              </Input.Label>
              <Stack gap={6}>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {contract.kind === 'file'
                    ? `New contract: ${contract.file.name}`
                    : contract.kind === 'remove'
                      ? 'The contract will be cleared.'
                      : organization
                        ? contractStatusText(organization)
                        : 'No contract'}
                </Text>
                {canSetContract && (
                  <Group gap="xs">
                    <FileButton onChange={chooseContract} accept="application/pdf">
                      {(props) => (
                        <Button {...props} variant="default" size="xs" leftSection={<IconFileContract size={16} />}>
                          {hasStoredContract || contract.kind === 'file' ? 'Replace PDF' : 'Choose PDF'}
                        </Button>
                      )}
                    </FileButton>
                    {(contract.kind === 'file' || (contract.kind === 'keep' && hasStoredContract)) && (
                      <Button
                        variant="subtle"
                        color="red"
                        size="xs"
                        onClick={() => setContract(contract.kind === 'file' || !hasStoredContract ? { kind: 'keep' } : { kind: 'remove' })}
                      >
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
              </Stack>
              {fieldErrors.contractUrl && <Input.Error>{fieldErrors.contractUrl}</Input.Error>}
            </Stack>

            <SheetActions failure={failure} busy={saving} submitLabel="Save" onCancel={onClose} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}
