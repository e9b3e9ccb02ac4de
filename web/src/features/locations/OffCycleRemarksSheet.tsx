import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, CloseButton, FileButton, Group, Image, Loader, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { LOCATION_NOT_FOUND_MESSAGE, REMARKS_MAX_LENGTH, validateText } from '@fsi/shared';
import { useScannedLocationQuery, type ScannedLocationQuery } from './OffCycleRemarks.generated';
import { IconCamera, IconPhoto } from '../../ui/icons';
import { useAddLocationComment } from './useAddLocationComment';
import { useIsPhone } from '../../ui/phone';

type OffCycleRemarksSheetProps = {
  /** The uuid read by the scan sheet (step 1); null keeps the sheet closed. */
  uuid: string | null;
  buildingId: string;
  timeZone: string;
  onClose(): void;
  onScanAgain(): void;
  /** Called with 'Location comment(s) saved on {date} at {time}.' */
  onSaved(message: string): void;
};

/**
 * Step 2 of the off-cycle scan (inspection.md sections 2 and 4): once the scanned location has
 * loaded, remarks and a photo about it, recorded outside any walkabout. A code of a location
 * that is not in this building reads 'Location scanned not found'.
 */
export function OffCycleRemarksSheet({ uuid, buildingId, timeZone, onClose, onScanAgain, onSaved }: OffCycleRemarksSheetProps) {
  const isPhone = useIsPhone();
  return (
    <Modal opened={uuid !== null} onClose={onClose} title="Off-Cycle Remarks" fullScreen={isPhone} size="lg" centered>
      {uuid !== null && (
        <ScannedLocation
          uuid={uuid}
          buildingId={buildingId}
          timeZone={timeZone}
          onClose={onClose}
          onScanAgain={onScanAgain}
          onSaved={onSaved}
        />
      )}
    </Modal>
  );
}

function ScannedLocation({ uuid, buildingId, timeZone, onClose, onScanAgain, onSaved }: OffCycleRemarksSheetProps & { uuid: string }) {
  const { data, loading, error, refetch } = useScannedLocationQuery({ variables: { uuid } });

  if (loading && !data) {
    return (
      <Group gap="xs" py="lg" justify="center" role="status">
        <Loader size="sm" />
        <Text size="sm">Looking up the location…</Text>
      </Group>
    );
  }
  if (error && !data) {
    return (
      <Stack gap="md">
        <Alert role="alert" color="red" variant="light" title="The location could not be loaded">
          Check your connection and try again.
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => void refetch()}>Try again</Button>
        </Group>
      </Stack>
    );
  }
  const location = data?.locationByUuid;
  if (!location || location.buildingId !== buildingId) {
    return (
      <Stack gap="md">
        <Alert role="alert" color="orange" variant="light">
          {LOCATION_NOT_FOUND_MESSAGE}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={onScanAgain}>Scan Again</Button>
        </Group>
      </Stack>
    );
  }
  return <RemarksForm location={location} timeZone={timeZone} onClose={onClose} onSaved={onSaved} />;
}

type RemarksFormProps = {
  location: NonNullable<ScannedLocationQuery['locationByUuid']>;
  timeZone: string;
  onClose(): void;
  onSaved(message: string): void;
};

function RemarksForm({ location, timeZone, onClose, onSaved }: RemarksFormProps) {
  const { save, saving } = useAddLocationComment(timeZone);
  const [body, setBody] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [bodyError, setBodyError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!photo || typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => {
      URL.revokeObjectURL(url);
      setPreview(null);
    };
  }, [photo]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const textError = validateText(body);
    setBodyError(textError);
    setFailure(null);
    if (textError) return;
    const result = await save({ locationId: location.id, body, photo });
    if (result.status === 'failed') {
      if (result.field === 'body') setBodyError(result.message);
      else setFailure(result.message);
      return;
    }
    if (result.status === 'saved') onSaved(result.message);
    onClose();
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={2} size="h3">
            {location.name}
          </Title>
          <Text size="sm" c="dimmed">
            {[location.floorName, location.label].filter(Boolean).join(' · ')}
          </Text>
          {location.hint && <Text size="sm">{location.hint}</Text>}
        </Stack>
        <Textarea
          label="Remarks"
          description="What you noticed at this location, outside any walkabout."
          autosize
          minRows={4}
          maxRows={10}
          maxLength={REMARKS_MAX_LENGTH}
          value={body}
          error={bodyError}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            setBodyError(null);
          }}
        />
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Photo
          </Text>
          {photo ? (
            <Group gap="sm" wrap="nowrap" align="flex-start">
              {preview && <Image src={preview} alt="The photo to attach" w={96} h={96} radius="sm" fit="cover" />}
              <Text size="sm" style={{ flex: 1, overflowWrap: 'anywhere' }}>
                {photo.name}
              </Text>
              <CloseButton aria-label="Remove photo" onClick={() => setPhoto(null)} />
            </Group>
          ) : (
            <Group gap="sm">
              <FileButton onChange={setPhoto} accept="image/*" capture="environment">
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconCamera size={18} />}>
                    Take Photo
                  </Button>
                )}
              </FileButton>
              <FileButton onChange={setPhoto} accept="image/*">
                {(props) => (
                  <Button {...props} variant="default" leftSection={<IconPhoto size={18} />}>
                    Choose Photo
                  </Button>
                )}
              </FileButton>
            </Group>
          )}
        </Stack>
        {failure && (
          <Alert role="alert" color="red" variant="light">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
