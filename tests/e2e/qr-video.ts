import QRCode from 'qrcode';

// Chromium's fake camera (--use-file-for-fake-video-capture) plays these files: scan.test.ts and qr-codes.test.ts.
const WIDTH = 1280;
const HEIGHT = 720;

/**
 * One frame of a Y4M video (4:2:0) showing the QR code of `text`, black on white, centred with its
 * 4-module quiet zone. Chromium's fake camera loops the file, so one frame is a steady picture.
 */
export function qrVideo(text: string): Buffer {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const cells = modules.size + 2 * quiet;
  const scale = Math.floor((HEIGHT * 0.8) / cells);
  const side = cells * scale;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y += 1) {
        const offset = (top + (row + quiet) * scale + y) * WIDTH + left + (col + quiet) * scale;
        luma.fill(16, offset, offset + scale);
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F30:1 Ip A1:1 C420jpeg\n`);
  return Buffer.concat([header, Buffer.from('FRAME\n'), luma, chroma, chroma]);
}
