import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';

type TypedCodeProps = {
  label: string;
  description?: string;
  /** While a code is being used: Use Code is off. */
  disabled: boolean;
  /** The typed or pasted link, trimmed, on Use Code (or Enter). */
  onCode(text: string): void;
};

/** A QR code's link typed or pasted instead of read by the camera: the scan sheet's and the assign sheet's. */
export function TypedCode({ label, description, disabled, onCode }: TypedCodeProps) {
  const [typed, setTyped] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim() !== '' && !disabled) onCode(typed.trim());
  };
  return (
    <form onSubmit={submit}>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={label}
          description={description}
          placeholder="https://…/q/…"
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          style={{ flex: 1 }}
        />
        <Button type="submit" disabled={typed.trim() === '' || disabled}>
          Use Code
        </Button>
      </Group>
    </form>
  );
}
