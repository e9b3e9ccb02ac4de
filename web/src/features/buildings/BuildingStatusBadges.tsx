import { Badge, Group } from '@mantine/core';
import type { BuildingStatusBadges_BuildingFragment } from './BuildingStatusBadges.generated';
import { statusTone, type StatusTone } from './buildingStatus';

const toneStyle: Record<StatusTone, { color: string; text: string }> = {
  complete: { color: 'green', text: 'complete, all satisfactory' },
  incomplete: { color: 'yellow', text: 'incomplete' },
  unsatisfactory: { color: 'red', text: 'complete with unsatisfactory results' },
};

type BuildingStatusBadgesProps = { building: BuildingStatusBadges_BuildingFragment; now?: Date };

/** One badge per cycle whose walkabout is open, coloured by how far it has got (spec section 2, Buildings). */
export function BuildingStatusBadges({ building, now }: BuildingStatusBadgesProps) {
  const badges = building.statuses.flatMap((status) => {
    const tone = statusTone(status, now);
    return tone ? [{ status, tone }] : [];
  });
  if (badges.length === 0) return null;
  return (
    <Group gap={6} role="list" aria-label="Open walkabouts">
      {badges.map(({ status, tone }) => {
        const name = status.cycle.abbreviation || status.cycle.name;
        const { color, text } = toneStyle[tone];
        return (
          <Badge
            key={status.cycle.id}
            role="listitem"
            color={color}
            variant={tone === 'incomplete' ? 'light' : 'filled'}
            radius="sm"
            data-tone={tone}
            aria-label={`${status.cycle.name}: ${text}`}
            title={`${status.cycle.name}: ${text}`}
          >
            {name}
          </Badge>
        );
      })}
    </Group>
  );
}
