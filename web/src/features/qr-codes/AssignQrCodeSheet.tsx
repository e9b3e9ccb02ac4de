import { useRef, useState } from 'react';
import { Alert, Box, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { QrCodeRow_LocationFragment } from './QrCodesPage.generated';
import { IconAlertTriangle, IconCircleCheck } from '../../ui/icons';
import { useIsPhone } from '../../ui/phone';
// The same camera view as the walkabouts' location scan; its scanner code loads when the sheet opens.
import { CameraView } from '../scanning/ScanSheet';
import { TypedCode } from '../scanning/TypedCode';
import { useAssignQrCode, type ScannedCode } from './useAssignQrCode';
import classes from './AssignQrCodeSheet.module.css';

export const qrAssignedMessage = (name: string) => `QR code assigned to ${name}.`;

type AssignQrCodeSheetProps = {
  buildingId: string;
  location: QrCodeRow_LocationFragment;
  onClose(): void;
};

type Step =
  | { kind: 'scan' }
  /** The location has a code of its own already: replacing it is confirmed first. */
  | { kind: 'confirm'; code: ScannedCode }
  | { kind: 'done'; location: QrCodeRow_LocationFragment };

/** A location's name as the sheet names it: its label when it has one, as the printed sheet does. */
export function locationTitle(location: Pick<QrCodeRow_LocationFragment, 'name' | 'label'>): string {
  return location.label?.trim() || location.name;
}

/**
 * The assign-QR-code sheet (admin-organizations-buildings.md sections 2, 6 and 7; inspection.md sections 5 and 8):
 * the new sticker is read with the camera, or its link typed or pasted; the backend checks that it is an unassigned
 * code of the building's organization ('QR code not supported.' otherwise, and scanning goes on); then it is
 * assigned, at once for a location without a code of its own, after a confirmation for one that has one.
 */
export function AssignQrCodeSheet({ buildingId, location, onClose }: AssignQrCodeSheetProps) {
  const isPhone = useIsPhone();
  const name = locationTitle(location);
  const { check, assign, busy } = useAssignQrCode(buildingId);
  const [step, setStep] = useState<Step>({ kind: 'scan' });
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The camera reports the same code many times a second: one check per text until another is shown.
  const lastText = useRef<string | null>(null);
  const working = useRef(false);

  const give = async (code: ScannedCode) => {
    setFailure(null);
    const result = await assign(location, code.uuid);
    if (result.status === 'assigned') {
      setStep({ kind: 'done', location: result.location });
      return;
    }
    if (result.status === 'unsupported') {
      lastText.current = null;
      setStep({ kind: 'scan' });
      setNotice(result.message);
      return;
    }
    setFailure(result.message);
  };

  const handleText = async (text: string) => {
    const url = text.trim();
    if (url === '' || working.current || step.kind !== 'scan' || url === lastText.current) return;
    working.current = true;
    lastText.current = url;
    setNotice(null);
    setFailure(null);
    try {
      const result = await check(url);
      if (result.status === 'failed') {
        // Nothing was said about this text: the same code may be tried again.
        lastText.current = null;
        setNotice(result.message);
        return;
      }
      if (result.status === 'invalid') {
        setNotice(result.message);
        return;
      }
      if (location.temporaryUuid) {
        setStep({ kind: 'confirm', code: result.code });
        return;
      }
      await give(result.code);
    } finally {
      working.current = false;
    }
  };

  const checkTyped = (text: string) => {
    // A typed code is checked again even when it was the last one shown: the user asked.
    lastText.current = null;
    void handleText(text);
  };

  return (
    <Modal opened onClose={onClose} title="Assign QR Code" fullScreen={isPhone} size="lg" centered={!isPhone}>
      <Stack gap="md">
        <Text size="sm">
          Location: <strong>{name}</strong> · {location.floorName}
        </Text>

        {step.kind === 'done' && (
          <>
            <Alert role="status" color="green" variant="light" icon={<IconCircleCheck />} title={qrAssignedMessage(name)}>
              <Text size="sm">The new sticker now opens this location.</Text>
            </Alert>
            <Group justify="center">
              <img src={step.location.qrImageUrl} alt={`New QR code of ${name}`} className={classes.code} />
            </Group>
            <Group justify="flex-end">
              <Button onClick={onClose} data-autofocus>
                Done
              </Button>
            </Group>
          </>
        )}

        {step.kind === 'confirm' && (
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void give(step.code);
            }}
          >
            <Stack gap="md">
              <Alert role="note" color="orange" variant="light" icon={<IconAlertTriangle />} title="Replace the QR code?">
                <Text size="sm">
                  {name} already has a QR code. Assign the scanned code in its place? The sticker it has now will no longer open it.
                </Text>
              </Alert>
              <Group justify="center">
                <img src={step.code.qrImageUrl} alt="The scanned QR code" className={classes.code} />
              </Group>
              {failure && (
                <Alert role="alert" color="red" variant="light">
                  {failure}
                </Alert>
              )}
              <Group justify="flex-end" gap="sm">
                <Button
                  variant="default"
                  disabled={busy}
                  onClick={() => {
                    lastText.current = null;
                    setFailure(null);
                    setStep({ kind: 'scan' });
                  }}
                >
                  Scan Another
                </Button>
                <Button type="submit" color="orange" loading={busy} data-autofocus>
                  Replace QR Code
                </Button>
              </Group>
            </Stack>
          </form>
        )}

        {step.kind === 'scan' && (
          <>
            <Text size="sm" c="dimmed">
              Scan the new sticker with the camera, or type or paste the link printed with it.
              {location.temporaryUuid ? ' This location already has a QR code: you will be asked before it is replaced.' : ''}
            </Text>
            <Box className={classes.camera} aria-label="Camera" role="region">
              {/* Not paused while a code is checked: pausing stops the camera, and it would start again after each check. */}
              <CameraView onText={(text) => void handleText(text)} paused={false} />
            </Box>

            {busy && (
              <Group gap="xs" role="status" aria-label="Checking the QR code">
                <Loader size="xs" />
                <Text size="sm">Checking the QR code…</Text>
              </Group>
            )}
            {notice && (
              <Alert role="alert" color="red" variant="light" withCloseButton closeButtonLabel="Dismiss" onClose={() => setNotice(null)}>
                <Text size="sm" className={classes.link}>
                  {notice}
                </Text>
              </Alert>
            )}
            {failure && (
              <Alert role="alert" color="red" variant="light">
                {failure}
              </Alert>
            )}

            <TypedCode label="QR code link" disabled={busy} onCode={checkTyped} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
