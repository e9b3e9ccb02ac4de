/**
 * The backend's tables (Drizzle). Column names are snake_case in the database
 * through the client's `casing: 'snake_case'` option, camelCase in TypeScript.
 * Walkabout, report and document tables belong to later issues.
 */
import type { RolePermissions } from '@fsi/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
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
    fireWatchCycleId: integer().references(() => cycles.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.organizationId), index().on(t.regionId)],
);

export const buildingCycleOffsets = pgTable(
  'building_cycle_offsets',
  {
    buildingId: integer().notNull().references(() => buildings.id, { onDelete: 'cascade' }),
    cycleId: integer().notNull().references(() => cycles.id, { onDelete: 'cascade' }),
    openOffsetValue: integer().notNull().default(0),
    openOffsetUnit: text().notNull().default('hour'),
    closeOffsetValue: integer().notNull().default(0),
    closeOffsetUnit: text().notNull().default('hour'),
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
  },
  (t) => [index().on(t.organizationId)],
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
  },
  (t) => [index().on(t.equipmentTypeId), index().on(t.cycleId), index().on(t.organizationId)],
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
    incompleteWalkaboutReminderSubscriptions: jsonb().$type<ReminderSubscription[]>().notNull().default([]),
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
    isAdmin: boolean().notNull().default(false),
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

export const mailOutbox = pgTable('mail_outbox', {
  id: id(),
  to: text().notNull(),
  subject: text().notNull(),
  text: text().notNull(),
  html: text(),
  createdAt: createdAt(),
  /** Set when an SMTP server accepted the message; without SMTP_URL mail stays here unsent. */
  sentAt: stamp(),
  error: text(),
});
