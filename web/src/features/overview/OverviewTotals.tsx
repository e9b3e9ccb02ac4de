import { Card, SimpleGrid, Text } from '@mantine/core';
import { OVERVIEW_STATE_LABELS } from '@fsi/shared/overview';
import type { OverviewCountsFragment } from './OverviewTable.generated';

/** A percentage as the cards show it: up to 3 decimals, as the gateway rounded it. */
export const formatPercentage = (value: number) => `${Number(value.toFixed(3))}%`;

export function countCards(counts: OverviewCountsFragment) {
  return [
    { key: 'total', label: 'Total', count: counts.total, percentage: counts.total ? 100 : 0, color: undefined },
    { key: 'satisfactory', label: OVERVIEW_STATE_LABELS.satisfactory, count: counts.satisfactory, percentage: counts.satisfactoryPercentage, color: 'green' },
    { key: 'unsatisfactory', label: OVERVIEW_STATE_LABELS.unsatisfactory, count: counts.unsatisfactory, percentage: counts.unsatisfactoryPercentage, color: 'red' },
    { key: 'not_applicable', label: OVERVIEW_STATE_LABELS.not_applicable, count: counts.notApplicable, percentage: counts.notApplicablePercentage, color: 'gray' },
    { key: 'incomplete', label: OVERVIEW_STATE_LABELS.incomplete, count: counts.incomplete, percentage: counts.incompletePercentage, color: 'orange' },
    { key: 'unscanned', label: OVERVIEW_STATE_LABELS.unscanned, count: counts.unscanned, percentage: counts.unscannedPercentage, color: 'blue' },
  ] as const;
}

/** The totals cards: Total, Satisfactory, Unsatisfactory, Not Applicable, Incomplete and Not Scanned, each a count and its share. */
export function OverviewTotals({ counts }: { counts: OverviewCountsFragment }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: 6 }} spacing="sm" component="ul" aria-label="Totals" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {countCards(counts).map((card) => (
        <Card key={card.key} component="li" withBorder padding="sm" radius="md" style={{ borderTop: card.color ? `3px solid var(--mantine-color-${card.color}-6)` : undefined }}>
          <Text size="sm" c="dimmed">
            {card.label}
          </Text>
          <Text fw={700} fz="xl" aria-label={`${card.label}: ${card.count}, ${formatPercentage(card.percentage)}`}>
            {card.count.toLocaleString('en-US')}
          </Text>
          <Text size="sm" aria-hidden="true">
            {formatPercentage(card.percentage)}
          </Text>
        </Card>
      ))}
    </SimpleGrid>
  );
}
