import { describe, expect, it } from 'vitest';
import {
  BOOKMARK_LABEL_REQUIRED_MESSAGE,
  BOOKMARKS_MAX,
  BOOKMARKS_TOO_MANY_MESSAGE,
  DEFAULT_DOCUMENT_CATEGORY,
  DOCUMENT_CATEGORY_MESSAGE,
  DOCUMENT_NAME_REQUIRED_MESSAGE,
  DOCUMENT_NAME_TOO_LONG_MESSAGE,
  isPdf,
  normalizedBookmarks,
  validateBookmarks,
  validateDocumentCategory,
  validateDocumentName,
} from './documents';
import { HTML_TAGS_MESSAGE, INVALID_CHARACTERS_MESSAGE } from './text-rule';

describe('document rules', () => {
  it('requires a name under the text rule and at most 256 characters', () => {
    expect(validateDocumentName('Fire safety plan 2026')).toBeNull();
    expect(validateDocumentName('')).toBe(DOCUMENT_NAME_REQUIRED_MESSAGE);
    expect(validateDocumentName('   ')).toBe(DOCUMENT_NAME_REQUIRED_MESSAGE);
    expect(validateDocumentName(null)).toBe(DOCUMENT_NAME_REQUIRED_MESSAGE);
    expect(validateDocumentName('Plan <script>')).toBe(HTML_TAGS_MESSAGE);
    expect(validateDocumentName('Plan 🔥')).toBe(INVALID_CHARACTERS_MESSAGE);
    expect(validateDocumentName('x'.repeat(256))).toBeNull();
    expect(validateDocumentName('x'.repeat(257))).toBe(DOCUMENT_NAME_TOO_LONG_MESSAGE);
  });

  it('takes the seven categories as spelled, Fire Safety Plan first', () => {
    expect(DEFAULT_DOCUMENT_CATEGORY).toBe('Fire Safety Plan');
    expect(validateDocumentCategory('Policies and Procedures')).toBeNull();
    expect(validateDocumentCategory('policies and procedures')).toBe(DOCUMENT_CATEGORY_MESSAGE);
    expect(validateDocumentCategory(undefined)).toBe(DOCUMENT_CATEGORY_MESSAGE);
  });

  it('checks each bookmark against the page count', () => {
    expect(validateBookmarks([{ label: 'Floor plans', page: 1 }, { label: 'Exits', page: 12 }], 12)).toEqual([]);
    expect(validateBookmarks([{ label: ' ', page: 13 }, { label: 'Zero', page: 0 }, { label: 'Half', page: 1.5 }], 12)).toEqual([
      { index: 0, field: 'label', message: BOOKMARK_LABEL_REQUIRED_MESSAGE },
      { index: 0, field: 'page', message: 'Page must be between 1 and 12' },
      { index: 1, field: 'page', message: 'Page must be between 1 and 12' },
      { index: 2, field: 'page', message: 'Page must be between 1 and 12' },
    ]);
    expect(validateBookmarks([{ label: 'Far', page: 900 }], null)).toEqual([]);
    expect(validateBookmarks(Array.from({ length: BOOKMARKS_MAX + 1 }, () => ({ label: 'a', page: 1 })), 1)).toEqual([
      { index: null, field: null, message: BOOKMARKS_TOO_MANY_MESSAGE },
    ]);
  });

  it('stores bookmarks trimmed in page order, keeping the order within a page', () => {
    expect(normalizedBookmarks([{ label: ' B ', page: 3 }, { label: 'A', page: 1 }, { label: 'C', page: 3 }])).toEqual([
      { label: 'A', page: 1 },
      { label: 'B', page: 3 },
      { label: 'C', page: 3 },
    ]);
  });

  it('opens PDFs in the bookmarks page and nothing else', () => {
    expect(isPdf('application/pdf')).toBe(true);
    expect(isPdf('image/png')).toBe(false);
    expect(isPdf(null)).toBe(false);
  });
});
