import { DATA_SET_LABELS, DATA_SET_TYPES } from '@fsi/shared/import-export';
import type { DataSetType } from '../../generated/schema';

/** The data sets as the type selects offer them: the GraphQL enum value and the label. */
export const DATA_SET_OPTIONS = DATA_SET_TYPES.map((type) => ({ value: type.toUpperCase() as DataSetType, label: DATA_SET_LABELS[type] }));

/** The Building select of Export when its list failed: one building cannot be chosen, every building still can. */
export const BUILDINGS_LOAD_FAILED_MESSAGE = 'The buildings could not be loaded: only All buildings can be exported until they are.';
