/**
 * The shared text rule and range rules (inspection.md section 5, "Text rule (shared)").
 *
 * The web runs these for instant feedback and the backend for the authoritative check, so both
 * tiers reject exactly the same input with exactly the same words.
 */

export const INVALID_CHARACTERS_MESSAGE = 'String contains invalid characters';
export const HTML_TAGS_MESSAGE = 'HTML tags are not allowed';
export const RANGE_REQUIRED_MESSAGE = 'Range is required field';
export const INVALID_FROM_TO_MESSAGE = 'Invalid from/to value';
export const INVALID_RANGE_MESSAGE = 'Invalid range value';

/** "'{value}' is already used" (inspection.md section 5). */
export function alreadyUsedMessage(value: string): string {
  return `'${value}' is already used`;
}

/** The inline formatting tags that reports and remarks render; every other tag is refused. */
export const ALLOWED_HTML_TAGS = ['b', 'i', 'u', 'sub', 'sup'] as const;

/*
 * The specification allows "ASCII and listed accented and punctuation characters" without listing
 * them. We allow what French- and English-speaking inspectors type on a phone keyboard: printable
 * ASCII with tab and line breaks, the Latin-1 letters and symbols (é, ç, ñ, ß, °, ©, «»…), the
 * Latin Extended-A letters (œ, š, ł, ő…) and the typographic punctuation that phones substitute
 * automatically (curly quotes, dashes, ellipsis, bullet, euro, trade mark). Emoji, control
 * characters and other scripts are refused, because the PDF reports' fonts cannot draw them.
 */
const ALLOWED_CHARACTERS =
  /^[\t\n\r\x20-\x7E\u00A0-\u00FF\u0100-\u017F\u2010-\u2015\u2018-\u201E\u2020-\u2022\u2026\u2030\u2039\u203A\u20AC\u2122]*$/;

/*
 * A tag is "<" directly followed by a letter, "/", "!" or "?" and closed by ">", as an HTML parser
 * reads it; "a < b" or "<3" is plain text. Allowed tags must be bare: "<b onclick=…>" carries
 * script, so attributes make even an allowed tag refused.
 */
const TAG = /<[/!?]?[a-zA-Z!?][^<>]*>/g;
const ALLOWED_TAG = new RegExp(`^</?(?:${ALLOWED_HTML_TAGS.join('|')})>$`, 'i');

/** True when the text holds only allowed characters (inspection.md section 5). */
export function hasOnlyAllowedCharacters(value: string): boolean {
  return ALLOWED_CHARACTERS.test(value);
}

/** True when the text holds an HTML tag other than b, i, u, sub and sup (inspection.md section 5). */
export function hasDisallowedHtml(value: string): boolean {
  const tags = value.match(TAG) ?? [];
  return tags.some((tag) => !ALLOWED_TAG.test(tag));
}

/** Case-insensitive, whitespace-trimmed comparison key used for duplicate detection. */
function duplicateKey(value: string): string {
  return value.trim().toLocaleLowerCase('en');
}

export type TextRuleOptions = {
  /** When set, an empty (or blank) value fails with this caller-supplied message. */
  required?: string;
  /** Values already taken (other names in the same list); a case-insensitive match fails. */
  existing?: readonly string[];
};

/**
 * The shared text rule (inspection.md section 5): returns the first failing message, or null.
 * Checks run in the order a user fixes them: presence, characters, HTML tags, duplicates.
 */
export function validateText(value: string | null | undefined, options: TextRuleOptions = {}): string | null {
  const text = value ?? '';
  if (text.trim() === '') return options.required ?? null;
  if (!hasOnlyAllowedCharacters(text)) return INVALID_CHARACTERS_MESSAGE;
  if (hasDisallowedHtml(text)) return HTML_TAGS_MESSAGE;
  const key = duplicateKey(text);
  if (options.existing?.some((other) => duplicateKey(other) === key)) return alreadyUsedMessage(text.trim());
  return null;
}

export type RangeInput = {
  from: string | number | null | undefined;
  to: string | number | null | undefined;
};

function isBlank(value: string | number | null | undefined): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** A finite number from a number or a numeric text; null for anything else. */
export function toFiniteNumber(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : null;
}

/**
 * Range rules (inspection.md section 5): a required range needs at least one bound; each bound
 * given must be a number; from may not exceed to. Either bound may be left open, because a range
 * condition is satisfactory "within optional min and max" (inspection.md section 4).
 */
export function validateRange(range: RangeInput, options: { required?: boolean } = {}): string | null {
  const fromBlank = isBlank(range.from);
  const toBlank = isBlank(range.to);
  if (fromBlank && toBlank) return options.required ? RANGE_REQUIRED_MESSAGE : null;
  const from = toFiniteNumber(range.from);
  const to = toFiniteNumber(range.to);
  if ((!fromBlank && from === null) || (!toBlank && to === null)) return INVALID_FROM_TO_MESSAGE;
  if (from !== null && to !== null && from > to) return INVALID_RANGE_MESSAGE;
  return null;
}
