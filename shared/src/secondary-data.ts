/**
 * The secondary data of an equipment at a location (admin-organizations-buildings.md section 2, "Add/Edit Location
 * modal"): every section and field, with its type, and the rule of section 5 (text and unit text at most 256
 * characters). The backend refuses what this refuses; the web draws the form from the same catalogue.
 *
 * A value is stored flat in the location-equipment link's metadata under its key: a string, a boolean, a finite number,
 * a date as yyyy-mm-dd, or null (cleared). A NumberWithUnits field keeps its number under its key and its free-text
 * unit under `{key}Unit`.
 */
import { ADMIN_TEXT_MAX_LENGTH, tooLongMessage } from './administration';
import { validateText } from './text-rule';

export type SecondaryDataFieldType = 'String' | 'Boolean' | 'Number' | 'Date' | 'NumberWithUnits';
export type SecondaryDataField = { key: string; label: string; type: SecondaryDataFieldType };
export type SecondaryDataGroup = { title: string | null; fields: SecondaryDataField[] };
export type SecondaryDataSection = { title: string; groups: SecondaryDataGroup[] };
export type SecondaryDataValue = string | number | boolean | null;
export type SecondaryData = Record<string, SecondaryDataValue>;

const s = (key: string, label: string): SecondaryDataField => ({ key, label, type: 'String' });
const b = (key: string, label: string): SecondaryDataField => ({ key, label, type: 'Boolean' });
const n = (key: string, label: string): SecondaryDataField => ({ key, label, type: 'Number' });
const d = (key: string, label: string): SecondaryDataField => ({ key, label, type: 'Date' });
const u = (key: string, label: string): SecondaryDataField => ({ key, label, type: 'NumberWithUnits' });
const group = (title: string | null, ...fields: SecondaryDataField[]): SecondaryDataGroup => ({ title, fields });

// Built by calls marked pure, so that a bundle that does not use the catalogue leaves it out (the web's first screens).
export const SECONDARY_DATA_SECTIONS: readonly SecondaryDataSection[] = /* @__PURE__ */ catalogue();

function catalogue(): SecondaryDataSection[] {
  return [
  {
    title: 'General Information',
    groups: [group(null, s('location', 'Location'), s('areaSuite', 'Area/Suite'), b('criticalDeficiency', 'Critical Deficiency'), s('notes', 'Notes'), s('group', 'Group'))],
  },
  {
    title: 'Equipment',
    groups: [
      group(
        null,
        s('equipmentManufacturer', 'Manufacturer'),
        s('equipmentModelNumber', 'Model Number'),
        s('equipmentSerialNumber', 'Serial Number'),
        d('equipmentDateOfManufacture', 'Date of Manufacture'),
        s('equipmentType', 'Type'),
        s('equipmentTypeDescription', 'Type Description'),
        d('equipmentInstallDate', 'Install Date'),
        s('equipmentDeviceShortForm', 'Device Short Form'),
        s('equipmentElectricalPanelLocation', 'Electrical Panel Location'),
        s('equipmentElectricalPanelId', 'Electrical Panel ID'),
        s('equipmentBreakerLocation', 'Breaker Location'),
      ),
    ],
  },
  {
    title: 'Service',
    groups: [
      group(
        null,
        s('serviceMajorService1Type', 'Major Service 1 Type'),
        d('serviceMajorService1Date', 'Major Service 1 Date'),
        s('serviceMajorService2Type', 'Major Service 2 Type'),
        d('serviceMajorService2Date', 'Major Service 2 Date'),
        s('serviceSpecialNotes', 'Special Notes'),
        d('serviceExpiryDate', 'Expiry Date'),
      ),
    ],
  },
  {
    title: 'Control Panel Address',
    groups: [group(null, s('controlPanelName', 'Control Panel Name'), s('controlPanelZoneCircuit', 'Zone/Circuit'), s('controlPanelAddress', 'Address'))],
  },
  {
    title: 'Fire Safety Equipment (Unique Values)',
    groups: [
      group(
        'Fire Alarm Control Panel/Transponder',
        s('fsControlPanelNAC', 'NAC'),
        s('fsControlPanelIDC', 'IDC'),
        s('fsControlPanelIdentification', 'Identification'),
        s('fsControlPanelProtectionType', 'Protection Type'),
        s('fsControlPanelSurvivabilityLevel', 'Survivability Level'),
        s('fsControlPanelSoftwareVersion', 'Software Version'),
        s('fsControlPanelSoftwareRevision', 'Software Revision'),
        d('fsControlPanelSoftwareDate', 'Software Date'),
        u('fsControlPanelAutoEvacTime', 'Auto Evac Time'),
      ),
      group(
        'Battery',
        n('fsBatteryRatedVoltage', 'Rated Voltage'),
        n('fsBatteryRatedAmps', 'Rated Amps'),
        s('fsBatteryManufactureDateCode', 'Manufacture Date Code'),
        n('fsBatteryMinAh', 'Min Ah'),
      ),
      group(
        'Emergency Lighting and Exit Signs',
        d('fsEmergencyLightingBatteryInstallDate', 'Battery Install Date'),
        n('fsEmergencyLightingVoltage', 'Voltage'),
        n('fsEmergencyLightingBatteryAh', 'Battery AH'),
        n('fsEmergencyLightingRemoteHeads', 'Number of Remote Heads'),
        n('fsEmergencyLightingChargeAmps', 'Charge Amps'),
        u('fsEmergencyLightingLoad', 'Load'),
      ),
      group(
        'Heat Detector',
        u('fsHeatDetectorTemperatureRating', 'Temperature Rating'),
        u('fsHeatDetectorResponseTime', 'Response Time'),
        s('fsHeatDetectorFunction', 'Function'),
        b('fsHeatDetectorRestorable', 'Restorable'),
        s('fsHeatDetectorSupportingFieldDevice', 'Supporting Field Device'),
      ),
      group('Horn', n('fsHornDecibel', 'Decibel')),
      group('Pull Station', b('fsPullStationCover', 'Cover'), b('fsPullStationTwoStage', 'Two-Stage')),
      group('Smoke/CO Detector', n('fsSmokeCoDetectorSensitivityRating', 'Sensitivity Rating'), s('fsSmokeCoDetectorSensitivityRange', 'Sensitivity Range')),
    ],
  },
  {
    title: 'Water Supplies and Sprinklers',
    groups: [
      group(null, s('wsSystemType', 'System Type'), s('wsProtectedArea', 'Protected Area')),
      group('Valve/Switch General', u('wsValveSize', 'Size'), s('wsValvePosition', 'Position'), s('wsValveStatus', 'Status')),
      group('Pressure Switch', n('wsPressureSwitchLowPsi', 'Low PSI'), n('wsPressureSwitchHighPsi', 'High PSI')),
      group('Drain', n('wsDrainSupplyPsi', 'Supply PSI'), n('wsDrainRestoredPsi', 'Restored PSI'), n('wsDrainResidualPsi', 'Residual PSI')),
      group(
        'Pump',
        n('wsPumpHorsepower', 'Horsepower'),
        u('wsPumpRatedSpeed', 'Rated Speed'),
        n('wsPumpVolts', 'Volts'),
        n('wsPumpAmps', 'Amps'),
        n('wsPumpOnPsi', 'On PSI'),
        n('wsPumpOffPsi', 'Off PSI'),
      ),
      group('Fan Shutdown', s('wsFanShutdownPoweredBy', 'Powered By')),
    ],
  },
  ];
}

export const SECONDARY_DATA_FIELDS: readonly SecondaryDataField[] = /* @__PURE__ */ fieldsOf(SECONDARY_DATA_SECTIONS);

function fieldsOf(sections: readonly SecondaryDataSection[]): SecondaryDataField[] {
  return sections.flatMap((section) => section.groups.flatMap((g) => g.fields));
}

/** The unit key of a NumberWithUnits field. */
export const unitKey = (key: string) => `${key}Unit`;

let indexes: { fieldByKey: Map<string, SecondaryDataField>; unitOf: Map<string, SecondaryDataField> } | null = null;
/** The fields by key and the NumberWithUnits fields by unit key, made on first use. */
function index() {
  indexes ??= {
    fieldByKey: new Map(SECONDARY_DATA_FIELDS.map((f) => [f.key, f])),
    unitOf: new Map(SECONDARY_DATA_FIELDS.filter((f) => f.type === 'NumberWithUnits').map((f) => [unitKey(f.key), f])),
  };
  return indexes;
}

export const SECONDARY_DATA_NUMBER_MESSAGE = 'must be a number';
export const SECONDARY_DATA_DATE_MESSAGE = 'must be a date (yyyy-mm-dd)';
export const SECONDARY_DATA_BOOLEAN_MESSAGE = 'must be yes or no';

function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.getUTCFullYear() === Number(match[1]) && date.getUTCMonth() === Number(match[2]) - 1 && date.getUTCDate() === Number(match[3]);
}

/** The label a message names: the field's, with ' unit' for a unit. */
export function secondaryDataLabel(key: string): string {
  const { fieldByKey, unitOf } = index();
  const field = fieldByKey.get(key);
  if (field) return field.label;
  const owner = unitOf.get(key);
  return owner ? `${owner.label} unit` : key;
}

/** One value's mistake, or null. */
export function validateSecondaryDataValue(key: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const { fieldByKey, unitOf } = index();
  const field = fieldByKey.get(key);
  const unitField = unitOf.get(key);
  if (!field && !unitField) return `Unknown secondary data field '${key}'`;
  const label = secondaryDataLabel(key);
  const type: SecondaryDataFieldType = unitField ? 'String' : field!.type;
  switch (type) {
    case 'String':
      if (typeof value !== 'string') return `${label} must be text`;
      if (value.trim() !== '' && validateText(value, {})) return `${label}: ${validateText(value, {})}`;
      return value.length > ADMIN_TEXT_MAX_LENGTH ? tooLongMessage(label) : null;
    case 'Boolean':
      return typeof value === 'boolean' ? null : `${label} ${SECONDARY_DATA_BOOLEAN_MESSAGE}`;
    case 'Number':
    case 'NumberWithUnits':
      return typeof value === 'number' && Number.isFinite(value) ? null : `${label} ${SECONDARY_DATA_NUMBER_MESSAGE}`;
    case 'Date':
      return typeof value === 'string' && isIsoDate(value) ? null : `${label} ${SECONDARY_DATA_DATE_MESSAGE}`;
  }
}

/** Every mistake of one equipment's secondary data, by key (unknown keys included); empty when valid. */
export function validateSecondaryData(data: unknown, stored: Record<string, unknown> = {}): Array<{ field: string; message: string }> {
  if (data === null || data === undefined) return [];
  if (typeof data !== 'object' || Array.isArray(data)) return [{ field: '', message: 'Secondary data must be an object of fields' }];
  const errors: Array<{ field: string; message: string }> = [];
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    // A value kept as it is stored is not judged again: data from before the field list (the demo's 'Make', a
    // year-month date) stays until someone changes it, rather than making its location impossible to save.
    if (key in stored && stored[key] === value) continue;
    const message = validateSecondaryDataValue(key, value);
    if (message) errors.push({ field: key, message });
  }
  return errors;
}

/** The data without empty values (null, undefined, ''), so that a cleared field is not stored. */
export function compactSecondaryData(data: Record<string, unknown> | null | undefined): SecondaryData {
  const out: SecondaryData = {};
  for (const [key, value] of Object.entries(data ?? {})) {
    if (value === null || value === undefined || value === '') continue;
    out[key] = value as SecondaryDataValue;
  }
  return out;
}
