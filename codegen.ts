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
        // Resolver parents are the backend's JSON:API resources (gateway/src/resources.ts).
        mappers: {
          Organization: '../resources#OrganizationResource',
          Region: '../resources#RegionResource',
          Cycle: '../resources#CycleResource',
          Building: '../resources#BuildingResource',
          BuildingStatus: '../resources#BuildingStatusRecord',
          BuildingOffset: '../resources#BuildingOffsetRecord',
          BuildingInformation: '../resources#BuildingInformationRecord',
          AddressInformation: '../resources#AddressInformationRecord',
          Viewer: '../resources#ViewerRecord',
          Walkabout: '../features/walkabouts/resources#WalkaboutResource',
          WalkaboutFloor: '../features/walkabouts/resources#WalkaboutFloorResource',
          Entry: '../features/walkabouts/resources#EntryResource',
          Section: '../features/walkabouts/resources#SectionResource',
          BooleanCondition: '../features/walkabouts/resources#ConditionResource',
          YesNoCondition: '../features/walkabouts/resources#ConditionResource',
          YesNoNotApplicableCondition: '../features/walkabouts/resources#ConditionResource',
          NumberCondition: '../features/walkabouts/resources#ConditionResource',
          RangeCondition: '../features/walkabouts/resources#ConditionResource',
          StringCondition: '../features/walkabouts/resources#ConditionResource',
          TimeCondition: '../features/walkabouts/resources#ConditionResource',
          DropdownCondition: '../features/walkabouts/resources#ConditionResource',
          MultiselectCondition: '../features/walkabouts/resources#ConditionResource',
          ConditionOptions: '../features/walkabouts/resources#ConditionOptionsRecord',
          QrUnavailabilityReason: '../features/walkabouts/resources#QrUnavailabilityRecord',
          EntryComparison: '../features/walkabouts/resources#EntryComparisonRecord',
          Location: '../features/locations/resources#LocationResource',
          Floor: '../features/locations/resources#FloorResource',
          LocationComment: '../features/locations/resources#LocationCommentResource',
          FireWatch: '../features/fire-watches/resources#FireWatchResource',
        },
        // GraphQL enums carry the REST spelling inside the gateway (DAILY is 'daily', the type of @fsi/shared),
        // so values pass through unchanged; the Frequency and OffsetUnit enum resolvers hold the mapping.
        enumValues: {
          Frequency: '@fsi/shared#Frequency',
          OffsetUnit: '@fsi/shared#OffsetUnit',
          ConditionType: '@fsi/shared#ConditionType',
          YesNo: '@fsi/shared#YesNoAnswer',
          YesNoNotApplicable: '@fsi/shared#YesNoNotApplicableAnswer',
          QrUnavailabilityKind: '@fsi/shared#QrUnavailabilityKind',
        },
        useTypeImports: true,
      },
    },
    // typescript-operations 6 declares the enums and inputs an operation uses; beside the
    // typescript plugin in one file they were declared twice (TS2300). The schema's types go to
    // their own file, which the operations import and re-export.
    'web/src/generated/schema.ts': {
      plugins: ['typescript'],
      config: { scalars: { DateTime: 'string', Date: 'string' }, enumsAsTypes: true },
    },
    'web/src/generated/graphql.tsx': {
      documents: 'web/src/**/*.graphql',
      plugins: [{ add: { content: "export * from './schema';" } }, 'typescript-operations', 'typescript-react-apollo'],
      config: {
        scalars: { DateTime: 'string', Date: 'string' },
        enumsAsTypes: true,
        importSchemaTypesFrom: 'web/src/generated/schema.ts',
        withHooks: true,
        apolloReactHooksImportFrom: '@apollo/client',
      },
    },
  },
};

export default config;
