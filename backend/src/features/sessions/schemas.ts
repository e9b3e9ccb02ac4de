/** The REST contract of sign-in, sign-out and password reset (docs/REST.md "Sessions"). */
import Type from 'typebox';
import { AttributesBody, errorResponses, Included, MessageDocument, ref, Resource, SingleDocument, Str, ToOne } from '../../jsonapi/schemas';
import { IsAdminMeta, UserResource } from '../users/schemas';

export const SessionResource = Resource(
  'SessionResource',
  'sessions',
  { accessToken: Str, expiresAt: Str },
  { user: ToOne('users') },
);

export const signInSchema = {
  tags: ['sessions'],
  summary: 'Sign in: returns an access token, the user and meta.isAdmin',
  security: [],
  body: AttributesBody(Type.Object({ username: Type.String({ maxLength: 256 }), password: Type.String({ maxLength: 1024 }) })),
  response: { 201: SingleDocument(ref(SessionResource), { included: Included(UserResource), meta: IsAdminMeta }), ...errorResponses },
};

export const signOutSchema = {
  tags: ['sessions'],
  summary: 'Sign out: ends the session of the bearer token',
  response: { 204: Type.Null({ description: 'Signed out' }), ...errorResponses },
};

export const forgotPasswordSchema = {
  tags: ['sessions'],
  summary: 'Mails a single-use change-password link to the user matching a username or e-mail; always the same answer',
  security: [],
  body: AttributesBody(Type.Object({ searchterm: Type.String({ maxLength: 320 }) })),
  response: { 200: MessageDocument, ...errorResponses },
};

export const changePasswordSchema = {
  tags: ['sessions'],
  summary: 'Sets a new password with the token of a forgot-password link',
  security: [],
  // All optional: the shared password rule answers a missing field with its own 422 message.
  body: AttributesBody(
    Type.Object({
      token: Type.Optional(Type.String({ maxLength: 256 })),
      password: Type.Optional(Type.String({ maxLength: 1024 })),
      confirmation: Type.Optional(Type.String({ maxLength: 1024 })),
    }),
  ),
  response: { 200: MessageDocument, ...errorResponses },
};
