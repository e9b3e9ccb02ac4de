/**
 * Demo data: two organizations, so that tenancy can be seen. The first is a property manager
 * in Toronto with regions, five buildings, floors, 70+ locations, equipment of real fire-safety
 * practice and tasks per cycle from NFPA 10, 25, 72 and CAN/ULC-S536; the second a small strata
 * manager with one building. Every demo user's password is `demo1234`.
 */
import { emptyRolePermissions, fullRolePermissions, type RolePermissions } from '@fsi/shared';
import { eq as eqId } from 'drizzle-orm';
import { hashPassword } from '../auth/password-hash';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { locationUuid } from './uuid';

export const DEMO_PASSWORD = 'demo1234';
/** The demo's first organization: its presence says the database holds the demo (and its sign-ins). */
export const DEMO_ORGANIZATION = 'Northwind Property Management';

export type DemoUser = { username: string; password: string; description: string };

export const demoUsers: readonly DemoUser[] = [
  { username: 'admin', password: DEMO_PASSWORD, description: 'Administrator: every organization' },
  { username: 'manager', password: DEMO_PASSWORD, description: 'Northwind Property Management, Manager role' },
  { username: 'regional', password: DEMO_PASSWORD, description: 'Northwind, region Downtown (and Harbourfront) only' },
  { username: 'inspector', password: DEMO_PASSWORD, description: 'Northwind, Inspector role, two buildings' },
  { username: 'viewer', password: DEMO_PASSWORD, description: 'Northwind, Viewer role (view only)' },
  { username: 'harbour', password: DEMO_PASSWORD, description: 'Harbour Strata Services (the second organization)' },
];

type Metadata = Record<string, string | number | boolean | null>;
type TypeName =
  | 'Portable Fire Extinguisher'
  | 'Exit Sign'
  | 'Emergency Lighting'
  | 'Fire Alarm Control Panel'
  | 'Manual Pull Station'
  | 'Smoke Detector'
  | 'Sprinkler Control Valve'
  | 'Fire Pump'
  | 'Fire Hose Cabinet'
  | 'Fire Door';

const TYPES: { name: TypeName; alias: string; components: string[] }[] = [
  { name: 'Portable Fire Extinguisher', alias: 'EXT', components: [] },
  { name: 'Exit Sign', alias: 'EXIT', components: [] },
  { name: 'Emergency Lighting', alias: 'EL', components: ['Battery Unit', 'Remote Heads'] },
  { name: 'Fire Alarm Control Panel', alias: 'FACP', components: ['Standby Batteries', 'Remote Annunciator'] },
  { name: 'Manual Pull Station', alias: 'MPS', components: [] },
  { name: 'Smoke Detector', alias: 'SD', components: [] },
  { name: 'Sprinkler Control Valve', alias: 'SCV', components: [] },
  { name: 'Fire Pump', alias: 'FP', components: ['Driver', 'Controller', 'Jockey Pump'] },
  { name: 'Fire Hose Cabinet', alias: 'FHC', components: ['Hose', 'Nozzle'] },
  { name: 'Fire Door', alias: 'FD', components: [] },
];

type CycleKey = 'daily' | 'weekly' | 'monthly' | 'yearly' | 'fireWatch' | 'preOccupancy';
type TaskSpec = {
  type: TypeName;
  cycle: CycleKey;
  label: string;
  kind: t.ConditionType;
  group: string;
  reference: string;
  component?: string;
  description?: string;
  hint?: string;
  classification?: string;
  rangeFrom?: string;
  rangeTo?: string;
  typeValue?: string;
  typeSatisfactoryValue?: string;
  typeUnsatisfactoryValue?: string;
  typeRecordValue?: string;
  options?: t.ConditionOptions;
};

const NFPA10 = 'NFPA 10 (2022) 7.2';
const NFPA25 = 'NFPA 25 (2023)';
const NFPA72 = 'NFPA 72 (2022) Table 14.3.1';
const S536 = 'CAN/ULC-S536-19';
const NFPA80 = 'NFPA 80 (2022) 5.2';
const NFPA101 = 'NFPA 101 (2021) 7.9 / 7.10';

const TASKS: TaskSpec[] = [
  // Portable extinguishers: monthly visual inspection, yearly maintenance (NFPA 10 7.2, 7.3).
  { type: 'Portable Fire Extinguisher', cycle: 'monthly', label: 'Gauge in operable range', kind: 'dropdown', group: 'Extinguishers', reference: NFPA10, typeValue: 'Green (operable),Red - overcharged,Red - undercharged,No gauge (CO2)', typeSatisfactoryValue: 'Green (operable),No gauge (CO2)', hint: 'The needle must sit in the green arc.' },
  { type: 'Portable Fire Extinguisher', cycle: 'monthly', label: 'Pin and tamper seal intact', kind: 'yesno', group: 'Extinguishers', reference: NFPA10, typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no' },
  { type: 'Portable Fire Extinguisher', cycle: 'monthly', label: 'Accessible and visible', kind: 'boolean', group: 'Extinguishers', reference: NFPA10, description: 'Nothing blocks the extinguisher and its location sign is visible.' },
  { type: 'Portable Fire Extinguisher', cycle: 'monthly', label: 'Inspection tag up to date', kind: 'yesno', group: 'Extinguishers', reference: NFPA10, typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no', hint: 'Initial and date the tag.' },
  { type: 'Portable Fire Extinguisher', cycle: 'monthly', label: 'No physical damage, corrosion or leakage', kind: 'boolean', group: 'Extinguishers', reference: NFPA10, options: { makePhotoAndRemarksOptional: false } },
  { type: 'Portable Fire Extinguisher', cycle: 'yearly', label: 'Annual maintenance completed by certified technician', kind: 'yesno', group: 'Extinguishers', reference: 'NFPA 10 (2022) 7.3', typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no' },
  { type: 'Portable Fire Extinguisher', cycle: 'yearly', label: 'Technician certificate number', kind: 'string', group: 'Extinguishers', reference: 'NFPA 10 (2022) 7.1.2', classification: 'Record' },
  { type: 'Portable Fire Extinguisher', cycle: 'fireWatch', label: 'Fire watch patrol: area checked, no hazards', kind: 'yesno', group: 'Fire Watch', reference: 'Ontario Fire Code 1.2.1.1', typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no' },
  { type: 'Portable Fire Extinguisher', cycle: 'preOccupancy', label: 'Mounted at correct height (top 1.5 m max)', kind: 'yesno', group: 'Extinguishers', reference: 'NFPA 10 (2022) 6.1.3.8', typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no' },

  // Exit signs and emergency lighting (NFPA 101 7.9, 7.10; CSA C22.2 No. 141).
  { type: 'Exit Sign', cycle: 'monthly', label: 'Illuminated and legible', kind: 'boolean', group: 'Life Safety', reference: NFPA101 },
  { type: 'Exit Sign', cycle: 'monthly', label: 'Battery backup functions when test switch is pressed', kind: 'yesnonotapplicable', group: 'Life Safety', reference: NFPA101, typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no', hint: 'Not applicable for self-luminous signs.' },
  { type: 'Exit Sign', cycle: 'fireWatch', label: 'Exit path clear and sign visible', kind: 'yesno', group: 'Fire Watch', reference: 'NFPA 241 / Ontario Fire Code 2.8.2', typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no' },
  { type: 'Emergency Lighting', cycle: 'monthly', label: '30-second functional test', kind: 'yesno', group: 'Life Safety', reference: 'NFPA 101 (2021) 7.9.3.1.1', typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no', description: 'Operate the test switch; every head lights for 30 seconds.' },
  { type: 'Emergency Lighting', cycle: 'monthly', label: 'Heads aimed at the egress path', kind: 'boolean', group: 'Life Safety', reference: NFPA101, component: 'Remote Heads' },
  { type: 'Emergency Lighting', cycle: 'yearly', label: '90-minute duration test: minutes lit', kind: 'range', group: 'Life Safety', reference: 'NFPA 101 (2021) 7.9.3.1.3', rangeFrom: '90', rangeTo: '240', component: 'Battery Unit', hint: 'Record how long the unit stayed lit on battery.' },
  { type: 'Emergency Lighting', cycle: 'yearly', label: 'Battery date code', kind: 'string', group: 'Life Safety', reference: NFPA101, component: 'Battery Unit', classification: 'Record' },

  // Fire alarm system (NFPA 72; CAN/ULC-S536).
  { type: 'Fire Alarm Control Panel', cycle: 'daily', label: 'Panel shows normal (no trouble or alarm)', kind: 'yesno', group: 'Fire Alarm', reference: `${S536} 5.2 / ${NFPA72}`, typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no', description: 'AC power LED on; no trouble, supervisory or alarm indication.' },
  { type: 'Fire Alarm Control Panel', cycle: 'daily', label: 'Conditions shown on the panel', kind: 'multiselect', group: 'Fire Alarm', reference: S536, typeValue: 'Normal,AC power on,Trouble,Supervisory,Alarm,Ground fault,Silenced', typeSatisfactoryValue: 'Normal,AC power on', typeUnsatisfactoryValue: 'Trouble,Supervisory,Alarm,Ground fault,Silenced' },
  { type: 'Fire Alarm Control Panel', cycle: 'daily', label: 'Time of panel check', kind: 'time', group: 'Fire Alarm', reference: S536, options: { pattern: 'HH:MM' }, classification: 'Record' },
  { type: 'Fire Alarm Control Panel', cycle: 'monthly', label: 'Standby battery voltage (V)', kind: 'range', group: 'Fire Alarm', reference: `${S536} 6.3`, component: 'Standby Batteries', rangeFrom: '25.5', rangeTo: '28.5', hint: '24 V system: 25.5 to 28.5 V on float.' },
  { type: 'Fire Alarm Control Panel', cycle: 'monthly', label: 'Remote annunciator lamp test', kind: 'boolean', group: 'Fire Alarm', reference: S536, component: 'Remote Annunciator' },
  { type: 'Fire Alarm Control Panel', cycle: 'yearly', label: 'Annual fire alarm inspection report received (CAN/ULC-S536)', kind: 'yesno', group: 'Fire Alarm', reference: S536, typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no' },
  { type: 'Manual Pull Station', cycle: 'monthly', label: 'Unobstructed, undamaged and reset', kind: 'boolean', group: 'Fire Alarm', reference: NFPA72 },
  { type: 'Manual Pull Station', cycle: 'yearly', label: 'Operated and alarm received at panel', kind: 'yesnonotapplicable', group: 'Fire Alarm', reference: S536, typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no' },
  { type: 'Smoke Detector', cycle: 'monthly', label: 'No damage, paint or covering; LED blinking', kind: 'boolean', group: 'Fire Alarm', reference: NFPA72 },
  { type: 'Smoke Detector', cycle: 'yearly', label: 'Functional test with listed smoke aerosol', kind: 'yesno', group: 'Fire Alarm', reference: `${S536} 6.6`, typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no' },
  { type: 'Smoke Detector', cycle: 'yearly', label: 'Sensitivity reading (%/ft)', kind: 'number', group: 'Fire Alarm', reference: 'NFPA 72 (2022) 14.4.4.3', classification: 'Record' },

  // Water-based systems (NFPA 25).
  { type: 'Sprinkler Control Valve', cycle: 'weekly', label: 'Valve open and sealed/locked', kind: 'yesno', group: 'Sprinkler', reference: `${NFPA25} 13.3.2.1`, typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no' },
  { type: 'Sprinkler Control Valve', cycle: 'weekly', label: 'Valve position', kind: 'dropdown', group: 'Sprinkler', reference: `${NFPA25} 13.3.2.2`, typeValue: 'Fully open,Partially closed,Closed', typeSatisfactoryValue: 'Fully open' },
  { type: 'Sprinkler Control Valve', cycle: 'monthly', label: 'Supervisory (tamper) switch signals at panel', kind: 'yesnonotapplicable', group: 'Sprinkler', reference: `${NFPA25} 13.3.3.5`, typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no' },
  { type: 'Sprinkler Control Valve', cycle: 'monthly', label: 'System gauge pressure (psi)', kind: 'range', group: 'Sprinkler', reference: `${NFPA25} 13.2.7`, rangeFrom: '40', rangeTo: '175' },
  { type: 'Fire Pump', cycle: 'weekly', label: 'Pump runs for 10 minutes (diesel 30)', kind: 'yesno', group: 'Fire Pump', reference: `${NFPA25} 8.3.1`, typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no', component: 'Driver', description: 'Churn (no-flow) test: electric drivers 10 minutes, diesel drivers 30 minutes.' },
  { type: 'Fire Pump', cycle: 'weekly', label: 'Suction pressure (psi)', kind: 'range', group: 'Fire Pump', reference: `${NFPA25} 8.3.3.1`, rangeFrom: '20', rangeTo: '80' },
  { type: 'Fire Pump', cycle: 'weekly', label: 'Discharge pressure at churn (psi)', kind: 'range', group: 'Fire Pump', reference: `${NFPA25} 8.3.3.1`, rangeFrom: '110', rangeTo: '150' },
  { type: 'Fire Pump', cycle: 'weekly', label: 'Packing gland drip rate (drops per minute)', kind: 'number', group: 'Fire Pump', reference: `${NFPA25} 8.3.3.1`, classification: 'Record' },
  { type: 'Fire Pump', cycle: 'weekly', label: 'Controller shows power available; no alarms', kind: 'boolean', group: 'Fire Pump', reference: `${NFPA25} 8.2.2`, component: 'Controller' },
  { type: 'Fire Pump', cycle: 'monthly', label: 'Jockey pump start/stop pressures (psi)', kind: 'string', group: 'Fire Pump', reference: `${NFPA25} 8.2.2`, component: 'Jockey Pump', classification: 'Record', hint: 'e.g. 140 / 150' },
  { type: 'Fire Pump', cycle: 'yearly', label: 'Annual flow test at 100% and 150% rated capacity', kind: 'yesno', group: 'Fire Pump', reference: `${NFPA25} 8.3.3`, typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no' },
  { type: 'Fire Hose Cabinet', cycle: 'monthly', label: 'Cabinet contents present', kind: 'multiselect', group: 'Standpipe', reference: `${NFPA25} 6.2`, typeValue: 'Hose,Nozzle,Valve handwheel,Extinguisher,Glass intact', typeSatisfactoryValue: 'Hose,Nozzle,Valve handwheel,Glass intact' },
  { type: 'Fire Hose Cabinet', cycle: 'monthly', label: 'Hose racked and undamaged', kind: 'boolean', group: 'Standpipe', reference: `${NFPA25} 6.2.1`, component: 'Hose' },
  { type: 'Fire Hose Cabinet', cycle: 'yearly', label: 'Nozzle operates freely', kind: 'yesno', group: 'Standpipe', reference: `${NFPA25} 6.2`, typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no', component: 'Nozzle' },

  // Fire doors (NFPA 80 5.2).
  { type: 'Fire Door', cycle: 'daily', label: 'Closes and latches fully', kind: 'yesno', group: 'Fire Doors', reference: NFPA80, typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no', description: 'Open fully and release: the door closes on its own and the latch engages.' },
  { type: 'Fire Door', cycle: 'daily', label: 'Not wedged or held open', kind: 'boolean', group: 'Fire Doors', reference: NFPA80 },
  { type: 'Fire Door', cycle: 'monthly', label: 'Closes and latches fully', kind: 'yesno', group: 'Fire Doors', reference: NFPA80, typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no' },
  { type: 'Fire Door', cycle: 'monthly', label: 'Frame, hinges and label intact', kind: 'boolean', group: 'Fire Doors', reference: NFPA80 },
  { type: 'Fire Door', cycle: 'yearly', label: 'Annual fire door inspection (NFPA 80)', kind: 'yesno', group: 'Fire Doors', reference: 'NFPA 80 (2022) 5.2.4', typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no' },
  { type: 'Fire Door', cycle: 'fireWatch', label: 'Area patrolled; no fire hazard observed', kind: 'yesno', group: 'Fire Watch', reference: 'Ontario Fire Code 1.2.1.1', typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no' },
  { type: 'Fire Door', cycle: 'fireWatch', label: 'Patrol time', kind: 'time', group: 'Fire Watch', reference: 'Ontario Fire Code 1.2.1.1', options: { pattern: 'HH:MM' }, classification: 'Record' },
  { type: 'Fire Door', cycle: 'preOccupancy', label: 'Self-closing device installed and adjusted', kind: 'yesno', group: 'Fire Doors', reference: NFPA80, typeSatisfactoryValue: 'yes', typeUnsatisfactoryValue: 'no' },
];

/** What equipment each kind of location holds, with the secondary data of each. */
type Kind = 'lobby' | 'stair' | 'electrical' | 'mainLobby' | 'sprinkler' | 'pump' | 'parking' | 'corridor' | 'dock';
const EQUIPMENT_BY_KIND: Record<Kind, TypeName[]> = {
  lobby: ['Portable Fire Extinguisher', 'Exit Sign', 'Emergency Lighting', 'Manual Pull Station', 'Smoke Detector'],
  stair: ['Fire Door', 'Exit Sign', 'Emergency Lighting', 'Fire Hose Cabinet'],
  electrical: ['Portable Fire Extinguisher', 'Smoke Detector', 'Fire Door'],
  mainLobby: ['Fire Alarm Control Panel', 'Manual Pull Station', 'Exit Sign', 'Portable Fire Extinguisher'],
  sprinkler: ['Sprinkler Control Valve', 'Emergency Lighting', 'Portable Fire Extinguisher'],
  pump: ['Fire Pump', 'Sprinkler Control Valve', 'Emergency Lighting'],
  parking: ['Portable Fire Extinguisher', 'Exit Sign', 'Emergency Lighting', 'Sprinkler Control Valve'],
  corridor: ['Portable Fire Extinguisher', 'Smoke Detector', 'Exit Sign', 'Fire Door'],
  dock: ['Portable Fire Extinguisher', 'Exit Sign', 'Manual Pull Station', 'Fire Door'],
};

let serial = 0;
function metadataFor(type: TypeName, floor: string, n: number): Metadata {
  serial += 1;
  const year = 2018 + (serial % 6);
  switch (type) {
    case 'Portable Fire Extinguisher':
      return {
        Make: serial % 3 === 0 ? 'Badger' : 'Amerex',
        Model: serial % 3 === 0 ? 'B10M' : 'B500',
        Size: serial % 4 === 0 ? '10 lb' : '5 lb',
        Class: serial % 7 === 0 ? 'BC (CO2)' : 'ABC',
        'Serial Number': `AX${year}${String(10000 + serial * 37).slice(-5)}`,
        'Manufacture Date': `${year}-0${1 + (serial % 9)}`,
        'Last Hydrostatic Test': `${year}-0${1 + (serial % 9)}`,
        'Next 6-Year Maintenance': `${year + 6}-0${1 + (serial % 9)}`,
      };
    case 'Exit Sign':
      return { Make: 'Lumacell', Model: 'LER400', Type: 'LED running man (pictogram)', 'Battery Backup': true, Mounting: n % 2 ? 'Ceiling' : 'Wall' };
    case 'Emergency Lighting':
      return { Make: 'Beghelli', Model: 'BS-12-36', 'Battery Type': 'Sealed lead-acid 12 V', 'Rated Duration (min)': 90, 'Remote Heads': 2 + (n % 3) };
    case 'Fire Alarm Control Panel':
      return { Make: 'Edwards', Model: 'iO1000', Zones: 16, 'Monitoring Company': 'Chubb Fire & Security', 'Installed': `${year}-05`, 'Battery Size (Ah)': 18 };
    case 'Manual Pull Station':
      return { Make: 'Edwards', Model: '270-SPO', Type: 'Single action', 'Device Address': `L1M${String(serial).padStart(3, '0')}` };
    case 'Smoke Detector':
      return { Make: 'System Sensor', Model: '2251B', Type: 'Photoelectric', 'Device Address': `L1D${String(serial).padStart(3, '0')}`, Floor: floor };
    case 'Sprinkler Control Valve':
      return { Type: n % 2 ? 'Butterfly with supervisory switch' : 'OS&Y gate', Size: n % 2 ? '4 in' : '6 in', 'Supervisory Switch': true, Zone: `Zone ${1 + (n % 6)}` };
    case 'Fire Pump':
      return { Make: 'Aurora', Driver: 'Electric', 'Rated Capacity (gpm)': 750, 'Rated Pressure (psi)': 100, 'Churn Pressure (psi)': 130, Installed: '2009-08' };
    case 'Fire Hose Cabinet':
      return { 'Hose Length (ft)': 100, 'Hose Diameter (in)': 1.5, 'Includes Extinguisher': n % 2 === 0, 'Standpipe Class': 'III' };
    case 'Fire Door':
      return { 'Fire Rating': n % 2 ? '90 min' : '45 min', Hardware: n % 2 ? 'Closer and panic bar' : 'Closer and lever latch', Label: 'ULC' };
  }
}

type FloorSpec = { name: string; locations: { name: string; kind: Kind; hint?: string }[] };
type BuildingSpec = {
  name: string;
  region?: string;
  occupancy: string;
  address: t.AddressInformation;
  floorLabel?: string;
  /**
   * The building's service contract: accepted (walkabouts, documents and reports usable), sent
   * but not accepted yet (the card offers Accept Contract), or none ('Contract Missing').
   */
  contract?: 'accepted' | 'sent';
  floors: FloorSpec[];
};

const residentialFloor = (n: number): FloorSpec => ({
  name: `Floor ${n}`,
  locations: [
    { name: `Elevator Lobby ${n}`, kind: 'lobby' },
    { name: `North Stairwell ${n}`, kind: 'stair', hint: 'Door beside unit ' + n + '01' },
    { name: `Corridor by Unit ${n}10`, kind: 'corridor' },
  ],
});

const officeFloor = (n: number): FloorSpec => ({
  name: `Floor ${n}`,
  locations: [
    { name: `Elevator Lobby ${n}`, kind: 'lobby' },
    { name: `Exit Stair A, Floor ${n}`, kind: 'stair' },
    { name: `Electrical Room ${n}E`, kind: 'electrical', hint: 'Key on the building manager ring' },
  ],
});

const address = (Address1: string, City: string, PostalCode: string, ContactName: string, Phone: string): t.AddressInformation => ({
  Address1,
  Address2: '',
  City,
  State: 'ON',
  PostalCode,
  Email: `${ContactName.split(' ')[0]!.toLowerCase()}@northwindpm.example`,
  Phone,
  ContactName,
  ContactPhone: Phone,
  ContactEmail: `${ContactName.split(' ')[0]!.toLowerCase()}@northwindpm.example`,
});

const NORTHWIND_BUILDINGS: BuildingSpec[] = [
  {
    name: "Queen's Quay Residences",
    region: 'Harbourfront',
    occupancy: 'Residential',
    address: address('228 Queens Quay West', 'Toronto', 'M5J 2X1', 'Priya Raman', '416-555-0142'),
    contract: 'accepted',
    floors: [
      { name: 'P1', locations: [{ name: 'Sprinkler Room', kind: 'sprinkler' }, { name: 'Fire Pump Room', kind: 'pump' }, { name: 'Parking Ramp', kind: 'parking' }] },
      { name: 'Ground', locations: [{ name: 'Main Lobby', kind: 'mainLobby', hint: 'Fire alarm panel behind concierge desk' }, { name: 'Garbage Room', kind: 'electrical' }, { name: 'North Stairwell G', kind: 'stair' }] },
      ...[2, 3, 4, 5, 6].map(residentialFloor),
    ],
  },
  {
    name: 'King Street Commerce Centre',
    contract: 'accepted',
    region: 'Downtown',
    occupancy: 'Business',
    address: address('145 King Street West', 'Toronto', 'M5H 1J8', 'Marcus Bell', '416-555-0187'),
    floorLabel: 'Level',
    floors: [
      { name: 'B1', locations: [{ name: 'Sprinkler Valve Room', kind: 'sprinkler' }, { name: 'Main Electrical Room', kind: 'electrical' }, { name: 'Loading Dock', kind: 'dock' }] },
      { name: 'Ground', locations: [{ name: 'Main Lobby', kind: 'mainLobby' }, { name: 'Retail Corridor', kind: 'corridor' }, { name: 'Exit Stair A, Ground', kind: 'stair' }] },
      ...[2, 3, 4].map(officeFloor),
    ],
  },
  {
    name: 'Yonge & Eglinton Tower',
    region: 'Uptown',
    occupancy: 'Mixed',
    address: address('2300 Yonge Street', 'Toronto', 'M4P 1E4', 'Sofia Almeida', '416-555-0119'),
    contract: 'accepted',
    floors: [
      { name: 'P1', locations: [{ name: 'Fire Pump Room', kind: 'pump' }, { name: 'Sprinkler Room', kind: 'sprinkler' }, { name: 'Parking Level P1', kind: 'parking' }] },
      { name: 'Ground', locations: [{ name: 'Main Lobby', kind: 'mainLobby' }, { name: 'Retail Concourse', kind: 'corridor' }, { name: 'Stair 1, Ground', kind: 'stair' }] },
      ...[2, 3, 4, 5].map(officeFloor),
    ],
  },
  {
    name: 'Lawrence Park Seniors Residence',
    contract: 'accepted',
    region: 'Uptown',
    occupancy: 'Health',
    address: address('3100 Bayview Avenue', 'Toronto', 'M2N 5L3', 'Daniel Okafor', '416-555-0163'),
    floors: [
      { name: 'Ground', locations: [{ name: 'Main Lobby', kind: 'mainLobby' }, { name: 'Dining Room Corridor', kind: 'corridor' }, { name: 'Kitchen Service Corridor', kind: 'electrical' }] },
      ...[2, 3].map(residentialFloor),
    ],
  },
  {
    name: 'Riverside Distribution Warehouse',
    contract: 'accepted',
    occupancy: 'Storage',
    address: address('55 Commissioners Street', 'Toronto', 'M5A 1A6', 'Helen Tran', '416-555-0175'),
    floors: [
      { name: 'Ground', locations: [{ name: 'Shipping Office', kind: 'mainLobby' }, { name: 'Loading Dock North', kind: 'dock' }, { name: 'Loading Dock South', kind: 'dock' }, { name: 'Sprinkler Riser Room', kind: 'sprinkler' }] },
      { name: 'Mezzanine', locations: [{ name: 'Mezzanine Stair', kind: 'stair' }, { name: 'Racking Aisle 4', kind: 'corridor' }, { name: 'Racking Aisle 9', kind: 'corridor' }, { name: 'Battery Charging Room', kind: 'electrical' }] },
    ],
  },
];

const HARBOUR_BUILDINGS: BuildingSpec[] = [
  {
    name: 'Cedar Point Strata (BCS 4127)',
    contract: 'accepted',
    occupancy: 'Residential',
    address: {
      Address1: '1450 Beach Avenue',
      City: 'Vancouver',
      State: 'BC',
      PostalCode: 'V6G 1Y7',
      Phone: '604-555-0110',
      ContactName: 'Grace Liu',
      ContactPhone: '604-555-0110',
      ContactEmail: 'grace@harbourstrata.example',
    },
    floors: [
      { name: 'Parkade', locations: [{ name: 'Sprinkler Room', kind: 'sprinkler' }, { name: 'Parkade Ramp', kind: 'parking' }] },
      { name: 'Lobby', locations: [{ name: 'Front Entrance', kind: 'mainLobby' }, { name: 'East Stairwell L', kind: 'stair' }] },
      residentialFloor(2),
      residentialFloor(3),
    ],
  },
];

function permissions(grants: Partial<{ [G in keyof RolePermissions]: Partial<RolePermissions[G]> }>): RolePermissions {
  const result = emptyRolePermissions();
  for (const [group, keys] of Object.entries(grants)) {
    Object.assign((result as Record<string, Record<string, boolean>>)[group]!, keys);
  }
  return result;
}

const MANAGER = permissions({
  buildingPermissions: { acceptContract: true, manage: true, view: true, overview: true },
  fireWatchPermissions: { create: true, update: true, viewReports: true },
  organizationPermissions: { createOffCycleRemarks: true, view: true, overview: true },
  reportPermissions: { walkabout: true, createWalkabout: true, updateWalkabout: true, walkaboutAudit: true, failure: true, fireWatch: true, repair: true },
  failureReportPermissions: { acknowledge: true, comment: true, document: true, repair: true },
  locationPermissions: { assignQrCode: true, create: true, update: true, view: true, manageSecondaryData: true },
  rolePermissions: { view: true },
  walkaboutPermissions: { lock: true, handleUnavailableQRCodes: true },
  userPermissions: { create: true, update: true, updatePassword: true, view: true },
});

const INSPECTOR = permissions({
  buildingPermissions: { view: true },
  walkaboutPermissions: { lock: true, handleUnavailableQRCodes: true },
  organizationPermissions: { createOffCycleRemarks: true },
  fireWatchPermissions: { create: true, update: true, viewReports: true },
  reportPermissions: { walkabout: true, fireWatch: true },
  locationPermissions: { view: true },
});

const VIEWER = permissions({
  buildingPermissions: { view: true },
  organizationPermissions: { view: true },
  reportPermissions: { walkabout: true },
  locationPermissions: { view: true },
});

type OrganizationIds = { organizationId: number; buildingIds: Map<string, number>; regionIds: Map<string, number>; roleIds: Map<string, number> };

async function seedOrganization(
  db: Database,
  spec: { name: string; timeZone: string; regions: { name: string; parent?: string }[]; buildings: BuildingSpec[]; contractUrl?: string },
): Promise<OrganizationIds> {
  const [org] = await db
    .insert(t.organizations)
    .values({ name: spec.name, timeZone: spec.timeZone, contractUrl: spec.contractUrl ?? null, status: 'active' })
    .returning();
  const organizationId = org!.id;

  const regionIds = new Map<string, number>();
  for (const r of spec.regions) {
    const [row] = await db
      .insert(t.regions)
      .values({ organizationId, name: r.name, parentId: r.parent ? regionIds.get(r.parent)! : null })
      .returning({ id: t.regions.id });
    regionIds.set(r.name, row!.id);
  }

  const cycleRows = await db
    .insert(t.cycles)
    .values([
      { organizationId, name: 'Daily', abbreviation: 'D', frequency: 'daily', every: 1, start: '2026-01-01' },
      { organizationId, name: 'Weekly', abbreviation: 'W', frequency: 'weekly', every: 1, start: '2026-01-01' },
      { organizationId, name: 'Monthly', abbreviation: 'M', frequency: 'monthly', every: 1, start: '2026-01-01' },
      { organizationId, name: 'Yearly', abbreviation: 'Y', frequency: 'yearly', every: 1, start: '2026-01-01' },
      { organizationId, name: 'Fire Watch', abbreviation: 'FW', frequency: null, every: null, start: null },
      { organizationId, name: 'Pre-Occupancy Inspection', abbreviation: 'PO', frequency: null, every: null, start: null },
    ])
    .returning({ id: t.cycles.id, name: t.cycles.name });
  const cycleId = (name: string) => cycleRows.find((c) => c.name === name)!.id;
  const cycleByKey: Record<CycleKey, number> = {
    daily: cycleId('Daily'),
    weekly: cycleId('Weekly'),
    monthly: cycleId('Monthly'),
    yearly: cycleId('Yearly'),
    fireWatch: cycleId('Fire Watch'),
    preOccupancy: cycleId('Pre-Occupancy Inspection'),
  };

  const typeRows = await db
    .insert(t.equipmentTypes)
    .values(TYPES.map((type, order) => ({ organizationId, name: type.name, aliasName: type.alias, order, status: 'active' as const })))
    .returning({ id: t.equipmentTypes.id, name: t.equipmentTypes.name });
  const typeId = (name: TypeName) => typeRows.find((r) => r.name === name)!.id;
  // A type without components keeps its task groups on one implicit component (no name), as the Manage Types form saves it.
  const componentValues = TYPES.flatMap((type) =>
    (type.components.length ? type.components : ['']).map((name, order) => ({ equipmentTypeId: typeId(type.name), name, aliasName: null, order })),
  );
  const componentRows = await db
    .insert(t.equipmentComponents)
    .values(componentValues)
    .returning({ id: t.equipmentComponents.id, name: t.equipmentComponents.name, equipmentTypeId: t.equipmentComponents.equipmentTypeId });

  const groupNames = [...new Set(TASKS.map((task) => task.group))];
  const groupRows = await db
    .insert(t.taskGroups)
    .values(groupNames.map((name) => ({ organizationId, name })))
    .returning({ id: t.taskGroups.id, name: t.taskGroups.name });

  const taskRows = await db
    .insert(t.tasks)
    .values(
      TASKS.map((task, order) => ({
        organizationId,
        equipmentTypeId: typeId(task.type),
        componentId: task.component
          ? componentRows.find((c) => c.name === task.component && c.equipmentTypeId === typeId(task.type))!.id
          : null,
        cycleId: cycleByKey[task.cycle],
        groupId: groupRows.find((g) => g.name === task.group)!.id,
        label: task.label,
        type: task.kind,
        classification: task.classification ?? 'Inspection',
        description: task.description ?? null,
        hint: task.hint ?? null,
        referenceName: task.reference,
        referenceDescription: `Inspection required by ${task.reference}.`,
        rangeFrom: task.rangeFrom ?? null,
        rangeTo: task.rangeTo ?? null,
        typeValue: task.typeValue ?? null,
        typeSatisfactoryValue: task.typeSatisfactoryValue ?? (task.kind === 'boolean' ? 'true' : null),
        typeUnsatisfactoryValue: task.typeUnsatisfactoryValue ?? (task.kind === 'boolean' ? 'false' : null),
        typeRecordValue: task.typeRecordValue ?? null,
        options: task.options ?? {},
        status: 'active' as const,
        order,
      })),
    )
    .returning({ id: t.tasks.id, label: t.tasks.label, equipmentTypeId: t.tasks.equipmentTypeId, cycleId: t.tasks.cycleId });

  // Each component's task groups (the Manage Types form requires one at least): those of its own tasks and of its type's
  // tasks on no component; a component without any, its type's.
  const groupId = (name: string) => groupRows.find((g) => g.name === name)!.id;
  await db.insert(t.equipmentComponentConditionGroups).values(
    TYPES.flatMap((type) => {
      const ofType = TASKS.filter((task) => task.type === type.name);
      return componentRows
        .filter((c) => c.equipmentTypeId === typeId(type.name))
        .flatMap((component) => {
          const own = ofType.filter((task) => !task.component || task.component === component.name);
          const names = [...new Set((own.length ? own : ofType).map((task) => task.group))];
          return names.map((name, order) => ({ componentId: component.id, taskGroupId: groupId(name), order }));
        });
    }),
  );

  const buildingIds = new Map<string, number>();
  for (const [order, b] of spec.buildings.entries()) {
    const [building] = await db
      .insert(t.buildings)
      .values({
        organizationId,
        regionId: b.region ? regionIds.get(b.region)! : null,
        name: b.name,
        order,
        timeZone: spec.timeZone,
        floorDisplayName: b.floorLabel ?? null,
        fireWatchCycleId: cycleByKey.fireWatch,
        contractUrl: b.contract ? '/files/demo/building-service-contract.pdf' : null,
        contractAcceptedAt: b.contract === 'accepted' ? new Date(Date.UTC(2026, 0, 5 + order, 14, 30)) : null,
        contractAccepterUsername: b.contract === 'accepted' ? 'manager' : null,
        information: {
          occupancyType: b.occupancy,
          note1: 'Fire safety plan binder is kept in the fire alarm panel room.',
          note2: b.occupancy === 'Residential' ? 'Supervisory staff on site 07:00 to 23:00.' : null,
          addressInformation: b.address,
          managementCompanyName: spec.name,
          managementCompanyAddressInformation: {
            Address1: spec.name.startsWith('Northwind') ? '100 Adelaide Street West, Suite 1200' : '888 West Pender Street, Suite 300',
            City: spec.name.startsWith('Northwind') ? 'Toronto' : 'Vancouver',
            State: spec.name.startsWith('Northwind') ? 'ON' : 'BC',
            PostalCode: spec.name.startsWith('Northwind') ? 'M5H 1S3' : 'V6C 3K4',
            Phone: spec.name.startsWith('Northwind') ? '416-555-0100' : '604-555-0100',
          },
          monitoringCompanyName: 'Chubb Fire & Security',
          monitoringCompanyPhone: '1-800-555-0199',
          monitoringCompanyAccountNumber: `CH-${48200 + order * 17}`,
          monitoringCompanyPassCode: 'On file with the building manager',
        },
      })
      .returning({ id: t.buildings.id });
    const buildingId = building!.id;
    buildingIds.set(b.name, buildingId);

    await db.insert(t.buildingCycleOffsets).values([
      // The night shift finishes the day's rounds: a Daily walkabout stays open until 06:00 the next morning.
      { buildingId, cycleId: cycleByKey.daily, openOffsetValue: 0, openOffsetUnit: 'hour', closeOffsetValue: 6, closeOffsetUnit: 'hour' },
      { buildingId, cycleId: cycleByKey.weekly, openOffsetValue: 0, openOffsetUnit: 'hour', closeOffsetValue: 1, closeOffsetUnit: 'day' },
      { buildingId, cycleId: cycleByKey.monthly, openOffsetValue: 0, openOffsetUnit: 'hour', closeOffsetValue: 3, closeOffsetUnit: 'day' },
      { buildingId, cycleId: cycleByKey.yearly, openOffsetValue: 0, openOffsetUnit: 'hour', closeOffsetValue: 2, closeOffsetUnit: 'week' },
    ]);

    const floorRows = await db
      .insert(t.floors)
      .values(b.floors.map((f, i) => ({ buildingId, name: f.name, order: i })))
      .returning({ id: t.floors.id, name: t.floors.name });
    const locationValues = b.floors.flatMap((f, fi) =>
      f.locations.map((l, li) => ({
        buildingId,
        floorId: floorRows[fi]!.id,
        name: l.name,
        hint: l.hint ?? null,
        order: li,
        regularUuid: locationUuid(`${spec.name}/${b.name}/${f.name}/${l.name}`),
      })),
    );
    const locationRows = await db.insert(t.locations).values(locationValues).returning({ id: t.locations.id });
    const links = b.floors
      .flatMap((f) => f.locations.map((l) => ({ floor: f.name, kind: l.kind })))
      .flatMap((l, i) =>
        EQUIPMENT_BY_KIND[l.kind].map((type, typeOrder) => ({
          locationId: locationRows[i]!.id,
          equipmentTypeId: typeId(type),
          typeOrder,
          state: 'active' as const,
          metadata: metadataFor(type, l.floor, i),
          disabled: false,
        })),
      );
    await db.insert(t.locationEquipment).values(links);
  }

  // A building-level pause: the warehouse's exit signs are being replaced under a work order.
  const warehouse = buildingIds.get('Riverside Distribution Warehouse');
  if (warehouse) {
    await db.insert(t.buildingSuspensions).values({
      buildingId: warehouse,
      equipmentTypeId: typeId('Exit Sign'),
      status: 'paused',
      shortName: 'Retrofit',
      description: 'Exit signs being replaced with photoluminescent signs (work order 2026-114).',
    });
    const hydroTask = taskRows.find((r) => r.label === 'Sensitivity reading (%/ft)');
    if (hydroTask) {
      await db.insert(t.buildingSuspensions).values({
        buildingId: warehouse,
        taskId: hydroTask.id,
        status: 'disabled',
        shortName: 'N/A',
        description: 'Warehouse detectors are conventional; no sensitivity readout.',
      });
    }
  }

  // No Daily walkabout downtown on statutory holidays. Weekdays stay on, so the demo has a Daily walkabout any day it is tried.
  const downtown = regionIds.get('Downtown');
  if (downtown) {
    await db.insert(t.cycleOverrides).values({
      regionId: downtown,
      cycleId: cycleByKey.daily,
      blackoutDates: ['2026-01-01', '2026-07-01', '2026-12-25'],
    });
  }

  const roleRows = await db
    .insert(t.roles)
    .values([
      { organizationId, name: 'Admin', permissions: fullRolePermissions() },
      { organizationId, name: 'Manager', permissions: MANAGER },
      { organizationId, name: 'Inspector', permissions: INSPECTOR },
      { organizationId, name: 'Viewer', permissions: VIEWER },
    ])
    .returning({ id: t.roles.id, name: t.roles.name });
  const roleIds = new Map(roleRows.map((r) => [r.name, r.id]));
  await db
    .update(t.roles)
    .set({
      assignableRoleIds: [roleIds.get('Inspector')!, roleIds.get('Viewer')!],
      incompleteWalkaboutReminderSubscriptions: [{ cycleId: cycleByKey.daily, offsetValue: 2, offsetUnit: 'hour' }],
    })
    .where(eqId(t.roles.id, roleIds.get('Manager')!));
  await db
    .update(t.roles)
    .set({ walkaboutEquipmentIds: typeRows.map((r) => r.id) })
    .where(eqId(t.roles.id, roleIds.get('Inspector')!));

  await seedReportDefinitions(db, {
    organizationId,
    organizationName: spec.name,
    typeId,
    tasksOf: (type, cycle) => taskRows.filter((r) => r.equipmentTypeId === typeId(type) && r.cycleId === cycleByKey[cycle]).map((r) => r.id),
    cycleByKey,
    regionIds,
    buildingIds,
  });

  return { organizationId, buildingIds, regionIds, roleIds };
}

type ReportSeedContext = {
  organizationId: number;
  organizationName: string;
  typeId: (name: TypeName) => number;
  tasksOf: (type: TypeName, cycle: CycleKey) => number[];
  cycleByKey: Record<CycleKey, number>;
  regionIds: Map<string, number>;
  buildingIds: Map<string, number>;
};

const section = (s: Partial<t.ReportDefinitionSection> & Pick<t.ReportDefinitionSection, 'detail' | 'title'>): t.ReportDefinitionSection => ({
  equipmentId: null,
  includeMetadata: null,
  pageBreakAfter: true,
  applicableEquipmentConditionIds: null,
  applicableEquipmentIds: [],
  applicableGroupNames: [],
  ...s,
});

/**
 * The report definitions and booklets a fire-safety manager files (spec admin-people-schedules.md sections 3
 * and 4): a Weekly inspection with a section of each detail, a Monthly one that shows the two walkabouts
 * before it and the equipment's secondary data, a Daily log, attached to the organization, a region or a
 * building; and two booklets, one shown report after report and one consolidated, the primary first.
 */
async function seedReportDefinitions(db: Database, c: ReportSeedContext): Promise<void> {
  const define = async (values: Omit<typeof t.reportDefinitions.$inferInsert, 'organizationId'>) => {
    const [row] = await db.insert(t.reportDefinitions).values({ organizationId: c.organizationId, ...values }).returning({ id: t.reportDefinitions.id });
    return row!.id;
  };
  const [SCV, FP, EXT, EXIT, EL, FACP, MPS, SD, FHC, FD] = (
    ['Sprinkler Control Valve', 'Fire Pump', 'Portable Fire Extinguisher', 'Exit Sign', 'Emergency Lighting', 'Fire Alarm Control Panel', 'Manual Pull Station', 'Smoke Detector', 'Fire Hose Cabinet', 'Fire Door'] as const
  ).map((name) => c.typeId(name));

  if (!c.organizationName.startsWith('Northwind')) {
    await define({
      cycleId: c.cycleByKey.monthly,
      name: 'Monthly Strata Fire Safety Report',
      previousWalkaboutsCount: 1,
      sections: [
        section({ detail: 'condition', title: 'Portable Fire Extinguishers', equipmentId: EXT!, includeMetadata: true, applicableEquipmentConditionIds: c.tasksOf('Portable Fire Extinguisher', 'monthly') }),
        section({ detail: 'location_x_types', title: 'Life Safety Equipment by Location', applicableEquipmentIds: [EXT!, EXIT!, EL!, FHC!, FD!, SD!], pageBreakAfter: false }),
      ],
    });
    return;
  }

  const weekly = await define({
    cycleId: c.cycleByKey.weekly,
    name: 'Weekly Fire Safety Inspection',
    sections: [
      section({ detail: 'condition', title: 'Sprinkler Control Valves', equipmentId: SCV!, includeMetadata: true, pageBreakAfter: false, applicableEquipmentConditionIds: c.tasksOf('Sprinkler Control Valve', 'weekly') }),
      section({ detail: 'location', title: 'Fire Pump Churn Test by Location', equipmentId: FP! }),
      section({ detail: 'group', title: 'Results by Task Group', applicableGroupNames: ['Sprinkler', 'Fire Pump'], pageBreakAfter: false }),
      section({ detail: 'location_x_types', title: 'Locations and Equipment', applicableEquipmentIds: [SCV!, FP!] }),
      section({ detail: 'types_by_location', title: 'Equipment at Each Location', applicableEquipmentIds: [SCV!, FP!], pageBreakAfter: false }),
    ],
  });
  const weeklyLog = await define({
    cycleId: c.cycleByKey.weekly,
    regionId: c.regionIds.get('Downtown')!,
    name: 'Weekly Sprinkler and Fire Pump Log',
    templateName: 'log',
    previousWalkaboutsCount: 2,
    sections: [
      section({ detail: 'condition', title: 'Fire Pump Weekly Test', equipmentId: FP!, includeMetadata: true, applicableEquipmentConditionIds: c.tasksOf('Fire Pump', 'weekly') }),
      section({ detail: 'types_by_location', title: 'Sprinkler Valves', applicableEquipmentIds: [SCV!], pageBreakAfter: false }),
    ],
  });
  const monthly = await define({
    cycleId: c.cycleByKey.monthly,
    name: 'Monthly Fire Safety Inspection',
    previousWalkaboutsCount: 2,
    sections: [
      section({ detail: 'condition', title: 'Portable Fire Extinguishers', equipmentId: EXT!, includeMetadata: true, applicableEquipmentConditionIds: c.tasksOf('Portable Fire Extinguisher', 'monthly') }),
      section({ detail: 'location', title: 'Exit Signs', equipmentId: EXIT!, pageBreakAfter: false }),
      section({ detail: 'location', title: 'Emergency Lighting', equipmentId: EL! }),
      section({ detail: 'group', title: 'Fire Alarm System', applicableGroupNames: ['Fire Alarm'], applicableEquipmentIds: [FACP!, MPS!, SD!] }),
      section({ detail: 'condition', title: 'Fire Doors', equipmentId: FD!, includeMetadata: true, applicableEquipmentConditionIds: c.tasksOf('Fire Door', 'monthly') }),
      section({ detail: 'location_x_types', title: 'Summary by Location', applicableEquipmentIds: [EXT!, EXIT!, EL!, MPS!, SD!, FHC!, FD!], pageBreakAfter: false }),
    ],
  });
  const extinguishers = await define({
    cycleId: c.cycleByKey.monthly,
    name: 'Monthly Extinguisher Inventory',
    templateName: 'inventory',
    sections: [
      section({ detail: 'types_by_location', title: 'Extinguishers and Hose Cabinets by Location', applicableEquipmentIds: [EXT!, FHC!], pageBreakAfter: false }),
      section({ detail: 'condition', title: 'Hose Cabinets', equipmentId: FHC!, includeMetadata: true, applicableEquipmentConditionIds: c.tasksOf('Fire Hose Cabinet', 'monthly'), pageBreakAfter: false }),
    ],
  });
  await define({
    cycleId: c.cycleByKey.daily,
    buildingId: c.buildingIds.get("Queen's Quay Residences")!,
    name: 'Daily Fire Alarm and Fire Door Log',
    sections: [
      section({ detail: 'condition', title: 'Fire Alarm Control Panel', equipmentId: FACP!, includeMetadata: false, applicableEquipmentConditionIds: c.tasksOf('Fire Alarm Control Panel', 'daily'), pageBreakAfter: false }),
      section({ detail: 'location', title: 'Fire Doors', equipmentId: FD!, pageBreakAfter: false }),
    ],
  });
  // The inspector's high-rise walks a Daily round too: its log is filed from each locked Daily walkabout.
  await define({
    cycleId: c.cycleByKey.daily,
    buildingId: c.buildingIds.get('Yonge & Eglinton Tower')!,
    name: 'Daily Panel and Stairwell Door Log',
    sections: [
      section({ detail: 'condition', title: 'Fire Alarm Control Panel', equipmentId: FACP!, includeMetadata: false, applicableEquipmentConditionIds: c.tasksOf('Fire Alarm Control Panel', 'daily'), pageBreakAfter: false }),
      section({ detail: 'location', title: 'Stairwell and Corridor Fire Doors', equipmentId: FD!, pageBreakAfter: false }),
    ],
  });

  await db.insert(t.reportBookletTemplates).values([
    {
      organizationId: c.organizationId,
      name: 'Monthly Report Booklet',
      displayType: 'default',
      reportDefinitionIds: [monthly, extinguishers],
      primaryReportDefinitionId: monthly,
    },
    {
      organizationId: c.organizationId,
      buildingId: c.buildingIds.get('King Street Commerce Centre')!,
      name: 'Weekly Consolidated Booklet',
      templateName: 'consolidated',
      displayType: 'consolidated',
      reportDefinitionIds: [weekly, weeklyLog],
      primaryReportDefinitionId: weekly,
    },
  ]);
}


/** Loads the demo into an empty, migrated database. `passwordHash` lets tests reuse one hash. */
export async function seedDemo(db: Database, options: { passwordHash?: string } = {}): Promise<void> {
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  serial = 0;
  await db.transaction(async (tx) => {
    const northwind = await seedOrganization(tx, {
      name: DEMO_ORGANIZATION,
      timeZone: 'America/Toronto',
      regions: [{ name: 'Downtown' }, { name: 'Harbourfront', parent: 'Downtown' }, { name: 'Uptown' }],
      buildings: NORTHWIND_BUILDINGS,
    });
    const harbour = await seedOrganization(tx, {
      name: 'Harbour Strata Services',
      timeZone: 'America/Vancouver',
      regions: [{ name: 'West End' }],
      buildings: HARBOUR_BUILDINGS.map((b) => ({ ...b, region: 'West End' })),
    });

    const person = (username: string, firstname: string, lastname: string, domain: string) => ({
      username,
      firstname,
      lastname,
      email: `${username}@${domain}`,
      securityemail: `${username}@${domain}`,
      passwordHash,
    });
    const nw = northwind.organizationId;
    const inserted = await tx
      .insert(t.users)
      .values([
        { ...person('admin', 'Avery', 'Admin', 'fsi.example'), isAdmin: true, organizationId: null },
        {
          ...person('manager', 'Morgan', 'Reyes', 'northwindpm.example'),
          organizationId: nw,
          title: 'Property Manager',
          subscriptions: {
            incompleteWalkaboutReminderBuildingIds: [...northwind.buildingIds.values()].slice(0, 2),
            incompleteWalkaboutNotificationsBuildingIds: [...northwind.buildingIds.values()].slice(0, 2),
            unsatisfactoryEquipmentIds: [],
            notatedEquipmentIds: [],
          },
        },
        { ...person('regional', 'Riley', 'Chen', 'northwindpm.example'), organizationId: nw, regionId: northwind.regionIds.get('Downtown')!, title: 'Regional Manager, Downtown' },
        { ...person('inspector', 'Isaac', 'Novak', 'northwindpm.example'), organizationId: nw, title: 'Fire Safety Inspector', walkaboutAutoSavePeriodMins: 2 },
        { ...person('viewer', 'Vivian', 'Osei', 'northwindpm.example'), organizationId: nw, title: 'Owner Representative' },
        { ...person('harbour', 'Hannah', 'Lee', 'harbourstrata.example'), organizationId: harbour.organizationId, title: 'Strata Manager' },
      ])
      .returning({ id: t.users.id, username: t.users.username });
    const userId = (name: string) => inserted.find((u) => u.username === name)!.id;
    await tx.insert(t.userRoles).values([
      { userId: userId('manager'), roleId: northwind.roleIds.get('Manager')! },
      { userId: userId('regional'), roleId: northwind.roleIds.get('Manager')! },
      { userId: userId('inspector'), roleId: northwind.roleIds.get('Inspector')! },
      { userId: userId('viewer'), roleId: northwind.roleIds.get('Viewer')! },
      { userId: userId('harbour'), roleId: harbour.roleIds.get('Admin')! },
    ]);
    await tx.insert(t.userBuildings).values([
      { userId: userId('inspector'), buildingId: northwind.buildingIds.get('King Street Commerce Centre')! },
      { userId: userId('inspector'), buildingId: northwind.buildingIds.get('Yonge & Eglinton Tower')! },
    ]);
  });
}
