import { cycleOverrideDescription } from '@fsi/shared';
import type { Static } from 'typebox';
import { resource, toOne } from '../../jsonapi/serializer';
import type { CycleOverrideView } from './repository';
import type { CycleOverrideResource } from './schemas';

export function cycleOverrideResource(o: CycleOverrideView): Static<typeof CycleOverrideResource> {
  return resource(
    'cycle-overrides',
    o.id,
    {
      regionId: o.regionId,
      cycleId: o.cycleId,
      regionName: o.regionName,
      monday: o.monday,
      tuesday: o.tuesday,
      wednesday: o.wednesday,
      thursday: o.thursday,
      friday: o.friday,
      saturday: o.saturday,
      sunday: o.sunday,
      blackoutDates: o.blackoutDates,
      description: cycleOverrideDescription(o),
      version: o.version,
    },
    { region: toOne('regions', o.regionId), cycle: toOne('cycles', o.cycleId) },
  );
}
