/**
 * The building edit form (admin-organizations-buildings.md sections 2, 3, 5 and 6): who may change what, and the
 * validation of everything the form sends, field by field. The web runs it for instant feedback and the backend
 * (PATCH /buildings/{id}) for the authoritative 422, each error naming its field so that it becomes a JSON:API pointer.
 */
import {
  ADMIN_TEXT_MAX_LENGTH,
  isOffsetUnit,
  OFFSET_UNIT_MESSAGE,
  validateBuildingName,
  validateOccupancyType,
  validateOffsetValue,
  validateOptionalText,
  validateTimeZone,
  type FieldError,
} from './administration';

/** The keys of an address block, with the spec's capitals, and the label the form shows for each. */
export const ADDRESS_FIELDS = [
  ['Address1', 'Address 1'],
  ['Address2', 'Address 2'],
  ['City', 'City'],
  ['State', 'Province/State'],
  ['PostalCode', 'Postal Code'],
  ['Email', 'Email'],
  ['Phone', 'Phone'],
  ['ContactName', 'Contact Name'],
  ['ContactPhone', 'Contact Phone'],
  ['ContactEmail', 'Contact Email'],
] as const;
export type AddressKey = (typeof ADDRESS_FIELDS)[number][0];
export type AddressBlock = Partial<Record<AddressKey, string | null>>;

/** The plain text members of the information block and their labels. */
export const INFORMATION_TEXT_FIELDS = [
  ['note1', 'Note 1'],
  ['note2', 'Note 2'],
  ['managementCompanyName', 'Company Name'],
  ['monitoringCompanyName', 'Company Name'],
  ['monitoringCompanyPhone', 'Phone'],
  ['monitoringCompanyAccountNumber', 'Account #'],
  ['monitoringCompanyPassCode', 'Pass Code'],
] as const;
export type InformationTextKey = (typeof INFORMATION_TEXT_FIELDS)[number][0];

export type BuildingInformationInput = Partial<Record<InformationTextKey, string | null>> & {
  occupancyType?: string | null;
  addressInformation?: AddressBlock | null;
  managementCompanyAddressInformation?: AddressBlock | null;
};

export type BuildingOffsetInput = {
  cycleId: number | string;
  openOffsetValue: unknown;
  openOffsetUnit: unknown;
  closeOffsetValue: unknown;
  closeOffsetUnit: unknown;
};

export type BuildingFormInput = {
  name?: string | null;
  floorDisplayName?: string | null;
  timeZone?: string | null;
  information?: BuildingInformationInput | null;
  offsets?: readonly BuildingOffsetInput[] | null;
};

/** Who is asking: an administrator, their permission flags, and whether their scope is limited to a region or to some buildings. */
export type BuildingFormCaller = {
  isAdmin: boolean;
  permissions: { canManageOrganization: boolean; canManageBuildings: boolean };
  /** A region user, or a user limited to some buildings: not an organization user in the spec's sense. */
  limitedScope: boolean;
};

export const NOT_ALLOWED_TO_EDIT_BUILDING_MESSAGE = 'You are not allowed to edit this building.';
export const NOT_ALLOWED_TO_CHANGE_BUILDING_REGION_MESSAGE = "You are not allowed to change this building's region.";
export const NOT_ALLOWED_TO_CHANGE_BUILDING_REPORTS_MESSAGE = "You are not allowed to change this building's reports and report booklets.";
export const REGION_NOT_IN_ORGANIZATION_MESSAGE = "Region must be one of the building's organization's regions";
export const REPORT_DEFINITION_NOT_IN_ORGANIZATION_MESSAGE = "Reports must be the building's organization's report definitions";
export const REPORT_BOOKLET_NOT_IN_ORGANIZATION_MESSAGE = "Report Booklets must be the building's organization's booklet templates";
export const OFFSET_CYCLE_MESSAGE = "Offsets must name the building's organization's repeating cycles";
/** "Photo accepts images only" (section 5). */
export const PHOTO_NOT_IMAGE_MESSAGE = 'Photo must be an image';
export const FLOOR_LABEL_NAME_LABEL = 'Floor Label Name';

/** Editing the form and changing the photo (section 6): administrators, manage-organization or manage-buildings. */
export function canEditBuilding(caller: BuildingFormCaller): boolean {
  return caller.isAdmin || caller.permissions.canManageOrganization || caller.permissions.canManageBuildings;
}

/**
 * Changing the region (section 6: admin, organization user or manage-organization). An organization user here is one
 * who may edit the building and whose scope is the whole organization: a region user who moved a building out of their
 * region would lose it, and a viewer edits nothing (viewers see disabled fields).
 */
export function canChangeBuildingRegion(caller: BuildingFormCaller): boolean {
  return caller.isAdmin || caller.permissions.canManageOrganization || (caller.permissions.canManageBuildings && !caller.limitedScope);
}

/** The Reports and Report Booklets toggles (section 6): administrators, manage-organization or manage-buildings. */
export function canToggleBuildingReports(caller: BuildingFormCaller): boolean {
  return canEditBuilding(caller);
}

/** The contract upload and clear (section 6): administrators only. */
export function canSetBuildingContract(caller: Pick<BuildingFormCaller, 'isAdmin'>): boolean {
  return caller.isAdmin;
}

function addressErrors(block: AddressBlock | null | undefined, field: string, prefix: string): FieldError[] {
  if (!block) return [];
  return ADDRESS_FIELDS.flatMap(([key, label]) => {
    const message = validateOptionalText(block[key], `${prefix}${label}`);
    return message ? [{ field: `${field}.${key}`, message }] : [];
  });
}

/**
 * The form's rules (section 5 and 9): name required and at most 256, every text at most 256 under the text rule, the
 * occupancy type one of the nine, the time zone an IANA zone, offsets whole numbers with a known unit. Only what is
 * present is checked, so a partial PATCH is validated as sent. Fields are dotted paths (`information.addressInformation.City`,
 * `offsets.0.openOffsetValue`).
 */
export function validateBuildingForm(input: BuildingFormInput): FieldError[] {
  const errors: FieldError[] = [];
  const push = (field: string, message: string | null) => {
    if (message) errors.push({ field, message });
  };
  if (input.name !== undefined) push('name', validateBuildingName(input.name));
  if (input.floorDisplayName !== undefined) push('floorDisplayName', validateOptionalText(input.floorDisplayName, FLOOR_LABEL_NAME_LABEL));
  if (input.timeZone !== undefined) push('timeZone', validateTimeZone(input.timeZone));
  const info = input.information;
  if (info) {
    if (info.occupancyType !== undefined) push('information.occupancyType', validateOccupancyType(info.occupancyType));
    for (const [key, label] of INFORMATION_TEXT_FIELDS) {
      const prefix = key.startsWith('management') ? 'Management Company ' : key.startsWith('monitoring') ? 'Monitoring Company ' : '';
      push(`information.${key}`, validateOptionalText(info[key], `${prefix}${label}`));
    }
    errors.push(...addressErrors(info.addressInformation, 'information.addressInformation', ''));
    errors.push(...addressErrors(info.managementCompanyAddressInformation, 'information.managementCompanyAddressInformation', 'Management Company '));
  }
  (input.offsets ?? []).forEach((offset, index) => {
    push(`offsets.${index}.openOffsetValue`, validateOffsetValue(offset.openOffsetValue));
    push(`offsets.${index}.openOffsetUnit`, isOffsetUnit(offset.openOffsetUnit) ? null : OFFSET_UNIT_MESSAGE);
    push(`offsets.${index}.closeOffsetValue`, validateOffsetValue(offset.closeOffsetValue));
    push(`offsets.${index}.closeOffsetUnit`, isOffsetUnit(offset.closeOffsetUnit) ? null : OFFSET_UNIT_MESSAGE);
  });
  return errors;
}

/** Max length of the form's texts, for the inputs' maxLength (section 9). */
export const BUILDING_FORM_TEXT_MAX_LENGTH = ADMIN_TEXT_MAX_LENGTH;
