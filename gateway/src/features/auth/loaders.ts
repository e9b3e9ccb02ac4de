import { RestError, type RestClient } from '../../rest-client';
import type { RestBody, RestRoute, UserResource } from '../../rest-types';
import { primeIncluded, type IncludedLoaders } from '../../included';
import { toFieldErrors, withFieldErrors, type FieldErrorRecord } from '../../errors';
import type { DataSource } from '../../data-source';

export const SIGN_IN_FAILED_MESSAGE = 'Username or password is incorrect.';

/**
 * The signed-in user: the user resource plus `meta.isAdmin`, which REST sends beside it. A signIn's
 * viewer carries the data source of its new token (`data`), through which its relationships are read.
 */
export type ViewerRecord = { user: UserResource; isAdmin: boolean; data?: DataSource };

export type SignInResult = {
  accessToken: string | null;
  expiresAt: string | null;
  viewer: ViewerRecord | null;
  errors: FieldErrorRecord[];
};

/**
 * @param signedIn the data source of another token: the rest of a signIn's response (the payload's
 * viewer, its organization) is read as the user who just signed in, while this request's client keeps
 * the caller's token.
 */
export function createAuthLoaders(
  rest: RestClient,
  signedIn: (token: string) => DataSource,
  related: IncludedLoaders,
) {
  // One GET /users/me per GraphQL request, however many fields ask for the viewer. The first to ask names the
  // relationships the query reads (`include`): they come in the same answer and fill their by-id loaders.
  let viewer: Promise<ViewerRecord> | null = null;
  const loadViewer = (include: ReadonlyArray<'organization' | 'region'> = []): Promise<ViewerRecord> => {
    viewer ??= rest.get<RestBody<'/users/me'>>('/users/me', { include: include.length ? [...include].sort().join(',') : undefined }).then((document) => {
      primeIncluded(document.included, related);
      return { user: document.data, isAdmin: document.meta.isAdmin };
    });
    return viewer;
  };

  return {
    viewer: loadViewer,

    /** Holds the viewer a sign-in already answered, so reading it costs no GET /users/me. */
    primeViewer(record: ViewerRecord): void {
      viewer = Promise.resolve(record);
    },

    /**
     * POST /sessions. A 422 is always the one message the web shows (inspection.md
     * section 8), whatever the backend says, so the answer never tells which part
     * was wrong; a 429 passes the backend's own detail (how long to wait).
     */
    async signIn(username: string, password: string): Promise<SignInResult> {
      try {
        const document = await rest.post<RestRoute<'/sessions', 'post'>>('/sessions', {
          data: { type: 'sessions', attributes: { username, password } },
        });
        const { accessToken, expiresAt } = document.data.attributes;
        const source = signedIn(accessToken);
        const user = document.included?.find((record) => record.type === 'users');
        if (user) source.auth.primeViewer({ user, isAdmin: document.meta.isAdmin });
        const record = await source.auth.viewer();
        return { accessToken, expiresAt, viewer: { ...record, data: source }, errors: [] };
      } catch (error) {
        if (!(error instanceof RestError)) throw error;
        if (error.status === 422) return failedSignIn({ field: null, message: SIGN_IN_FAILED_MESSAGE, code: 'INCORRECT_CREDENTIALS' });
        if (error.status === 429) return failedSignIn({ ...toFieldErrors(error)[0]!, field: null });
        throw error;
      }
    },

    /** DELETE /sessions/current. Signing out twice is not an error: the session is gone either way. */
    async signOut(): Promise<{ ok: boolean }> {
      try {
        await rest.delete('/sessions/current');
      } catch (error) {
        if (!(error instanceof RestError) || error.status !== 401) throw error;
      }
      viewer = null;
      return { ok: true };
    },

    /**
     * Ok whether or not the account exists, so the answer never tells (the web always
     * shows 'Check Your Email'); only an invalid input (a 422) is reported.
     */
    async requestPasswordReset(usernameOrEmail: string) {
      return withFieldErrors(
        async () => {
          await rest.post<RestRoute<'/send-forgot-password-email', 'post'>>('/send-forgot-password-email', { data: { attributes: { searchterm: usernameOrEmail } } });
          return { ok: true, errors: [] as FieldErrorRecord[] };
        },
        (errors) => ({ ok: false, errors }),
      );
    },

    async changePassword(args: { token: string; password: string; confirmation: string }) {
      return withFieldErrors(
        async () => {
          await rest.post<RestRoute<'/users/change-password', 'post'>>('/users/change-password', { data: { attributes: args } });
          return { ok: true, errors: [] as FieldErrorRecord[] };
        },
        (errors) => ({ ok: false, errors }),
      );
    },
  };
}

function failedSignIn(error: FieldErrorRecord): SignInResult {
  return { accessToken: null, expiresAt: null, viewer: null, errors: [error] };
}

export type AuthLoaders = ReturnType<typeof createAuthLoaders>;
