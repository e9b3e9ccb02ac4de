import { Link } from 'react-router-dom';
import { Card, Center, EmptyState, Stack, Text } from '@mantine/core';
import { REPORT_INACTIVE_SUBTITLE } from '@fsi/shared/report-administration';
import { IconChevronRight, IconPlus, IconSearch } from '../../ui/icons';
import type { ReportBookletRow_BookletFragment, ReportDefinitionRow_DefinitionFragment } from './reportAdministration.generated';

export type Row = { key: string; to: string; label: string; subtitle?: string; add?: boolean };

/** Section 2: a definition's subtitle is its building names, or Inactive when it is inactive. */
export function definitionRow(organizationId: string, d: ReportDefinitionRow_DefinitionFragment): Row {
  return { key: d.id, to: `/manage/organization/${organizationId}/report/${d.id}`, label: d.name, subtitle: d.isActive ? d.buildingNames.join(', ') : REPORT_INACTIVE_SUBTITLE };
}

/** Section 2: booklet rows read name (id). */
export function bookletRow(organizationId: string, t: ReportBookletRow_BookletFragment): Row {
  return { key: t.id, to: `/manage/organization/${organizationId}/report-booklet/${t.id}`, label: `${t.name} (${t.id})`, subtitle: t.isActive ? undefined : REPORT_INACTIVE_SUBTITLE };
}

const byName = <T extends { name: string }>(a: T, b: T) => a.name.localeCompare(b.name);
export const sortedByName = <T extends { name: string }>(items: readonly T[]) => [...items].sort(byName);

/** A titled list of links, with its add row last when the viewer may add; 'No results found' when empty. */
export function ReportRows({ title, rows, addRow }: { title: string; rows: Row[]; addRow?: Row | null }) {
  const all = addRow ? [...rows, addRow] : rows;
  return (
    <section aria-label={title}>
      <Text component="h2" fw={700} size="sm" c="dimmed" tt="uppercase" mb={6}>
        {title}
      </Text>
      {rows.length === 0 && (
        <Center py="md">
          <EmptyState icon={<IconSearch size={28} />} withIndicatorBackground title="No results found" />
        </Center>
      )}
      {all.length > 0 && (
        <Card withBorder radius="md" padding={0}>
          <Stack component="ul" gap={0} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {all.map((row, index) => (
              <li key={row.key} style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}>
                <Link
                  to={row.to}
                  style={{ display: 'flex', alignItems: 'center', gap: 12, padding: 'var(--mantine-spacing-md)', color: row.add ? 'var(--mantine-primary-color-filled)' : 'inherit', textDecoration: 'none', minHeight: 48 }}
                >
                  {row.add && <IconPlus size={18} />}
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Text fw={600} component="span" style={{ overflowWrap: 'anywhere' }}>
                      {row.label}
                    </Text>
                    {row.subtitle && (
                      <Text size="sm" c="dimmed" component="span" style={{ overflowWrap: 'anywhere' }}>
                        {row.subtitle}
                      </Text>
                    )}
                  </Stack>
                  {!row.add && <IconChevronRight size={18} />}
                </Link>
              </li>
            ))}
          </Stack>
        </Card>
      )}
    </section>
  );
}
