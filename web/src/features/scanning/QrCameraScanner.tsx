import { prepareZXingModule, Scanner, type IDetectedBarcode, type IScannerError } from '@yudiel/react-qr-scanner';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/*
 * The decoder is a WebAssembly build of zxing that the scanner library would download from a CDN
 * at run time. Inspectors scan in basements without a network, so it is served from our own
 * origin (and kept by the service worker): set before any <Scanner> renders.
 */
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

/**
 * The library's default asks for a picture at least 640 pixels high, which a 640×480 laptop or
 * phone camera refuses (OverconstrainedError). Ideal sizes only: any camera is accepted.
 */
const CAMERA_CONSTRAINTS: MediaTrackConstraints = {
  facingMode: 'environment',
  width: { ideal: 1280 },
  height: { ideal: 720 },
};

const QR_ONLY = ['qr_code' as const];

export type QrCameraScannerProps = {
  /** The decoded text of a QR code in view. */
  onText(text: string): void;
  onError(error: IScannerError): void;
  /** Freezes the picture after a good read, while the sheet closes. */
  paused: boolean;
};

/** The camera view; loaded on demand (React.lazy) so that screens without scanning stay light. */
export default function QrCameraScanner({ onText, onError, paused }: QrCameraScannerProps) {
  const handleScan = (codes: IDetectedBarcode[]) => {
    const first = codes[0];
    if (first) onText(first.rawValue);
  };
  return (
    <Scanner
      onScan={handleScan}
      onError={onError}
      constraints={CAMERA_CONSTRAINTS}
      formats={QR_ONLY}
      paused={paused}
      sound={false}
      styles={{ container: { width: '100%', height: '100%' }, video: { objectFit: 'cover' } }}
    />
  );
}
