import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * One schema (schema/*.graphql), two outputs: the gateway's resolver types and
 * the web's typed Apollo hooks from the .graphql operations beside its components.
 * Run by `npm install` (postinstall) and `npm run codegen`.
 */
const config: CodegenConfig = {
  schema: 'schema/*.graphql',
  ignoreNoDocuments: true,
  generates: {
    'gateway/src/generated/resolvers.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useIndexSignature: true,
        contextType: '../context#GatewayContext',
        scalars: { DateTime: 'string', Date: 'string' },
        enumsAsTypes: true,
      },
    },
    'web/src/generated/graphql.tsx': {
      documents: 'web/src/**/*.graphql',
      plugins: ['typescript', 'typescript-operations', 'typescript-react-apollo'],
      config: {
        scalars: { DateTime: 'string', Date: 'string' },
        enumsAsTypes: true,
        withHooks: true,
        apolloReactHooksImportFrom: '@apollo/client',
      },
    },
  },
};

export default config;
