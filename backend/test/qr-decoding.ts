/**
 * Reading QR codes back in tests, as a phone would: zxing-wasm (the ZXing C++ reader compiled to WebAssembly,
 * the web's scanner's engine) over an image's pixels. Its WebAssembly is loaded from the package on disk, since
 * its default is a CDN and the tests run offline.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);
let prepared: Promise<unknown> | undefined;

function prepare(): Promise<unknown> {
  if (!prepared) {
    const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
    prepared = prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
      fireImmediately: true,
    });
  }
  return prepared;
}

/** A decoded code: its text and its corners in pixels of the image (y down). */
export type DecodedQr = { text: string; corners: { x: number; y: number }[] };

/** Every QR code found in the image (PNG or any format sharp reads). */
export async function decodeQrCodes(image: Buffer): Promise<DecodedQr[]> {
  await prepare();
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const results = await readBarcodes(
    { data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height, colorSpace: 'srgb' } as unknown as Parameters<typeof readBarcodes>[0],
    { formats: ['QRCode'], maxNumberOfSymbols: 255, tryHarder: false },
  );
  return results
    .filter((r) => r.isValid)
    .map((r) => ({ text: r.text, corners: [r.position.topLeft, r.position.topRight, r.position.bottomRight, r.position.bottomLeft] }));
}
