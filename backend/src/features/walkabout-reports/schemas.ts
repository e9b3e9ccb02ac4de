/** The REST contract of walkabout reports, on-demand reports and report e-mails (docs/REST.md "Report calls"). */
import Type from 'typebox';
import { ListQuery, SingleId } from '../../jsonapi/query';
import {
  AttributesBody,
  Bool,
  errorResponses,
  Int,
  IntNull,
  ListDocument,
  PlainResource,
  ref,
  Resource,
  SingleDocument,
  Str,
  StringEnum,
  StringOrNull,
  StrNull,
  ToMany,
  ToOne,
  ToOneOrNull,
} from '../../jsonapi/schemas';

/** The report types of spec inspection.md section 9. */
export const REPORT_TYPES = ['walkabout_reports', 'walkabout_audit_reports', 'report_booklets', 'fire_watch_reports', 'adhoc_reports'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const ReportTypeSchema = StringEnum(REPORT_TYPES);

/** The report groups of the reports screen (spec section 2, Reports). */
export const REPORT_GROUPS = ['interim', 'completed-walkabout', 'audit', 'historical'] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];

/** The kinds a report can be asked for on demand (the on-demand screen's sections). */
export const ON_DEMAND_REPORT_TYPES = ['walkabout_reports', 'walkabout_audit_reports', 'report_booklets'] as const;
export type OnDemandReportType = (typeof ON_DEMAND_REPORT_TYPES)[number];

/** An id in a body, as text or a number (as the spec's clients send it). */
const IdValue = Type.Union([SingleId, Type.Integer({ minimum: 1, maximum: 999_999_999 })]);
const OptionalId = Type.Optional(Type.Union([SingleId, Type.Integer({ minimum: 1, maximum: 999_999_999 }), Type.Null()]));

const ReportStatus = StringEnum(['pending', 'ready', 'failed']);
const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });

export const WalkaboutReportResource = Resource(
  'WalkaboutReportResource',
  'walkabout-reports',
  {
    name: Str,
    /** The download URL path: GET it for a short-lived signed `download_url` of the PDF. */
    url: Str,
    startDate: StrNull,
    endDate: StrNull,
    cycleName: StrNull,
    lockedAt: StrNull,
    isInterim: Bool,
    building_id: Int,
    buildingId: Int,
    reportType: ReportTypeSchema,
    cycleId: IntNull,
    walkaboutId: IntNull,
    fireWatchId: IntNull,
    reportDefinitionId: IntNull,
    bookletTemplateId: IntNull,
    status: ReportStatus,
    pageCount: IntNull,
    generatedAt: StrNull,
  },
  { building: ToOne('buildings'), cycle: ToOneOrNull('cycles'), walkabout: ToOneOrNull('walkabouts') },
);

export const LatestWalkaboutReportsResource = Resource(
  'LatestWalkaboutReportsResource',
  'latest-walkabout-reports',
  { buildingId: Int },
  {
    walkaboutReports: ToMany('walkabout-reports'),
    walkaboutAuditReports: ToMany('walkabout-reports'),
    reportBooklets: ToMany('walkabout-reports'),
    fireWatchReports: ToMany('walkabout-reports'),
    adhocReports: ToMany('walkabout-reports'),
  },
);

export const ReportDownloadResource = PlainResource('ReportDownloadResource', 'report-downloads', {
  /** A signed URL path of the PDF that works without a session until expiresAt. */
  download_url: Str,
  filename: Str,
  expiresAt: Str,
});

export const OnDemandReportResource = Resource(
  'OnDemandReportResource',
  'on-demand-reports',
  {
    report_identificator: Str,
    report_type: StringEnum(ON_DEMAND_REPORT_TYPES),
    building_id: Int,
    /** pending until the PDF is made, then ready; failed when it could not be made (see error). */
    status: ReportStatus,
    /** The download URL path of the PDF once it is ready (GET it for a signed download_url); null until then. */
    pdf_url: StrNull,
    /** The generated report (a walkabout-reports id): for its e-mail and download. */
    report_id: IntNull,
    error: StrNull,
    createdAt: Str,
  },
  { building: ToOne('buildings'), report: ToOneOrNull('walkabout-reports') },
);

const BuildingDataDefinition = Type.Object({ id: Int, name: Str, cycle_id: Int, is_active: Bool });
const BuildingDataCycle = Type.Object({ id: Int, name: Str, abbreviation: Str, frequency: StrNull });
const BuildingDataWalkabout = Type.Object({
  id: Int,
  cycle_id: Int,
  date: Str,
  start_date: Str,
  end_date: StrNull,
  lockedAt: StrNull,
  isLocked: Bool,
  /** Who scanned its entries or locked it, by display name. */
  inspectors_present: Type.Array(Str),
});
const BuildingDataBooklet = Type.Object({
  id: Int,
  name: Str,
  is_active: Bool,
  primary_report_definition_id: IntNull,
  template_name: Str,
  cycle_id: IntNull,
});

export const OnDemandBuildingDataResource = Resource(
  'OnDemandBuildingDataResource',
  'on-demand-building-data',
  {
    report_definitions: Type.Array(BuildingDataDefinition),
    cycles: Type.Array(BuildingDataCycle),
    walkabouts: Type.Array(BuildingDataWalkabout),
    report_booklet_templates: Type.Array(BuildingDataBooklet),
  },
  { building: ToOne('buildings') },
);

export const WalkaboutReportEmailResource = Resource(
  'WalkaboutReportEmailResource',
  'walkabout-report-emails',
  { recipients: Type.Array(Str), message: StrNull, createdAt: Str },
  { report: ToOne('walkabout-reports') },
);

const tags = ['reports'];

export const listWalkaboutReportsSchema = {
  tags,
  summary:
    "A building's walkabout reports by group (interim, completed-walkabout, audit, historical); historical by type and a date range of at most 30 days",
  querystring: ListQuery({
    'filter[building]': SingleId,
    'filter[group]': Type.Optional(StringEnum(REPORT_GROUPS)),
    'filter[type]': Type.Optional(Type.String({ maxLength: 200, description: `Comma-separated report types: ${REPORT_TYPES.join(', ')}` })),
    'filter[date_from]': Type.Optional(LocalDate),
    'filter[date_to]': Type.Optional(LocalDate),
  }),
  response: { 200: ListDocument(ref(WalkaboutReportResource)), ...errorResponses },
};

export const latestWalkaboutReportsSchema = {
  tags,
  summary: 'The latest completed report of each report definition, booklet and kind of a building, as the caller may see them',
  params: Type.Object({ buildingId: SingleId }),
  response: {
    200: SingleDocument(ref(LatestWalkaboutReportsResource), { included: Type.Optional(Type.Array(ref(WalkaboutReportResource))) }),
    ...errorResponses,
  },
};

/** At most this many buildings in one GET /walkabout-reports/latest (a page of the buildings list). */
export const LATEST_BUILDINGS_MAX = 100;

export const latestWalkaboutReportsOfBuildingsSchema = {
  tags,
  summary: `The latest completed reports of several buildings at once (at most ${LATEST_BUILDINGS_MAX}): one resource per building the caller may see, in the order asked; the others are left out`,
  querystring: Type.Object({
    'filter[building]': Type.String({ pattern: '^\\s*\\d{1,9}(\\s*,\\s*\\d{1,9})*\\s*$', maxLength: 1100, description: 'Comma-separated building ids' }),
  }),
  response: {
    200: Type.Object({ data: Type.Array(ref(LatestWalkaboutReportsResource)), included: Type.Optional(Type.Array(ref(WalkaboutReportResource))) }),
    ...errorResponses,
  },
};

export const downloadWalkaboutReportSchema = {
  tags,
  summary: "A report's download URL: a short-lived signed URL of its PDF (opens without a session)",
  params: Type.Object({ id: SingleId }),
  response: { 200: SingleDocument(ref(ReportDownloadResource)), ...errorResponses },
};

export const initOnDemandReportSchema = {
  tags,
  summary: 'Ask for a report to be made now (canCreateWalkaboutReports); poll GET /on-demand-reports/{report_identificator} each second',
  body: AttributesBody(
    Type.Object({
      id: Type.Optional(StringOrNull({ maxLength: 64, description: 'Ignored: the server chooses the identificator' })),
      building_id: IdValue,
      report_type: StringEnum(ON_DEMAND_REPORT_TYPES),
      cycle_id: OptionalId,
      walkabout_id: OptionalId,
      report_definition_id: OptionalId,
      template_id: OptionalId,
    }),
  ),
  response: { 201: SingleDocument(ref(OnDemandReportResource)), ...errorResponses },
};

export const getOnDemandReportSchema = {
  tags,
  summary: 'An on-demand report being made: pdf_url is null until it is ready',
  params: Type.Object({ id: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', description: 'The report_identificator' }) }),
  response: { 200: SingleDocument(ref(OnDemandReportResource)), ...errorResponses },
};

export const onDemandBuildingDataSchema = {
  tags,
  summary: 'What can be asked for on demand at a building: its report definitions, cycles, walkabouts of the last year and booklets',
  params: Type.Object({ buildingId: SingleId }),
  response: { 200: SingleDocument(ref(OnDemandBuildingDataResource)), ...errorResponses },
};

export const sendWalkaboutReportEmailSchema = {
  tags,
  summary: 'E-mail a report as a PDF attachment to the recipients',
  body: AttributesBody(
    Type.Object({
      id: IdValue,
      recipients: Type.Array(Type.String({ maxLength: 320 }), { maxItems: 50 }),
      message: Type.Optional(StringOrNull({ maxLength: 5000 })),
    }),
  ),
  response: { 201: SingleDocument(ref(WalkaboutReportEmailResource)), ...errorResponses },
};
