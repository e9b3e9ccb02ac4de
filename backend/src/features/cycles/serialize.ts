import { bool, int, intNull, resourceSchema, str, strNull } from '../../jsonapi/schemas';
import { resource, toOne, type Resource } from '../../jsonapi/serializer';
import type { CycleView } from './repository';

export const cycleResourceSchema = resourceSchema(
  'cycles',
  { name: str, abbreviation: str, frequency: strNull, every: intNull, start: strNull, organizationId: int, isDeletable: bool },
  ['organization'],
);

export function cycleResource(c: CycleView): Resource {
  return resource(
    'cycles',
    c.id,
    {
      name: c.name,
      abbreviation: c.abbreviation,
      frequency: c.frequency,
      every: c.every,
      start: c.start,
      organizationId: c.organizationId,
      isDeletable: c.isDeletable,
    },
    { organization: toOne('organizations', c.organizationId) },
  );
}
