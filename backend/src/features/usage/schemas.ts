/** The REST contract of Organization usage (admin-organizations-buildings.md sections 2 and 3, "Usage per building"). */
import Type from 'typebox';
import { IdParams } from '../../jsonapi/query';
import { errorResponses, Int, ListDocument, PlainResource, ref, Str, StrNull } from '../../jsonapi/schemas';

export const BuildingUsageResource = PlainResource('BuildingUsageResource', 'building-usage', {
  /** The building (the resource's id is the building's id). */
  building_name: Str,
  /** The building's floor label name ('Floor' when it has none): the heading the floor count is shown under. */
  floorDisplayName: Str,
  floorsCount: Int,
  /** Users of the organization who may see the building (their region and building permissions allowing). */
  usersCount: Int,
  /** Of those, the ones e-mailed about it: subscribed to its incomplete-walkabout reminders or notifications, or to unsatisfactory or notated equipment. */
  usersWithNotificationsCount: Int,
  /** Locations (each carries a QR code). */
  locationsCount: Int,
  /** Photos taken with unsatisfactory results on the building's walkabouts. */
  unsatisfactoryPhotosCount: Int,
  /** Documents of the building, failure-item attachments included. */
  documentsCount: Int,
  /** A signed URL of the building's newest 'Fire Safety Plan' document; null when it has none. */
  fireSafetyPlanUrl: StrNull,
});

export const organizationUsageSchema = {
  tags: ['usage'],
  summary:
    "Usage per building of an organization, by building order then id (administrators only): floors, users, users with notifications, locations (QR codes), unsatisfactory photos, documents and the fire safety plan",
  params: IdParams,
  querystring: Type.Object({
    'page[number]': Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
    'page[size]': Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
  }),
  response: { 200: ListDocument(ref(BuildingUsageResource)), ...errorResponses },
};
