import type { EntryColumn_EntryFragment } from './LocationPage.generated';
import { conditionValueOf } from '../../lib/conditions/conditionValue';

export type ComparedCondition = EntryColumn_EntryFragment['sections'][number]['conditions'][number];
type ComparedSection = EntryColumn_EntryFragment['sections'][number];

export type ConditionRow = { key: string; label: string; locked: ComparedCondition | null; active: ComparedCondition | null };
export type SectionRows = { key: string; name: string; rows: ConditionRow[] };

const ANSWERS: Record<string, string> = { yes: 'Yes', no: 'No', na: 'Not applicable' };

/** A recorded value as text, or null while unmarked; the value is read through the shared codec. */
export function conditionValueText(condition: ComparedCondition): string | null {
  const value = conditionValueOf(condition);
  if (value === null) return null;
  if (typeof value === 'boolean') return value ? 'Satisfactory' : 'Unsatisfactory';
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : null;
  if (typeof value !== 'string' || value === '') return null;
  const answers = condition.__typename === 'YesNoCondition' || condition.__typename === 'YesNoNotApplicableCondition';
  return answers ? (ANSWERS[value] ?? value) : value;
}

/** The report marks of inspection.md section 9: S satisfactory, U unsatisfactory; none while neutral or unmarked. */
export function conditionMark(condition: Pick<ComparedCondition, 'isSatisfactory' | 'isMarked'>): 'S' | 'U' | null {
  if (!condition.isMarked || condition.isSatisfactory === null) return null;
  return condition.isSatisfactory ? 'S' : 'U';
}

/**
 * What stands on a side of a row where that side has no condition, because its task is paused (P) or
 * inactive (X) at the building now (inspection.md section 9: paused items show P and inactive X): the
 * other side's condition says its task's status. Null when the task is active, or the side has a result.
 * A recorded result keeps its own mark whatever its task's status is now: it is what was inspected.
 */
export function absenceMark(row: ConditionRow, side: 'locked' | 'active'): 'P' | 'X' | null {
  if (row[side] !== null) return null;
  const status = row[side === 'locked' ? 'active' : 'locked']?.taskStatus;
  return status === 'PAUSED' ? 'P' : status === 'DISABLED' ? 'X' : null;
}

function sectionName(section: ComparedSection): string {
  return section.name;
}

function byOrder<T extends { orderOnWalkabout: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.orderOnWalkabout - b.orderOnWalkabout);
}

/**
 * The locked and the active entry of one cycle side by side, section by section and condition by
 * condition (inspection.md section 2, "Entries comparison"). A condition's row is its task's: the
 * two walkabouts' conditions of one task share a row whatever either calls it (a renamed task stays
 * one row, under its current name and in the active walkabout's section). A condition whose task was
 * deleted is matched by its label within its section. One present in only one walkabout keeps its
 * row, with nothing on the other side.
 */
export function compareEntries(locked: EntryColumn_EntryFragment | null, active: EntryColumn_EntryFragment | null): SectionRows[] {
  const sections: SectionRows[] = [];
  const rowOfTask = new Map<string, ConditionRow>();
  const sectionFor = (name: string) => {
    let found = sections.find((section) => section.name === name);
    if (!found) {
      found = { key: `${sections.length}:${name}`, name, rows: [] };
      sections.push(found);
    }
    return found;
  };
  const place = (entry: EntryColumn_EntryFragment | null, side: 'locked' | 'active') => {
    for (const section of byOrder(entry?.sections ?? [])) {
      for (const condition of byOrder(section.conditions)) {
        const taskId = condition.taskId ?? null;
        const ofTask = taskId === null ? undefined : rowOfTask.get(taskId);
        if (ofTask && ofTask[side] === null) {
          ofTask[side] = condition;
          continue;
        }
        const target = sectionFor(sectionName(section));
        let row =
          taskId === null
            ? target.rows.find((candidate) => candidate.label === condition.label && candidate[side] === null && (candidate.active?.taskId ?? candidate.locked?.taskId ?? null) === null)
            : undefined;
        if (!row) {
          row = { key: `${target.rows.length}:${taskId ?? condition.label}`, label: condition.label, locked: null, active: null };
          target.rows.push(row);
          if (taskId !== null) rowOfTask.set(taskId, row);
        }
        row[side] = condition;
      }
    }
  };
  place(active, 'active');
  place(locked, 'locked');
  return sections;
}
