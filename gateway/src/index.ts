export { createGateway, type GatewayOptions } from './app';
export { publicToolsFromEnv, type PublicTools } from './config';
export { RestClient, RestError, type RestCall } from './rest-client';
export { queryLimits } from './limits';
