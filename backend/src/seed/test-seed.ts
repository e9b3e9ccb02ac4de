/**
 * A small fluent seed helper for tests (after Hive's integration-tests/testkit/seed.ts):
 *
 *   const acme = await seed(db).organization('Acme', (o) =>
 *     o.region('North').region('Harbour', { parent: 'North' })
 *      .building('Tower', { region: 'Harbour', floors: [['Ground', ['Lobby', 'Stair A']]] })
 *      .role('Manager', { userPermissions: { view: true } })
 *      .user('ann', { roles: ['Manager'], region: 'North' })
 *      .reportDefinition('Daily Log', { cycle: 'Daily', building: 'Tower' })
 *      .booklet('Daily Booklet', { reports: ['Daily Log'], displayType: 'consolidated' }));
 *   acme.buildings.Tower // the id
 *
 * Names are the references between records; the result maps each name to its id.
 */
import { emptyRolePermissions, type RolePermissions } from '@fsi/shared';
import { hashPassword } from '../auth/password-hash';
import type { Database } from '../db/client';
import * as t from '../db/schema';
import { locationUuid } from './uuid';

type PermissionGrants = Partial<{ [G in keyof RolePermissions]: Partial<RolePermissions[G]> }>;
type UserSpec = {
  password?: string;
  email?: string;
  region?: string;
  roles?: string[];
  buildings?: string[];
  subscriptions?: Partial<t.UserSubscriptions>;
};
type BuildingSpec = {
  region?: string;
  floors?: [floor: string, locations: string[]][];
  contractUrl?: string;
  /**
   * accepted (the default, so that walkabouts and reports are open as before the contract gate), or
   * pending: not accepted yet, gated ('Contract Missing' when there is no contractUrl either).
   */
  contract?: 'accepted' | 'pending';
};

/** When a seeded building's contract was accepted (a fixed time, so that answers are the same on every run). */
export const SEEDED_CONTRACT_ACCEPTED_AT = new Date('2026-01-01T12:00:00.000Z');
/** A section with the form's defaults (spec admin-people-schedules.md section 4) for what is not given. */
type SectionSpec = Partial<t.ReportDefinitionSection> & Pick<t.ReportDefinitionSection, 'detail' | 'title'>;
type ReportDefinitionSpec = {
  cycle: string;
  /** Attached to this building, or to this region (and its sub-regions); neither: the whole organization. */
  building?: string;
  region?: string;
  /** Default: one section, every equipment type by location. */
  sections?: SectionSpec[];
  previousWalkaboutsCount?: number;
  generateReport?: boolean;
  isActive?: boolean;
  templateName?: string;
};
type BookletSpec = {
  /** Report definition names, in the booklet's order. */
  reports: string[];
  /** Default: the first report (adding the first report makes it primary). */
  primary?: string;
  displayType?: 'default' | 'consolidated';
  building?: string;
  region?: string;
  isActive?: boolean;
};
type CycleSpec = { abbreviation?: string; frequency?: 'daily' | 'weekly' | 'monthly' | 'yearly' | null; every?: number; start?: string };

export type SeededOrganization = {
  id: number;
  regions: Record<string, number>;
  buildings: Record<string, number>;
  floors: Record<string, number>;
  locations: Record<string, number>;
  cycles: Record<string, number>;
  roles: Record<string, number>;
  users: Record<string, number>;
  reportDefinitions: Record<string, number>;
  booklets: Record<string, number>;
};

export const TEST_PASSWORD = 'secret123';

const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

class OrganizationBuilder {
  readonly regions: [string, { parent?: string }][] = [];
  readonly buildings: [string, BuildingSpec][] = [];
  readonly cycles: [string, CycleSpec][] = [];
  readonly roles: [string, PermissionGrants][] = [];
  readonly users: [string, UserSpec][] = [];
  readonly reportDefinitions: [string, ReportDefinitionSpec][] = [];
  readonly booklets: [string, BookletSpec][] = [];

  region(name: string, spec: { parent?: string } = {}) {
    this.regions.push([name, spec]);
    return this;
  }
  building(name: string, spec: BuildingSpec = {}) {
    this.buildings.push([name, spec]);
    return this;
  }
  cycle(name: string, spec: CycleSpec = {}) {
    this.cycles.push([name, spec]);
    return this;
  }
  role(name: string, grants: PermissionGrants = {}) {
    this.roles.push([name, grants]);
    return this;
  }
  user(username: string, spec: UserSpec = {}) {
    this.users.push([username, spec]);
    return this;
  }
  reportDefinition(name: string, spec: ReportDefinitionSpec) {
    this.reportDefinitions.push([name, spec]);
    return this;
  }
  booklet(name: string, spec: BookletSpec) {
    this.booklets.push([name, spec]);
    return this;
  }
}

/** A report definition section with the form's defaults for what is not given. */
export function reportSection(s: SectionSpec): t.ReportDefinitionSection {
  return {
    equipmentId: null,
    includeMetadata: s.detail === 'condition' ? true : null,
    pageBreakAfter: true,
    applicableEquipmentConditionIds: null,
    applicableEquipmentIds: [],
    applicableGroupNames: [],
    ...s,
  };
}

function grant(grants: PermissionGrants): RolePermissions {
  const permissions = emptyRolePermissions();
  for (const [group, keys] of Object.entries(grants)) Object.assign((permissions as Record<string, object>)[group]!, keys);
  return permissions;
}

export function seed(db: Database) {
  return {
    /** An administrator (no organization). */
    async admin(username: string, password = TEST_PASSWORD): Promise<number> {
      const [row] = await db
        .insert(t.users)
        .values({ username, isAdmin: true, passwordHash: await hashOf(password), email: `${username}@example.com` })
        .returning({ id: t.users.id });
      return row!.id;
    },

    async organization(name: string, build: (o: OrganizationBuilder) => OrganizationBuilder = (o) => o): Promise<SeededOrganization> {
      const spec = build(new OrganizationBuilder());
      const result: SeededOrganization = { id: 0, regions: {}, buildings: {}, floors: {}, locations: {}, cycles: {}, roles: {}, users: {}, reportDefinitions: {}, booklets: {} };
      const [org] = await db.insert(t.organizations).values({ name, timeZone: 'America/Toronto' }).returning({ id: t.organizations.id });
      result.id = org!.id;
      for (const [regionName, r] of spec.regions) {
        const [row] = await db
          .insert(t.regions)
          .values({ organizationId: result.id, name: regionName, parentId: r.parent ? result.regions[r.parent]! : null })
          .returning({ id: t.regions.id });
        result.regions[regionName] = row!.id;
      }
      for (const [cycleName, c] of spec.cycles) {
        const [row] = await db
          .insert(t.cycles)
          .values({
            organizationId: result.id,
            name: cycleName,
            abbreviation: c.abbreviation ?? cycleName.slice(0, 2).toUpperCase(),
            frequency: c.frequency === undefined ? 'daily' : c.frequency,
            every: c.frequency === null ? null : (c.every ?? 1),
            start: c.frequency === null ? null : (c.start ?? '2026-01-01'),
          })
          .returning({ id: t.cycles.id });
        result.cycles[cycleName] = row!.id;
      }
      for (const [buildingName, b] of spec.buildings) {
        const [row] = await db
          .insert(t.buildings)
          .values({
            organizationId: result.id,
            name: buildingName,
            regionId: b.region ? result.regions[b.region]! : null,
            timeZone: 'America/Toronto',
            contractUrl: b.contractUrl ?? null,
            contractAcceptedAt: (b.contract ?? 'accepted') === 'accepted' ? SEEDED_CONTRACT_ACCEPTED_AT : null,
          })
          .returning({ id: t.buildings.id });
        result.buildings[buildingName] = row!.id;
        for (const [order, [floorName, locationNames]] of (b.floors ?? []).entries()) {
          const [floor] = await db
            .insert(t.floors)
            .values({ buildingId: row!.id, name: floorName, order })
            .returning({ id: t.floors.id });
          result.floors[`${buildingName}/${floorName}`] = floor!.id;
          for (const [locationOrder, locationName] of locationNames.entries()) {
            const [location] = await db
              .insert(t.locations)
              .values({ buildingId: row!.id, floorId: floor!.id, name: locationName, order: locationOrder, regularUuid: locationUuid() })
              .returning({ id: t.locations.id });
            result.locations[`${buildingName}/${floorName}/${locationName}`] = location!.id;
          }
        }
      }
      for (const [roleName, grants] of spec.roles) {
        const [row] = await db
          .insert(t.roles)
          .values({ organizationId: result.id, name: roleName, permissions: grant(grants) })
          .returning({ id: t.roles.id });
        result.roles[roleName] = row!.id;
      }
      for (const [username, u] of spec.users) {
        const [row] = await db
          .insert(t.users)
          .values({
            username,
            organizationId: result.id,
            regionId: u.region ? result.regions[u.region]! : null,
            email: u.email ?? `${username}@example.com`,
            passwordHash: await hashOf(u.password ?? TEST_PASSWORD),
            subscriptions: {
              incompleteWalkaboutReminderBuildingIds: [],
              incompleteWalkaboutNotificationsBuildingIds: [],
              unsatisfactoryEquipmentIds: [],
              notatedEquipmentIds: [],
              ...u.subscriptions,
            },
          })
          .returning({ id: t.users.id });
        result.users[username] = row!.id;
        if (u.roles?.length) {
          await db.insert(t.userRoles).values(u.roles.map((r) => ({ userId: row!.id, roleId: result.roles[r]! })));
        }
        if (u.buildings?.length) {
          await db.insert(t.userBuildings).values(u.buildings.map((b) => ({ userId: row!.id, buildingId: result.buildings[b]! })));
        }
      }
      for (const [definitionName, d] of spec.reportDefinitions) {
        const [row] = await db
          .insert(t.reportDefinitions)
          .values({
            organizationId: result.id,
            regionId: d.region ? result.regions[d.region]! : null,
            buildingId: d.building ? result.buildings[d.building]! : null,
            cycleId: result.cycles[d.cycle]!,
            name: definitionName,
            templateName: d.templateName ?? 'default',
            previousWalkaboutsCount: d.previousWalkaboutsCount ?? 0,
            sections: (d.sections ?? [{ detail: 'location_x_types', title: 'Results by Location' }]).map(reportSection),
            generateReport: d.generateReport ?? true,
            isActive: d.isActive ?? true,
          })
          .returning({ id: t.reportDefinitions.id });
        result.reportDefinitions[definitionName] = row!.id;
      }
      for (const [bookletName, b] of spec.booklets) {
        const [row] = await db
          .insert(t.reportBookletTemplates)
          .values({
            organizationId: result.id,
            regionId: b.region ? result.regions[b.region]! : null,
            buildingId: b.building ? result.buildings[b.building]! : null,
            name: bookletName,
            templateName: b.displayType ?? 'default',
            displayType: b.displayType ?? 'default',
            reportDefinitionIds: b.reports.map((r) => result.reportDefinitions[r]!),
            primaryReportDefinitionId: result.reportDefinitions[b.primary ?? b.reports[0]!] ?? null,
            isActive: b.isActive ?? true,
          })
          .returning({ id: t.reportBookletTemplates.id });
        result.booklets[bookletName] = row!.id;
      }
      return result;
    },
  };
}
