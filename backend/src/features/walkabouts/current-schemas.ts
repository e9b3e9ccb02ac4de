/** The REST contract of Create Current Walkabouts (POST /buildings/{buildingId}/walkabouts; current.ts). */
import Type from 'typebox';
import { IdParams } from '../../jsonapi/query';
import { errorResponses, Included, Int, ref } from '../../jsonapi/schemas';
import { BuildingResource } from '../buildings/schemas';
import { WalkaboutResource } from './schemas';

const changeCounts = {
  entriesAdded: Type.Integer({ description: 'Entries (a location with one of its equipment) added because they now apply' }),
  entriesRemoved: Type.Integer({ description: 'Entries removed because they no longer apply and nothing was recorded for them' }),
  conditionsAdded: Type.Integer({ description: 'Conditions added because their task now applies' }),
  conditionsRemoved: Type.Integer({ description: 'Conditions without a result removed because their task no longer applies' }),
  entriesKeptWithResults: Type.Integer({ description: 'Entries that no longer apply but stay, because results were recorded for them' }),
};

export const CurrentWalkaboutChangesSchema = Type.Object({
  walkaboutsCreated: Type.Integer({ description: 'Walkabouts made for a current period that had none' }),
  walkaboutsUpdated: Type.Integer({ description: 'Open walkabouts whose snapshot changed' }),
  ...changeCounts,
});

export const WalkaboutChangesSchema = Type.Object({
  walkaboutId: Int,
  created: Type.Boolean({ description: 'Made by this call' }),
  floorsAdded: Int,
  ...changeCounts,
});

export const createCurrentWalkaboutsSchema = {
  tags: ['walkabouts'],
  summary:
    'Create Current Walkabouts (admin, canManageOrganization or canManageBuildings): make the walkabout of every current period that has none, and bring every open walkabout of the building up to date with its floors, locations, equipment and tasks; results already recorded are kept. No body.',
  params: IdParams,
  response: {
    200: Type.Object({
      data: Type.Array(ref(WalkaboutResource), { description: 'The walkabouts examined: every open walkabout of the building, new ones included' }),
      included: Included(BuildingResource),
      meta: Type.Object({ changes: CurrentWalkaboutChangesSchema, walkabouts: Type.Array(WalkaboutChangesSchema) }),
    }),
    ...errorResponses,
  },
};
