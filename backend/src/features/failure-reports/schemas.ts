/**
 * The REST contract of failure and notes follow-up (inspection.md sections 3, 5 and 7): the building's
 * reports (summary failure, summary notes, and per cycle its failure, notes and default reports),
 * acknowledge and repair (PUT /entries/{id}, PUT /location-comments/{id}), comments, the building's
 * equipment types and the repair report PDF.
 */
import Type from 'typebox';
import { APPLICABILITY_INCLUDES, EquipmentResource, equipmentIncluded, TypeStatus } from '../applicability/schemas';
import { IdParams, ListQuery, SingleId } from '../../jsonapi/query';
import { BuildingLevelView } from '../building-types/schemas';
import {
  errorResponses,
  Int,
  IntArray,
  IntNull,
  ListDocument,
  Nullable,
  PlainResource,
  ref,
  Resource,
  SingleDocument,
  Str,
  StrArray,
  StringEnum,
  StringOrNull,
  StrNull,
  ToOneOrNull,
} from '../../jsonapi/schemas';

export const REPORT_TYPES = ['failure', 'notes', 'default'] as const;
export const MODEL_PATHS = ['entries', 'location-comments'] as const;

/** One comment on an item (spec Comment: body, creatorUsername, createdAt). */
export const ItemComment = Type.Object({ id: Str, body: Str, creatorUsername: StrNull, createdAt: Str });

/** A result that makes an entry a failure (U) or a note (S with remarks). */
export const ItemCondition = Type.Object({
  label: Str,
  result: StringEnum(['U', 'S', 'N/A']),
  remarks: StrNull,
  photoUrl: StrNull,
});

/**
 * What a failure or notes row is about, for the actions on it: `PUT /{modelPath}/{modelId}` to
 * acknowledge or repair, POST /comments with a relationship named after the model (entry or
 * location-comment).
 */
export const FollowUpItem = Type.Object({
  modelPath: StringEnum(MODEL_PATHS),
  modelId: Int,
  state: StringEnum(['unacknowledged', 'acknowledged']),
  cycleName: StrNull,
  /** The equipment type's name with its id in brackets (inspection.md section 9); null for a location remark. */
  equipment: StrNull,
  equipmentTypeId: IntNull,
  location: Str,
  floor: Str,
  model: StrNull,
  /** The equipment at the location (location-equipment id); null for a location remark. */
  equipmentId: IntNull,
  acknowledgedAt: StrNull,
  acknowledgedUsername: StrNull,
  acknowledgedNotes: StrNull,
  acknowledgedPhotoUrl: StrNull,
  comments: Type.Array(ItemComment),
  /** Failure layout: the entry's sections with their unsatisfactory results; notes layout: the noted results. */
  sections: Type.Array(Type.Object({ name: Str, conditions: Type.Array(ItemCondition) })),
  /** Notes layout: the remarks and photo (of a location remark, or the entry's notes joined). */
  remarks: StrNull,
  photoUrl: StrNull,
  /** The documents attached to the item, oldest first (GET /documents/{id} for each one's signed URL). */
  documents: Type.Array(Type.Object({ id: Int, name: Str })),
});

/** A row: its cells in the order of `headers`, and for failure and notes rows the item it is about. */
export const ReportRow = Type.Object({ cells: StrArray, item: Nullable(FollowUpItem) });

export const ReportResource = Resource(
  'ReportResource',
  'reports',
  {
    name: Str,
    /** The spec's Report.type (failure, notes, default): JSON:API keeps `type` for the resource type. */
    reportType: StringEnum(REPORT_TYPES),
    meta: Type.Object({
      buildingName: Str,
      /** Rows (items for failure and notes). */
      total: Int,
      /** Acknowledged items (0 for a default report). */
      acknowledgedTotal: Int,
      /** The walkabouts reported (per cycle the latest locked, else the latest opened). */
      walkaboutIds: IntArray,
      /** What the report screen says when there are no rows. */
      emptyMessage: Str,
    }),
    /** The cycle's name; null for a summary report. */
    cycle: StrNull,
    cycleId: IntNull,
    /** The reported walkabout's date (YYYY-MM-DD): the latest one for a summary; null when none. */
    date: StrNull,
    headers: StrArray,
    rows: Type.Array(ReportRow),
    building_id: Int,
  },
  {},
);

export const FollowUpResource = Resource(
  'FollowUpResource',
  'report-follow-ups',
  {
    modelPath: StringEnum(MODEL_PATHS),
    modelId: Int,
    state: StringEnum(['unacknowledged', 'acknowledged', 'repaired']),
    acknowledgedAt: StrNull,
    acknowledgedUsername: StrNull,
    acknowledgedNotes: StrNull,
    acknowledgedPhotoUrl: StrNull,
    repairedAt: StrNull,
    repairedUsername: StrNull,
    repairedComments: StrNull,
    repairedPhotoUrl: StrNull,
  },
  {},
);

export const CommentResource = Resource(
  'CommentResource',
  'comments',
  { body: Str, creatorUsername: StrNull, createdAt: Str, entryId: IntNull, locationCommentId: IntNull },
  { entry: ToOneOrNull('entries'), 'location-comment': ToOneOrNull('location-comments') },
);

// The equipment types at a building are also the applicability screen's (issue 12), whose feature defines them.
export { EquipmentResource };

const ReportId = Type.String({
  pattern: '^\\d{1,9}-(summary|\\d{1,9})-(failure|notes|default)$',
  description: "'{buildingId}-summary-failure', '{buildingId}-summary-notes', or '{buildingId}-{cycleId}-failure|notes|default'",
});

export const listReportsSchema = {
  tags: ['reports'],
  summary:
    "A building's reports: the summary failure and notes reports and each cycle's default report (canViewFailureReport, canViewWalkaboutReports); with filter[cycle], that cycle's failure, notes and default reports",
  querystring: ListQuery({ 'filter[building]': SingleId, 'filter[cycle]': Type.Optional(SingleId) }),
  response: { 200: ListDocument(ref(ReportResource)), ...errorResponses },
};

export const getReportSchema = {
  tags: ['reports'],
  summary: 'One report: failure and notes need canViewFailureReport, default canViewWalkaboutReports',
  params: Type.Object({ id: ReportId }),
  response: { 200: SingleDocument(ref(ReportResource)), ...errorResponses },
};

const followUpBody = Type.Object({
  data: Type.Object({
    type: Type.Optional(Str),
    attributes: Type.Object({
      acknowledgedAt: Type.Optional(StringOrNull({ maxLength: 64, description: 'ISO 8601; without an offset, in the building time zone' })),
      acknowledgedNotes: Type.Optional(StrNull),
      repairedAt: Type.Optional(StringOrNull({ maxLength: 64, description: 'ISO 8601; without an offset, in the building time zone' })),
      repairedComments: Type.Optional(StrNull),
      photoUrl: Type.Optional(StringOrNull({ maxLength: 2048 })),
    }),
  }),
});

const followUpSummary = (what: string) =>
  `Acknowledge ${what} (acknowledgedAt, acknowledgedNotes, photoUrl: canAcknowledgeFailureReport) or close it as repaired (repairedAt, repairedComments, photoUrl: canRepairFailureReport)`;

export const putEntrySchema = {
  tags: ['reports'],
  summary: followUpSummary('a failure or notes entry'),
  params: IdParams,
  body: followUpBody,
  response: { 200: SingleDocument(ref(FollowUpResource)), ...errorResponses },
};

export const putLocationCommentSchema = {
  tags: ['reports'],
  summary: followUpSummary('an off-cycle location remark'),
  params: IdParams,
  body: followUpBody,
  response: { 200: SingleDocument(ref(FollowUpResource)), ...errorResponses },
};

const Relationship = Type.Object({ data: Type.Object({ type: Type.Optional(Str), id: SingleId }) });

export const createCommentSchema = {
  tags: ['reports'],
  summary: 'A comment on an acknowledged failure or notes item: one relationship, entry or location-comment (canCommentFailureReport)',
  body: Type.Object({
    data: Type.Object({
      type: Type.Optional(Str),
      attributes: Type.Optional(Type.Object({ body: Type.Optional(StrNull) })),
      relationships: Type.Object({ entry: Type.Optional(Relationship), 'location-comment': Type.Optional(Relationship) }),
    }),
  }),
  response: { 201: SingleDocument(ref(CommentResource)), ...errorResponses },
};

export const listEquipmentSchema = {
  tags: ['reports'],
  summary:
    "The equipment types at a building's locations: for the repair report (canViewRepairReports, once the contract is accepted), or with include=equipment-equipment-conditions for the building walkabout applicability screen (administrators only), their tasks included. With filter[organization] instead, the organization's types by order with their components, tasks groups and versions (Manage Types: administrators, the organization's users, canManageOrganization or canViewOrganization). One of the two filters is required (400). With filter[building] and view=building-level the building types and tasks screens' list, each type and task with its building status (building_level_status, suspension_id, suspension_short_name, suspension_description)",
  querystring: ListQuery(
    {
      'filter[building]': Type.Optional(SingleId),
      'filter[organization]': Type.Optional(SingleId),
      'status[]': Type.Optional(Type.Array(TypeStatus, { maxItems: 3, description: "The types' statuses to list (default: all)" })),
      view: BuildingLevelView,
    },
    APPLICABILITY_INCLUDES,
  ),
  response: { 200: ListDocument(ref(EquipmentResource), { included: equipmentIncluded }), ...errorResponses },
};

const RepairReportQuery = Type.Object({
  building_id: SingleId,
  start_date: Type.Optional(Type.String({ maxLength: 40, description: 'YYYY-MM-DD, in the building time zone' })),
  end_date: Type.Optional(Type.String({ maxLength: 40, description: 'YYYY-MM-DD, included; default: today' })),
  equipment_ids: Type.Optional(Type.String({ maxLength: 2000, description: "Equipment type ids: '[1,2]' or '1,2'" })),
});

export const repairReportSchema = {
  tags: ['reports'],
  summary: 'The repair report: a PDF of the items repaired between start_date and end_date for the chosen equipment types (canViewRepairReports)',
  querystring: RepairReportQuery,
  response: {
    200: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description: 'application/pdf' }),
    ...errorResponses,
  },
};

export const RepairReportDownloadResource = PlainResource('RepairReportDownloadResource', 'repair-report-downloads', {
  /** A signed URL path of the PDF that works without a session until expiresAt. */
  download_url: Str,
  filename: Str,
  expiresAt: Str,
});

export const repairReportDownloadSchema = {
  tags: ['reports'],
  summary:
    'The repair report as a short-lived signed URL of its PDF (opens without a session, e.g. in a new window); the same query, rules and permission as GET /repair-reports. The resource id is the building id',
  querystring: RepairReportQuery,
  response: { 200: SingleDocument(ref(RepairReportDownloadResource)), ...errorResponses },
};
