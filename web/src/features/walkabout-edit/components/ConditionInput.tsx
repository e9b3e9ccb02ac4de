import { Checkbox, NativeSelect, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { chosenValues, INVALID_TASK_VALUES_MESSAGE, TIME_PATTERN, type Condition, type ConditionValue } from '@fsi/shared';
import type { ConditionInfo } from '../state/model';

type ConditionInputProps = {
  info: ConditionInfo;
  condition: Condition;
  disabled: boolean;
  /** The id of the row's label, which names the input. */
  labelledBy: string;
  onValue: (value: ConditionValue) => void;
};

function textValue(value: ConditionValue): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function numberValue(value: ConditionValue): number | string {
  return typeof value === 'number' || typeof value === 'string' ? value : '';
}

/** 'Satisfactory from 40 to 175' with whichever bounds the task sets (inspection.md section 2: range with its bounds). */
export function rangeText(from: number | null, to: number | null): string | null {
  if (from !== null && to !== null) return `Satisfactory from ${from} to ${to}`;
  if (from !== null) return `Satisfactory at ${from} or more`;
  if (to !== null) return `Satisfactory at ${to} or less`;
  return null;
}

/** The input of a condition answered by typing or choosing (number, string, range, dropdown, multiselect, time). */
export function ConditionInput({ info, condition, disabled, labelledBy, onValue }: ConditionInputProps) {
  const common = { disabled, 'aria-labelledby': labelledBy, px: 6, pt: 4 } as const;
  switch (info.kind) {
    case 'NUMBER':
    case 'RANGE':
      return (
        <NumberInput
          {...common}
          value={numberValue(condition.value)}
          onChange={(value) => onValue(value === '' ? null : value)}
          description={info.kind === 'RANGE' ? rangeText(info.rangeFrom, info.rangeTo) : undefined}
          inputMode="decimal"
          size="md"
          hideControls
        />
      );
    case 'STRING':
      return (
        <TextInput
          {...common}
          value={textValue(condition.value)}
          onChange={(event) => onValue(event.currentTarget.value === '' ? null : event.currentTarget.value)}
          size="md"
        />
      );
    case 'TIME':
      return (
        <TimeInput
          {...common}
          value={textValue(condition.value)}
          onChange={(event) => onValue(event.currentTarget.value === '' ? null : event.currentTarget.value)}
          description={info.pattern ? `Time as ${TIME_PATTERN}` : undefined}
          placeholder={info.pattern ? TIME_PATTERN : undefined}
          size="md"
        />
      );
    case 'DROPDOWN':
      if (info.choices.length === 0) {
        return (
          <Text {...common} c="red.9" size="sm" role="alert">
            {INVALID_TASK_VALUES_MESSAGE}
          </Text>
        );
      }
      return (
        <NativeSelect
          {...common}
          value={textValue(condition.value)}
          onChange={(event) => onValue(event.currentTarget.value === '' ? null : event.currentTarget.value)}
          data={[{ value: '', label: 'Choose…' }, ...info.choices.map((choice) => ({ value: choice, label: choice }))]}
          size="md"
        />
      );
    case 'MULTISELECT':
      return (
        <Checkbox.Group
          value={chosenValues(condition.value)}
          onChange={(values) => onValue(values.length === 0 ? null : values)}
          aria-labelledby={labelledBy}
          px={6}
          pt={4}
        >
          <Stack gap={0}>
            {info.choices.map((choice) => (
              <Checkbox key={choice} value={choice} label={choice} disabled={disabled} size="md" py={10} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'BOOLEAN':
    case 'YESNO':
    case 'YESNONOTAPPLICABLE':
      return null;
  }
}
