/**
 * What a QR code of the product encodes and how it is drawn (DESIGN.md "QR codes"): the universal link
 * `{public origin}/q/{uuid}`, which the web's scanner (parseQrCode in @fsi/shared) and a phone's own camera
 * both read.
 *
 * Encoding uses the `qrcode` package (soldair/node-qrcode): the most used QR encoder for Node, maintained
 * for a decade, with no native code, and already the end-to-end tests' encoder. It gives both the PNG served
 * per uuid and the module matrix that the printed sheets draw as vectors.
 */
import QRCode from 'qrcode';

/** Medium error correction (15% of the code may be lost): the usual level for printed labels. */
export const ERROR_CORRECTION = 'M' as const;
/** The quiet zone ISO/IEC 18004 asks for around a QR code, in modules. */
export const QUIET_ZONE_MODULES = 4;
/** Pixels per module of the served PNG: 8 gives a crisp image of about 330 pixels for a link. */
const PNG_SCALE = 8;

/** The universal link a QR code encodes: `{public origin}/q/{uuid}`. */
export function universalLink(publicUrl: string, uuid: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/q/${uuid}`;
}

/** The uuid a location's printed code carries: the temporary one when an unassigned code was assigned to it (that sticker is the one on the wall), else its regular uuid. */
export function activeUuid(location: { regularUuid: string; temporaryUuid: string | null }): string {
  return location.temporaryUuid ?? location.regularUuid;
}

/** The code's dark modules, `size` × `size`, row by row from the top. */
export type QrMatrix = { size: number; dark(row: number, column: number): boolean };

export function qrMatrix(text: string): QrMatrix {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION });
  return { size: modules.size, dark: (row, column) => Boolean(modules.get(row, column)) };
}

/** The code as a black-on-white PNG with its quiet zone. */
export function qrPng(text: string): Promise<Buffer> {
  return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: ERROR_CORRECTION, margin: QUIET_ZONE_MODULES, scale: PNG_SCALE });
}
