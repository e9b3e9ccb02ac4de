import { Box, Text } from '@mantine/core';

/**
 * Spec section 2: development and staging say which environment they are; production says nothing. The banner
 * itself, given the environment's name: EnvironmentBanner reads it through Apollo in the signed-in app, the
 * screens reached without a session with a fetch of their own (no Apollo Client on sign-in's critical path).
 */
export function EnvironmentNotice({ environment }: { environment: string | null | undefined }) {
  if (!environment || environment.toLowerCase() === 'production') return null;
  const name = environment.charAt(0).toUpperCase() + environment.slice(1);
  return (
    <Box role="status" bg="yellow.3" c="dark.9" px="md" py={6} ta="center">
      <Text size="sm" fw={600}>
        {name} environment
        <Text span inherit visibleFrom="sm">
          : records here are not real inspections.
        </Text>
      </Text>
    </Box>
  );
}
