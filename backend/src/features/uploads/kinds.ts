/**
 * What POST /uploads accepts, by the kind asked for (`?kind=`; issue 11, DESIGN.md "Files"): an image (a
 * condition's photo, a building's photo, an organization's logo) or a document of a building's fire-safety
 * binder (a PDF, an office file or a scanned image). The type is read from the bytes, never from the name or
 * the declared type; a document whose name claims another type than its bytes are is refused, and a PDF's
 * page count is read here, once, for the bookmarks page.
 */
import { fileTypeFromBuffer } from 'file-type';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import type { UploadKind } from '../../db/schema';
import { HttpError, unprocessable } from '../../jsonapi/errors';

export const UPLOAD_KINDS = ['image', 'document'] as const satisfies readonly UploadKind[];

/** The largest file of each kind: a phone's photo, and a scanned binder's PDF. */
export const UPLOAD_LIMITS: Readonly<Record<UploadKind, number>> = {
  image: 15 * 1024 * 1024,
  document: 50 * 1024 * 1024,
};
export const UPLOAD_MAX_BYTES = Math.max(...Object.values(UPLOAD_LIMITS));

export const NOT_AN_IMAGE_MESSAGE = 'Photo must be an image (JPEG, PNG, GIF, WebP, HEIC or AVIF).';
export const NOT_A_DOCUMENT_MESSAGE = 'A document must be a PDF, a Word, Excel or PowerPoint file (or OpenDocument), or an image (JPEG, PNG, GIF, WebP, HEIC, AVIF or TIFF).';
export const UNREADABLE_PDF_MESSAGE = 'This PDF could not be read: it may be damaged. Save or export it again and upload the new file.';
export const tooLargeMessage = (kind: UploadKind) =>
  `${kind === 'image' ? 'A photo' : 'A document'} can be at most ${UPLOAD_LIMITS[kind] / 1024 / 1024} MB; this file is larger.`;

type Accepted = { mimetype: string; extension: string; label: string; names: readonly string[] };

const IMAGES: Record<string, Accepted> = {
  jpeg: { mimetype: 'image/jpeg', extension: 'jpg', label: 'a JPEG image', names: ['jpg', 'jpeg', 'jpe', 'jfif'] },
  png: { mimetype: 'image/png', extension: 'png', label: 'a PNG image', names: ['png'] },
  gif: { mimetype: 'image/gif', extension: 'gif', label: 'a GIF image', names: ['gif'] },
  webp: { mimetype: 'image/webp', extension: 'webp', label: 'a WebP image', names: ['webp'] },
  heif: { mimetype: 'image/heic', extension: 'heic', label: 'a HEIC image', names: ['heic', 'heif'] },
  avif: { mimetype: 'image/avif', extension: 'avif', label: 'an AVIF image', names: ['avif'] },
};

/** A document's accepted types by file-type's extension (the sniffed one), images aside. */
const DOCUMENTS: Record<string, Accepted> = {
  pdf: { mimetype: 'application/pdf', extension: 'pdf', label: 'a PDF', names: ['pdf'] },
  docx: { mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', extension: 'docx', label: 'a Word document', names: ['docx'] },
  xlsx: { mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', extension: 'xlsx', label: 'an Excel workbook', names: ['xlsx'] },
  pptx: { mimetype: 'application/vnd.openxmlformats-officedocument.presentationml.presentation', extension: 'pptx', label: 'a PowerPoint presentation', names: ['pptx'] },
  odt: { mimetype: 'application/vnd.oasis.opendocument.text', extension: 'odt', label: 'an OpenDocument text', names: ['odt'] },
  ods: { mimetype: 'application/vnd.oasis.opendocument.spreadsheet', extension: 'ods', label: 'an OpenDocument spreadsheet', names: ['ods'] },
  odp: { mimetype: 'application/vnd.oasis.opendocument.presentation', extension: 'odp', label: 'an OpenDocument presentation', names: ['odp'] },
  tif: { mimetype: 'image/tiff', extension: 'tif', label: 'a TIFF image', names: ['tif', 'tiff'] },
  jpg: IMAGES.jpeg!,
  png: IMAGES.png!,
  gif: IMAGES.gif!,
  webp: IMAGES.webp!,
  heic: IMAGES.heif!,
  avif: IMAGES.avif!,
};

/**
 * The older Office files share one container (OLE2, file-type's 'cfb'); which of the three it is cannot be read
 * from the container's first bytes, so the name decides among them, the bytes having shown it is such a file.
 */
const LEGACY_OFFICE: Record<string, Accepted> = {
  doc: { mimetype: 'application/msword', extension: 'doc', label: 'a Word 97–2003 document', names: ['doc'] },
  xls: { mimetype: 'application/vnd.ms-excel', extension: 'xls', label: 'an Excel 97–2003 workbook', names: ['xls'] },
  ppt: { mimetype: 'application/vnd.ms-powerpoint', extension: 'ppt', label: 'a PowerPoint 97–2003 presentation', names: ['ppt'] },
};

/** Every name extension that claims a type this table knows, and what it claims. */
const CLAIMS = new Map<string, Accepted>(
  [...Object.values(DOCUMENTS), ...Object.values(LEGACY_OFFICE)].flatMap((accepted) => accepted.names.map((name) => [name, accepted] as const)),
);

export type PreparedUpload = { body: Buffer; mimetype: string; extension: string; pageCount: number | null };

const extensionOf = (filename: string) => (filename.includes('.') ? filename.slice(filename.lastIndexOf('.') + 1).toLowerCase() : '');

/** The image's real format, and its bytes with a JPEG turned upright (sharp's rotate() reads the EXIF orientation). */
export async function preparedImage(bytes: Buffer, message = NOT_AN_IMAGE_MESSAGE): Promise<PreparedUpload> {
  let format: string | undefined;
  let orientation: number | undefined;
  try {
    ({ format, orientation } = await sharp(bytes).metadata());
  } catch {
    throw unprocessable(message, '/file');
  }
  const known = format === undefined ? undefined : IMAGES[format];
  if (!known) throw unprocessable(message, '/file');
  if (format === 'jpeg' && orientation !== undefined && orientation > 1) {
    // Re-encoded at a high quality; the other metadata (camera, GPS) is dropped with the orientation.
    return { body: await sharp(bytes).rotate().jpeg({ quality: 92 }).toBuffer(), mimetype: known.mimetype, extension: known.extension, pageCount: null };
  }
  return { body: bytes, mimetype: known.mimetype, extension: known.extension, pageCount: null };
}

/** A PDF's number of pages; a file that is not a readable PDF is a 422. Encrypted PDFs still have their pages counted. */
export async function pdfPageCount(bytes: Buffer): Promise<number> {
  try {
    const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    const count = pdf.getPageCount();
    if (count < 1) throw new Error('no pages');
    return count;
  } catch {
    throw unprocessable(UNREADABLE_PDF_MESSAGE, '/file');
  }
}

/** A document as it is stored: its sniffed type, and a PDF's page count. */
export async function preparedDocument(bytes: Buffer, filename: string): Promise<PreparedUpload> {
  const sniffed = await fileTypeFromBuffer(bytes);
  const named = extensionOf(filename);
  let accepted = sniffed ? DOCUMENTS[sniffed.ext] : undefined;
  if (sniffed?.ext === 'cfb') accepted = LEGACY_OFFICE[named];
  if (!accepted) throw unprocessable(NOT_A_DOCUMENT_MESSAGE, '/file');
  const claimed = CLAIMS.get(named);
  if (claimed && claimed !== accepted) {
    throw unprocessable(`${filename} is named as ${claimed.label}, but its contents are ${accepted.label}. Rename it or upload the right file.`, '/file');
  }
  if (accepted.mimetype.startsWith('image/') && accepted.extension !== 'tif') return preparedImage(bytes, NOT_A_DOCUMENT_MESSAGE);
  const pageCount = accepted.extension === 'pdf' ? await pdfPageCount(bytes) : null;
  return { body: bytes, mimetype: accepted.mimetype, extension: accepted.extension, pageCount };
}

/** The file as it is to be stored, for its kind; over the kind's limit is a 413. */
export async function preparedUpload(kind: UploadKind, bytes: Buffer, filename: string): Promise<PreparedUpload> {
  if (bytes.length > UPLOAD_LIMITS[kind]) throw new HttpError(413, tooLargeMessage(kind), { pointer: '/file' });
  return kind === 'image' ? preparedImage(bytes) : preparedDocument(bytes, filename);
}
