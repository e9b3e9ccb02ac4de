/** The REST contract of organizations (docs/REST.md "Foundation calls"). */
import Type from 'typebox';
import { IdParams, ListQuery } from '../../jsonapi/query';
import { errorResponses, Int, ListDocument, ref, PlainResource, SingleDocument, Str, StringEnum, StringOrNull, StrNull } from '../../jsonapi/schemas';

export const ORGANIZATION_STATUSES = ['active', 'disabled', 'paused'] as const;
export const OrganizationStatus = StringEnum(ORGANIZATION_STATUSES);

export const OrganizationResource = PlainResource(
  'OrganizationResource',
  'organizations',
  {
    name: Str,
    /** The logo as stored: `/files/{key}` of an image upload (what POST and PUT take). */
    logoUrl: StrNull,
    /** The logo to show, as a short-lived signed URL: the organization's own, or none (the web then shows the product's mark). */
    displayLogoUrl: StrNull,
    /** The organization's contract as stored: `/files/{key}` of a PDF upload (what POST and PUT take). */
    contractUrl: StrNull,
    /** A short-lived signed URL that opens the contract without a session, or null. */
    contractFileUrl: StrNull,
    contractAcceptedAt: StrNull,
    /** The username of who accepted the contract. */
    contractAcceptedBy: StrNull,
    status: OrganizationStatus,
    timeZone: Str,
    /** The buildings (that the caller may see) with a contract of their own, which a new organization contract overrides. */
    buildingsWithContracts: Type.Array(Type.Object({ id: Int, name: Str })),
  },
);

export const listOrganizationsSchema = {
  tags: ['organizations'],
  summary: 'Organizations the caller may see (administrators: all)',
  querystring: ListQuery({ 'filter[status]': Type.Optional(OrganizationStatus) }),
  response: { 200: ListDocument(ref(OrganizationResource)), ...errorResponses },
};

const FileReference = (what: string) =>
  Type.Optional(StringOrNull({ maxLength: 2048, description: `\`/files/{key}\` of ${what} upload (POST /uploads); null clears it` }));

/** What a save that overrides buildings' contracts answers besides the organization (admin-organizations-buildings.md section 5). */
export const ContractOverrideMeta = Type.Object({
  overriddenBuildings: Type.Array(Type.Object({ id: Int, name: Str }), {
    description: 'The buildings whose own contracts the new organization contract replaced',
  }),
});

export const createOrganizationSchema = {
  tags: ['organizations'],
  summary: 'Add an organization with its name, logo and contract (administrators only)',
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      attributes: Type.Object({
        name: Type.Optional(StringOrNull({ maxLength: 1000 })),
        logoUrl: FileReference('an image'),
        contractUrl: FileReference('a PDF'),
      }),
    }),
  }),
  response: { 201: SingleDocument(ref(OrganizationResource)), ...errorResponses },
};

export const updateOrganizationSchema = {
  tags: ['organizations'],
  summary:
    "Change an organization's logo (administrators, canManageOrganization) or contract (administrators only). A new contract becomes every building's contract ('managed on organization level'); when buildings have their own, the save needs overrideBuildingContracts: true, else it is refused (409) naming them",
  params: IdParams,
  body: Type.Object({
    data: Type.Object({
      id: Type.Optional(Str),
      type: Type.Optional(Str),
      attributes: Type.Object({
        logoUrl: FileReference('an image'),
        contractUrl: FileReference('a PDF'),
        overrideBuildingContracts: Type.Optional(
          Type.Boolean({ description: "The user confirmed that the new contract overrides the buildings' own contracts" }),
        ),
      }),
    }),
  }),
  response: { 200: SingleDocument(ref(OrganizationResource), { meta: Type.Optional(ContractOverrideMeta) }), ...errorResponses },
};

export const acceptOrganizationContractSchema = {
  tags: ['organizations'],
  summary:
    "Accept the organization's contract (canAcceptOrganizationContract or administrators): recorded at the server's time with the caller's username, and with it the contract of every building it manages",
  params: IdParams,
  body: Type.Object({
    data: Type.Object({
      id: Type.Optional(Str),
      type: Type.Optional(Str),
      contractAcceptedAt: Type.Optional(StringOrNull({ maxLength: 64, description: 'ISO 8601 (the spec sends it here, in data)' })),
      attributes: Type.Optional(Type.Object({ contractAcceptedAt: Type.Optional(StringOrNull({ maxLength: 64, description: 'ISO 8601' })) })),
    }),
  }),
  response: { 200: SingleDocument(ref(OrganizationResource)), ...errorResponses },
};
