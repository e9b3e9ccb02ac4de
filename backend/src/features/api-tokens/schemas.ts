/** The REST contract of API tokens (issue 14 point 8): create (the secret shown once), list one's own, revoke. */
import { API_TOKEN_PERMISSION_KEYS } from '@fsi/shared';
import Type from 'typebox';
import { IdParams, ListQuery } from '../../jsonapi/query';
import { Bool, errorResponses, ListLinks, PlainResource, ref, SingleDocument, Str, StrNull } from '../../jsonapi/schemas';

const tokenAttributes = {
  name: Str,
  /** The role permissions the token may use, `group.key` (e.g. buildingPermissions.view); never more than its owner's at the time of use. */
  permissions: Type.Array(Type.String()),
  createdAt: Str,
  expiresAt: Str,
  /** The last request made with it (to the minute); null when never used. */
  lastUsedAt: StrNull,
  /** When it was revoked; null while it is not. */
  revokedAt: StrNull,
};

export const ApiTokenResource = PlainResource('ApiTokenResource', 'api-tokens', tokenAttributes);
/** The token as created: with its secret, which is never shown again. */
export const NewApiTokenResource = PlainResource('NewApiTokenResource', 'api-tokens', {
  ...tokenAttributes,
  /** The secret: send it as `Authorization: Bearer <token>`. Only its SHA-256 hash is kept; it is never shown again. */
  token: Str,
});

export const createApiTokenSchema = {
  tags: ['api-tokens'],
  summary:
    'Create an API token for integrations. Allowed to users of an organization whose roles give userPermissions.update, signed in (not with another API token); administrators use an organization account. The token gets the permissions named, each one its creator holds (422 otherwise), and expires at expiresAt, at most a year ahead. The secret is in this answer only',
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      attributes: Type.Object({
        name: Type.String({ maxLength: 1000, description: 'Required, at most 100 characters' }),
        expiresAt: Type.String({ maxLength: 40, description: 'A date YYYY-MM-DD (the end of that day, UTC) or an ISO 8601 date-time with offset; in the future, at most a year ahead' }),
        permissions: Type.Array(Type.String({ maxLength: 100 }), {
          maxItems: API_TOKEN_PERMISSION_KEYS.length * 2,
          description: 'Role permissions, group.key, each held by the creator through their roles; at least one',
        }),
      }),
    }),
  }),
  response: { 201: SingleDocument(ref(NewApiTokenResource)), ...errorResponses },
};

export const listApiTokensSchema = {
  tags: ['api-tokens'],
  summary: "The signed-in user's own API tokens, newest first, revoked and expired ones included (never their secrets)",
  description:
    'meta.mayCreate says whether the caller may create tokens (POST /api-tokens), and meta.grantablePermissions which permissions a new token of theirs may have: those their roles give them now.',
  querystring: ListQuery(),
  response: {
    200: Type.Object({
      data: Type.Array(ref(ApiTokenResource)),
      meta: Type.Object({
        total: Type.Integer({ description: 'Every token of the caller, on all pages' }),
        mayCreate: Bool,
        grantablePermissions: Type.Array(Type.String()),
      }),
      links: ListLinks,
    }),
    ...errorResponses,
  },
};

export const revokeApiTokenSchema = {
  tags: ['api-tokens'],
  summary: 'Revoke one of your own API tokens: it is refused (401) from the next request on. Revoking again changes nothing. Answers the token',
  params: IdParams,
  response: { 200: SingleDocument(ref(ApiTokenResource)), ...errorResponses },
};
