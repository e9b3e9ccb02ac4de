/**
 * The document rules of inspection.md (sections 2-9): the seven categories, the new-document sheet's name and
 * category, PDF bookmarks against the page count, and the messages of the document sheets. The web runs them for
 * instant feedback and the backend for the authoritative check, with the same words.
 */
import { DOCUMENT_CATEGORIES } from './constants';
import { validateText } from './text-rule';


export type DocumentCategoryName = (typeof DOCUMENT_CATEGORIES)[number];

/** The first category is the default of the new-document sheet (section 3). */
export const DEFAULT_DOCUMENT_CATEGORY: DocumentCategoryName = DOCUMENT_CATEGORIES[0];
export const DOCUMENT_NAME_PLACEHOLDER = 'My Document';
/** Text fields are at most 256 characters (admin-organizations-buildings.md section 9). */
export const DOCUMENT_NAME_MAX_LENGTH = 256;
export const BOOKMARK_LABEL_MAX_LENGTH = 256;
/** More bookmarks than anyone navigates by; a bound on what one PATCH stores. */
export const BOOKMARKS_MAX = 500;

export const DOCUMENT_NAME_REQUIRED_MESSAGE = 'Name is required field';
export const DOCUMENT_NAME_TOO_LONG_MESSAGE = `Name must be at most ${DOCUMENT_NAME_MAX_LENGTH} characters`;
export const DOCUMENT_CATEGORY_MESSAGE = `Category must be one of: ${DOCUMENT_CATEGORIES.join(', ')}`;
export const BOOKMARK_LABEL_REQUIRED_MESSAGE = 'Bookmark label is required field';
export const BOOKMARK_LABEL_TOO_LONG_MESSAGE = `Bookmark label must be at most ${BOOKMARK_LABEL_MAX_LENGTH} characters`;
export const BOOKMARKS_TOO_MANY_MESSAGE = `At most ${BOOKMARKS_MAX} bookmarks`;
export const BOOKMARKS_NEED_PDF_MESSAGE = 'Bookmarks can only be set on a PDF document';
export const BOOKMARK_PAGE_MESSAGE = 'Page must be a whole number of at least 1';
export const PAGE_COUNT_MESSAGE = 'Page count must be a whole number of at least 1';

/** "Page must be between 1 and {pageCount}" (a bookmark points at a page of the PDF). */
export function bookmarkPageMessage(pageCount: number): string {
  return `Page must be between 1 and ${pageCount}`;
}

/** "Page count must be {n}: the PDF has {n} pages" (the stored PDF's own count wins over a client's). */
export function pageCountMismatchMessage(pageCount: number): string {
  return `Page count must be ${pageCount}: the PDF has ${pageCount} page${pageCount === 1 ? '' : 's'}`;
}

/** Section 8: what the document sheets say. */
export const DOCUMENT_UPLOAD_FAILED_MESSAGE = 'There was an error uploading your document. Please try again.';
export const DOCUMENT_SENT_MESSAGE = 'Document sent successfully.';
export const DOCUMENT_SEND_FAILED_MESSAGE = 'There was an issue sending the document, please try again.';

export const PDF_MIMETYPE = 'application/pdf';

/** PDFs open the bookmarks page; other types open in a new window (section 2). */
export function isPdf(mimetype: string | null | undefined): boolean {
  return mimetype === PDF_MIMETYPE;
}

export function isDocumentCategory(value: unknown): value is DocumentCategoryName {
  return typeof value === 'string' && (DOCUMENT_CATEGORIES as readonly string[]).includes(value);
}

/** The new-document sheet's name (section 5: required), under the shared text rule; null when valid. */
export function validateDocumentName(name: string | null | undefined): string | null {
  const error = validateText(name, { required: DOCUMENT_NAME_REQUIRED_MESSAGE });
  if (error) return error;
  return (name ?? '').trim().length > DOCUMENT_NAME_MAX_LENGTH ? DOCUMENT_NAME_TOO_LONG_MESSAGE : null;
}

/** One of the seven categories, spelled as listed; null when valid. */
export function validateDocumentCategory(category: string | null | undefined): string | null {
  return isDocumentCategory(category) ? null : DOCUMENT_CATEGORY_MESSAGE;
}

export type DocumentBookmark = { label: string; page: number };

/** A mistake in a list of bookmarks: the bookmark's index, which of its fields, and the message. */
export type BookmarkError = { index: number | null; field: 'label' | 'page' | null; message: string };

/**
 * PDF bookmarks (section 3: label and page) against the document's page count: each label required and under the
 * text rule, each page a whole number from 1 to the page count. Answers every mistake, empty when all are valid.
 * `pageCount` null means the page count is unknown: then only the labels and a page of at least 1 are checked.
 */
export function validateBookmarks(bookmarks: readonly { label?: string | null; page?: number | null }[], pageCount: number | null): BookmarkError[] {
  if (bookmarks.length > BOOKMARKS_MAX) return [{ index: null, field: null, message: BOOKMARKS_TOO_MANY_MESSAGE }];
  const errors: BookmarkError[] = [];
  bookmarks.forEach((bookmark, index) => {
    const labelError = validateText(bookmark.label, { required: BOOKMARK_LABEL_REQUIRED_MESSAGE });
    if (labelError) errors.push({ index, field: 'label', message: labelError });
    else if ((bookmark.label ?? '').trim().length > BOOKMARK_LABEL_MAX_LENGTH) errors.push({ index, field: 'label', message: BOOKMARK_LABEL_TOO_LONG_MESSAGE });
    const page = bookmark.page;
    const valid = typeof page === 'number' && Number.isInteger(page) && page >= 1 && (pageCount === null || page <= pageCount);
    if (!valid) errors.push({ index, field: 'page', message: pageCount === null ? BOOKMARK_PAGE_MESSAGE : bookmarkPageMessage(pageCount) });
  });
  return errors;
}

/** The bookmarks as stored: labels trimmed, in page order (a stable sort keeps the order of one page's bookmarks). */
export function normalizedBookmarks(bookmarks: readonly DocumentBookmark[]): DocumentBookmark[] {
  return bookmarks.map((b) => ({ label: b.label.trim(), page: b.page })).sort((a, b) => a.page - b.page);
}
