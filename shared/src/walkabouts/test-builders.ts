import type { Condition, ConditionType, ConditionValue, Entry, Floor, Section } from './types';

/** Builders for the shared rules' tests: a condition of a type with a value, and its containers. */
export function condition(type: ConditionType, value: ConditionValue, extra: Partial<Condition> = {}): Condition {
  return { id: extra.id ?? `${type}-${String(value)}`, type, value, ...extra };
}

export function section(...conditions: Condition[]): Section {
  return { id: 'section', conditions };
}

export function entry(sections: Section[], extra: Partial<Entry> = {}): Entry {
  return { id: 'entry', sections, ...extra };
}

export function floor(...entries: Entry[]): Floor {
  return { id: 'floor', entries };
}
