import { Link } from 'react-router-dom';
import { Card, Stack, Text } from '@mantine/core';
import { IconChevronRight } from '../../ui/icons';

export type LinkRow = { key: string; to: string; label: string; subtitle?: string | null };

/**
 * A list of rows that each lead somewhere (the cycles and regions lists, a region's sub-regions and overrides): the
 * row's link is named by what it shows. The chevron shows only to those who may change what the row opens
 * (admin-people-schedules.md section 2).
 */
export function LinkRows({ label, rows, chevrons }: { label: string; rows: readonly LinkRow[]; chevrons: boolean }) {
  return (
    <Card withBorder radius="md" padding={0}>
      <Stack component="ul" aria-label={label} gap={0} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {rows.map((row, index) => (
          <li key={row.key} style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}>
            <Link
              to={row.to}
              style={{ display: 'flex', alignItems: 'center', gap: 12, padding: 'var(--mantine-spacing-md)', color: 'inherit', textDecoration: 'none', minHeight: 48 }}
            >
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} component="span" style={{ overflowWrap: 'anywhere' }}>
                  {row.label}
                </Text>
                {row.subtitle && (
                  <Text size="sm" c="dimmed" component="span">
                    {row.subtitle}
                  </Text>
                )}
              </Stack>
              {chevrons && <IconChevronRight size={18} />}
            </Link>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
