import { describe, expect, it } from 'vitest';
import { DATA_SET_COLUMNS, escapeCell, headerProblems, importProblemText, rowProblems, unescapeCell, type DataSetRow } from './import-export';

const conditionRow = (values: Partial<DataSetRow<'conditions'>>): DataSetRow<'conditions'> =>
  ({ ...Object.fromEntries(DATA_SET_COLUMNS.conditions.map((c) => [c, ''])), type_name: 'Pump', cycle_name: 'Monthly', label: 'Check', task_type: 'string', ...values }) as DataSetRow<'conditions'>;

describe('import rules', () => {
  it('puts formula-like cells behind an apostrophe and takes it off again', () => {
    for (const text of ['=1+2', '+1', '-2', '@SUM(A1)', '\tx', '\rx']) {
      expect(escapeCell(text)).toBe(`'${text}`);
      expect(unescapeCell(escapeCell(text))).toBe(text);
    }
    expect(escapeCell('plain')).toBe('plain');
    expect(unescapeCell("'quoted")).toBe("'quoted");
  });

  it('names the missing and the unknown columns of a header', () => {
    const header: string[] = [...DATA_SET_COLUMNS.references.filter((c) => c !== 'label'), 'colour'];
    expect(headerProblems('references', header)).toEqual([
      { row: 1, column: 'label', detail: 'This column is missing.' },
      { row: 1, column: 'colour', detail: 'Not a column of a references file.' },
    ]);
    expect(headerProblems('references', [...DATA_SET_COLUMNS.references].reverse())).toEqual([]);
  });

  it('checks a row column by column, with the spec messages', () => {
    expect(rowProblems('conditions', 2, conditionRow({}))).toEqual([]);
    expect(rowProblems('conditions', 4, conditionRow({ label: ' ', cycle_name: '', task_type: 'colour', order: '1.5', hint: 'x'.repeat(257) }))).toEqual([
      { row: 4, column: 'cycle_name', detail: 'Cycle is required field' },
      { row: 4, column: 'label', detail: 'Task name is required field' },
      { row: 4, column: 'task_type', detail: 'One of boolean, yesno, yesnonotapplicable, number, string, range, dropdown, multiselect, time.' },
      { row: 4, column: 'hint', detail: 'At most 256 characters.' },
      { row: 4, column: 'order', detail: 'A whole number.' },
    ]);
  });

  it('says a problem with its row and column', () => {
    expect(importProblemText({ row: 3, column: 'label', detail: 'Task name is required field' })).toBe('Row 3, column label: Task name is required field');
    expect(importProblemText({ row: 3, column: null, detail: 'Bad' })).toBe('Row 3: Bad');
  });
});
