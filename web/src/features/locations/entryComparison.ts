import type { EntryColumn_EntryFragment } from '../../generated/graphql';

export type ComparedCondition = EntryColumn_EntryFragment['sections'][number]['conditions'][number];
type ComparedSection = EntryColumn_EntryFragment['sections'][number];

export type ConditionRow = { key: string; label: string; locked: ComparedCondition | null; active: ComparedCondition | null };
export type SectionRows = { key: string; name: string; rows: ConditionRow[] };

const YES_NO: Record<string, string> = { YES: 'Yes', NO: 'No', NA: 'Not applicable' };

/** A recorded value as text, or null while unmarked. */
export function conditionValueText(condition: ComparedCondition): string | null {
  switch (condition.__typename) {
    case 'BooleanCondition':
      return condition.booleanValue === null ? null : condition.booleanValue ? 'Satisfactory' : 'Unsatisfactory';
    case 'YesNoCondition':
      return condition.yesNoValue === null ? null : YES_NO[condition.yesNoValue] ?? condition.yesNoValue;
    case 'YesNoNotApplicableCondition':
      return condition.yesNoNotApplicableValue === null ? null : YES_NO[condition.yesNoNotApplicableValue] ?? condition.yesNoNotApplicableValue;
    case 'NumberCondition':
      return condition.numberValue === null ? null : String(condition.numberValue);
    case 'RangeCondition':
      return condition.rangeValue === null ? null : String(condition.rangeValue);
    case 'StringCondition':
      return condition.stringValue || null;
    case 'TimeCondition':
      return condition.timeValue || null;
    case 'DropdownCondition':
      return condition.dropdownValue || null;
    case 'MultiselectCondition':
      return condition.multiselectValue && condition.multiselectValue.length > 0 ? condition.multiselectValue.join(', ') : null;
  }
}

/** The report marks of inspection.md section 9: S satisfactory, U unsatisfactory; none while neutral or unmarked. */
export function conditionMark(condition: Pick<ComparedCondition, 'isSatisfactory' | 'isMarked'>): 'S' | 'U' | null {
  if (!condition.isMarked || condition.isSatisfactory === null) return null;
  return condition.isSatisfactory ? 'S' : 'U';
}

function sectionName(section: ComparedSection): string {
  return section.name;
}

function byOrder<T extends { orderOnWalkabout: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.orderOnWalkabout - b.orderOnWalkabout);
}

/**
 * The locked and the active entry of one cycle side by side, section by section and condition by
 * condition (inspection.md section 2, "Entries comparison"). Sections and conditions are matched
 * by name and label, since each walkabout took its own snapshot of the tasks; one present in only
 * one walkabout keeps its row, with nothing on the other side.
 */
export function compareEntries(locked: EntryColumn_EntryFragment | null, active: EntryColumn_EntryFragment | null): SectionRows[] {
  const sections: SectionRows[] = [];
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
      const target = sectionFor(sectionName(section));
      for (const condition of byOrder(section.conditions)) {
        let row = target.rows.find((candidate) => candidate.label === condition.label && candidate[side] === null);
        if (!row) {
          row = { key: `${target.rows.length}:${condition.label}`, label: condition.label, locked: null, active: null };
          target.rows.push(row);
        }
        row[side] = condition;
      }
    }
  };
  place(active, 'active');
  place(locked, 'locked');
  return sections;
}
