/**
 * The context of one GraphQL request: its data source over a REST client that
 * carries the caller's bearer token.
 */
import type { FastifyRequest } from 'fastify';
import { RestClient, type RestCall } from './rest-client';
import { createDataSource, type DataSource } from './data-source';

export type GatewayContext = {
  data: DataSource;
  /** The deployment's environment name (APP_ENV), for appInfo. */
  appEnv: string;
};

export type ContextOptions = {
  backendUrl: string;
  appEnv: string;
  onRestRequest?: (call: RestCall) => void;
};

/** The token of `Authorization: Bearer …`, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

export function createContextFunction(options: ContextOptions) {
  return async (request: FastifyRequest): Promise<GatewayContext> => {
    const rest = new RestClient({
      baseUrl: options.backendUrl,
      token: bearerToken(request.headers.authorization),
      forwardedFor: request.ip,
      onRequest: options.onRestRequest,
    });
    return { data: createDataSource(rest), appEnv: options.appEnv };
  };
}
