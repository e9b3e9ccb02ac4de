import type { Static } from 'typebox';
import { resource, toMany, toOne, toOneOrNull } from '../../jsonapi/serializer';
import type { RegionView } from './repository';
import type { RegionResource } from './schemas';

export function regionResource(r: RegionView): Static<typeof RegionResource> {
  return resource(
    'regions',
    r.id,
    {
      name: r.name,
      organizationId: r.organizationId,
      parentId: r.parentId,
      parentIds: r.parentIds,
      level: r.level,
      children_ids: r.childrenIds,
      isDeletable: r.isDeletable,
      version: r.version,
      cycleOverrides: r.cycleOverrides.map((o) => ({
        id: o.id,
        regionId: o.regionId,
        cycleId: o.cycleId,
        monday: o.monday,
        tuesday: o.tuesday,
        wednesday: o.wednesday,
        thursday: o.thursday,
        friday: o.friday,
        saturday: o.saturday,
        sunday: o.sunday,
        blackoutDates: o.blackoutDates,
      })),
    },
    {
      organization: toOne('organizations', r.organizationId),
      parent: toOneOrNull('regions', r.parentId),
      children: toMany('regions', r.childrenIds),
    },
  );
}
