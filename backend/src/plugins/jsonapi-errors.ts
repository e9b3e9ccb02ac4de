/**
 * Turns every failure into a JSON:API error document: our HttpErrors, Fastify's own
 * validation and parsing errors, unknown routes and unexpected exceptions (docs/REST.md "Errors").
 */
import type { FastifyError } from 'fastify';
import fp from 'fastify-plugin';
import { FieldErrors, HttpError, type ErrorSource } from '../jsonapi/errors';
import { errorDocument, errorObject } from '../jsonapi/serializer';

type ValidationIssue = { instancePath: string; message?: string; params: Record<string, unknown> };

/** JSON pointer or parameter name of a validation failure, as the JSON:API `source` member wants it. */
function sourceOf(context: string | undefined, issue: ValidationIssue): ErrorSource | undefined {
  const missing = typeof issue.params.missingProperty === 'string' ? `/${issue.params.missingProperty}` : '';
  const pointer = `${issue.instancePath}${missing}`;
  if (context === 'body') return { pointer: pointer || '/' };
  if (context === 'querystring' || context === 'params') {
    const parameter = pointer.split('/').filter(Boolean)[0];
    return parameter ? { parameter } : undefined;
  }
  return undefined;
}

export default fp(
  async (app) => {
    // Both JSON types are parsed by request-hygiene.ts (an empty body is no body there).
    app.setErrorHandler((error: FastifyError | HttpError | FieldErrors, request, reply) => {
      if (error instanceof FieldErrors) {
        const errors = error.errors.map((e) => errorObject(422, e.detail, { pointer: e.pointer || '/' }, e.code ?? 'VALIDATION_FAILED'));
        return reply.code(422).send({ errors });
      }
      if (error instanceof HttpError) {
        return reply.code(error.status).send(errorDocument(error.status, error.detail, error.source, error.code));
      }
      if (error.validation && error.validationContext === 'body' && request.body === undefined) {
        // Sent with no body (or an empty one) to a route that needs one.
        return reply
          .code(422)
          .send(errorDocument(422, 'The request body is empty: this call needs a JSON:API document.', { pointer: '/' }, 'VALIDATION_FAILED'));
      }
      if (error.validation) {
        // Invalid input in a body is the caller's mistake in a form (422, field errors in the gateway);
        // a malformed query or path is a bad request (400).
        const status = error.validationContext === 'body' ? 422 : 400;
        const errors = error.validation.map((issue) => {
          const source = sourceOf(error.validationContext, issue as ValidationIssue);
          const where = source?.pointer ?? source?.parameter ?? error.validationContext ?? '';
          return errorObject(status, `${where} ${issue.message ?? 'is invalid'}`.trim(), source);
        });
        return reply.code(status).send({ errors });
      }
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        const limit = reply.routeOptions.bodyLimit ?? app.initialConfig.bodyLimit ?? 1024 * 1024;
        return reply.code(413).send(errorDocument(413, `The request body is larger than the limit of ${limit / 1024 / 1024} MiB.`));
      }
      const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
      if (status >= 500) {
        request.log.error({ err: error }, 'unexpected error');
        return reply.code(status).send(errorDocument(status, 'An unexpected error occurred. Please try again later.'));
      }
      return reply.code(status).send(errorDocument(status, error.message));
    });

    app.setNotFoundHandler((request, reply) => {
      reply.code(404).send(errorDocument(404, `There is no route ${request.method} ${request.url.split('?')[0]}.`));
    });
  },
  { name: 'jsonapi-errors' },
);
