import { toFiniteNumber } from '../text-rule';
import type { Condition, ConditionValue, Entry, Floor, Section, ValueList } from './types';

/**
 * What a condition's value says: satisfactory, unsatisfactory, or neutral (unanswered, or an
 * answer that judges nothing such as 'not applicable').
 */
export type Satisfaction = 'satisfactory' | 'unsatisfactory' | 'neutral';

/** The pattern value that turns a string condition into a time input (inspection.md section 2). */
export const TIME_PATTERN = 'HH:MM';

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A list of values from an array or from one text separated by commas or line breaks, trimmed. */
export function parseValueList(list: ValueList): string[] {
  if (list === null || list === undefined) return [];
  const items = typeof list === 'string' ? list.split(/[,\n]/) : list;
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

function sameText(a: string, b: string): boolean {
  return a.trim().toLocaleLowerCase('en') === b.trim().toLocaleLowerCase('en');
}

/** The chosen values of a multiselect, whether stored as an array or as one separated text. */
export function chosenValues(value: ConditionValue): string[] {
  if (Array.isArray(value)) return parseValueList(value);
  return typeof value === 'string' ? parseValueList(value) : [];
}

/** True when the condition holds an answer (inspection.md section 4: unmarked is null). */
export function isAnswered(value: ConditionValue): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return chosenValues(value).length > 0;
  return true;
}

/**
 * True when a condition takes a time of day: a time condition, or a string condition whose pattern
 * is HH:MM (inspection.md section 2: "time inputs show HH:MM when a pattern is set").
 */
export function isTimeInput(condition: Pick<Condition, 'type' | 'options'>): boolean {
  if (condition.type === 'time') return true;
  const pattern = condition.options?.pattern;
  return condition.type === 'string' && typeof pattern === 'string' && sameText(pattern, TIME_PATTERN);
}

/** True when the text is a 24-hour time of day written HH:MM. */
export function isTimeOfDay(value: string): boolean {
  return TIME_OF_DAY.test(value.trim());
}

/**
 * Whether a text matches a satisfactory pattern, case-insensitively (inspection.md section 4).
 * Tasks store the pattern either as a regular expression ("ok|good") or as a list of accepted
 * values ("Good, Fair"), so either reading matching is enough. The expression must match the whole
 * text: a dropdown answer 'Not good' must not pass because it contains 'good'.
 */
export function matchesPattern(value: string, pattern: string): boolean {
  const text = value.trim();
  try {
    if (new RegExp(`^(?:${pattern.trim()})$`, 'i').test(text)) return true;
  } catch {
    // Not a regular expression: the list reading below decides.
  }
  return parseValueList(pattern).some((accepted) => sameText(accepted, text));
}

/** The satisfactory pattern of a string or dropdown: the condition's own pattern, else the task's satisfactory value. */
function satisfactoryPattern(condition: Condition): string | null {
  const own = condition.options?.pattern;
  if (typeof own === 'string' && own.trim() !== '' && !isTimeInput(condition)) return own;
  const fromTask = condition.typeSatisfactoryValue;
  if (typeof fromTask === 'string') return fromTask.trim() === '' ? null : fromTask;
  const list = parseValueList(fromTask);
  return list.length > 0 ? list.join(',') : null;
}

function judge(satisfactory: boolean): Satisfaction {
  return satisfactory ? 'satisfactory' : 'unsatisfactory';
}

function textSatisfaction(condition: Condition, text: string): Satisfaction {
  if (isTimeInput(condition) && !isTimeOfDay(text)) return 'unsatisfactory';
  const pattern = satisfactoryPattern(condition);
  // Without a pattern the answer is recorded information, which is satisfactory once given.
  return pattern === null ? 'satisfactory' : judge(matchesPattern(text, pattern));
}

/**
 * A time condition is satisfactory once a valid HH:MM is recorded; a pattern other than the
 * format itself ('HH:MM') narrows the accepted times, e.g. '0[6-9]:[0-5]\\d' for a morning check.
 */
function timeSatisfaction(condition: Condition, text: string): Satisfaction {
  if (!isTimeOfDay(text)) return 'unsatisfactory';
  const pattern = condition.options?.pattern;
  if (typeof pattern !== 'string' || pattern.trim() === '' || sameText(pattern, TIME_PATTERN)) return 'satisfactory';
  return judge(matchesPattern(text, pattern));
}

function multiselectSatisfaction(condition: Condition, chosen: readonly string[]): Satisfaction {
  const includes = (list: readonly string[], value: string) => list.some((item) => sameText(item, value));
  const unsatisfactory = parseValueList(condition.typeUnsatisfactoryValue);
  if (chosen.some((value) => includes(unsatisfactory, value))) return 'unsatisfactory';
  const record = parseValueList(condition.typeRecordValue);
  if (chosen.every((value) => includes(record, value))) return 'satisfactory';
  const satisfactory = parseValueList(condition.typeSatisfactoryValue);
  return judge(satisfactory.every((value) => includes(chosen, value)));
}

function rangeSatisfaction(condition: Condition, value: number): Satisfaction {
  const min = toFiniteNumber(condition.rangeFrom);
  const max = toFiniteNumber(condition.rangeTo);
  return judge((min === null || value >= min) && (max === null || value <= max));
}

/**
 * Satisfaction by condition type (inspection.md section 4): boolean is the value; yes/no is
 * satisfactory unless 'no'; yes/no/na: 'na' is neutral and 'no' unsatisfactory; number is
 * satisfactory when non-zero; range when within its optional bounds; string and dropdown when
 * they match the pattern case-insensitively (a time input when it is a valid HH:MM); multiselect:
 * any unsatisfactory value chosen is unsatisfactory, only record values is satisfactory, otherwise
 * satisfactory only when every satisfactory value is chosen; time when a valid HH:MM is given that
 * matches the pattern, if one other than 'HH:MM' is set. Unanswered is always neutral.
 */
export function conditionSatisfaction(condition: Condition): Satisfaction {
  const { value } = condition;
  if (!isAnswered(value)) return 'neutral';
  switch (condition.type) {
    case 'boolean':
      return judge(value === true);
    case 'yesno':
      return judge(value !== 'no');
    case 'yesnonotapplicable':
      if (value === 'na') return 'neutral';
      return judge(value !== 'no');
    case 'number': {
      const number = toFiniteNumber(typeof value === 'number' || typeof value === 'string' ? value : null);
      return judge(number !== null && number !== 0);
    }
    case 'range': {
      const number = toFiniteNumber(typeof value === 'number' || typeof value === 'string' ? value : null);
      return number === null ? 'unsatisfactory' : rangeSatisfaction(condition, number);
    }
    case 'string':
    case 'dropdown':
      return textSatisfaction(condition, String(value));
    case 'multiselect':
      return multiselectSatisfaction(condition, chosenValues(value));
    case 'time':
      return typeof value === 'string' ? timeSatisfaction(condition, value) : 'unsatisfactory';
  }
}

/** inspection.md section 4: derived isSatisfactory of a condition. */
export function isConditionSatisfactory(condition: Condition): boolean {
  return conditionSatisfaction(condition) === 'satisfactory';
}

/** inspection.md section 4: derived isUnsatisfactory of a condition. */
export function isConditionUnsatisfactory(condition: Condition): boolean {
  return conditionSatisfaction(condition) === 'unsatisfactory';
}

/** inspection.md section 4: a condition is complete once answered ('not applicable' is an answer). */
export function isConditionComplete(condition: Condition): boolean {
  return isAnswered(condition.value);
}

/** inspection.md section 3: derived isIncomplete, the negation of isComplete. */
export function isConditionIncomplete(condition: Condition): boolean {
  return !isConditionComplete(condition);
}

/** inspection.md section 4: a section is unsatisfactory if any of its conditions is. */
export function isSectionUnsatisfactory(section: Section): boolean {
  return section.conditions.some(isConditionUnsatisfactory);
}

/** inspection.md section 4: a section is complete when all its conditions are. */
export function isSectionComplete(section: Section): boolean {
  return section.conditions.every(isConditionComplete);
}

/** inspection.md section 4: a section with any unanswered condition. */
export function isSectionIncomplete(section: Section): boolean {
  return !isSectionComplete(section);
}

/** inspection.md section 4: satisfactory means fully answered with nothing unsatisfactory; a half-done section is not yet satisfactory. */
export function isSectionSatisfactory(section: Section): boolean {
  return isSectionComplete(section) && !isSectionUnsatisfactory(section);
}

/** inspection.md section 3: derived isUnsatisfactory of an entry (any section unsatisfactory). */
export function isEntryUnsatisfactory(entry: Entry): boolean {
  return entry.sections.some(isSectionUnsatisfactory);
}

/** inspection.md section 4: an entry is complete when all its sections are. */
export function isEntryComplete(entry: Entry): boolean {
  return entry.sections.every(isSectionComplete);
}

/** inspection.md section 3: derived isIncomplete of an entry. */
export function isEntryIncomplete(entry: Entry): boolean {
  return !isEntryComplete(entry);
}

/** inspection.md section 3: derived isSatisfactory of an entry, complete with nothing unsatisfactory. */
export function isEntrySatisfactory(entry: Entry): boolean {
  return isEntryComplete(entry) && !isEntryUnsatisfactory(entry);
}

/** inspection.md section 4: a floor is unsatisfactory if any of its entries is. */
export function isFloorUnsatisfactory(floor: Floor): boolean {
  return floor.entries.some(isEntryUnsatisfactory);
}

/** inspection.md section 4: a floor is complete when all its entries are. */
export function isFloorComplete(floor: Floor): boolean {
  return floor.entries.every(isEntryComplete);
}

/** inspection.md section 4: a floor with any incomplete entry. */
export function isFloorIncomplete(floor: Floor): boolean {
  return !isFloorComplete(floor);
}

/** inspection.md section 4: a floor complete with nothing unsatisfactory. */
export function isFloorSatisfactory(floor: Floor): boolean {
  return isFloorComplete(floor) && !isFloorUnsatisfactory(floor);
}

/** Every condition of a walkabout's floors, in floor, entry and section order. */
export function allConditions(floors: readonly Floor[]): Condition[] {
  return floors.flatMap((floor) => floor.entries.flatMap((entry) => entry.sections.flatMap((section) => section.conditions)));
}

/**
 * The figures of a building's status badge (inspection.md section 2, Buildings: complete with no
 * unsatisfactory result, incomplete, or complete with an unsatisfactory count).
 */
export function walkaboutResult(floors: readonly Floor[]): { isComplete: boolean; unsatisfactoryTotal: number } {
  const conditions = allConditions(floors);
  return {
    isComplete: conditions.every(isConditionComplete),
    unsatisfactoryTotal: conditions.filter(isConditionUnsatisfactory).length,
  };
}
