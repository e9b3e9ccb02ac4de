import { useCallback, useMemo, useRef, useState } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';

export type Message = {
  title: string;
  text: string;
  /** The confirming button; 'OK' by default. */
  confirmLabel?: string;
  /** Shown only when set: the message then asks a question. */
  cancelLabel?: string;
  /** Focus this element after closing instead of the control that opened the message. */
  focusAfter?: () => void;
};

/**
 * The screen's confirm and alert modal (spec section 2: title, text, confirm, optional Cancel),
 * as a promise: `if (!(await ask({...}))) return;` keeps a save flow readable step by step.
 */
export function useMessages() {
  const [current, setCurrent] = useState<Message | null>(null);
  const resolver = useRef<((confirmed: boolean) => void) | null>(null);

  const show = useCallback((message: Message) => {
    resolver.current?.(false);
    setCurrent(message);
    return new Promise<boolean>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const close = useCallback((confirmed: boolean) => {
    const message = current;
    resolver.current?.(confirmed);
    resolver.current = null;
    setCurrent(null);
    if (message?.focusAfter) window.setTimeout(message.focusAfter, 0);
  }, [current]);

  const modal = useMemo(() => (
    <Modal
      opened={current !== null}
      onClose={() => close(false)}
      title={current?.title}
      centered
      returnFocus={!current?.focusAfter}
      closeOnClickOutside={current?.cancelLabel !== undefined}
    >
      <Text>{current?.text}</Text>
      <Group justify="flex-end" mt="lg">
        {current?.cancelLabel && (
          <Button variant="default" onClick={() => close(false)} mih={44}>
            {current.cancelLabel}
          </Button>
        )}
        <Button onClick={() => close(true)} mih={44} data-autofocus>
          {current?.confirmLabel ?? 'OK'}
        </Button>
      </Group>
    </Modal>
  ), [current, close]);

  return useMemo(() => ({ show, modal }), [show, modal]);
}
