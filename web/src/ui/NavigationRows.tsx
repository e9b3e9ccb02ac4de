import { Link } from 'react-router-dom';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { IconChevronRight } from './icons';

export type NavigationRow = {
  to: string;
  label: string;
  /** The count shown beside the label; null shows none. */
  count: number | null;
  description?: string;
};

/**
 * The rows of a settings screen (Organization Settings, Building Settings): each a link with its count, in one
 * list named by `label`. The link's name is what it shows (label, description, count), so that a screen reader
 * announces the row and its count together and speech input can say what is seen.
 */
export function NavigationRows({ label, rows }: { label: string; rows: readonly NavigationRow[] }) {
  return (
    <nav aria-label={label}>
      <Card withBorder radius="md" padding={0}>
        <Stack component="ul" gap={0} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((row, index) => (
            <li key={row.to} style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}>
              <Link
                to={row.to}
                style={{ display: 'flex', alignItems: 'center', gap: 12, padding: 'var(--mantine-spacing-md)', color: 'inherit', textDecoration: 'none', minHeight: 48 }}
              >
                <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600} component="span">
                    {row.label}
                  </Text>
                  {row.description && (
                    <Text size="sm" c="dimmed" component="span">
                      {row.description}
                    </Text>
                  )}
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  {row.count !== null && (
                    <Badge variant="light" color="gray" size="lg">
                      {row.count}
                    </Badge>
                  )}
                  <IconChevronRight size={18} />
                </Group>
              </Link>
            </li>
          ))}
        </Stack>
      </Card>
    </nav>
  );
}
