/**
 * Document uploads (spec inspection.md sections 2-8; DESIGN.md "Files"): `POST /uploads?kind=document` takes a
 * PDF, an office file (Word, Excel, PowerPoint) or an image, for a building's documents and contracts. The type is
 * read from the bytes, never from the name or the declared type; a PDF's page count is read on upload (pdf-lib,
 * already the report renderer's library), so that bookmarks can be checked against it.
 */
import { PDFDocument } from 'pdf-lib';
import { unprocessable } from '../../jsonapi/errors';

export const NOT_A_DOCUMENT_MESSAGE = 'A document must be a PDF, a Word, Excel or PowerPoint file, or an image (JPEG, PNG, GIF, WebP, HEIC, AVIF or TIFF).';
export const UNREADABLE_PDF_MESSAGE = 'This PDF could not be read: it may be damaged or protected. Save it again as a PDF and upload that.';

export type PreparedFile = { body: Buffer; mimetype: string; extension: string; pageCount: number | null };

const startsWith = (bytes: Buffer, magic: number[]) => magic.every((byte, i) => bytes[i] === byte);

/** Office files are recognised by their container (ZIP for the 2007 formats, OLE for the older ones) and their name's extension. */
const OFFICE: Record<string, { container: 'zip' | 'ole'; mimetype: string }> = {
  docx: { container: 'zip', mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { container: 'zip', mimetype: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { container: 'zip', mimetype: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
  doc: { container: 'ole', mimetype: 'application/msword' },
  xls: { container: 'ole', mimetype: 'application/vnd.ms-excel' },
  ppt: { container: 'ole', mimetype: 'application/vnd.ms-powerpoint' },
};

/** A PDF's number of pages; a PDF that cannot be parsed is refused, since its pages could not be shown either. */
export async function pdfPageCount(bytes: Buffer): Promise<number> {
  try {
    const pdf = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    const count = pdf.getPageCount();
    if (count < 1) throw new Error('no pages');
    return count;
  } catch {
    throw unprocessable(UNREADABLE_PDF_MESSAGE, '/file');
  }
}

/**
 * The document's real type and page count. `image` prepares an image the way photos are (turned upright); it
 * answers null for bytes that are no image, and TIFF scans are accepted as documents only.
 */
export async function preparedDocument(
  bytes: Buffer,
  filename: string,
  image: (bytes: Buffer) => Promise<Omit<PreparedFile, 'pageCount'> | null>,
): Promise<PreparedFile> {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) {
    return { body: bytes, mimetype: 'application/pdf', extension: 'pdf', pageCount: await pdfPageCount(bytes) };
  }
  const extension = filename.includes('.') ? filename.slice(filename.lastIndexOf('.') + 1).toLowerCase() : '';
  const office = OFFICE[extension];
  if (office) {
    const container = startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) ? 'zip' : startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) ? 'ole' : null;
    if (container === office.container) return { body: bytes, mimetype: office.mimetype, extension, pageCount: null };
    throw unprocessable(NOT_A_DOCUMENT_MESSAGE, '/file');
  }
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) {
    return { body: bytes, mimetype: 'image/tiff', extension: 'tif', pageCount: null };
  }
  const prepared = await image(bytes);
  if (!prepared) throw unprocessable(NOT_A_DOCUMENT_MESSAGE, '/file');
  return { ...prepared, pageCount: null };
}
