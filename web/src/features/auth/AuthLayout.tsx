import type { ReactNode } from 'react';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { EnvironmentNotice } from '../../ui/EnvironmentNotice';
import { IconFlame } from '../../ui/icons';
import classes from './AuthLayout.module.css';
import { useEnvironment } from './useEnvironment';

type AuthLayoutProps = { title: string; description?: ReactNode; children: ReactNode };

/** The frame of the screens reached without a session: sign-in and the password screens. */
export function AuthLayout({ title, description, children }: AuthLayoutProps) {
  useDocumentTitle(`${title} · Fire Safety Inspections`);
  const environment = useEnvironment();
  return (
    <Box className={classes.page}>
      <EnvironmentNotice environment={environment} />
      <Center component="main" className={classes.center}>
        <Stack gap="lg" w="100%" maw={420}>
          <Stack gap={6} align="center">
            <span className={classes.mark}>
              <IconFlame size={26} />
            </span>
            <Text fw={700} c="dimmed" size="sm" tt="uppercase" lts={1}>
              Fire Safety Inspections
            </Text>
          </Stack>
          <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="md">
              <Stack gap={4}>
                <Title order={1} size="h2">
                  {title}
                </Title>
                {description && (
                  <Text c="dimmed" size="sm">
                    {description}
                  </Text>
                )}
              </Stack>
              {children}
            </Stack>
          </Paper>
          <Text c="dimmed" size="xs" ta="center">
            Beta version
          </Text>
        </Stack>
      </Center>
    </Box>
  );
}
