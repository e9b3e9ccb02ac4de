import { useState } from 'react';
import { Button, Group, Modal, Progress, Stack, Text, Title } from '@mantine/core';

/** Spec section 2, Tutorial: four steps; the button reads Next, then Done on the last. */
export const TUTORIAL_STEPS = [
  {
    title: 'Welcome',
    text: 'During a walkabout you record the condition of the equipment at each location. These steps show how to mark a condition.',
  },
  { title: 'Tap once', text: 'Tap a condition to mark it satisfactory.' },
  {
    title: 'Tap again',
    text: 'Tap the same condition again to mark it unsatisfactory, then add remarks or a photo to say what is wrong.',
  },
  { title: 'Tap and hold', text: 'Tap and hold a condition to unmark it.' },
] as const;

type TutorialModalProps = { opened: boolean; onClose: () => void };

export function TutorialModal({ opened, onClose }: TutorialModalProps) {
  const [step, setStep] = useState(0);
  const current = TUTORIAL_STEPS[step] ?? TUTORIAL_STEPS[0];
  const isLast = step === TUTORIAL_STEPS.length - 1;

  const close = () => {
    onClose();
    setStep(0);
  };

  return (
    <Modal opened={opened} onClose={close} title="Tutorial" centered>
      <Stack gap="md">
        <Progress
          value={((step + 1) / TUTORIAL_STEPS.length) * 100}
          size="sm"
          aria-label={`Step ${step + 1} of ${TUTORIAL_STEPS.length}`}
        />
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Step {step + 1} of {TUTORIAL_STEPS.length}
        </Text>
        <Title order={3} size="h3">
          {current.title}
        </Title>
        <Text>{current.text}</Text>
        <Group justify="flex-end">
          <Button onClick={isLast ? close : () => setStep(step + 1)}>{isLast ? 'Done' : 'Next'}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
