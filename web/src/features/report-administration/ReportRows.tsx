import { Link } from 'react-router-dom';
import type { CSSProperties, ReactNode } from 'react';
import { Card, Center, EmptyState, Stack, Text, UnstyledButton } from '@mantine/core';
import { REPORT_INACTIVE_SUBTITLE } from '@fsi/shared/report-administration';
import { IconChevronRight, IconPlus, IconSearch } from '../../ui/icons';
import type { ReportBookletRow_BookletFragment, ReportDefinitionRow_DefinitionFragment } from './reportAdministration.generated';

export type Row = { key: string; to: string; label: string; subtitle?: string };
/** The last row, for users who may add: it opens the New Report or New Booklet sheet over the page (section 2). */
export type AddRow = { label: string; onAdd(): void };

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

const rowStyle: CSSProperties = { display: 'flex', alignItems: 'center', gap: 12, padding: 'var(--mantine-spacing-md)', color: 'inherit', textDecoration: 'none', minHeight: 48 };

function RowText({ label, subtitle }: { label: string; subtitle?: string }) {
  return (
    <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
      <Text fw={600} component="span" style={{ overflowWrap: 'anywhere' }}>
        {label}
      </Text>
      {subtitle && (
        <Text size="sm" c="dimmed" component="span" style={{ overflowWrap: 'anywhere' }}>
          {subtitle}
        </Text>
      )}
    </Stack>
  );
}

/** A titled list of links, with its add row (a button opening a sheet) last when the viewer may add; 'No results found' when empty. */
export function ReportRows({ title, rows, addRow }: { title: string; rows: Row[]; addRow?: AddRow | null }) {
  const items: Array<{ key: string; content: ReactNode }> = rows.map((row) => ({
    key: row.key,
    content: (
      <Link to={row.to} style={rowStyle}>
        <RowText label={row.label} subtitle={row.subtitle} />
        <IconChevronRight size={18} />
      </Link>
    ),
  }));
  if (addRow) {
    items.push({
      key: 'add',
      content: (
        <UnstyledButton onClick={addRow.onAdd} aria-haspopup="dialog" w="100%" style={{ ...rowStyle, color: 'var(--mantine-primary-color-filled)', textAlign: 'start' }}>
          <IconPlus size={18} />
          <RowText label={addRow.label} />
        </UnstyledButton>
      ),
    });
  }
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
      {items.length > 0 && (
        <Card withBorder radius="md" padding={0}>
          <Stack component="ul" gap={0} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((item, index) => (
              <li key={item.key} style={index > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}>
                {item.content}
              </li>
            ))}
          </Stack>
        </Card>
      )}
    </section>
  );
}
