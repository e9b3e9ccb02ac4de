/**
 * The context of one GraphQL request: its data source over a REST client that
 * carries the caller's bearer token.
 */
import type { FastifyRequest } from 'fastify';
import { RestClient, type RestCall } from './rest-client';
import { createDataSource, type DataSource } from './data-source';

/** Facts about the deployment that appInfo answers (schema/app.graphql). */
export type DeploymentInfo = {
  /** APP_ENV: development, staging or production. */
  environment: string;
  /** VENDOR_WEBSITE, which the Terms and Conditions point to; null when none is set. */
  vendorWebsite: string | null;
};

export type GatewayContext = {
  data: DataSource;
  deployment: DeploymentInfo;
};

export type ContextOptions = {
  backendUrl: string;
  deployment: DeploymentInfo;
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
    return { data: createDataSource(rest), deployment: options.deployment };
  };
}
