/**
 * API tokens (issue 14 point 8) over POST, GET /api-tokens and DELETE /api-tokens/{id}: the viewer's own. A 422 is
 * the payload's errors, a token not the viewer's (404) a NOT_FOUND payload error; 401 and 403 stay GraphQL errors.
 */
import type { ApiToken, CreateApiTokenInput } from '../../generated/resolvers';
import { withPayloadErrors, type FieldErrorRecord } from '../../errors';
import { isRestId, memoizeByArgs, pageQuery, toConnection, type ConnectionRecord, type PageArgs } from '../../loaders';
import { RestError, type RestClient } from '../../rest-client';
import type { RestBody, RestRoute } from '../../rest-types';

type TokenResource = RestBody<'/api-tokens'>['data'][number];

function toApiToken(resource: TokenResource): ApiToken {
  const { attributes } = resource;
  return {
    id: resource.id,
    name: attributes.name,
    permissions: attributes.permissions,
    createdAt: attributes.createdAt,
    expiresAt: attributes.expiresAt,
    lastUsedAt: attributes.lastUsedAt,
    revokedAt: attributes.revokedAt,
  };
}

export type ApiTokenConnectionRecord = ConnectionRecord<ApiToken> & { mayCreate: boolean; grantablePermissions: string[] };
export type CreateApiTokenResult = { apiToken: ApiToken | null; secret: string | null; errors: FieldErrorRecord[] };
export type RevokeApiTokenResult = { apiToken: ApiToken | null; errors: FieldErrorRecord[] };

const notFound: FieldErrorRecord = { field: 'id', message: 'There is no such API token.', code: 'NOT_FOUND' };

export function createApiTokenLoaders(rest: RestClient) {
  return {
    /** One page of the viewer's tokens, with whether they may create more and with which permissions: one REST call. */
    page: memoizeByArgs(async (args: PageArgs): Promise<ApiTokenConnectionRecord> => {
      const { page, pageSize, query } = pageQuery(args, 50);
      const document = await rest.get<RestBody<'/api-tokens'>>('/api-tokens', query);
      return { ...toConnection(document, page, pageSize, toApiToken), mayCreate: document.meta.mayCreate, grantablePermissions: document.meta.grantablePermissions };
    }),

    create(input: CreateApiTokenInput): Promise<CreateApiTokenResult> {
      return withPayloadErrors<CreateApiTokenResult>(
        async () => {
          const document = await rest.post<RestRoute<'/api-tokens', 'post'>>('/api-tokens', {
            data: { type: 'api-tokens', attributes: { name: input.name, expiresAt: input.expiresAt, permissions: [...input.permissions] } },
          });
          const { token, ...attributes } = document.data.attributes;
          return { apiToken: toApiToken({ ...document.data, attributes }), secret: token, errors: [] };
        },
        // A permission's error points at its index (/data/attributes/permissions/1): the input's field is permissions.
        (errors) => ({ apiToken: null, secret: null, errors: errors.map((e) => (e.field && /^\d+$/.test(e.field) ? { ...e, field: 'permissions' } : e)) }),
      );
    },

    /** DELETE /api-tokens/{id}, then the token as it now is (revokedAt set). */
    async revoke(id: string): Promise<RevokeApiTokenResult> {
      if (!isRestId(id)) return { apiToken: null, errors: [notFound] };
      try {
        await rest.delete(`/api-tokens/${id}`);
      } catch (error) {
        if (error instanceof RestError && error.status === 404) return { apiToken: null, errors: [notFound] };
        throw error;
      }
      const document = await rest.get<RestBody<'/api-tokens'>>('/api-tokens', { 'filter[id]': id });
      const [revoked] = document.data;
      return revoked ? { apiToken: toApiToken(revoked), errors: [] } : { apiToken: null, errors: [notFound] };
    },
  };
}

export type ApiTokenLoaders = ReturnType<typeof createApiTokenLoaders>;
