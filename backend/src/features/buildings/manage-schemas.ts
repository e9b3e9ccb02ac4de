/** The REST contract of adding, renaming and reordering buildings and of a building's counters (admin-organizations-buildings.md sections 2, 3, 7). */
import Type from 'typebox';
import { IdParams } from '../../jsonapi/query';
import { errorResponses, Int, PlainResource, ref, SingleDocument, Str, StringOrNull } from '../../jsonapi/schemas';
import { BuildingResource } from './schemas';

const Version = Type.Integer({
  minimum: 1,
  maximum: 2_147_483_647,
  description: "The building's version as last read; an older one than the building's is refused with 409 STALE",
});
const OrganizationId = Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.String({ pattern: '^\\d{1,9}$' })], {
  description: 'The organization of the new building (a number, or its id as a string)',
});
const BuildingName = StringOrNull({ maxLength: 1000, description: "Required ('Building name is required field'), at most 256 characters" });

export const createBuildingSchema = {
  tags: ['buildings'],
  summary:
    "Add a building to an organization (administrators, canManageOrganization): it takes the organization's time zone, goes last in the order and gets the default walkabout offsets (0 hour) of every repeating cycle",
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      attributes: Type.Object({ name: Type.Optional(BuildingName), organization_id: OrganizationId }),
    }),
  }),
  response: { 201: SingleDocument(ref(BuildingResource)), ...errorResponses },
};

export const renameBuildingSchema = {
  tags: ['buildings'],
  summary: 'Rename a building (administrators, canManageOrganization); with version, a building changed since is refused with 409 STALE',
  params: IdParams,
  body: Type.Object({
    data: Type.Object({
      id: Type.Optional(Str),
      type: Type.Optional(Str),
      attributes: Type.Object({
        name: Type.Optional(BuildingName),
        organization_id: Type.Optional(OrganizationId),
        version: Type.Optional(Version),
      }),
    }),
  }),
  response: { 200: SingleDocument(ref(BuildingResource)), ...errorResponses },
};

export const batchUpdateBuildingsSchema = {
  tags: ['buildings'],
  summary:
    "Reorder buildings of one organization (administrators, canManageOrganization): send only those whose order changed. One transaction: any building changed since it was read (an older version) refuses the whole batch with 409 STALE",
  body: Type.Object({
    batch_update_attributes: Type.Array(
      Type.Object({
        building_id: Type.Union([Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), Type.String({ pattern: '^\\d{1,9}$' })]),
        order: Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 }),
        version: Type.Optional(Version),
      }),
      { maxItems: 1000 },
    ),
  }),
  response: { 200: Type.Object({ data: Type.Array(ref(BuildingResource)) }), ...errorResponses },
};

export const BuildingCountersResource = PlainResource('BuildingCountersResource', 'associations-counters', {
  floors_count: Int,
  /** Locations not deleted. */
  locations_count: Int,
  /** The equipment types at the building's locations. */
  types_count: Int,
  /** The tasks of those types. */
  tasks_count: Int,
  organization_name: Str,
  building_name: Str,
});

export const buildingCountersSchema = {
  tags: ['buildings'],
  summary: "A building's counters for Building Settings (its organization's settings readers, users who manage or view buildings)",
  params: IdParams,
  response: { 200: SingleDocument(ref(BuildingCountersResource)), ...errorResponses },
};
