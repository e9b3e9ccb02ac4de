/** The REST contract of Organization Settings: the organization with its buildings, and its counters (section 3). */
import { IdParams, IncludeQuery } from '../../jsonapi/query';
import { errorResponses, Included, Int, PlainResource, ref, SingleDocument, Str } from '../../jsonapi/schemas';
import { BuildingResource } from '../buildings/schemas';
import { OrganizationResource } from './schemas';

export const organizationIncludes = ['buildings'] as const;

export const organizationWithBuildingsSchema = {
  tags: ['organizations'],
  summary: 'One organization; with include=buildings, the buildings the caller may see, by order then id',
  params: IdParams,
  querystring: IncludeQuery(organizationIncludes),
  response: { 200: SingleDocument(ref(OrganizationResource), { included: Included(BuildingResource) }), ...errorResponses },
};

export const OrganizationCountersResource = PlainResource('OrganizationCountersResource', 'associations-counters', {
  organization_name: Str,
  /** The buildings the caller may see. */
  buildings_count: Int,
  /** Tasks (equipment conditions) of every cycle. */
  cycles_equipment_conditions_count: Int,
  /** Task groups. */
  condition_groups_count: Int,
  cycles_count: Int,
  /** Equipment types. */
  equipments_count: Int,
  unassigned_qr_codes_count: Int,
  /** The regions the caller may see. */
  regions_count: Int,
  /** The users the caller may see. */
  users_count: Int,
  roles_count: Int,
  report_definitions_count: Int,
  report_booklet_templates_count: Int,
});

export const organizationCountersSchema = {
  tags: ['organizations'],
  summary:
    "An organization's counters for Organization Settings (administrators, canManageOrganization, canViewOrganization, canViewSettings)",
  params: IdParams,
  response: { 200: SingleDocument(ref(OrganizationCountersResource)), ...errorResponses },
};
