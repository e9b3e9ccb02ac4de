import { Box, Text } from '@mantine/core';
import { useEnvironmentBannerQuery } from '../generated/graphql';
import { useWhenOnline } from '../lib/useWhenOnline';

/** Spec section 2: development and staging say which environment they are; production says nothing. */
export function EnvironmentBanner() {
  const { data, refetch } = useEnvironmentBannerQuery();
  useWhenOnline(() => {
    refetch().catch(() => undefined);
  });
  const environment = data?.appInfo.environment;
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
