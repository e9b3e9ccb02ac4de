/**
 * The backend's tables (Drizzle). Column names are snake_case in the database
 * through the client's `casing: 'snake_case'` option, camelCase in TypeScript.
 */
import type { DOCUMENT_CATEGORIES, OffsetUnit, RolePermissions } from '@fsi/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const id = () => integer().primaryKey().generatedByDefaultAsIdentity();
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const stamp = () => timestamp({ withTimezone: true });

export type EntityStatus = 'active' | 'disabled' | 'paused';

/** The building's "information" block (spec admin-organizations-buildings.md section 3). */
export type AddressInformation = {
  Address1?: string;
  Address2?: string;
  City?: string;
  State?: string;
  PostalCode?: string;
  Email?: string;
  Phone?: string;
  ContactName?: string;
  ContactPhone?: string;
  ContactEmail?: string;
};
export type BuildingInformation = {
  occupancyType?: string | null;
  note1?: string | null;
  note2?: string | null;
  addressInformation?: AddressInformation;
  managementCompanyName?: string | null;
  managementCompanyAddressInformation?: AddressInformation;
  monitoringCompanyName?: string | null;
  monitoringCompanyPhone?: string | null;
  monitoringCompanyAccountNumber?: string | null;
  monitoringCompanyPassCode?: string | null;
};

export type UserSubscriptions = {
  incompleteWalkaboutReminderBuildingIds: number[];
  incompleteWalkaboutNotificationsBuildingIds: number[];
  unsatisfactoryEquipmentIds: number[];
  notatedEquipmentIds: number[];
};

export type ReminderSubscription = { cycleId: number; offsetValue: number; offsetUnit: string };

export type ConditionType =
  | 'boolean'
  | 'yesno'
  | 'yesnonotapplicable'
  | 'number'
  | 'string'
  | 'range'
  | 'dropdown'
  | 'multiselect'
  | 'time';

export type ConditionOptions = {
  disableUnsatisfactoryRemarks?: boolean;
  disableUnsatisfactoryPhoto?: boolean;
  makePhotoAndRemarksOptional?: boolean;
  pattern?: string | null;
  values?: string[];
};

export const organizations = pgTable('organizations', {
  id: id(),
  name: text().notNull(),
  logoUrl: text(),
  contractUrl: text(),
  contractAcceptedAt: stamp(),
  contractAcceptedBy: text(),
  status: text().$type<EntityStatus>().notNull().default('active'),
  timeZone: text().notNull().default('America/Toronto'),
  createdAt: createdAt(),
});

export const regions = pgTable(
  'regions',
  {
    id: id(),
    organizationId: integer().notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    parentId: integer().references((): AnyPgColumn => regions.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Raised by every change; a write that names an older version is refused with 409 STALE (see buildings.version). */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.organizationId), index().on(t.parentId)],
);

export const cycles = pgTable(
  'cycles',
  {
    id: id(),
    organizationId: integer().notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    abbreviation: text().notNull(),
    /** null: a non-repeating cycle (walkabouts are created on demand). */
    frequency: text().$type<'daily' | 'weekly' | 'monthly' | 'yearly'>(),
    every: integer(),
    start: date({ mode: 'string' }),
    /** Raised by every change; a write that names an older version is refused with 409 STALE (see buildings.version). */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.organizationId)],
);

export const cycleOverrides = pgTable(
  'cycle_overrides',
  {
    id: id(),
    regionId: integer().notNull().references(() => regions.id, { onDelete: 'cascade' }),
    cycleId: integer().notNull().references(() => cycles.id, { onDelete: 'cascade' }),
    monday: boolean().notNull().default(true),
    tuesday: boolean().notNull().default(true),
    wednesday: boolean().notNull().default(true),
    thursday: boolean().notNull().default(true),
    friday: boolean().notNull().default(true),
    saturday: boolean().notNull().default(true),
    sunday: boolean().notNull().default(true),
    blackoutDates: jsonb().$type<string[]>().notNull().default([]),
    /** Raised by every change; a write that names an older version is refused with 409 STALE (see buildings.version). */
    version: integer().notNull().default(1),
  },
  (t) => [uniqueIndex().on(t.regionId, t.cycleId)],
);

export const buildings = pgTable(
  'buildings',
  {
    id: id(),
    organizationId: integer().notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    regionId: integer().references(() => regions.id, { onDelete: 'set null' }),
    name: text().notNull(),
    order: integer().notNull().default(0),
    photoUrl: text(),
    timeZone: text().notNull(),
    floorDisplayName: text(),
    information: jsonb().$type<BuildingInformation>().notNull().default({}),
    contractUrl: text(),
    contractAcceptedAt: stamp(),
    contractAccepterUsername: text(),
    /** The contract is the organization's (spec admin-organizations-buildings.md: 'Contract is managed on organization level.'). */
    organizationContract: boolean().notNull().default(false),
    fireWatchCycleId: integer().references(() => cycles.id, { onDelete: 'set null' }),
    /**
     * The report definitions and booklet templates switched on for this building (the building form's toggles);
     * null: every one that applies to it, as before a form saved them.
     */
    reportDefinitionIds: integer().array(),
    reportBookletTemplateIds: integer().array(),
    /** Raised by every change; a write that names an older version is refused with 409 (two administrators editing at once). */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    // In the lists' order (buildings/repository.ts), so that a page of an organization's buildings is read in order
    // and stops at its last row.
    index().on(t.organizationId, t.order, t.name, t.id),
    index().on(t.regionId),
    // The buildings under a contract of their own, which every read of their organization lists
    // (organizations/repository.ts contractsColumn, whose predicate this repeats): without it, each such read went
    // through all of the organization's buildings.
    index('buildings_own_contract_idx').on(t.organizationId).where(sql`contract_url is not null and not organization_contract`),
  ],
);

export const buildingCycleOffsets = pgTable(
  'building_cycle_offsets',
  {
    buildingId: integer().notNull().references(() => buildings.id, { onDelete: 'cascade' }),
    cycleId: integer().notNull().references(() => cycles.id, { onDelete: 'cascade' }),
    openOffsetValue: integer().notNull().default(0),
    openOffsetUnit: text().$type<OffsetUnit>().notNull().default('hour'),
    closeOffsetValue: integer().notNull().default(0),
    closeOffsetUnit: text().$type<OffsetUnit>().notNull().default('hour'),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.cycleId] })],
);

export const floors = pgTable(
  'floors',
  {
    id: id(),
    buildingId: integer().notNull().references(() => buildings.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    order: integer().notNull().default(0),
    /** Raised by every change, order included; see buildings.version. */
    version: integer().notNull().default(1),
  },
  (t) => [index().on(t.buildingId)],
);

export const locations = pgTable(
  'locations',
  {
    id: id(),
    buildingId: integer().notNull().references(() => buildings.id, { onDelete: 'cascade' }),
    floorId: integer().notNull().references(() => floors.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    hint: text(),
    order: integer().notNull().default(0),
    regularUuid: text().notNull().unique(),
    temporaryUuid: text().unique(),
    /** A short label printed under the QR code (spec Location.label); the name when not set. */
    label: text(),
    url: text(),
    /** Other numbers the location is known by (e.g. an older system's ids); the QR list searches them. */
    aliasIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    /** Raised by every change, order included; see buildings.version. */
    version: integer().notNull().default(1),
    /**
     * Set when an administrator deletes the location: it leaves the building's lists and later walkabouts, and the
     * walkabouts and reports that recorded results for it keep them (their entries still point here).
     */
    deletedAt: stamp(),
  },
  (t) => [index().on(t.buildingId), index().on(t.floorId)],
);

export const equipmentTypes = pgTable(
  'equipment_types',
  {
    id: id(),
    organizationId: integer().notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    aliasName: text(),
    order: integer().notNull().default(0),
    status: text().$type<EntityStatus>().notNull().default('active'),
    /** Raised by every change; an edit or reorder carrying an older one is refused (409 STALE). */
    version: integer().notNull().default(1),
  },
  (t) => [index().on(t.organizationId)],
);

export const equipmentComponents = pgTable(
  'equipment_components',
  {
    id: id(),
    equipmentTypeId: integer().notNull().references(() => equipmentTypes.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    aliasName: text(),
    order: integer().notNull().default(0),
    disabled: boolean().notNull().default(false),
  },
  (t) => [index().on(t.equipmentTypeId)],
);

export const locationEquipment = pgTable(
  'location_equipment',
  {
    id: id(),
    locationId: integer().notNull().references(() => locations.id, { onDelete: 'cascade' }),
    equipmentTypeId: integer().notNull().references(() => equipmentTypes.id, { onDelete: 'cascade' }),
    typeOrder: integer().notNull().default(0),
    state: text().$type<EntityStatus>().notNull().default('active'),
    /** The secondary data of the equipment at this location (make, model, serial, dates…). */
    metadata: jsonb().$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    disabled: boolean().notNull().default(false),
  },
  (t) => [index().on(t.locationId), index().on(t.equipmentTypeId)],
);

export const taskGroups = pgTable(
  'task_groups',
  {
    id: id(),
    organizationId: integer().notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    version: integer().notNull().default(1),
  },
  (t) => [index().on(t.organizationId)],
);

/** What a component's 'Override Conditions' modal sets for the tasks of one of its groups (section 3). */
export type ConditionOverrides = {
  disableUnsatisfactoryPhoto?: boolean;
  disableUnsatisfactoryRemarks?: boolean;
  makePhotoAndRemarksOptional?: boolean;
};

/**
 * A task group used by a component of a type (the type's add/edit modal): `from` and `to` bound the part of the
 * group it takes (null: from the start, to the end), `order` places it among the component's groups, `overrides`
 * change how its tasks are answered in walkabouts.
 */
export const equipmentComponentConditionGroups = pgTable(
  'equipment_component_condition_groups',
  {
    id: id(),
    componentId: integer().notNull().references(() => equipmentComponents.id, { onDelete: 'cascade' }),
    taskGroupId: integer().notNull().references(() => taskGroups.id, { onDelete: 'cascade' }),
    from: integer(),
    to: integer(),
    order: integer().notNull().default(0),
    overrides: jsonb().$type<ConditionOverrides>().notNull().default({}),
  },
  (t) => [index().on(t.componentId), index().on(t.taskGroupId)],
);

/** A task is the spec's "equipment condition": what an inspector checks for a type, per cycle. */
export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    organizationId: integer().notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    equipmentTypeId: integer().notNull().references(() => equipmentTypes.id, { onDelete: 'cascade' }),
    componentId: integer().references(() => equipmentComponents.id, { onDelete: 'set null' }),
    cycleId: integer().notNull().references(() => cycles.id, { onDelete: 'cascade' }),
    groupId: integer().references(() => taskGroups.id, { onDelete: 'set null' }),
    label: text().notNull(),
    type: text().$type<ConditionType>().notNull(),
    classification: text(),
    description: text(),
    hint: text(),
    referenceName: text(),
    referenceDescription: text(),
    rangeFrom: text(),
    rangeTo: text(),
    typeValue: text(),
    typeSatisfactoryValue: text(),
    typeUnsatisfactoryValue: text(),
    typeRecordValue: text(),
    options: jsonb().$type<ConditionOptions>().notNull().default({}),
    status: text().$type<EntityStatus>().notNull().default('active'),
    order: integer().notNull().default(0),
    /** Its place in its task group ('Tasks are saved with id and order'). */
    groupOrder: integer().notNull().default(0),
    version: integer().notNull().default(1),
  },
  (t) => [index().on(t.equipmentTypeId), index().on(t.cycleId), index().on(t.organizationId), index().on(t.groupId)],
);

/**
 * The building walkabout applicability screen (admin only): which of a type's tasks walkabouts of this building
 * include. No row: all of them.
 */
export const buildingTaskApplicability = pgTable(
  'building_task_applicability',
  {
    buildingId: integer().notNull().references(() => buildings.id, { onDelete: 'cascade' }),
    equipmentTypeId: integer().notNull().references(() => equipmentTypes.id, { onDelete: 'cascade' }),
    taskIds: integer().array().notNull().default(sql`'{}'::integer[]`),
  },
  (t) => [primaryKey({ columns: [t.buildingId, t.equipmentTypeId] })],
);

/** A building-level pause or deactivation of an equipment type or of one task. */
export const buildingSuspensions = pgTable(
  'building_suspensions',
  {
    id: id(),
    buildingId: integer().notNull().references(() => buildings.id, { onDelete: 'cascade' }),
    equipmentTypeId: integer().references(() => equipmentTypes.id, { onDelete: 'cascade' }),
    taskId: integer().references(() => tasks.id, { onDelete: 'cascade' }),
    status: text().$type<'disabled' | 'paused'>().notNull().default('paused'),
    shortName: text().notNull(),
    description: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.buildingId)],
);

export const roles = pgTable(
  'roles',
  {
    id: id(),
    organizationId: integer().notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    permissions: jsonb().$type<RolePermissions>().notNull(),
    assignableRoleIds: jsonb().$type<number[]>().notNull().default([]),
    walkaboutEquipmentIds: jsonb().$type<number[]>().notNull().default([]),
    /** The report definitions whose walkabout reports this role's walkabout report permission shows; empty: all. */
    reportDefinitionIds: jsonb().$type<number[]>().notNull().default([]),
    /** The booklet templates whose booklets this role's walkabout report permission shows; empty: all. */
    reportBookletTemplateIds: jsonb().$type<number[]>().notNull().default([]),
    incompleteWalkaboutReminderSubscriptions: jsonb().$type<ReminderSubscription[]>().notNull().default([]),
    /** Raised by every change; a write that names an older version is refused with 409 STALE (see buildings.version). */
    version: integer().notNull().default(1),
  },
  (t) => [index().on(t.organizationId)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text().notNull(),
    securityemail: text(),
    firstname: text(),
    lastname: text(),
    email: text(),
    phone: text(),
    title: text(),
    organizationId: integer().references(() => organizations.id, { onDelete: 'cascade' }),
    regionId: integer().references(() => regions.id, { onDelete: 'set null' }),
    passwordHash: text().notNull(),
    walkaboutAutoSavePeriodMins: integer().notNull().default(5),
    debugModeEnabled: boolean().notNull().default(false),
    networkSpeedMeasurementEnabled: boolean().notNull().default(false),
    subscriptions: jsonb()
      .$type<UserSubscriptions>()
      .notNull()
      .default({
        incompleteWalkaboutReminderBuildingIds: [],
        incompleteWalkaboutNotificationsBuildingIds: [],
        unsatisfactoryEquipmentIds: [],
        notatedEquipmentIds: [],
      }),
    street1: text(),
    street2: text(),
    city: text(),
    province: text(),
    postalCode: text(),
    companyName: text(),
    /** A link to the image of the user's signature (editable by administrators only). */
    signatureImageLink: text(),
    cfaaTechnicianNumber: text(),
    /** A deactivated user cannot sign in, and deactivation ends their sessions and API tokens at once. */
    active: boolean().notNull().default(true),
    isAdmin: boolean().notNull().default(false),
    /** Report definitions and booklet templates e-mailed to this user when a walkabout of theirs locks. */
    reportDefinitionsForAutomaticDeliveryIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    reportBookletsForAutomaticDeliveryIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    /** Raised by every change; a write that names an older version is refused with 409 STALE (see buildings.version). */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
  },
  // Usernames are unique whatever their letter case: sign-in matches them case-insensitively.
  (t) => [uniqueIndex('users_username_lower_unique').on(sql`lower(${t.username})`), index().on(t.organizationId)],
);

export const userBuildings = pgTable(
  'user_buildings',
  {
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    buildingId: integer().notNull().references(() => buildings.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.buildingId] }), index().on(t.buildingId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer().notNull().references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index().on(t.roleId)],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** sha-256 of the access token, hex: a leaked table gives no usable token. */
    tokenHash: text().notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index().on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: stamp(),
  },
  (t) => [index().on(t.userId)],
);

/** Failed and successful sign-ins, kept in the database so that every replica counts the same failures. */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: id(),
    username: text().notNull(),
    address: text().notNull(),
    succeeded: boolean().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.username, t.createdAt), index().on(t.address, t.createdAt)],
);

export type MailAttachment = { filename: string; uploadKey: string; contentType: string };

export const mailOutbox = pgTable('mail_outbox', {
  id: id(),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  html: text(),
  /** Files sent with the message: a stored upload (its key) under the name the recipient sees. */
  attachments: jsonb().$type<MailAttachment[]>().notNull().default([]),
  createdAt: createdAt(),
  /** Set when an SMTP server accepted the message; without SMTP_URL mail stays here unsent. */
  sentAt: stamp(),
  error: text(),
});

// --- Walkabouts (DESIGN.md section 4: schedule, what a walkabout contains, lock and close). ---

export type QrUnavailabilityKind = 'missing' | 'unusable' | 'access_denied';
/** A condition's value as recorded: boolean, 'yes'/'no'/'na', number, text or the chosen texts. */
export type StoredConditionValue = boolean | number | string | string[] | null;

/**
 * A recorded value (jsonb), read as the driver parses it. Drizzle's jsonb parses a string value a
 * second time, so that the text answer '4512' came back as the number 4512, 'true' as true and
 * 'null' as no answer at all; and the device, sending back what it read, was refused ('Value must
 * be text'). Written as Drizzle's jsonb writes it.
 */
const recordedValue = customType<{ data: StoredConditionValue; driverData: unknown }>({
  dataType: () => 'jsonb',
  toDriver: (value) => JSON.stringify(value),
  fromDriver: (value) => value as StoredConditionValue,
});

/**
 * One inspection of a building for one period of a cycle. periodKey is the period's first local
 * date for a repeating cycle and 'on-demand-{n}' for a non-repeating one: unique with the
 * building and cycle, so the scheduler (on any replica) and retries never create one twice.
 */
export const walkabouts = pgTable(
  'walkabouts',
  {
    id: id(),
    buildingId: integer().notNull().references(() => buildings.id, { onDelete: 'cascade' }),
    cycleId: integer().notNull().references(() => cycles.id, { onDelete: 'cascade' }),
    periodKey: text().notNull(),
    date: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }),
    openedAt: timestamp({ withTimezone: true }).notNull(),
    /** Locked when lockedAt <= now: by the schedule at this time, or by a user earlier. null: only a user locks it. */
    lockedAt: stamp(),
    lockedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    closedAt: stamp(),
    isFireWatch: boolean().notNull().default(false),
    fireWatchId: integer(),
    /** Set when the results were frozen after the lock time, with the figures of that moment. */
    finalizedAt: stamp(),
    finalIsComplete: boolean(),
    finalUnsatisfactoryCount: integer(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.buildingId, t.cycleId, t.periodKey),
    index().on(t.buildingId, t.openedAt),
    index().on(t.lockedAt),
  ],
);

export const walkaboutFloors = pgTable(
  'walkabout_floors',
  {
    id: id(),
    walkaboutId: integer().notNull().references(() => walkabouts.id, { onDelete: 'cascade' }),
    floorId: integer().references(() => floors.id, { onDelete: 'set null' }),
    name: text().notNull(),
    order: integer().notNull(),
  },
  (t) => [uniqueIndex().on(t.walkaboutId, t.floorId)],
);

/** A location with one of its equipment at a walkabout; unlocked for editing by scanning the location. */
export const entries = pgTable(
  'entries',
  {
    id: id(),
    walkaboutId: integer().notNull().references(() => walkabouts.id, { onDelete: 'cascade' }),
    walkaboutFloorId: integer().notNull().references(() => walkaboutFloors.id, { onDelete: 'cascade' }),
    locationId: integer().notNull().references(() => locations.id, { onDelete: 'cascade' }),
    locationEquipmentId: integer().notNull().references(() => locationEquipment.id, { onDelete: 'cascade' }),
    equipmentTypeId: integer().notNull().references(() => equipmentTypes.id, { onDelete: 'cascade' }),
    order: integer().notNull(),
    label: text().notNull(),
    equipmentName: text().notNull(),
    aliasName: text(),
    scannedAt: stamp(),
    scannerId: integer().references(() => users.id, { onDelete: 'set null' }),
    qrUnavailabilityKind: text().$type<QrUnavailabilityKind>(),
    qrUnavailabilityComment: text(),
    /*
     * How many of the entry's conditions are failures (unsatisfactory) and notes (a note on a result that is not), kept
     * by the statement triggers of migrations 0020 and 0021 on conditions (features/failure-reports/items.ts reads them): a
     * walkabout's failures and notes are found by its entries, not by an index of the conditions' results, which a save
     * of 1,000 results had to rewrite (issue 8).
     */
    failureCount: integer().notNull().default(0),
    noteCount: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex().on(t.walkaboutId, t.locationEquipmentId),
    index().on(t.walkaboutFloorId),
    index().on(t.locationId),
    // The entries of a walkabout that are failure or notes items (features/failure-reports/items.ts, whose queries repeat this predicate).
    index('entries_follow_up_idx').on(t.walkaboutId).where(sql`failure_count > 0 or note_count > 0`),
  ],
);

/** The tasks of an entry grouped by its equipment type (componentId null) or by one component. */
export const sections = pgTable(
  'sections',
  {
    id: id(),
    walkaboutId: integer().notNull().references(() => walkabouts.id, { onDelete: 'cascade' }),
    entryId: integer().notNull().references(() => entries.id, { onDelete: 'cascade' }),
    equipmentTypeId: integer().notNull(),
    componentId: integer(),
    name: text().notNull(),
    aliasName: text(),
    orderOnWalkabout: integer().notNull(),
  },
  (t) => [
    uniqueIndex().on(t.entryId, t.componentId),
    index().on(t.walkaboutId),
    // What a condition's one foreign key names (its section, entry and walkabout together): see conditions.
    uniqueIndex().on(t.id, t.entryId, t.walkaboutId),
  ],
);

/**
 * One task to answer: a snapshot of the task at creation (later task edits do not change open
 * walkabouts) and the result. satisfaction is computed with the shared rule when a value is
 * saved, so counts and statuses are plain SQL aggregates.
 */
export const conditions = pgTable(
  'conditions',
  {
    id: id(),
    walkaboutId: integer().notNull(),
    entryId: integer().notNull(),
    sectionId: integer().notNull(),
    /*
     * The task the condition was made from (null once that task is deleted). Kept to tasks by triggers of migration
     * 0013 rather than a foreign key (issue 8): a foreign key checks and locks the task once per row, which took a third
     * of creating a walkabout of 10,000 conditions; the triggers check and lock each task once per statement, refuse
     * a missing one with the same error (23503, conditions_task_id_tasks_id_fk) and null it when the task is deleted.
     */
    taskId: integer(),
    label: text().notNull(),
    type: text().$type<ConditionType>().notNull(),
    classification: text(),
    description: text(),
    hint: text(),
    referenceName: text(),
    referenceWording: text(),
    typeValue: text(),
    typeSatisfactoryValue: text(),
    typeUnsatisfactoryValue: text(),
    typeRecordValue: text(),
    rangeFrom: text(),
    rangeTo: text(),
    options: jsonb().$type<ConditionOptions>().notNull().default({}),
    orderOnWalkabout: integer().notNull(),
    value: recordedValue(),
    satisfaction: text().$type<'satisfactory' | 'unsatisfactory' | 'neutral'>().notNull().default('neutral'),
    remarks: text(),
    photoUrl: text(),
    photoMimetype: text(),
    hasSatisfactoryRemarks: boolean().notNull().default(false),
    editedVia: text(),
    editedAt: stamp(),
    /*
     * The last editor (null once that user is deleted): kept to users by triggers of migration 0016, as taskId is by 0013,
     * with the foreign key's error (23503, conditions_editor_id_users_id_fk) and action.
     */
    editorId: integer(),
  },
  (t) => [
    /*
     * The section, the entry and the walkabout together name one section (the entry and walkabout are the section's
     * own): kept by triggers of migration 0016 rather than the foreign key conditions_section_entry_walkabout_fk (issue
     * 8), which checked and locked a section once per condition, 88 of the 224 ms of inserting the 10,000 conditions of
     * a large walkabout (auto_explain, PostgreSQL). The triggers check and lock each section once per statement, refuse
     * a condition of no such section with the key's error (23503 under its name), and delete a section's conditions
     * with it (so deleting a walkabout or an entry deletes its conditions, as before).
     */
    index().on(t.walkaboutId),
    /*
     * No index of sectionId (dropped by migration 0018, issue 8): a section's conditions are found by its entry (its
     * entry and walkabout are theirs), and every result saved wrote an entry in it, 4 of the 17 ms of the UPDATE of
     * 1,000 first results on PostgreSQL.
     */
    index().on(t.entryId),
    /*
     * No index names a result's columns (migration 0020 dropped conditions_follow_up_idx, issue 8), and the table leaves
     * room in its pages (fillfactor 45, set by that migration): a save rewrites its results in their pages (heap-only
     * updates, no index entry written), 2.8 against 10–12 ms for 1,000 results on PostgreSQL. A walkabout's failures
     * and notes are counted on their entries (entries.failureCount, noteCount).
     */
  ],
);

/** The edit trail: one row per recorded change (a result, a scan, an unavailable QR code), kept for audits. */
export const walkaboutEdits = pgTable(
  'walkabout_edits',
  {
    id: id(),
    /*
     * The walkabout (its edits deleted with it) and the editor (null once that user is deleted) are kept by triggers of
     * migration 0014 rather than foreign keys (issue 8), as conditions.task_id is: the keys checked and locked the same
     * walkabout and the same user once per row, twice per condition of a save (2,000 checks for a save of 1,000); the
     * triggers check and lock each once per statement, with the keys' errors (23503 under the keys' names) and actions.
     */
    walkaboutId: integer().notNull(),
    saveId: integer(),
    kind: text().$type<'condition' | 'scan' | 'qr-unavailable'>().notNull(),
    conditionId: integer(),
    entryId: integer(),
    userId: integer(),
    value: recordedValue(),
    remarks: text(),
    photoUrl: text(),
    photoMimetype: text(),
    hasSatisfactoryRemarks: boolean(),
    editedVia: text(),
    /** When the change was made on the device; recordedAt when it reached the server. */
    editedAt: stamp(),
    /** false when a newer change of the same condition was already recorded (an older offline save). */
    applied: boolean().notNull().default(true),
    recordedAt: createdAt(),
  },
  /*
   * One index for a walkabout's edits and for a condition's (named with its walkabout: the notification job's edits),
   * rather than one of each (migration 0019, issue 8): a save of 1,000 results writes 1,000 edits, and each wrote an
   * entry in both (its INSERT 10.3 ms on PostgreSQL with the two, 8.3 with this one).
   */
  (t) => [index().on(t.walkaboutId, t.conditionId)],
);

/** Saves by idempotency key: the same save (the device's save id) sent twice is recorded once. */
export const walkaboutSaves = pgTable(
  'walkabout_saves',
  {
    id: id(),
    walkaboutId: integer().notNull().references(() => walkabouts.id, { onDelete: 'cascade' }),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    /**
     * What the first send saved, answered again to a repeat as the server has it then (save.ts): the
     * entries and the conditions it named, in its order. Written with the key, in the same statement.
     */
    entryIds: integer().array(),
    conditionIds: integer().array(),
    /**
     * Saves recorded before 0015 only (entryIds and conditionIds are null): the answer of the first
     * send as JSON text, answered again as it is. Storing a 1,000-condition answer (0.9 MB) cost a
     * tenth of the save (its serialization, its transfer and its compression in the database).
     */
    response: text(),
    /** The save's time as the answer gives it (meta.savedAt), a repeat's too. */
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.walkaboutId, t.userId, t.key)],
);

/** Every scan of a location that unlocked entries: who, when on the device, when recorded. */
export const scans = pgTable(
  'scans',
  {
    id: id(),
    walkaboutId: integer().notNull().references(() => walkabouts.id, { onDelete: 'cascade' }),
    entryId: integer().notNull().references(() => entries.id, { onDelete: 'cascade' }),
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    scannedAt: timestamp({ withTimezone: true }).notNull(),
    recordedAt: createdAt(),
  },
  (t) => [index().on(t.walkaboutId)],
);

/** A building's fire watch. At most one is started per building at a time (partial unique index). */
export const fireWatches = pgTable(
  'fire_watches',
  {
    id: id(),
    buildingId: integer().notNull().references(() => buildings.id, { onDelete: 'cascade' }),
    status: text().$type<'started' | 'ended'>().notNull(),
    startComments: text(),
    endComments: text(),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    startedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    endedAt: stamp(),
    endedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    walkaboutId: integer().references(() => walkabouts.id, { onDelete: 'set null' }),
  },
  (t) => [
    index().on(t.buildingId),
    uniqueIndex('fire_watches_one_started_per_building').on(t.buildingId).where(sql`${t.status} = 'started'`),
  ],
);

/** An off-cycle remark about a location (scanned outside a walkabout). */
export const locationComments = pgTable(
  'location_comments',
  {
    id: id(),
    locationId: integer().notNull().references(() => locations.id, { onDelete: 'cascade' }),
    body: text(),
    photoUrl: text(),
    creatorId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.locationId)],
);

/** A stored file; key is unguessable and names the file in the storage (disk folder or bucket). */
export const uploads = pgTable('uploads', {
  id: id(),
  key: text().notNull().unique(),
  mimetype: text().notNull(),
  size: integer().notNull(),
  originalName: text(),
  uploaderId: integer().references(() => users.id, { onDelete: 'set null' }),
  /** The organization of the user who uploaded it: only that organization may pass it in a save. */
  organizationId: integer().references(() => organizations.id, { onDelete: 'cascade' }),
  /** What the upload was accepted as: a photo or logo (an image), or a document (PDF, office or image). */
  kind: text().$type<UploadKind>().notNull().default('image'),
  /** A PDF's page count, read on upload. */
  pageCount: integer(),
  createdAt: createdAt(),
});

export type UploadKind = 'image' | 'document';

// --- Documents (issue 11: spec inspection.md sections 2-8). ---

export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];
export type DocumentBookmark = { label: string; page: number };
/** pageCount for PDFs (read on upload, kept up to date by PATCH); bookmarks for PDFs only. */
export type DocumentMetadata = { pageCount?: number | null; bookmarks?: DocumentBookmark[] };

/**
 * A building's document: one of the seven categories, or attached to a failure item (an entry's
 * unsatisfactory result, or an off-cycle location comment) from the failure report.
 */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    buildingId: integer().notNull().references(() => buildings.id, { onDelete: 'cascade' }),
    entryId: integer().references(() => entries.id, { onDelete: 'cascade' }),
    locationCommentId: integer().references(() => locationComments.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    category: text().$type<DocumentCategory>().notNull(),
    uploadId: integer().notNull().references(() => uploads.id, { onDelete: 'restrict' }),
    metadata: jsonb().$type<DocumentMetadata>().notNull().default({}),
    creatorId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.buildingId, t.category), index().on(t.entryId), index().on(t.locationCommentId)],
);

/**
 * A QR code printed ahead of time for an organization (spec admin-organizations-buildings.md "Unassigned QR
 * codes"): its uuid becomes a location's temporary uuid when assigned, and the row goes.
 */
export const unassignedQrCodes = pgTable(
  'unassigned_qr_codes',
  {
    id: id(),
    organizationId: integer().notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    uuid: text().notNull().unique(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.organizationId)],
);

// --- Reports (issue 10: spec inspection.md sections 2-9; definitions and booklets admin-people-schedules.md 3-4). ---

/** How a report definition's section lays out its results (spec admin-people-schedules.md section 3). */
export type ReportSectionDetail = 'condition' | 'location' | 'group' | 'location_x_types' | 'types_by_location';
export type ReportDefinitionSection = {
  equipmentId: number | null;
  detail: ReportSectionDetail;
  title: string;
  includeMetadata: boolean | null;
  pageBreakAfter: boolean;
  /** The tasks the section reports; null means all of the equipment's tasks. */
  applicableEquipmentConditionIds: number[] | null;
  applicableEquipmentIds: number[];
  applicableGroupNames: string[];
};

/**
 * What a walkabout report of a cycle contains. It applies to one building (buildingId), to the
 * buildings of a region and its sub-regions (regionId), or to the whole organization (both null).
 */
export const reportDefinitions = pgTable(
  'report_definitions',
  {
    id: id(),
    organizationId: integer().notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    regionId: integer().references(() => regions.id, { onDelete: 'cascade' }),
    buildingId: integer().references(() => buildings.id, { onDelete: 'cascade' }),
    cycleId: integer().notNull().references(() => cycles.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    templateName: text().notNull().default('default'),
    /** How many earlier walkabouts of the cycle are shown beside the reported one. */
    previousWalkaboutsCount: integer().notNull().default(0),
    sections: jsonb().$type<ReportDefinitionSection[]>().notNull().default([]),
    /** Generated when a walkabout of the cycle locks (and as interim while it is open). */
    generateReport: boolean().notNull().default(true),
    isActive: boolean().notNull().default(true),
    /** Raised by every change; a write that names an older version is refused with 409 STALE (see buildings.version). */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.organizationId), index().on(t.cycleId)],
);

/** Several report definitions combined in one PDF, the primary first. */
export const reportBookletTemplates = pgTable(
  'report_booklet_templates',
  {
    id: id(),
    organizationId: integer().notNull().references(() => organizations.id, { onDelete: 'cascade' }),
    regionId: integer().references(() => regions.id, { onDelete: 'cascade' }),
    buildingId: integer().references(() => buildings.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    templateName: text().notNull().default('default'),
    /** default: each report as it is, one after the other; consolidated: one header, the reports' sections merged. */
    displayType: text().$type<'default' | 'consolidated'>().notNull().default('default'),
    reportDefinitionIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    primaryReportDefinitionId: integer().references(() => reportDefinitions.id, { onDelete: 'set null' }),
    isActive: boolean().notNull().default(true),
    /** Raised by every change; a write that names an older version is refused with 409 STALE (see buildings.version). */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.organizationId)],
);

export type GeneratedReportKind = 'walkabout' | 'audit' | 'booklet' | 'fire_watch' | 'adhoc';

/**
 * A report PDF made by the backend. sourceKey names what it was made from (for example
 * 'walkabout:12:definition:3'), unique, so a report is generated once per source; contentHash is
 * the hash of the data it was made from, so an unchanged report is not made again.
 */
export const generatedReports = pgTable(
  'generated_reports',
  {
    id: id(),
    kind: text().$type<GeneratedReportKind>().notNull(),
    sourceKey: text().notNull().unique(),
    buildingId: integer().notNull().references(() => buildings.id, { onDelete: 'cascade' }),
    cycleId: integer().references(() => cycles.id, { onDelete: 'set null' }),
    walkaboutId: integer().references(() => walkabouts.id, { onDelete: 'cascade' }),
    fireWatchId: integer().references(() => fireWatches.id, { onDelete: 'cascade' }),
    reportDefinitionId: integer().references(() => reportDefinitions.id, { onDelete: 'set null' }),
    bookletTemplateId: integer().references(() => reportBookletTemplates.id, { onDelete: 'set null' }),
    name: text().notNull(),
    /** Made while the walkabout was open (or locks in the future). */
    isInterim: boolean().notNull().default(false),
    status: text().$type<'pending' | 'ready' | 'failed'>().notNull().default('pending'),
    /** The PDF in the storage (an uploads key) once generated. */
    uploadKey: text(),
    contentHash: text(),
    pageCount: integer(),
    sizeBytes: integer(),
    error: text(),
    startDate: date({ mode: 'string' }),
    endDate: date({ mode: 'string' }),
    lockedAt: stamp(),
    generatedAt: stamp(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.buildingId, t.kind), index().on(t.walkaboutId)],
);

/** A report asked for on demand (POST /on-demand-reports/init-creation); polled by its identificator. */
export const onDemandReports = pgTable(
  'on_demand_reports',
  {
    id: id(),
    identificator: text().notNull().unique(),
    requesterId: integer().references(() => users.id, { onDelete: 'set null' }),
    buildingId: integer().notNull().references(() => buildings.id, { onDelete: 'cascade' }),
    reportType: text().notNull(),
    cycleId: integer().references(() => cycles.id, { onDelete: 'set null' }),
    walkaboutId: integer().references(() => walkabouts.id, { onDelete: 'cascade' }),
    reportDefinitionId: integer().references(() => reportDefinitions.id, { onDelete: 'set null' }),
    bookletTemplateId: integer().references(() => reportBookletTemplates.id, { onDelete: 'set null' }),
    generatedReportId: integer().references(() => generatedReports.id, { onDelete: 'set null' }),
    status: text().$type<'pending' | 'ready' | 'failed'>().notNull().default('pending'),
    error: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.buildingId)],
);

/**
 * The follow-up of a failure or a note: an entry (equipment at a location in a walkabout) or an
 * off-cycle location comment, acknowledged and then repaired (closed). One row per item.
 */
export const reportFollowUps = pgTable(
  'report_follow_ups',
  {
    id: id(),
    entryId: integer().unique().references(() => entries.id, { onDelete: 'cascade' }),
    locationCommentId: integer().unique().references(() => locationComments.id, { onDelete: 'cascade' }),
    acknowledgedAt: stamp(),
    acknowledgedById: integer().references(() => users.id, { onDelete: 'set null' }),
    acknowledgedNotes: text(),
    acknowledgedPhotoUrl: text(),
    repairedAt: stamp(),
    repairedById: integer().references(() => users.id, { onDelete: 'set null' }),
    repairedComments: text(),
    repairedPhotoUrl: text(),
    updatedAt: createdAt(),
  },
);

/** A comment on a failure or note item (POST /comments, one relationship naming the item). */
export const reportComments = pgTable(
  'report_comments',
  {
    id: id(),
    entryId: integer().references(() => entries.id, { onDelete: 'cascade' }),
    locationCommentId: integer().references(() => locationComments.id, { onDelete: 'cascade' }),
    body: text().notNull(),
    creatorId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.entryId), index().on(t.locationCommentId)],
);

/**
 * A named API token for integrators: shown once at creation, kept here only as its SHA-256 hash.
 * Its scope is a set of role permissions no wider than its owner's when it was made (and never wider
 * than the owner's at the time of use); it stops working at expiresAt, when revoked, or when its owner
 * is deactivated.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    tokenHash: text().notNull().unique(),
    /** The role permissions the token may use; null: all of its owner's. */
    permissions: jsonb().$type<RolePermissions | null>(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: stamp(),
    lastUsedAt: stamp(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId)],
);

/**
 * One e-mail of a reminder or notification to one user (kind 'incomplete-walkabout-reminder',
 * 'unsatisfactory-result' or 'note'); subjectKey names what it is about (for example
 * 'walkabout:12:cycle:3' or 'condition:40'). Unique, so that replicas and retries send each once.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: id(),
    kind: text().notNull(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    subjectKey: text().notNull(),
    walkaboutId: integer().references(() => walkabouts.id, { onDelete: 'cascade' }),
    mailId: integer().references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.kind, t.userId, t.subjectKey), index().on(t.walkaboutId)],
);
