/** Test support for the overviews' Print (usePrintOverview): the PDF handed to the browser, and pdf-lib held or failed. */
import { vi } from 'vitest';
import { PDFDocument } from 'pdf-lib';

/** The bytes of a Blob (jsdom's Blob has no arrayBuffer(): its FileReader reads it). */
export function bytesOf(blob: Blob) {
  return new Promise<ArrayBuffer>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

/** The PDFs handed to the browser (URL.createObjectURL), each under the blob URL it was given. */
export function catchObjectUrls() {
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:http://localhost/overview-${blobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return blobs;
}

/** Holds pdf-lib's PDFDocument.create until release() (to see the screen while the PDF is being made), or fails it. */
export function holdPdf({ fail = false } = {}) {
  const create = PDFDocument.create.bind(PDFDocument);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const spy = vi.spyOn(PDFDocument, 'create').mockImplementation(async (options) => {
    await held;
    if (fail) throw new Error('Out of memory');
    return create(options);
  });
  return { release: () => release(), spy };
}
