import { describe, expect, it } from 'vitest';
import {
  HTML_TAGS_MESSAGE,
  INVALID_CHARACTERS_MESSAGE,
  INVALID_FROM_TO_MESSAGE,
  INVALID_RANGE_MESSAGE,
  RANGE_REQUIRED_MESSAGE,
  alreadyUsedMessage,
  toFiniteNumber,
  validateRange,
  validateText,
} from './text-rule';

describe('the text rule', () => {
  it('accepts plain ASCII text with punctuation and line breaks', () => {
    expect(validateText('Extinguisher #4 (east stair) - OK; checked 100%!\nSee "notes" & \'tags\'.')).toBeNull();
  });

  it('accepts common accented letters and the punctuation phones type', () => {
    expect(validateText('Étage 2 : extincteur vérifié à 21 °C — façade « nord », Müller’s “note”… 5 €')).toBeNull();
    expect(validateText('Łódź, Škoda, œuvre, Straße')).toBeNull();
  });

  it('refuses emoji, other scripts and control characters as invalid characters', () => {
    expect(validateText('All good 👍')).toBe(INVALID_CHARACTERS_MESSAGE);
    expect(validateText('消火器')).toBe(INVALID_CHARACTERS_MESSAGE);
    expect(validateText('bell\u0007')).toBe(INVALID_CHARACTERS_MESSAGE);
  });

  it('allows the b, i, u, sub and sup tags in any letter case', () => {
    expect(validateText('<b>Bold</b> <i>it</i> <U>under</U> H<sub>2</sub>O m<SUP>2</SUP>')).toBeNull();
  });

  it('refuses any other HTML tag, a comment, and an allowed tag that carries attributes', () => {
    expect(validateText('<script>alert(1)</script>')).toBe(HTML_TAGS_MESSAGE);
    expect(validateText('see <a href="x">this</a>')).toBe(HTML_TAGS_MESSAGE);
    expect(validateText('line<br/>break')).toBe(HTML_TAGS_MESSAGE);
    expect(validateText('<!-- hidden -->')).toBe(HTML_TAGS_MESSAGE);
    expect(validateText('<b onclick="x()">bold</b>')).toBe(HTML_TAGS_MESSAGE);
  });

  it('reads comparison signs that are not tags as plain text', () => {
    expect(validateText('pressure < 100 and > 50')).toBeNull();
    expect(validateText('we <3 inspections')).toBeNull();
  });

  it('reports a case-insensitive duplicate with the value as typed', () => {
    expect(validateText('Stairwell A ', { existing: ['Lobby', 'stairwell a'] })).toBe(alreadyUsedMessage('Stairwell A'));
    expect(alreadyUsedMessage('Lobby')).toBe("'Lobby' is already used");
    expect(validateText('Stairwell B', { existing: ['Stairwell A'] })).toBeNull();
  });

  it('gives the caller-supplied message for a required value left empty or blank', () => {
    expect(validateText('  ', { required: 'Floor name is required field' })).toBe('Floor name is required field');
    expect(validateText(null, { required: 'Comment is required field' })).toBe('Comment is required field');
  });

  it('accepts an empty value that is not required', () => {
    expect(validateText('')).toBeNull();
    expect(validateText(undefined)).toBeNull();
  });
});

describe('the range rules', () => {
  it('requires at least one bound when the range is required', () => {
    expect(validateRange({ from: '', to: null }, { required: true })).toBe(RANGE_REQUIRED_MESSAGE);
    expect(validateRange({ from: '', to: null })).toBeNull();
  });

  it('refuses a bound that is not a number', () => {
    expect(validateRange({ from: 'ten', to: 20 })).toBe(INVALID_FROM_TO_MESSAGE);
    expect(validateRange({ from: 1, to: '2x' })).toBe(INVALID_FROM_TO_MESSAGE);
  });

  it('refuses a range whose from exceeds its to', () => {
    expect(validateRange({ from: '30', to: '20' })).toBe(INVALID_RANGE_MESSAGE);
  });

  it('accepts an open-ended range and a single-value range', () => {
    expect(validateRange({ from: '10', to: '' }, { required: true })).toBeNull();
    expect(validateRange({ from: null, to: -5 })).toBeNull();
    expect(validateRange({ from: 7, to: '7' })).toBeNull();
  });

  it('reads numbers from numeric text only', () => {
    expect(toFiniteNumber(' 2.5 ')).toBe(2.5);
    expect(toFiniteNumber('')).toBeNull();
    expect(toFiniteNumber('Infinity')).toBeNull();
    expect(toFiniteNumber(Number.NaN)).toBeNull();
  });
});
