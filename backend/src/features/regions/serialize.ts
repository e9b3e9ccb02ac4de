import { bool, freeArray, int, intArray, intNull, resourceSchema, str } from '../../jsonapi/schemas';
import { resource, toMany, toOne, type Resource } from '../../jsonapi/serializer';
import type { RegionView } from './repository';

export const regionResourceSchema = resourceSchema(
  'regions',
  {
    name: str,
    organizationId: int,
    parentId: intNull,
    parentIds: intArray,
    level: int,
    children_ids: intArray,
    isDeletable: bool,
    cycleOverrides: freeArray,
  },
  ['organization', 'parent', 'children'],
);

export function regionResource(r: RegionView): Resource {
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
      parent: toOne('regions', r.parentId),
      children: toMany('regions', r.childrenIds),
    },
  );
}
