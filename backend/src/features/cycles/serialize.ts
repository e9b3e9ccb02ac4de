import { occurrenceText } from '@fsi/shared';
import type { Static } from 'typebox';
import { resource, toOne } from '../../jsonapi/serializer';
import type { CycleView } from './repository';
import type { CycleResource } from './schemas';

export function cycleResource(c: CycleView): Static<typeof CycleResource> {
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
      occurrence: occurrenceText(c.frequency, c.every),
      version: c.version,
    },
    { organization: toOne('organizations', c.organizationId) },
  );
}
