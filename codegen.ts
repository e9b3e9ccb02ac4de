import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * One schema (schema/*.graphql), two outputs: the gateway's resolver types and
 * the web's typed Apollo hooks from the .graphql operations beside its components.
 * Run by `npm install` (postinstall) and `npm run codegen`, which then also generates the
 * gateway's REST types from backend/openapi.json (openapi-typescript: gateway/src/generated/rest.ts).
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
        // Resolver parents are the backend's JSON:API resources, typed from its OpenAPI document
        // (gateway/src/rest-types.ts over gateway/src/generated/rest.ts, generated below by openapi-typescript),
        // or, for the types a list returns by the hundred, their models (gateway/src/models.ts): plain
        // fields as properties, read by graphql-js's default resolver.
        mappers: {
          Organization: '../features/organizations/model#OrganizationModel',
          Region: '../features/regions/model#RegionModel',
          Cycle: '../features/cycles/model#CycleModel',
          CycleOverride: '../features/regions/cycle-overrides#CycleOverrideModel',
          Building: '../features/buildings/model#BuildingModel',
          BuildingStatus: '../features/buildings/model#BuildingStatusModel',
          BuildingOffset: '../features/buildings/model#BuildingOffsetModel',
          BuildingInformation: '../rest-types#BuildingInformationRecord',
          AddressInformation: '../rest-types#AddressInformationRecord',
          Viewer: '../features/auth/loaders#ViewerRecord',
          Walkabout: '../rest-types#WalkaboutResource',
          WalkaboutFloor: '../rest-types#WalkaboutFloorResource',
          Entry: '../rest-types#EntryResource',
          Section: '../rest-types#SectionResource',
          BooleanCondition: '../rest-types#ConditionResource',
          YesNoCondition: '../rest-types#ConditionResource',
          YesNoNotApplicableCondition: '../rest-types#ConditionResource',
          NumberCondition: '../rest-types#ConditionResource',
          RangeCondition: '../rest-types#ConditionResource',
          StringCondition: '../rest-types#ConditionResource',
          TimeCondition: '../rest-types#ConditionResource',
          DropdownCondition: '../rest-types#ConditionResource',
          MultiselectCondition: '../rest-types#ConditionResource',
          ConditionOptions: '../rest-types#ConditionOptionsRecord',
          QrUnavailabilityReason: '../rest-types#QrUnavailabilityRecord',
          EntryComparison: '../features/walkabouts/loaders#EntryComparisonRecord',
          Location: '../rest-types#LocationResource',
          Floor: '../rest-types#FloorResource',
          BuildingEquipmentType: '../features/building-types/loaders#BuildingTypeModel',
          LocationComment: '../rest-types#LocationCommentResource',
          FireWatch: '../rest-types#FireWatchResource',
          Report: '../features/reports/model#ReportModel',
          ReportRow: '../features/reports/model#ReportRowModel',
          FailureItem: '../features/reports/model#FailureItemModel',
          FailureFollowUp: '../features/reports/model#FailureFollowUpModel',
          FailureItemSection: '../features/reports/model#FailureItemSectionModel',
          ReportComment: '../features/reports/model#ReportCommentModel',
          Equipment: '../features/reports/model#EquipmentModel',
          WalkaboutReport: '../features/reports/model#WalkaboutReportModel',
          WalkaboutReportConnection: '../features/reports/loaders#WalkaboutReportListRecord',
          LatestWalkaboutReports: '../features/reports/loaders#LatestReportsRecord',
          ReportDownload: '../features/reports/model#ReportDownloadModel',
          OnDemandReportOptions: '../features/reports/model#OnDemandReportOptionsModel',
          OnDemandReportDefinition: '../features/reports/model#OnDemandReportDefinitionModel',
          OnDemandWalkabout: '../features/reports/model#OnDemandWalkaboutModel',
          OnDemandBookletTemplate: '../features/reports/model#OnDemandBookletTemplateModel',
          OnDemandReport: '../features/reports/model#OnDemandReportModel',
          WalkaboutReportEmail: '../features/reports/model#WalkaboutReportEmailModel',
          UnassignedQrCode: '../rest-types#UnassignedQrCodeResource',
          QrCodeSheet: '../features/qr-codes/loaders#QrCodeSheetRecord',
          Document: '../features/documents/model#DocumentModel',
          DocumentCategory: '../features/documents/model#DocumentCategoryModel',
          DocumentCategoryCount: '../features/documents/model#DocumentCategoryCountModel',
          DocumentConnection: '../features/documents/loaders#DocumentConnectionRecord',
          DocumentEmail: '../features/documents/model#DocumentEmailModel',
          // Issue 14: users and roles.
          User: '../features/people/model#UserModel',
          Role: '../features/people/model#RoleModel',
          // Issue 14: report definitions and booklet templates administration.
          ReportDefinition: '../features/report-administration/model#ReportDefinitionModel',
          ReportBookletTemplate: '../features/report-administration/model#ReportBookletTemplateModel',
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
    // Each .graphql file of the web gets its hooks and types beside it (X.generated.tsx, not committed), and a
    // component imports them from there, so a route's chunk carries only the documents of its own screens
    // (issue 8: one generated module of every document was loaded by every route, 4 KiB of each route's budget).
    // The schema's types stay in web/src/generated/schema.ts.
    'web/src/': {
      documents: 'web/src/**/*.graphql',
      preset: 'near-operation-file',
      presetConfig: { baseTypesPath: 'generated/schema.ts', extension: '.generated.tsx' },
      plugins: ['typescript-operations', 'typescript-react-apollo'],
      config: {
        scalars: { DateTime: 'string', Date: 'string' },
        enumsAsTypes: true,
        withHooks: true,
        apolloReactHooksImportFrom: '@apollo/client',
        pureMagicComment: true,
      },
    },
  },
};

export default config;
