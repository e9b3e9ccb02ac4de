/**
 * The building form's draft (admin-organizations-buildings.md sections 2, 3 and 5): what the form holds, made from the
 * building as loaded, checked with the shared rules, and turned into the input of updateBuilding with only what changed,
 * so that a part the user may not change (the region, the toggles) is never sent untouched.
 */
import { ADDRESS_FIELDS, regionTreeOptions, validateBuildingForm, type AddressKey } from '@fsi/shared';
import type { BuildingForm_BuildingFragment } from './BuildingFormPage.generated';
import type { OffsetUnit, UpdateBuildingInput } from '../../generated/schema';

export type AddressDraft = Record<AddressKey, string>;
export type OffsetDraft = {
  cycleId: string;
  cycleName: string;
  cycleShortName: string;
  openOffsetValue: number | string;
  openOffsetUnit: OffsetUnit;
  closeOffsetValue: number | string;
  closeOffsetUnit: OffsetUnit;
};
export type BuildingDraft = {
  floorDisplayName: string;
  timeZone: string;
  regionId: string | null;
  occupancyType: string | null;
  note1: string;
  note2: string;
  address: AddressDraft;
  managementCompanyName: string;
  managementAddress: AddressDraft;
  monitoringCompanyName: string;
  monitoringCompanyPhone: string;
  monitoringCompanyAccountNumber: string;
  monitoringCompanyPassCode: string;
  offsets: OffsetDraft[];
  /** The switched-on ids; every option when the building never chose (null). */
  reportDefinitionIds: string[];
  reportBookletTemplateIds: string[];
};

type Address = { [K in 'address1' | 'address2' | 'city' | 'state' | 'postalCode' | 'email' | 'phone' | 'contactName' | 'contactPhone' | 'contactEmail']: string | null };

/** REST's capitalised address keys and GraphQL's camelCase ones. */
const camel = (key: AddressKey) => (key.charAt(0).toLowerCase() + key.slice(1)) as keyof Address;

function addressDraft(address: Address | null): AddressDraft {
  return Object.fromEntries(ADDRESS_FIELDS.map(([key]) => [key, address?.[camel(key)] ?? ''])) as AddressDraft;
}

function addressInput(draft: AddressDraft): Address {
  return Object.fromEntries(ADDRESS_FIELDS.map(([key]) => [camel(key), draft[key].trim() === '' ? null : draft[key]])) as Address;
}

export function draftOf(
  building: BuildingForm_BuildingFragment,
  options: { definitionIds: readonly string[]; templateIds: readonly string[] },
): BuildingDraft {
  const info = building.information;
  return {
    floorDisplayName: building.floorDisplayName,
    timeZone: building.timeZone,
    regionId: building.region?.id ?? null,
    occupancyType: info.occupancyType ?? null,
    note1: info.note1 ?? '',
    note2: info.note2 ?? '',
    address: addressDraft(info.addressInformation),
    managementCompanyName: info.managementCompanyName ?? '',
    managementAddress: addressDraft(info.managementCompanyAddressInformation),
    monitoringCompanyName: info.monitoringCompanyName ?? '',
    monitoringCompanyPhone: info.monitoringCompanyPhone ?? '',
    monitoringCompanyAccountNumber: info.monitoringCompanyAccountNumber ?? '',
    monitoringCompanyPassCode: info.monitoringCompanyPassCode ?? '',
    offsets: building.buildingOffsets.map((o) => ({
      cycleId: o.cycleId,
      cycleName: o.cycle.name,
      cycleShortName: o.cycle.abbreviation ?? '',
      openOffsetValue: o.openOffsetValue,
      openOffsetUnit: o.openOffsetUnit,
      closeOffsetValue: o.closeOffsetValue,
      closeOffsetUnit: o.closeOffsetUnit,
    })),
    reportDefinitionIds: building.reportDefinitionIds ?? [...options.definitionIds],
    reportBookletTemplateIds: building.reportBookletTemplateIds ?? [...options.templateIds],
  };
}

const nullIfBlank = (value: string) => (value.trim() === '' ? null : value);
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** The offsets as numbers (the inputs hold what was typed; an empty one is not a number). */
function offsetNumber(value: number | string): number {
  return typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
}

/** The shared rules on the draft; errors by the form's field names (`address.City`, `offsets.0.openOffsetValue`). */
export function draftErrors(draft: BuildingDraft): Record<string, string> {
  const errors = validateBuildingForm({
    floorDisplayName: draft.floorDisplayName,
    timeZone: draft.timeZone,
    information: {
      occupancyType: draft.occupancyType,
      note1: draft.note1,
      note2: draft.note2,
      managementCompanyName: draft.managementCompanyName,
      monitoringCompanyName: draft.monitoringCompanyName,
      monitoringCompanyPhone: draft.monitoringCompanyPhone,
      monitoringCompanyAccountNumber: draft.monitoringCompanyAccountNumber,
      monitoringCompanyPassCode: draft.monitoringCompanyPassCode,
      addressInformation: draft.address,
      managementCompanyAddressInformation: draft.managementAddress,
    },
    offsets: draft.offsets.map((o) => ({ ...o, openOffsetValue: offsetNumber(o.openOffsetValue), closeOffsetValue: offsetNumber(o.closeOffsetValue), openOffsetUnit: o.openOffsetUnit.toLowerCase(), closeOffsetUnit: o.closeOffsetUnit.toLowerCase() })),
  });
  return Object.fromEntries(errors.map((e) => [formFieldOf(e.field), e.message]));
}

/**
 * A field of the shared rules or of the server's errors (`information.addressInformation.city`) as the form names it
 * (`address.City`), so that each message is shown at its input.
 */
export function formFieldOf(field: string): string {
  const path = field.replace(/^information\./, '').split('.');
  const block = path[0] === 'addressInformation' ? 'address' : path[0] === 'managementCompanyAddressInformation' ? 'managementAddress' : null;
  if (block && path[1]) {
    const key = ADDRESS_FIELDS.find(([k]) => k.toLowerCase() === path[1]!.toLowerCase())?.[0] ?? path[1];
    return `${block}.${key}`;
  }
  return path.join('.');
}

/** The input of updateBuilding: the version it was loaded with, and each part only when it differs from the loaded one. */
export function inputOf(
  building: BuildingForm_BuildingFragment,
  initial: BuildingDraft,
  draft: BuildingDraft,
  files: { photoUrl?: string; contractUrl?: string | null },
): UpdateBuildingInput {
  const input: UpdateBuildingInput = { id: building.id, version: building.version };
  if (draft.floorDisplayName !== initial.floorDisplayName) input.floorDisplayName = draft.floorDisplayName;
  if (draft.timeZone !== initial.timeZone) input.timeZone = draft.timeZone;
  if (draft.regionId !== initial.regionId) input.regionId = draft.regionId;
  const informationKeys = ['occupancyType', 'note1', 'note2', 'managementCompanyName', 'monitoringCompanyName', 'monitoringCompanyPhone', 'monitoringCompanyAccountNumber', 'monitoringCompanyPassCode'] as const;
  const information: NonNullable<UpdateBuildingInput['information']> = {};
  for (const key of informationKeys) {
    const value = draft[key];
    if (value !== initial[key]) information[key] = typeof value === 'string' ? nullIfBlank(value) : value;
  }
  if (JSON.stringify(draft.address) !== JSON.stringify(initial.address)) information.addressInformation = addressInput(draft.address);
  if (JSON.stringify(draft.managementAddress) !== JSON.stringify(initial.managementAddress)) {
    information.managementCompanyAddressInformation = addressInput(draft.managementAddress);
  }
  if (Object.keys(information).length) input.information = information;
  if (JSON.stringify(draft.offsets) !== JSON.stringify(initial.offsets)) {
    input.offsets = draft.offsets.map((o) => ({
      cycleId: o.cycleId,
      openOffsetValue: offsetNumber(o.openOffsetValue),
      openOffsetUnit: o.openOffsetUnit,
      closeOffsetValue: offsetNumber(o.closeOffsetValue),
      closeOffsetUnit: o.closeOffsetUnit,
    }));
  }
  if (!sameSet(draft.reportDefinitionIds, initial.reportDefinitionIds)) input.reportDefinitionIds = draft.reportDefinitionIds;
  if (!sameSet(draft.reportBookletTemplateIds, initial.reportBookletTemplateIds)) input.reportBookletTemplateIds = draft.reportBookletTemplateIds;
  if (files.photoUrl !== undefined) input.photoUrl = files.photoUrl;
  if (files.contractUrl !== undefined) input.contractUrl = files.contractUrl;
  return input;
}

export type RegionOption = { value: string; label: string };

/**
 * The region select's options (section 2): the regions as a tree, each sub-region after its parent, indented with a
 * dash and a space per level, siblings by name; a region whose parent the viewer cannot see is a root.
 */
export function regionOptions(regions: ReadonlyArray<{ id: string; name: string; parent: { id: string } | null }>): RegionOption[] {
  return regionTreeOptions(regions.map((r) => ({ id: r.id, name: r.name, parentId: r.parent?.id ?? null }))).map((o) => ({ value: o.id, label: o.label }));
}

/** The IANA zones the device knows (Intl), with the building's own even if the device lacks it. */
export function timeZoneOptions(current: string): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) || !current ? zones : [current, ...zones];
}

/** Only a path of this app: a backUrl is never followed to another site. */
export function safeBackUrl(backUrl: string | null): string | null {
  return backUrl && backUrl.startsWith('/') && !backUrl.startsWith('//') && !backUrl.startsWith('/\\') ? backUrl : null;
}
