/** The backend's location resources (docs/REST.md "Walkabout calls"), the codegen mappers of Location, Floor and LocationComment. */
import type { JsonApiResource } from '../../resources';

export type LocationAttributes = {
  name: string;
  label: string | null;
  hint: string | null;
  url: string | null;
  universalLink: string;
  regularUuid: string;
  temporaryUuid: string | null;
  floorId: number;
  floorName: string;
  buildingId: number;
  buildingFloorOrder?: number;
  order: number;
  alias_ids?: number[];
};
export type LocationResource = JsonApiResource<'locations', LocationAttributes>;

/** `GET /buildings/{id}/floors`: a building's floors, in order. */
export type FloorResource = JsonApiResource<'floors', { name: string; order: number; buildingId?: number; locationsCount?: number }>;

export type LocationCommentResource = JsonApiResource<
  'location-comments',
  { body: string | null; photoUrl: string | null; createdAt: string; creatorUsername: string; locationId?: number }
>;
