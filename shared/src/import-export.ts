/**
 * Import and export of an organization's data as CSV (admin-organizations-buildings.md sections 2, 5, 8 and 9):
 * the data sets, their columns, the rules of one row and the messages, shared by the backend (the authoritative
 * check, 422 with one error per problem) and the web (the import sheet's texts and limits).
 */

/** The data sets of GET /data?type= and POST /data ('{type}-csv'). */
export const DATA_SET_TYPES = ['conditions', 'references', 'types', 'buildings'] as const;
export type DataSetType = (typeof DATA_SET_TYPES)[number];

export const DATA_SET_LABELS: Record<DataSetType, string> = {
  conditions: 'Conditions (tasks)',
  references: 'References',
  types: 'Equipment types',
  buildings: 'Buildings',
};

/**
 * The columns of each data set, in file order. One row is:
 * - conditions: one task (equipment condition) of a type (and component) for a cycle, in its task group;
 * - references: the reference name and description of one task, found by type, component, cycle and label;
 * - types: one task group of one component of a type (a type without components, or a component without
 *   groups, has one row with the missing columns empty);
 * - buildings: one location of a floor of a building, with its equipment types separated by ' | ' (a building
 *   without floors, or a floor without locations, has one row with the missing columns empty).
 * Ids are never exported: records are found by name, so a file moves between organizations.
 */
export const DATA_SET_COLUMNS = {
  conditions: [
    'type_name',
    'component_name',
    'cycle_name',
    'group_name',
    'group_order',
    'label',
    'task_type',
    'classification',
    'description',
    'hint',
    'reference_name',
    'reference_description',
    'range_from',
    'range_to',
    'type_value',
    'type_satisfactory_value',
    'type_unsatisfactory_value',
    'type_record_value',
    'status',
    'order',
  ],
  references: ['type_name', 'component_name', 'cycle_name', 'label', 'reference_name', 'reference_description'],
  types: [
    'type_name',
    'type_alias',
    'type_order',
    'type_status',
    'component_name',
    'component_alias',
    'component_order',
    'component_disabled',
    'group_name',
    'group_from',
    'group_to',
    'group_order',
    'disable_unsatisfactory_photo',
    'disable_unsatisfactory_remarks',
    'make_photo_and_remarks_optional',
  ],
  buildings: [
    'building_name',
    'building_order',
    'floor_label_name',
    'occupancy_type',
    'time_zone',
    'floor_name',
    'floor_order',
    'location_name',
    'location_hint',
    'location_order',
    'equipment_types',
  ],
} as const satisfies Record<DataSetType, readonly string[]>;

export type DataSetRow<T extends DataSetType> = Record<(typeof DATA_SET_COLUMNS)[T][number], string>;

/** How a buildings row lists its location's equipment types. */
export const EQUIPMENT_TYPES_SEPARATOR = ' | ';

export const IMPORT_ERRORS_HEADING = 'Please correct the following errors and retry.';
/** Section 8: what the import sheet says when the file cannot be processed at all. */
export const IMPORT_FILE_ERROR_MESSAGE =
  'The server encountered an error processing the uploaded file. Please ensure the CSV file uses UTF-8 encoding and contains fewer than under 300 rows.';
export const BUILDINGS_IMPORT_CAUTION =
  'Importing buildings adds and changes floors, locations and their equipment. Walkabouts that are open now keep what they had until Create Current Walkabouts is pressed at each building, and inspections in progress may be affected.';
export const IMPORT_SUCCESS_MESSAGE = 'The file was imported.';
/** Section 9 advises under 300 rows; larger files are taken (issue 13 asks for 10,000) up to this bound. */
export const IMPORT_ROWS_ADVISED = 300;
export const IMPORT_ROWS_MAX = 20_000;
/** The largest CSV file the import takes, before base64. */
export const IMPORT_FILE_MAX_BYTES = 8 * 1024 * 1024;

export const TASK_TYPE_VALUES = ['boolean', 'yesno', 'yesnonotapplicable', 'number', 'string', 'range', 'dropdown', 'multiselect', 'time'] as const;
export const STATUS_VALUES = ['active', 'paused', 'disabled'] as const;
export const BOOLEAN_CELL_VALUES = ['true', 'false'] as const;

const TEXT_MAX = 256;
const VALUES_MAX = 512;

export type ImportProblem = { row: number; column: string | null; detail: string };

/** A problem's text as the import sheet lists it: the row (1 is the header) and the column. */
export function importProblemText(problem: ImportProblem): string {
  return problem.column ? `Row ${problem.row}, column ${problem.column}: ${problem.detail}` : `Row ${problem.row}: ${problem.detail}`;
}

/**
 * Formula injection: a cell that starts with = + - @ (or a tab or carriage return) is written with a leading
 * apostrophe, so that a spreadsheet shows it as text instead of running it; the import takes the apostrophe off.
 */
export function escapeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function unescapeCell(value: string): string {
  return /^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

type Rule = (value: string) => string | null;
const required = (message: string): Rule => (v) => (v.trim() === '' ? message : null);
const maxLength = (n: number): Rule => (v) => (v.length > n ? `At most ${n} characters.` : null);
const oneOf = (values: readonly string[], optional = false): Rule => (v) =>
  (optional && v === '') || values.includes(v) ? null : `One of ${values.join(', ')}${optional ? ', or empty' : ''}.`;
const integer = (optional = true): Rule => (v) => ((optional && v === '') || /^-?\d{1,9}$/.test(v) ? null : 'A whole number.');

const text = maxLength(TEXT_MAX);
const values = maxLength(VALUES_MAX);

const RULES: { [T in DataSetType]: Partial<Record<(typeof DATA_SET_COLUMNS)[T][number], Rule[]>> } = {
  conditions: {
    type_name: [required('Equipment name is required field'), text],
    component_name: [text],
    cycle_name: [required('Cycle is required field'), text],
    group_name: [text],
    group_order: [integer()],
    label: [required('Task name is required field'), text],
    task_type: [oneOf(TASK_TYPE_VALUES)],
    classification: [text],
    description: [text],
    hint: [text],
    reference_name: [text],
    reference_description: [text],
    range_from: [text],
    range_to: [text],
    type_value: [values],
    type_satisfactory_value: [values],
    type_unsatisfactory_value: [values],
    type_record_value: [values],
    status: [oneOf(STATUS_VALUES, true)],
    order: [integer()],
  },
  references: {
    type_name: [required('Equipment name is required field'), text],
    component_name: [text],
    cycle_name: [required('Cycle is required field'), text],
    label: [required('Task name is required field'), text],
    reference_name: [text],
    reference_description: [text],
  },
  types: {
    type_name: [required('Equipment name is required field'), text],
    type_alias: [text],
    type_order: [integer()],
    type_status: [oneOf(STATUS_VALUES, true)],
    component_name: [text],
    component_alias: [text],
    component_order: [integer()],
    component_disabled: [oneOf(BOOLEAN_CELL_VALUES, true)],
    group_name: [text],
    group_from: [integer()],
    group_to: [integer()],
    group_order: [integer()],
    disable_unsatisfactory_photo: [oneOf(BOOLEAN_CELL_VALUES, true)],
    disable_unsatisfactory_remarks: [oneOf(BOOLEAN_CELL_VALUES, true)],
    make_photo_and_remarks_optional: [oneOf(BOOLEAN_CELL_VALUES, true)],
  },
  buildings: {
    building_name: [required('Building name is required field'), text],
    building_order: [integer()],
    floor_label_name: [text],
    occupancy_type: [text],
    time_zone: [text],
    floor_name: [text],
    floor_order: [integer()],
    location_name: [text],
    location_hint: [text],
    location_order: [integer()],
    equipment_types: [maxLength(10_000)],
  },
};

/** The problems of the header row: every column of the data set, in any order, and no other. */
export function headerProblems(type: DataSetType, header: readonly string[]): ImportProblem[] {
  const expected: readonly string[] = DATA_SET_COLUMNS[type];
  const problems: ImportProblem[] = [];
  for (const column of expected) if (!header.includes(column)) problems.push({ row: 1, column, detail: 'This column is missing.' });
  for (const column of header) if (!expected.includes(column)) problems.push({ row: 1, column, detail: `Not a column of a ${type} file.` });
  return problems;
}

/** The problems of one data row (`row` is its line number in the file, the header being 1), column by column. */
export function rowProblems<T extends DataSetType>(type: T, row: number, record: DataSetRow<T>): ImportProblem[] {
  const problems: ImportProblem[] = [];
  const rules = RULES[type] as Record<string, Rule[] | undefined>;
  for (const column of DATA_SET_COLUMNS[type] as readonly string[]) {
    const value = (record as Record<string, string>)[column] ?? '';
    for (const rule of rules[column] ?? []) {
      const detail = rule(value);
      if (detail) {
        problems.push({ row, column, detail });
        break;
      }
    }
  }
  if (type === 'buildings') {
    const r = record as DataSetRow<'buildings'>;
    if (r.location_name !== '' && r.floor_name === '') problems.push({ row, column: 'floor_name', detail: 'Floor is required field' });
  }
  if (type === 'types') {
    const r = record as DataSetRow<'types'>;
    if (r.component_name === '' && r.component_alias !== '') problems.push({ row, column: 'component_name', detail: 'Equipment name is required field' });
  }
  return problems;
}
