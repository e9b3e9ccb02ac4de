/** The backend's fire watch resource (docs/REST.md "Walkabout calls"), the codegen mapper of FireWatch. */
import type { JsonApiResource } from '../../resources';

export type FireWatchAttributes = {
  /** 'started' or 'ended'. */
  status: string;
  startComments: string | null;
  endComments: string | null;
  startedAt: string;
  endedAt: string | null;
  buildingId: number;
  isActive?: boolean;
  walkaboutId?: number | null;
};
export type FireWatchResource = JsonApiResource<'fire-watches', FireWatchAttributes>;
