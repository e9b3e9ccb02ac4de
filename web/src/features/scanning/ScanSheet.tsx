import { Component, lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Center, Code, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { IScannerError } from '@yudiel/react-qr-scanner';
import { parseQrCode, qrNotSupportedMessage } from '@fsi/shared';
import { describeCameraError } from './cameraError';
import { TypedCode } from './TypedCode';
import classes from './ScanSheet.module.css';

/** A QR scan closes the sheet 65 ms after the decode (inspection.md section 9). */
export const SCAN_CLOSE_DELAY_MS = 65;

const QrCameraScanner = lazy(() => import('./QrCameraScanner'));

export type ScanSheetProps = {
  opened: boolean;
  /** The sheet's title, such as 'Scan Code'. */
  title: string;
  /** Cancel; also called after a successful scan, once onCode has been called. */
  onClose(): void;
  /** The location uuid of a supported code (DESIGN.md "QR codes"). */
  onCode(uuid: string): void;
};

/**
 * A full-screen sheet that reads a location's QR code with the camera, or a code typed or pasted
 * by hand on a device without one. Unsupported text is reported and scanning goes on; a location
 * code closes the sheet 65 ms after the decode and is handed over as its uuid.
 */
export function ScanSheet({ opened, title, onClose, onCode }: ScanSheetProps) {
  // Each opening mounts a body of its own: the last one stays while the sheet slides away (150 ms), and an opening
  // within that time must not find it spent (its code accepted, the camera paused).
  const [openings, setOpenings] = useState(0);
  const [wasOpened, setWasOpened] = useState(opened);
  if (opened !== wasOpened) {
    setWasOpened(opened);
    if (opened) setOpenings(openings + 1);
  }
  return (
    <Modal.Root opened={opened} onClose={onClose} fullScreen transitionProps={{ transition: 'slide-up', duration: 150 }}>
      <Modal.Overlay />
      <Modal.Content className={classes.content}>
        <Modal.Header className={classes.header}>
          <Modal.Title fw={700}>{title}</Modal.Title>
          <Button variant="subtle" onClick={onClose}>
            Cancel
          </Button>
        </Modal.Header>
        <Modal.Body className={classes.body}>
          <ScanSheetBody key={openings} onClose={onClose} onCode={onCode} />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

type ScanSheetBodyProps = Pick<ScanSheetProps, 'onClose' | 'onCode'>;

/** Mounted while the sheet is open (and while it slides away), one per opening, so every opening starts afresh (and the camera stops on close). */
function ScanSheetBody({ onClose, onCode }: ScanSheetBodyProps) {
  const [notice, setNotice] = useState<string | null>(null);
  const [accepted, setAccepted] = useState(false);
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const handleText = (text: string) => {
    if (accepted) return;
    const uuid = parseQrCode(text);
    if (uuid === null) {
      setNotice(qrNotSupportedMessage(text));
      return;
    }
    setNotice(null);
    setAccepted(true);
    timer.current = window.setTimeout(() => {
      onCode(uuid);
      onClose();
    }, SCAN_CLOSE_DELAY_MS);
  };

  return (
    <Stack gap="md" className={classes.stack}>
      <Box className={classes.camera} aria-label="Camera" role="region">
        <CameraView onText={handleText} paused={accepted} />
      </Box>

      {notice && (
        <Alert role="alert" color="red" variant="light" withCloseButton closeButtonLabel="Dismiss" onClose={() => setNotice(null)}>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {notice}
          </Text>
        </Alert>
      )}

      <TypedCode label="Code" description="No camera? Type or paste the link printed with the QR code." disabled={accepted} onCode={handleText} />
    </Stack>
  );
}

type CameraViewProps = {
  /** The decoded text of a QR code in view. */
  onText(text: string): void;
  /** Freezes the picture while what was read is handled. */
  paused: boolean;
};

/**
 * The camera picture that reads QR codes (its code loaded on demand), or why the camera or the reader is not
 * available, pointing to the typed code below it. Also the assign-QR-code sheet's (features/qr-codes).
 */
export function CameraView({ onText, paused }: CameraViewProps) {
  const [cameraError, setCameraError] = useState<IScannerError | null>(null);
  const failure = cameraError ? describeCameraError(cameraError) : null;
  if (failure) {
    return (
      <Center h="100%" p="md">
        <Alert color="orange" variant="light" title="The camera is not available" maw={420}>
          <Text size="sm">{failure.advice} You can type the code below instead.</Text>
          <Text size="xs" mt={6}>
            Reason: <Code>{failure.reason}</Code>
          </Text>
        </Alert>
      </Center>
    );
  }
  return (
    <ScannerErrorBoundary>
      <Suspense
        fallback={
          <Center h="100%">
            <Group gap="xs" c="white">
              <Loader size="sm" color="white" />
              <Text size="sm">Starting the camera…</Text>
            </Group>
          </Center>
        }
      >
        <QrCameraScanner onText={onText} onError={setCameraError} paused={paused} />
      </Suspense>
    </ScannerErrorBoundary>
  );
}

type BoundaryState = { failed: boolean };

/** A scanner chunk that cannot load (offline before the first visit) leaves the typed code usable. */
class ScannerErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Center h="100%" p="md">
        <Alert color="orange" variant="light" title="The scanner could not be loaded" maw={420}>
          <Text size="sm">Check your connection, or type the code below.</Text>
        </Alert>
      </Center>
    );
  }
}
