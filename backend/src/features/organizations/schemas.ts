/** The REST contract of organizations (docs/REST.md "Foundation calls"). */
import Type from 'typebox';
import { IdParams, ListQuery } from '../../jsonapi/query';
import { errorResponses, Int, ListDocument, ref, PlainResource, SingleDocument, Str, StringEnum, StrNull } from '../../jsonapi/schemas';

export const ORGANIZATION_STATUSES = ['active', 'disabled', 'paused'] as const;
export const OrganizationStatus = StringEnum(ORGANIZATION_STATUSES);

export const OrganizationResource = PlainResource(
  'OrganizationResource',
  'organizations',
  {
    name: Str,
    logoUrl: StrNull,
    /** The logo to show: the organization's own, or none (the web then shows the product's mark). */
    displayLogoUrl: StrNull,
    contractUrl: StrNull,
    contractAcceptedAt: StrNull,
    contractAcceptedBy: StrNull,
    status: OrganizationStatus,
    timeZone: Str,
    buildingsWithContracts: Type.Array(Type.Object({ id: Int, name: Str })),
  },
);

export const listOrganizationsSchema = {
  tags: ['organizations'],
  summary: 'Organizations the caller may see (administrators: all)',
  querystring: ListQuery({ 'filter[status]': Type.Optional(OrganizationStatus) }),
  response: { 200: ListDocument(ref(OrganizationResource)), ...errorResponses },
};

export const getOrganizationSchema = {
  tags: ['organizations'],
  summary: 'One organization',
  params: IdParams,
  response: { 200: SingleDocument(ref(OrganizationResource)), ...errorResponses },
};
