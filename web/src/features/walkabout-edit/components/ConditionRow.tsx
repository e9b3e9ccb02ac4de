import { memo, useId } from 'react';
import { ActionIcon, Badge, Group, Text, UnstyledButton } from '@mantine/core';
import {
  conditionSatisfaction,
  isConditionMissingEvidence,
  isTappable,
  setConditionValue,
  showsPhoto,
  showsRemarks,
  tapCondition,
  type Condition,
  type Satisfaction,
} from '@fsi/shared';
import { ConditionEvidence } from './ConditionEvidence';
import { ConditionInput } from './ConditionInput';
import { useConditionSnapshot, useEditContext } from '../state/EditContext';
import { IconCheck, IconCircle, IconCloudOff, IconDots, IconMinus, IconX } from '../../../ui/icons';
import { usePressAndHold } from '../hooks/usePressAndHold';
import classes from './WalkaboutEdit.module.css';

type ConditionRowProps = {
  conditionId: string;
  /** The entry is unlocked and the walkabout open. */
  editable: boolean;
};

/** The DOM id of a condition's row, to scroll to and focus the first invalid one. */
export function conditionDomId(conditionId: string): string {
  return `condition-${conditionId}`;
}

/**
 * One condition (task): a tap control for boolean and yes/no types, an input for the others, and
 * remarks and photo when the shared rules ask for them. It subscribes to its own condition only, so
 * a tap re-renders this row and nothing else of the floor.
 */
export const ConditionRow = memo(function ConditionRow({ conditionId, editable }: ConditionRowProps) {
  const { store, openActions } = useEditContext();
  const { condition, info, pending } = useConditionSnapshot(store, conditionId);
  const satisfaction = conditionSatisfaction(condition);
  const invalid = editable && isConditionMissingEvidence(condition);
  const hold = usePressAndHold(() => openActions(conditionId), editable);
  const hintId = useId();
  const tappable = isTappable(condition.type);

  const tap = () => {
    if (hold.consumeHold() || !editable) return;
    store.updateCondition(conditionId, tapCondition, 'tap');
  };

  return (
    <div
      id={conditionDomId(conditionId)}
      className={classes.row}
      data-satisfaction={satisfaction}
      data-invalid={invalid || undefined}
      data-condition-row=""
    >
      <div className={classes.rowHead}>
        {tappable ? (
          <UnstyledButton
            className={classes.tap}
            onClick={tap}
            onPointerDown={hold.onPointerDown}
            onPointerUp={hold.onPointerUp}
            onPointerLeave={hold.onPointerLeave}
            onPointerCancel={hold.onPointerCancel}
            onContextMenu={hold.onContextMenu}
            disabled={!editable}
            aria-describedby={info.hint || info.description ? hintId : undefined}
            data-focus-target=""
          >
            <span className={classes.label}>{info.label}</span>
            <StatusBadge condition={condition} satisfaction={satisfaction} />
          </UnstyledButton>
        ) : (
          <>
            <Text
              className={classes.label}
              id={`${conditionDomId(conditionId)}-label`}
              onPointerDown={hold.onPointerDown}
              onPointerUp={hold.onPointerUp}
              onPointerLeave={hold.onPointerLeave}
              onContextMenu={hold.onContextMenu}
            >
              {info.label}
            </Text>
            <StatusBadge condition={condition} satisfaction={satisfaction} />
          </>
        )}
        {editable && (
          <ActionIcon
            variant="subtle"
            color="gray"
            size={44}
            aria-label={`More actions for ${info.label}`}
            onClick={() => openActions(conditionId)}
          >
            <IconDots />
          </ActionIcon>
        )}
      </div>
      {(info.hint || info.description) && (
        <Text id={hintId} size="sm" c="dimmed" px={6}>
          {[info.description, info.hint].filter(Boolean).join(' ')}
        </Text>
      )}
      {info.kind === 'YESNONOTAPPLICABLE' && editable && (
        <Group px={6} pt={4}>
          <UnstyledButton
            className={classes.status}
            data-satisfaction={condition.value === 'na' ? 'neutral' : undefined}
            aria-pressed={condition.value === 'na'}
            aria-label={`Not applicable: ${info.label}`}
            style={{ minHeight: 44, minWidth: 64, justifyContent: 'center', border: '1px solid var(--mantine-color-gray-4)' }}
            onClick={() => store.updateCondition(conditionId, (current) => setConditionValue(current, 'na'), 'input')}
          >
            N/A
          </UnstyledButton>
        </Group>
      )}
      {!tappable && (
        <ConditionInput
          info={info}
          condition={condition}
          disabled={!editable}
          labelledBy={`${conditionDomId(conditionId)}-label`}
          onValue={(value) => store.updateCondition(conditionId, (current) => setConditionValue(current, value), 'input')}
        />
      )}
      {(showsRemarks(condition) || showsPhoto(condition)) && (
        <ConditionEvidence conditionId={conditionId} condition={condition} label={info.label} disabled={!editable} />
      )}
      {(invalid || pending) && (
        <Group gap="xs" px={6} pt={4}>
          {invalid && (
            <Text size="sm" c="red.9" fw={600}>
              Add remarks or a photo.
            </Text>
          )}
          {pending && (
            <Badge variant="light" color="orange" leftSection={<IconCloudOff size={14} />} size="sm">
              Not saved yet
            </Badge>
          )}
        </Group>
      )}
    </div>
  );
});

const STATUS_TEXT: Record<Satisfaction, string> = {
  satisfactory: 'Satisfactory',
  unsatisfactory: 'Unsatisfactory',
  neutral: 'Not marked',
};

/** The answer in words and an icon as well as colour (never colour alone). */
export function statusText(condition: Condition, satisfaction: Satisfaction): string {
  if (condition.value === 'na') return 'Not applicable';
  const status = STATUS_TEXT[satisfaction];
  if (condition.value === 'yes') return `Yes, ${status.toLowerCase()}`;
  if (condition.value === 'no') return `No, ${status.toLowerCase()}`;
  return status;
}

function StatusBadge({ condition, satisfaction }: { condition: Condition; satisfaction: Satisfaction }) {
  const Icon = condition.value === 'na' ? IconMinus : satisfaction === 'satisfactory' ? IconCheck : satisfaction === 'unsatisfactory' ? IconX : IconCircle;
  return (
    <span className={classes.status} data-satisfaction={satisfaction}>
      <Icon size={16} />
      <span>{statusText(condition, satisfaction)}</span>
    </span>
  );
}
