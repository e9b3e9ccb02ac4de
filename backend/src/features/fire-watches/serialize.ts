import type { Static } from 'typebox';
import { resource, toOne } from '../../jsonapi/serializer';
import type { FireWatchRow } from './repository';
import type { FireWatchResource } from './schemas';

export function fireWatchResource(f: FireWatchRow): Static<typeof FireWatchResource> {
  return resource(
    'fire-watches',
    f.id,
    {
      status: f.status,
      startComments: f.startComments,
      endComments: f.endComments,
      startedAt: f.startedAt.toISOString(),
      endedAt: f.endedAt?.toISOString() ?? null,
      startedBy: f.startedBy,
      endedBy: f.endedBy,
      buildingId: f.buildingId,
      isActive: f.status === 'started',
      walkaboutId: f.walkaboutId,
    },
    { building: toOne('buildings', f.buildingId) },
  );
}
