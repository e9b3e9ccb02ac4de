import { memo } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { equipmentLabel, isEntryUnlocked } from '@fsi/shared';
import { ConditionRow } from './ConditionRow';
import { useEditContext, useEntrySnapshot, useEntryStatus } from '../state/EditContext';
import { IconCloudOff, IconLock, IconLockOpen, IconQrOff } from '../../../ui/icons';
import type { QrReason } from '../state/model';
import classes from './WalkaboutEdit.module.css';

/** The DOM id of an entry's card, to scroll to after a scan. */
export function entryDomId(entryId: string): string {
  return `entry-${entryId}`;
}

export const QR_REASON_LABELS: Record<QrReason['kind'], string> = {
  MISSING: 'Missing',
  UNUSABLE: 'Unusable',
  ACCESS_DENIED: 'Access denied',
};

/**
 * One entry: a location with its equipment, its sections and conditions. Only an unlocked (scanned)
 * entry can be edited (inspection.md section 2); the card re-renders when the entry is scanned, not
 * when one of its conditions changes.
 */
export const EntryCard = memo(function EntryCard({ entryId }: { entryId: string }) {
  const { store, readOnly, canHandleUnavailableQrCodes, flagUnavailable } = useEditContext();
  const info = store.getEntryInfo(entryId);
  const entry = useEntrySnapshot(store, entryId);
  const unlocked = isEntryUnlocked(entry);
  const editable = unlocked && !readOnly;
  const titleId = `${entryDomId(entryId)}-title`;

  return (
    <Card
      id={entryDomId(entryId)}
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      padding="sm"
      className={`${classes.entry} ${unlocked ? '' : classes.entryLocked}`}
    >
      <Stack gap={4} mb="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Title order={2} size="h4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {info.aliasName ? `${info.aliasName} · ${info.label}` : info.label}
          </Title>
          <Badge
            variant="light"
            color={unlocked ? 'green' : 'gray'}
            leftSection={unlocked ? <IconLockOpen size={14} /> : <IconLock size={14} />}
            style={{ flexShrink: 0 }}
          >
            {unlocked ? 'Unlocked' : 'Locked'}
          </Badge>
        </Group>
        <Text size="sm">
          {/* The entry's label is usually the equipment as 'name (id)' already (the title says it): not twice. */}
          {info.label === equipmentLabel(info.equipmentName, info.equipmentId)
            ? info.locationName
            : `${info.locationName} · ${equipmentLabel(info.equipmentName, info.equipmentId)}`}
        </Text>
        {info.locationHint && (
          <Text size="sm" c="dimmed">
            {info.locationHint}
          </Text>
        )}
        <EntryStatusLine entryId={entryId} pendingScan={entry.pending} />
        {entry.qrReason && (
          <Text size="sm" c="var(--mantine-color-orange-light-color)">
            QR code unavailable: {QR_REASON_LABELS[entry.qrReason.kind]}
            {entry.qrReason.comment ? ` (${entry.qrReason.comment})` : ''}
          </Text>
        )}
        {entry.qrPending && !entry.qrError && (
          <Badge color="orange" variant="light" size="sm" leftSection={<IconCloudOff size={12} />} style={{ alignSelf: 'flex-start' }}>
            Report not saved yet
          </Badge>
        )}
        {entry.qrError && (
          <Text size="sm" c="red.9" role="alert">
            QR code unavailable report not accepted: {entry.qrError}
          </Text>
        )}
        {!unlocked && !readOnly && (
          <Group gap="xs" justify="space-between">
            <Text size="sm" c="dimmed">
              Scan the location&apos;s QR code to unlock this entry.
            </Text>
            {canHandleUnavailableQrCodes && (
              <Button variant="subtle" size="compact-sm" mih={44} leftSection={<IconQrOff size={16} />} onClick={() => flagUnavailable(entryId)}>
                QR code unavailable
              </Button>
            )}
          </Group>
        )}
      </Stack>
      {info.sections.map((section) => (
        <SectionBlock key={section.id} name={section.name} conditionIds={section.conditionIds} editable={editable} />
      ))}
    </Card>
  );
});

const SectionBlock = memo(function SectionBlock({
  name,
  conditionIds,
  editable,
}: {
  name: string;
  conditionIds: string[];
  editable: boolean;
}) {
  return (
    <div className={classes.section}>
      <Text size="xs" fw={700} tt="uppercase" c="dimmed" mb={4}>
        {name}
      </Text>
      {conditionIds.map((id) => (
        <ConditionRow key={id} conditionId={id} editable={editable} />
      ))}
    </div>
  );
});

/** Progress of the entry in words: re-renders with each change of its conditions, on its own. */
function EntryStatusLine({ entryId, pendingScan }: { entryId: string; pendingScan: boolean }) {
  const { store } = useEditContext();
  const status = useEntryStatus(store, entryId);
  return (
    <Group gap="xs">
      <Text size="sm" c="dimmed">
        {status.marked} of {status.total} marked
      </Text>
      {status.unsatisfactory > 0 && (
        <Badge color="red" variant="light" size="sm">
          {status.unsatisfactory} unsatisfactory
        </Badge>
      )}
      {status.invalid && (
        <Badge color="red" variant="filled" size="sm">
          Needs remarks or a photo
        </Badge>
      )}
      {pendingScan && (
        <Badge color="orange" variant="light" size="sm" leftSection={<IconCloudOff size={12} />}>
          Scan not saved yet
        </Badge>
      )}
    </Group>
  );
}
