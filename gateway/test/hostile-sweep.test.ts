/**
 * Hostile strings through the GraphQL API (issue 9 point 21, the gateway's half): each string of the REST sweep's
 * list goes into every text input (String and ID arguments and input-object fields, at any depth) of every
 * mutation of the schema, through the real gateway over the real backend: never a 5xx or INTERNAL_SERVER_ERROR;
 * NUL and half a surrogate pair are BAD_USER_INPUT; every text a mutation keeps is either refused at its field
 * by the field's own rule or read back byte for byte with a query (or, where the schema has no query for the
 * record, from the mutation's own payload, which the gateway builds from the backend's answer).
 *
 * The inputs come from the schema: a new mutation, or a new text input of one, without an entry in `table`
 * fails the first test with its name.
 */
import { emptyRolePermissions } from '@fsi/shared';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema as db, testDatabases } from '@fsi/backend/testing';
import { hostileStrings, mustKeep, unstorable } from '../../backend/test/hostile-strings';
import { aliasedOperationOf, mutationNames, mutationTextInputs, operationOf, setAt } from './schema-inputs';
import { startStack, type GraphQLBody, type Stack } from './stack';

type Variables = Record<string, unknown>;
type Payload = Record<string, unknown> & { errors?: Array<{ field: string | null; code: string; message: string }> };

/** What the sweep knows of the demo's records, found through GraphQL in `beforeAll`. */
type World = {
  building: string;
  cycle: string;
  location: string;
  /** A free-text (string) condition and a multiselect one of the building's open walkabouts, with their entries. */
  text: { id: string; entry: string; walkabout: string };
  multiselect: { id: string; entry: string; walkabout: string; choice: string };
};

/** An input the mutation keeps: how the sweep reads it back, and what its rule takes. */
type Kept = {
  /** The FieldError.field a refusal by the input's rule names. */
  field: string;
  /** The hostile string as the input's format needs it (a photo URL is a URL); the whole string otherwise. */
  form?: (text: string) => string;
  /** Free text: must take the strings of `mustKeep`, so the read-back is proven to run. */
  freeText?: boolean;
  /** For an input of a narrow format that no hostile string fits: a value it takes, read back first to prove the read-back. */
  plain?: () => string;
  /** The kept value, read back after the mutation was accepted. */
  readBack: (payload: Payload) => Promise<unknown>;
};
type NotKept = { notKept: string };
type Entry = {
  /** The payload's selection (with `errors`). */
  selection: string;
  /** Variables that the mutation accepts, for the input at `path` (the sweep then replaces that input). */
  variables: (path: string) => Variables;
  /** Puts the records in the state the mutation needs (a building without an active fire watch, …). */
  prepare?: (path: string) => Promise<void>;
  inputs: Record<string, Kept | NotKept>;
  /** Sent by the administrator rather than the manager (contracts and organizations are theirs to set). */
  asAdmin?: boolean;
};

/** The free-text fields of a user's input (createUser, updateUser), each read back from the user the payload answers. */
const USER_TEXT_FIELDS = ['username', 'securityEmail', 'firstName', 'lastName', 'email', 'phone', 'title', 'street1', 'street2', 'city', 'province', 'postalCode', 'companyName', 'cfaaTechnicianNumber'] as const;

const databases = testDatabases();
/** An API token's expiry as the backend answers it (issue 14): an ISO date-time thirty days ahead. */
const inThirtyDays = new Date(Date.now() + 30 * 86_400_000).toISOString();

/** Spaces are not allowed in a URL: the hostile string as a URL, with its white space percent-encoded. */
const asUrl = (text: string) => `https://photos.example/${text.replace(/\s/g, (c) => encodeURIComponent(c))}`;
const identifier = 'an identifier of a record: it selects, nothing is stored';
const ADDRESS_FIELDS = ['address1', 'address2', 'city', 'state', 'postalCode', 'email', 'phone', 'contactName', 'contactPhone', 'contactEmail'];

describe.each(databases)('hostile strings in every text input of every mutation on %s', (database) => {
  let stack: Stack;
  let token = '';
  let adminToken = '';
  let world: World;
  let saves = 0;
  /** Contracts (issue 11): uploads' references the contract inputs take, a building no other entry saves in, and an organization of no building. */
  const contracts = { pdf: '', image: '', building: '', organization: '' };
  /** Tasks (issue 13): the organization, cycle and equipment type of new tasks, and the task the edits change, with its version as now. */
  const sweepTask = { organization: '', equipmentType: '', id: '', version: 1 };
  const sweepTaskBase = () => ({ organizationId: sweepTask.organization, cycleId: world.cycle, equipmentTypeId: sweepTask.equipmentType });
  /** The task type (and other values) that keep the list a path names. */
  const sweepTaskValues: Record<string, Record<string, unknown>> = {
    'input.values.0': { type: 'DROPDOWN', values: ['Open'] },
    'input.satisfactoryValues.0': { type: 'STRING', satisfactoryValues: ['Good'] },
    'input.unsatisfactoryValues.0': { type: 'MULTISELECT', unsatisfactoryValues: ['Broken'] },
    'input.recordValues.0': { type: 'MULTISELECT', recordValues: ['Spare'] },
  };
  async function sweepTaskWorld() {
    if (!sweepTask.organization) {
      const { building } = await query<{ building: { organization: { id: string } } }>('query ($id: ID!) { building(id: $id) { organization { id } } }', { id: world.building });
      sweepTask.organization = building.organization.id;
      const { organization } = await query<{ organization: { taskEquipmentChoices: Array<{ id: string }> } }>('query ($id: ID!) { organization(id: $id) { taskEquipmentChoices { id } } }', {
        id: sweepTask.organization,
      });
      sweepTask.equipmentType = organization.taskEquipmentChoices[0]!.id;
    }
    const { organization } = await query<{ organization: { tasks: { nodes: Array<{ id: string; version: number }> } } }>(
      'query ($id: ID!) { organization(id: $id) { tasks(pageSize: 1) { nodes { id version } } } }',
      { id: sweepTask.organization },
    );
    sweepTask.id = organization.tasks.nodes[0]!.id;
    sweepTask.version = organization.tasks.nodes[0]!.version;
  }
  /** Issue 14: the organization, a region and a cycle the schedules entries change, with their versions as now. */
  const schedules = { organization: '', region: '', regionVersion: 1, cycle: '', cycleVersion: 1, names: 0 };
  async function schedulesWorld() {
    if (!schedules.organization) {
      const { building } = await query<{ building: { organization: { id: string } } }>('query ($id: ID!) { building(id: $id) { organization { id } } }', { id: world.building });
      schedules.organization = building.organization.id;
      const made = await stack.graphql<{ createRegion: { region: { id: string } }; createCycle: { cycle: { id: string } } }>(
        `mutation ($o: ID!) { createRegion(organizationId: $o, name: "Sweep region") { region { id } }
          createCycle(input: { organizationId: $o, name: "Sweep edited cycle", frequency: DAILY, every: 1, start: "2026-06-01" }) { cycle { id } } }`,
        { variables: { o: schedules.organization }, token: adminToken },
      );
      schedules.region = made.body.data!.createRegion.region.id;
      schedules.cycle = made.body.data!.createCycle.cycle.id;
    }
    const { region, cycle } = await query<{ region: { version: number }; cycle: { version: number } }>('query ($r: ID!, $c: ID!) { region(id: $r) { version } cycle(id: $c) { version } }', {
      r: schedules.region,
      c: schedules.cycle,
    });
    schedules.regionVersion = region.version;
    schedules.cycleVersion = cycle.version;
  }
  /** Issue 14: Northwind, the user updateUser changes and the role updateRole changes (made once, straight in the database). */
  const peopleSweep = { organization: '', user: '', role: '', made: 0 };
  type SweptUser = Record<string, string | null> & { username: string };
  const sweptUser = (payload: Payload) => payload.user as SweptUser;
  /**
   * The inputs of a user (createUser and updateUser): identifiers and credentials, kept nowhere as the sweep's text,
   * and the free text, read back from the user the payload answers (`forms` marks a field's text).
   */
  const userInputs = (forms: Partial<Record<(typeof USER_TEXT_FIELDS)[number], (text: string) => string>> = {}): Record<string, Kept | NotKept> => {
    const inputs: Record<string, Kept | NotKept> = {
      'input.regionId': { notKept: identifier },
      'input.buildingIds.0': { notKept: identifier },
      'input.roleIds.0': { notKept: identifier },
      'input.reportDefinitionsForAutomaticDeliveryIds.0': { notKept: identifier },
      'input.reportBookletsForAutomaticDeliveryIds.0': { notKept: identifier },
      'input.subscriptions.incompleteWalkaboutReminderBuildingIds.0': { notKept: identifier },
      'input.subscriptions.incompleteWalkaboutNotificationsBuildingIds.0': { notKept: identifier },
      'input.subscriptions.unsatisfactoryEquipmentIds.0': { notKept: identifier },
      'input.subscriptions.notatedEquipmentIds.0': { notKept: identifier },
      'input.password': { notKept: 'a credential: stored only as its argon2id hash (updateUser leaves it out: changeUserPassword sets it)' },
      'input.signatureImageLink': { notKept: 'administrators only: the sweep signs in as manager, refused (FORBIDDEN) before anything is stored' },
    };
    for (const field of USER_TEXT_FIELDS) {
      inputs[`input.${field}`] = { field, freeText: true, ...(forms[field] ? { form: forms[field] } : {}), readBack: async (payload) => sweptUser(payload)[field] };
    }
    return inputs;
  };
  const sweptRole = (payload: Payload) => payload.role as { name: string; incompleteWalkaboutReminderSubscriptions: Array<{ offsetUnit: string }> };
  /** The variables with the lists and objects on the way to `path` made (setAt needs them); the leaf is the sweep's. */
  const withPath = (path: string, variables: Variables): Variables => {
    let node = variables as Record<string, unknown>;
    const keys = path.split('.');
    keys.slice(0, -1).forEach((key, i) => {
      node[key] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
    return variables;
  };
  async function peopleWorld(): Promise<void> {
    if (peopleSweep.user) return;
    const [organization] = await stack.backend.db.select().from(db.organizations).where(eq(db.organizations.name, 'Northwind Property Management'));
    const [manager] = await stack.backend.db.select().from(db.users).where(eq(db.users.username, 'manager'));
    const [user] = await stack.backend.db.insert(db.users).values({ username: 'sweep.person', organizationId: organization!.id, passwordHash: manager!.passwordHash }).returning();
    const [role] = await stack.backend.db.insert(db.roles).values({ organizationId: organization!.id, name: 'Sweep person role', permissions: emptyRolePermissions() }).returning();
    Object.assign(peopleSweep, { organization: String(organization!.id), user: String(user!.id), role: String(role!.id) });
  }
  /** The floor renameFloor renames (issue 12), with its version as last read. */
  const sweepFloor = { id: '', version: 0 };
  /**
   * Types and tasks at building level (issue 13): the type and task of King Street the sweep pauses, each set active
   * again before the next send (a paused item cannot be paused twice).
   */
  const buildingLevel = { type: '', task: '' };
  async function unpaused(): Promise<void> {
    const { building } = await query<{ building: { equipmentTypes: Array<{ equipmentTypeId: string; suspensionId: string | null; tasks: Array<{ taskId: string; suspensionId: string | null }> }> } }>(
      'query ($id: ID!) { building(id: $id) { equipmentTypes { equipmentTypeId suspensionId tasks { taskId suspensionId } } } }',
      { id: world.building },
    );
    const [type] = building.equipmentTypes;
    buildingLevel.type = type!.equipmentTypeId;
    buildingLevel.task = type!.tasks[0]!.taskId;
    for (const t of building.equipmentTypes) {
      if (t.suspensionId) await query('mutation ($b: ID!, $s: ID!) { resumeEquipmentType(buildingId: $b, suspensionId: $s) { errors { code } } }', { b: world.building, s: t.suspensionId });
      for (const task of t.tasks) {
        if (task.suspensionId) await query('mutation ($b: ID!, $s: ID!) { resumeTask(buildingId: $b, suspensionId: $s) { errors { code } } }', { b: world.building, s: task.suspensionId });
      }
    }
  }
  const tokenOf = (entry: Entry) => (entry.asAdmin ? adminToken : token);
  /** Issue 13: Northwind's first tasks group and task, and a type of the sweep's own (made once) with its version as now. */
  const typesSweep = { organization: '', group: '', task: '', type: '', typeVersion: 1, groupVersion: 1 };
  async function typesWorld(): Promise<void> {
    const [organization] = await stack.backend.db.select().from(db.organizations).where(eq(db.organizations.name, 'Northwind Property Management'));
    const [group] = await stack.backend.db.select().from(db.taskGroups).where(eq(db.taskGroups.organizationId, organization!.id)).limit(1);
    const [task] = await stack.backend.db.select().from(db.tasks).where(eq(db.tasks.organizationId, organization!.id)).limit(1);
    if (!typesSweep.type) {
      const [type] = await stack.backend.db.insert(db.equipmentTypes).values({ organizationId: organization!.id, name: 'Sweep edited type', order: 999 }).returning();
      typesSweep.type = String(type!.id);
    }
    const [type] = await stack.backend.db.select().from(db.equipmentTypes).where(eq(db.equipmentTypes.id, Number(typesSweep.type)));
    Object.assign(typesSweep, { organization: String(organization!.id), group: String(group!.id), task: String(task!.id), typeVersion: type!.version, groupVersion: group!.version });
  }
  type SweptType = { name: string; aliasName: string | null; components: Array<{ name: string; aliasName: string | null }> };
  const sweptType = (payload: Payload) => payload.equipmentType as SweptType;
  /**
   * Report definitions and booklet templates (issue 14): Northwind, an equipment type and one of its tasks, a
   * definition and a booklet the edits change (made once), with their versions as now; each new record a name of its own.
   */
  const reportSweep = { organization: '', type: '', task: '', ownDefinition: '', other: { type: '', task: '' }, definition: '', definitionVersion: 1, booklet: '', bookletVersion: 1, count: 0 };
  async function reportWorld(): Promise<void> {
    const organizations = await stack.backend.db.select().from(db.organizations);
    const northwind = organizations.find((o) => o.name === 'Northwind Property Management')!;
    // The edited definition and booklet are Harbour's, so that the names the edits keep never meet those the creations keep (names are unique per organization).
    const harbour = organizations.find((o) => o.name === 'Harbour Strata Services')!;
    const [task] = await stack.backend.db.select().from(db.tasks).where(eq(db.tasks.organizationId, northwind.id)).limit(1);
    const [otherTask] = await stack.backend.db.select().from(db.tasks).where(eq(db.tasks.organizationId, harbour.id)).limit(1);
    const [ownDefinition] = await stack.backend.db.select().from(db.reportDefinitions).where(eq(db.reportDefinitions.organizationId, northwind.id)).limit(1);
    Object.assign(reportSweep, { organization: String(northwind.id), type: String(task!.equipmentTypeId), task: String(task!.id), ownDefinition: String(ownDefinition!.id) });
    reportSweep.other = { type: String(otherTask!.equipmentTypeId), task: String(otherTask!.id) };
    if (!reportSweep.definition) {
      const [definition] = await stack.backend.db
        .insert(db.reportDefinitions)
        .values({ organizationId: harbour.id, cycleId: otherTask!.cycleId, name: 'Sweep edited report', sections: [] })
        .returning();
      const [booklet] = await stack.backend.db.insert(db.reportBookletTemplates).values({ organizationId: harbour.id, name: 'Sweep edited booklet', reportDefinitionIds: [definition!.id] }).returning();
      Object.assign(reportSweep, { definition: String(definition!.id), booklet: String(booklet!.id) });
    }
    const [definition] = await stack.backend.db.select().from(db.reportDefinitions).where(eq(db.reportDefinitions.id, Number(reportSweep.definition)));
    const [booklet] = await stack.backend.db.select().from(db.reportBookletTemplates).where(eq(db.reportBookletTemplates.id, Number(reportSweep.booklet)));
    Object.assign(reportSweep, { definitionVersion: definition!.version, bookletVersion: booklet!.version });
  }
  const reportSection = (of: { type: string; task: string }) => ({
    equipmentId: of.type,
    detail: 'GROUP',
    title: 'Sweep section',
    applicableEquipmentConditionIds: [of.task],
    applicableEquipmentIds: [of.type],
    applicableGroupNames: ['Sweep group'],
  });
  type SweptDefinition = { name: string; templateName: string; sections: Array<{ title: string; applicableGroupNames: string[] }> };
  const sweptDefinition = (payload: Payload) => payload.reportDefinition as SweptDefinition;
  const sweptBooklet = (payload: Payload) => payload.reportBookletTemplate as { name: string; templateName: string };
  // The backend keeps a name and a template name without the white space around them (JavaScript's trim, a leading BOM included).
  const trimmed = (text: string) => text.trim();
  /** The version of the building that renameBuilding and reorderBuildings change, read before each send (issue 12). */
  let buildingVersion = 1;
  async function currentVersion(): Promise<void> {
    const [row] = await stack.backend.db.select({ version: db.buildings.version }).from(db.buildings).where(eq(db.buildings.id, Number(contracts.building)));
    buildingVersion = row!.version;
  }
  /** The building form's current version, read before each save (issue 12). */
  const buildingForm = { version: 0 };
  const formBuilding = (payload: Payload) => payload.building as Record<string, unknown>;
  const formInformation = (payload: Payload) => formBuilding(payload).information as Record<string, unknown>;

  /** A stored file as an upload leaves it (its row in uploads); its reference. */
  async function uploaded(kind: 'document' | 'image'): Promise<string> {
    const key = `sweep-${kind}-${database}`.padEnd(24, '0') + (kind === 'document' ? '.pdf' : '.png');
    await stack.backend.db
      .insert(db.uploads)
      .values({ key, mimetype: kind === 'document' ? 'application/pdf' : 'image/png', size: 1, kind })
      .onConflictDoNothing();
    return `/files/${key}`;
  }

  async function graphql<T = Record<string, unknown>>(query: string, variables: Variables = {}): Promise<GraphQLBody<T>> {
    const { status, body } = await stack.graphql<T>(query, { variables, token });
    expect(status, JSON.stringify(body).slice(0, 400)).toBeLessThan(500);
    return body;
  }

  async function query<T>(text: string, variables: Variables = {}): Promise<T> {
    const body = await graphql<T>(text, variables);
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return body.data!;
  }

  const conditionsQuery = `query ($id: ID!) { walkabout(id: $id) { floors { entries { id locationId qrUnavailabilityReason { kind comment }
    sections { conditions { id type remarks photoUrl photoMimetype editedVia
      ... on StringCondition { stringValue } ... on MultiselectCondition { multiselectValue choices } } } } } } }`;
  type WalkaboutTree = {
    walkabout: {
      floors: Array<{
        entries: Array<{
          id: string;
          locationId: string;
          qrUnavailabilityReason: { kind: string; comment: string | null } | null;
          sections: Array<{ conditions: Array<Record<string, unknown> & { id: string; type: string }> }>;
        }>;
      }>;
    };
  };
  async function walkaboutEntries(walkabout: string) {
    const tree = await query<WalkaboutTree>(conditionsQuery, { id: walkabout });
    return tree.walkabout.floors.flatMap((f) => f.entries);
  }
  async function conditionRead(of: World['text'], field: string): Promise<unknown> {
    const id = of.id;
    const conditions = (await walkaboutEntries(of.walkabout)).flatMap((e) => e.sections.flatMap((s) => s.conditions));
    const condition = conditions.find((c) => c.id === id);
    expect(condition, `condition ${id}`).toBeDefined();
    return condition![field];
  }

  /** The active fire watch of the building, ended straight in the database, so that one can start. */
  async function noActiveFireWatch() {
    await stack.backend.db.update(db.fireWatches).set({ status: 'ended' }).where(eq(db.fireWatches.buildingId, Number(world.building)));
  }

  const condition = (id: string, value: unknown) => ({
    id,
    value,
    remarks: 'Checked',
    photoUrl: '/files/sweep.png',
    photoMimetype: 'image/png',
    editedVia: 'tap',
    editedAt: '2026-11-20T14:01:00Z',
  });

  let fireWatch = '';
  /** An off-cycle location remark of King Street: a notes item to acknowledge and comment on (a new one to repair). */
  let remark = '';
  let repairing = '';
  async function newRemark(): Promise<string> {
    const made = await query<{ addLocationComment: { comment: { id: string } } }>(
      'mutation ($l: ID!) { addLocationComment(locationId: $l, body: "Exit sign flickering") { comment { id } } }',
      { l: world.location },
    );
    return made.addLocationComment.comment.id;
  }
  async function acknowledgedRemark() {
    remark ||= await newRemark();
    await query('mutation ($id: ID!) { acknowledgeFailureItem(kind: LOCATION_COMMENT, id: $id, acknowledgedAt: "2026-11-21T09:30") { errors { message } } }', {
      id: remark,
    });
  }
  /** The remark as the summary notes report shows it. */
  type RemarkItem = { id: string; followUp: Record<string, string | null>; comments: Array<{ id: string; body: string }> };
  async function remarkItem(): Promise<RemarkItem> {
    const { report } = await query<{ report: { rows: Array<{ item: RemarkItem }> } }>(
      'query ($id: ID!) { report(id: $id) { rows { item { id followUp { acknowledgedNotes acknowledgedPhotoUrl } comments { id body } } } } }',
      { id: `${world.building}-summary-notes` },
    );
    const item = report.rows.find((r) => r.item.id === `location-comments-${remark}`)?.item;
    expect(item, `remark ${remark} in the notes report`).toBeDefined();
    return item!;
  }
  /**
   * Manage Locations (issue 12): a floor and an active equipment of King Street, and a location of the sweep's own to
   * edit, whose current version each edit is sent with (so that none is refused as stale).
   */
  const locationAdmin = { floor: '', equipment: '', location: '', version: 1 };
  const locationAdminSelection = '{ location { id name hint equipment { secondaryData { key stringValue } } } errors { field code message } }';
  const secondaryNotes = (payload: Payload) =>
    (payload.location as { equipment: Array<{ secondaryData: Array<{ key: string; stringValue: string | null }> }> }).equipment[0]!.secondaryData.find((d) => d.key === 'notes')
      ?.stringValue;
  async function locationAdminWorld() {
    if (!locationAdmin.location) {
      const { building } = await query<{ building: { floors: Array<{ id: string }>; equipmentChoices: Array<{ id: string; status: string }> } }>(
        'query ($b: ID!) { building(id: $b) { floors { id } equipmentChoices { id status } } }',
        { b: world.building },
      );
      locationAdmin.floor = building.floors[0]!.id;
      locationAdmin.equipment = building.equipmentChoices.find((e) => e.status === 'ACTIVE')!.id;
      const made = await query<{ createLocation: { location: { id: string } } }>(
        'mutation ($input: CreateLocationInput!) { createLocation(input: $input) { location { id } } }',
        { input: { buildingId: world.building, floorId: locationAdmin.floor, name: 'Sweep Room', equipment: [{ equipmentId: locationAdmin.equipment }] } },
      );
      locationAdmin.location = made.createLocation.location.id;
    }
    const { location } = await query<{ location: { version: number } }>('query ($id: ID!) { location(id: $id) { version } }', { id: locationAdmin.location });
    locationAdmin.version = location.version;
  }
  const locationEquipmentInput = () => [{ equipmentId: locationAdmin.equipment, secondaryData: [{ key: 'notes', stringValue: 'Sweep notes' }] }];

  /** A report definition of King Street (for an on-demand report) and a generated report with its PDF (to e-mail). */
  let definition = '';
  let report = '';
  async function reportsToUse() {
    if (definition) return;
    const { onDemandReportOptions } = await query<{ onDemandReportOptions: { reportDefinitions: Array<{ id: string; isActive: boolean }> } }>(
      'query ($b: ID!) { onDemandReportOptions(buildingId: $b) { reportDefinitions { id isActive } } }',
      { b: world.building },
    );
    definition = onDemandReportOptions.reportDefinitions.find((d) => d.isActive)!.id;
    const made = await query<{ createOnDemandReport: { onDemandReport: { id: string } } }>(
      'mutation ($d: ID!, $b: ID!) { createOnDemandReport(input: { buildingId: $b, type: WALKABOUT_REPORTS, reportDefinitionId: $d }) { onDemandReport { id } } }',
      { b: world.building, d: definition },
    );
    await stack.backend.app.jobs.drain();
    const { onDemandReport } = await query<{ onDemandReport: { reportId: string } }>('query ($id: ID!) { onDemandReport(id: $id) { reportId } }', {
      id: made.createOnDemandReport.onDemandReport.id,
    });
    report = onDemandReport.reportId;
  }
  /** A one-page PDF uploaded as a document through the gateway (once), and a document of King Street made from it. */
  let uploadUrl = '';
  let documentId = '';
  async function documentUpload() {
    if (uploadUrl) return;
    const pdf = await PDFDocument.create();
    pdf.addPage([200, 200]);
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(await pdf.save())], { type: 'application/pdf' }), 'plan.pdf');
    const response = await fetch(`${stack.url}/uploads?kind=document`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(response.status).toBe(201);
    uploadUrl = ((await response.json()) as { data: { attributes: { url: string } } }).data.attributes.url;
  }
  async function aDocument() {
    if (documentId) return;
    await documentUpload();
    const { createDocument } = await query<{ createDocument: { document: { id: string } } }>(
      'mutation ($input: CreateDocumentInput!) { createDocument(input: $input) { document { id } } }',
      { input: { buildingId: world.building, name: 'Sweep plan', category: 'Other', url: uploadUrl } },
    );
    documentId = createDocument.document.id;
  }
  async function documentRead(payload: Payload): Promise<{ name: string; category: string; bookmarks: Array<{ label: string }> }> {
    const id = (payload.document as { id: string }).id;
    const { document } = await query<{ document: { name: string; category: string; bookmarks: Array<{ label: string }> } }>(
      'query ($id: ID!) { document(id: $id) { name category bookmarks { label } } }',
      { id },
    );
    return document;
  }

  const table: Record<string, Entry> = {
    // Users and roles (issue 14). New users each on a username of their own; the edits go to a user of the sweep's own
    // (renames and security e-mails marked, so that they never meet the new users'); roles are the administrator's.
    createUser: {
      selection: `{ user { id ${USER_TEXT_FIELDS.join(' ')} } errors { field code message } }`,
      variables: (path) => withPath(path, { input: { username: `sweep.gql.${++peopleSweep.made}`, password: 'secret12' } }),
      inputs: {
        'input.organizationId': { notKept: identifier },
        ...userInputs(),
      },
    },
    updateUser: {
      selection: `{ user { id ${USER_TEXT_FIELDS.join(' ')} } errors { field code message } }`,
      prepare: peopleWorld,
      variables: (path) => withPath(path, { id: peopleSweep.user, input: { firstName: 'Sweep' } }),
      inputs: {
        'input.organizationId': { notKept: identifier },
        id: { notKept: identifier },
        ...userInputs({ username: (text) => `renamed ${text}`, securityEmail: (text) => `edited ${text}` }),
      },
    },
    setUserActive: {
      selection: '{ user { id active } errors { field code message } }',
      prepare: peopleWorld,
      variables: () => ({ id: peopleSweep.user, active: true }),
      inputs: { id: { notKept: identifier } },
    },
    changeUserPassword: {
      selection: '{ user { id } errors { field code message } }',
      prepare: peopleWorld,
      variables: () => ({ id: peopleSweep.user, password: 'secret12' }),
      inputs: { id: { notKept: identifier }, password: { notKept: 'a credential: stored only as its argon2id hash' } },
    },
    createRole: {
      selection: '{ role { id name incompleteWalkaboutReminderSubscriptions { offsetUnit } } errors { field code message } }',
      asAdmin: true,
      prepare: peopleWorld,
      variables: (path) =>
        withPath(path, {
          input: { organizationId: peopleSweep.organization, name: `Sweep role ${++peopleSweep.made}`, incompleteWalkaboutReminderSubscriptions: [{ cycleId: world.cycle, offsetValue: 8, offsetUnit: 'hour' }] },
        }),
      inputs: {
        'input.organizationId': { notKept: identifier },
        'input.name': { field: 'name', freeText: true, readBack: async (payload) => sweptRole(payload).name },
        'input.assignableRoleIds.0': { notKept: identifier },
        'input.walkaboutEquipmentIds.0': { notKept: identifier },
        'input.reportDefinitionIds.0': { notKept: identifier },
        'input.reportBookletTemplateIds.0': { notKept: identifier },
        'input.incompleteWalkaboutReminderSubscriptions.0.cycleId': { notKept: identifier },
        'input.incompleteWalkaboutReminderSubscriptions.0.offsetUnit': { field: 'offsetUnit', plain: () => 'minute', readBack: async (payload) => sweptRole(payload).incompleteWalkaboutReminderSubscriptions[0]!.offsetUnit },
      },
    },
    updateRole: {
      selection: '{ role { id name incompleteWalkaboutReminderSubscriptions { offsetUnit } } errors { field code message } }',
      asAdmin: true,
      prepare: peopleWorld,
      variables: (path) => withPath(path, { id: peopleSweep.role, input: { name: 'Sweep edited role', incompleteWalkaboutReminderSubscriptions: [{ cycleId: world.cycle, offsetValue: 8, offsetUnit: 'hour' }] } }),
      inputs: {
        id: { notKept: identifier },
        'input.organizationId': { notKept: 'createRole only: a role keeps its organization' },
        'input.name': { field: 'name', freeText: true, form: (text) => `Renamed ${text}`, readBack: async (payload) => sweptRole(payload).name },
        'input.assignableRoleIds.0': { notKept: identifier },
        'input.walkaboutEquipmentIds.0': { notKept: identifier },
        'input.reportDefinitionIds.0': { notKept: identifier },
        'input.reportBookletTemplateIds.0': { notKept: identifier },
        'input.incompleteWalkaboutReminderSubscriptions.0.cycleId': { notKept: identifier },
        'input.incompleteWalkaboutReminderSubscriptions.0.offsetUnit': { field: 'offsetUnit', plain: () => 'minute', readBack: async (payload) => sweptRole(payload).incompleteWalkaboutReminderSubscriptions[0]!.offsetUnit },
      },
    },
    ok: { selection: '', variables: () => ({}), inputs: {} },
    signOut: { selection: '{ errors { field code message } }', variables: () => ({}), inputs: {} },
    signIn: {
      selection: '{ accessToken errors { field code message } }',
      variables: () => ({ username: 'nobody', password: 'wrong-password' }),
      inputs: { username: { notKept: 'credentials are checked, not kept' }, password: { notKept: 'credentials are checked, not kept' } },
    },
    requestPasswordReset: {
      selection: '{ ok errors { field code message } }',
      variables: () => ({ usernameOrEmail: 'nobody' }),
      inputs: { usernameOrEmail: { notKept: 'a search term for the user; only a mail is sent' } },
    },
    changePassword: {
      selection: '{ ok errors { field code message } }',
      variables: () => ({ token: 'guess', password: 'Abcd1234!', confirmation: 'Abcd1234!' }),
      inputs: {
        token: { notKept: 'a reset token, looked up' },
        password: { notKept: 'kept only as a hash, and only with a valid token' },
        confirmation: { notKept: 'compared with the password' },
      },
    },
    startFireWatch: {
      selection: '{ fireWatch { id startComments } errors { field code message } }',
      variables: () => ({ buildingId: world.building, comments: 'Alarm panel offline' }),
      prepare: noActiveFireWatch,
      inputs: {
        buildingId: { notKept: identifier },
        comments: {
          field: 'startComments',
          freeText: true,
          readBack: async () =>
            (await query<{ building: { activeFireWatch: { startComments: string | null } | null } }>(
              'query ($id: ID!) { building(id: $id) { activeFireWatch { startComments } } }',
              { id: world.building },
            )).building.activeFireWatch?.startComments,
        },
      },
    },
    stopFireWatch: {
      selection: '{ fireWatch { id endComments } errors { field code message } }',
      // The fire watch `prepare` started (the sweep then replaces the id when it is the input).
      variables: () => ({ fireWatchId: fireWatch, comments: 'Panel back online' }),
      prepare: async () => {
        await noActiveFireWatch();
        const started = await graphql<{ startFireWatch: Payload & { fireWatch: { id: string } } }>(
          'mutation ($b: ID!) { startFireWatch(buildingId: $b, comments: "Sweep") { fireWatch { id } errors { message } } }',
          { b: world.building },
        );
        fireWatch = started.data!.startFireWatch.fireWatch.id;
      },
      inputs: {
        fireWatchId: { notKept: identifier },
        comments: {
          field: 'endComments',
          freeText: true,
          // No query lists ended fire watches: the payload is the backend's answer with the stored record.
          readBack: async (payload) => (payload.fireWatch as { endComments: string | null }).endComments,
        },
      },
    },
    addLocationComment: {
      selection: '{ comment { id body photoUrl } errors { field code message } }',
      variables: () => ({ locationId: world.location, body: 'Door propped open', photoUrl: null }),
      inputs: {
        locationId: { notKept: identifier },
        // No query lists location comments: the payload is the backend's answer with the stored comment.
        body: { field: 'body', freeText: true, readBack: async (payload) => (payload.comment as { body: string }).body },
        photoUrl: { field: 'photoUrl', form: asUrl, freeText: true, readBack: async (payload) => (payload.comment as { photoUrl: string }).photoUrl },
      },
    },
    saveWalkabout: {
      selection: '{ walkabout { id } errors { field code message } }',
      variables: (path) => {
        const of = path.includes('.choices.') ? world.multiselect : world.text;
        const value = path.includes('.choices.') ? { choices: ['x'] } : path.includes('.text') ? { text: 'Checked' } : null;
        return {
          input: {
            walkaboutId: of.walkabout,
            saveId: `sweep-${database}-${++saves}`,
            entries: [{ id: of.entry, scannedAt: '2026-11-20T14:00:00Z' }],
            conditions: [condition(of.id, value)],
          },
        };
      },
      inputs: {
        'input.walkaboutId': { notKept: identifier },
        'input.saveId': { notKept: 'the save’s idempotency key: it only tells a repeated save' },
        'input.entries.0.id': { notKept: identifier },
        'input.conditions.0.id': { notKept: identifier },
        'input.conditions.0.value.text': { field: 'value', freeText: true, readBack: () => conditionRead(world.text, 'stringValue') },
        'input.conditions.0.value.choices.0': {
          field: 'value',
          plain: () => world.multiselect.choice,
          // Only the task's own choices are taken, in its own spelling: no hostile string is one of them.
          readBack: async () => ((await conditionRead(world.multiselect, 'multiselectValue')) as string[] | null)?.[0],
        },
        'input.conditions.0.remarks': { field: 'remarks', freeText: true, readBack: () => conditionRead(world.text, 'remarks') },
        'input.conditions.0.photoUrl': { field: 'photoUrl', form: asUrl, freeText: true, readBack: () => conditionRead(world.text, 'photoUrl') },
        // image/… only: no hostile string is a media type.
        'input.conditions.0.photoMimetype': { field: 'photoMimetype', plain: () => 'image/webp', readBack: () => conditionRead(world.text, 'photoMimetype') },
        'input.conditions.0.editedVia': { field: 'editedVia', plain: () => 'input', readBack: () => conditionRead(world.text, 'editedVia') },
      },
    },
    lockWalkabout: { selection: '{ walkabout { id } errors { field code message } }', variables: () => ({ id: '999999' }), inputs: { id: { notKept: identifier } } },
    createWalkabout: {
      selection: '{ walkabout { id } errors { field code message } }',
      variables: () => ({ buildingId: world.building, cycleId: world.cycle }),
      inputs: { buildingId: { notKept: identifier }, cycleId: { notKept: identifier } },
    },
    acknowledgeFailureItem: {
      selection: '{ followUp { id acknowledgedNotes acknowledgedPhotoUrl } errors { field code message } }',
      variables: () => ({ kind: 'LOCATION_COMMENT', id: remark, acknowledgedAt: '2026-11-21T09:30', acknowledgedNotes: 'Seen', photoUrl: null }),
      prepare: acknowledgedRemark,
      inputs: {
        id: { notKept: identifier },
        acknowledgedAt: { notKept: 'a date and time, read as one: its text is not kept' },
        acknowledgedNotes: { field: 'acknowledgedNotes', freeText: true, readBack: async () => (await remarkItem()).followUp.acknowledgedNotes },
        photoUrl: { field: 'photoUrl', form: asUrl, freeText: true, readBack: async () => (await remarkItem()).followUp.acknowledgedPhotoUrl },
      },
    },
    repairFailureItem: {
      selection: '{ followUp { id repairedComments repairedPhotoUrl } errors { field code message } }',
      // A repaired item leaves the reports: each send closes a remark of its own.
      variables: () => ({ kind: 'LOCATION_COMMENT', id: repairing, repairedAt: '2026-11-22T10:00', repairedComments: 'Fixed', photoUrl: null }),
      prepare: async () => {
        repairing = await newRemark();
      },
      inputs: {
        id: { notKept: identifier },
        repairedAt: { notKept: 'a date and time, read as one: its text is not kept' },
        // No query lists repaired items (they leave the reports): the payload is the backend's answer with the stored follow-up.
        repairedComments: { field: 'repairedComments', freeText: true, readBack: async (payload) => (payload.followUp as { repairedComments: string | null }).repairedComments },
        photoUrl: { field: 'photoUrl', form: asUrl, freeText: true, readBack: async (payload) => (payload.followUp as { repairedPhotoUrl: string | null }).repairedPhotoUrl },
      },
    },
    addComment: {
      selection: '{ comment { id body } errors { field code message } }',
      variables: () => ({ kind: 'LOCATION_COMMENT', id: remark, body: 'Electrician booked' }),
      prepare: acknowledgedRemark,
      inputs: {
        id: { notKept: identifier },
        body: {
          field: 'body',
          freeText: true,
          readBack: async (payload) => (await remarkItem()).comments.find((c) => c.id === (payload.comment as { id: string }).id)?.body,
        },
      },
    },
    createOnDemandReport: {
      selection: '{ onDemandReport { id } errors { field code message } }',
      variables: () => ({ input: { buildingId: world.building, type: 'WALKABOUT_REPORTS', reportDefinitionId: definition } }),
      prepare: reportsToUse,
      inputs: {
        'input.buildingId': { notKept: identifier },
        'input.cycleId': { notKept: identifier },
        'input.walkaboutId': { notKept: identifier },
        'input.reportDefinitionId': { notKept: identifier },
        'input.templateId': { notKept: identifier },
      },
    },
    emailWalkaboutReport: {
      selection: '{ email { id recipients message } errors { field code message } }',
      variables: () => ({ reportId: report, recipients: ['ops@example.com'], message: 'Report attached' }),
      prepare: reportsToUse,
      inputs: {
        reportId: { notKept: identifier },
        // Only e-mail addresses are taken: no hostile string is one.
        'recipients.0': {
          field: 'recipients',
          plain: () => 'fire.department@example.com',
          // No query lists e-mails sent: the payload is the backend's answer with the recipients it took.
          readBack: async (payload) => (payload.email as { recipients: string[] }).recipients[0],
        },
        message: {
          field: 'message',
          // The backend keeps a message without the white space around it (JavaScript's trim, a leading BOM included): the hostile string as a message is.
          form: (text) => text.trim(),
          freeText: true,
          readBack: async (payload) => (payload.email as { message: string | null }).message,
        },
      },
    },
    // Documents (issue 11): a building's document from a PDF uploaded as a document, read back with document(id).
    createDocument: {
      selection: '{ document { id } errors { field code message } }',
      variables: () => ({ input: { buildingId: world.building, name: 'Evacuation plan', category: 'Fire Safety Plan', url: uploadUrl, bookmarks: [{ label: 'Cover', page: 1 }] } }),
      prepare: documentUpload,
      inputs: {
        'input.buildingId': { notKept: identifier },
        'input.failureItemId': { notKept: identifier },
        'input.url': { notKept: 'the URL of an upload: looked up, the document keeps the upload, not the text' },
        'input.name': { field: 'name', freeText: true, readBack: async (payload) => (await documentRead(payload)).name },
        'input.category': { field: 'category', plain: () => 'Manuals', readBack: async (payload) => (await documentRead(payload)).category },
        'input.bookmarks.0.label': { field: 'bookmarks', freeText: true, readBack: async (payload) => (await documentRead(payload)).bookmarks[0]?.label },
      },
    },
    updateDocument: {
      selection: '{ document { id } errors { field code message } }',
      variables: () => ({ id: documentId, input: { name: 'Evacuation plan', category: 'Fire Safety Plan', bookmarks: [{ label: 'Cover', page: 1 }] } }),
      prepare: aDocument,
      inputs: {
        id: { notKept: identifier },
        'input.name': { field: 'name', freeText: true, readBack: async (payload) => (await documentRead(payload)).name },
        'input.category': { field: 'category', plain: () => 'Manuals', readBack: async (payload) => (await documentRead(payload)).category },
        'input.bookmarks.0.label': { field: 'bookmarks', freeText: true, readBack: async (payload) => (await documentRead(payload)).bookmarks[0]?.label },
      },
    },
    emailDocument: {
      selection: '{ email { id recipients message } errors { field code message } }',
      variables: () => ({ documentId, recipients: ['ops@example.com'], message: 'Plan attached' }),
      prepare: aDocument,
      inputs: {
        documentId: { notKept: identifier },
        'recipients.0': {
          field: 'recipients',
          plain: () => 'fire.department@example.com',
          readBack: async (payload) => (payload.email as { recipients: string[] }).recipients[0],
        },
        message: {
          field: 'message',
          form: (text) => text.trim(),
          freeText: true,
          readBack: async (payload) => (payload.email as { message: string | null }).message,
        },
      },
    },
    // QR codes (issue 11): nothing sent is kept as sent (a count, a scanned text, uuids that select; a code's uuid is the server's own).
    generateQrCodes: {
      selection: '{ codes { id } errors { field code message } }',
      variables: () => ({ organizationId: '1', count: 2 }),
      inputs: { organizationId: { notKept: identifier } },
    },
    validateQrCodeUrl: {
      selection: '{ code { id } errors { field code message } }',
      variables: () => ({ buildingId: world.building, url: 'https://inspect.example.com/q/00000000-0000-4000-8000-000000000000' }),
      inputs: { buildingId: { notKept: identifier }, url: { notKept: 'a scanned text: it selects an unassigned code, nothing is kept' } },
    },
    assignQrCode: {
      selection: '{ location { id } errors { field code message } }',
      variables: () => ({
        buildingId: world.building,
        newUuid: '00000000-0000-4000-8000-000000000000',
        existingUuid: '00000000-0000-4000-8000-000000000001',
        existingTemporaryUuid: null,
      }),
      inputs: {
        buildingId: { notKept: identifier },
        newUuid: { notKept: "an unassigned code's uuid: it selects the code, whose own uuid is kept" },
        existingUuid: { notKept: identifier },
        existingTemporaryUuid: { notKept: "compared with the location's temporary uuid, not kept" },
      },
    },
    // Create Current Walkabouts (issue 12): the building's id only.
    createCurrentWalkabouts: {
      selection: '{ building { id } changes { entriesAdded } errors { field code message } }',
      variables: () => ({ buildingId: world.building }),
      inputs: { buildingId: { notKept: identifier } },
    },
    // Contracts (issue 11).
    acceptBuildingContract: {
      selection: '{ building { id } errors { field code message } }',
      variables: () => ({ id: world.building }),
      inputs: { id: { notKept: identifier } },
    },
    setBuildingContract: {
      selection: '{ building { id contractUrl } errors { field code message } }',
      asAdmin: true,
      variables: () => ({ id: contracts.building, contractUrl: contracts.pdf }),
      inputs: {
        id: { notKept: identifier },
        // Only an upload's reference is taken: no hostile string is one.
        contractUrl: { field: 'contractUrl', plain: () => contracts.pdf, readBack: async (payload) => (payload.building as { contractUrl: string }).contractUrl },
      },
    },
    createOrganization: {
      selection: '{ organization { id name logoUrl contractUrl } errors { field code message } }',
      asAdmin: true,
      variables: () => ({ input: { name: 'Sweep Organization' } }),
      inputs: {
        'input.name': { field: 'name', freeText: true, readBack: async (payload) => (payload.organization as { name: string }).name },
        'input.logoUrl': { field: 'logoUrl', plain: () => contracts.image, readBack: async (payload) => (payload.organization as { logoUrl: string }).logoUrl },
        'input.contractUrl': { field: 'contractUrl', plain: () => contracts.pdf, readBack: async (payload) => (payload.organization as { contractUrl: string }).contractUrl },
      },
    },
    updateOrganization: {
      selection: '{ organization { id logoUrl contractUrl } errors { field code message } }',
      asAdmin: true,
      variables: () => ({ id: contracts.organization, input: { logoUrl: null } }),
      inputs: {
        id: { notKept: identifier },
        'input.logoUrl': { field: 'logoUrl', plain: () => contracts.image, readBack: async (payload) => (payload.organization as { logoUrl: string }).logoUrl },
        'input.contractUrl': { field: 'contractUrl', plain: () => contracts.pdf, readBack: async (payload) => (payload.organization as { contractUrl: string }).contractUrl },
      },
    },
    // Floors and the building walkabout applicability (issue 12). A rename goes over the floor's version as it is
    // now (each accepted rename raises it), read again before each send.
    createFloor: {
      selection: '{ floor { id name } errors { field code message } }',
      variables: () => ({ buildingId: world.building, name: 'Sweep floor' }),
      inputs: {
        buildingId: { notKept: identifier },
        name: { field: 'name', freeText: true, readBack: async (payload) => (payload.floor as { name: string }).name },
      },
    },
    renameFloor: {
      selection: '{ floor { id name version } errors { field code message } }',
      prepare: async () => {
        const { building } = await query<{ building: { floors: Array<{ id: string; version: number }> } }>('query ($id: ID!) { building(id: $id) { floors { id version } } }', { id: world.building });
        sweepFloor.id = building.floors[0]!.id;
        sweepFloor.version = building.floors[0]!.version;
      },
      variables: () => ({ buildingId: world.building, id: sweepFloor.id, name: 'Sweep level', version: sweepFloor.version }),
      inputs: {
        buildingId: { notKept: identifier },
        id: { notKept: identifier },
        name: { field: 'name', freeText: true, readBack: async (payload) => (payload.floor as { name: string }).name },
      },
    },
    // Regions, cycles and cycle overrides (issue 14), the administrator's to change (the manager may not). A cycle's
    // name must be unique in its organization, so each send names a new one.
    createCycle: {
      selection: '{ cycle { id name abbreviation } errors { field code message } }',
      asAdmin: true,
      prepare: schedulesWorld,
      variables: () => ({ input: { organizationId: schedules.organization, name: `Sweep cycle ${(schedules.names += 1)}`, abbreviation: 'SW', frequency: 'DAILY', every: 1, start: '2026-06-01' } }),
      inputs: {
        'input.organizationId': { notKept: identifier },
        'input.name': { field: 'name', readBack: async (payload) => (payload.cycle as { name: string }).name },
        'input.abbreviation': { field: 'abbreviation', readBack: async (payload) => (payload.cycle as { abbreviation: string }).abbreviation },
      },
    },
    updateCycle: {
      selection: '{ cycle { id abbreviation } errors { field code message } }',
      asAdmin: true,
      prepare: schedulesWorld,
      variables: (path) => ({ id: schedules.cycle, input: path === 'input.name' ? { name: 'Sweep renamed' } : { abbreviation: 'SE' }, version: schedules.cycleVersion }),
      inputs: {
        id: { notKept: identifier },
        'input.name': { notKept: "locked on a repeating cycle: any other name is refused at the field, nothing is stored" },
        'input.abbreviation': { field: 'abbreviation', readBack: async (payload) => (payload.cycle as { abbreviation: string }).abbreviation },
      },
    },
    deleteCycle: { selection: '{ deletedCycleId errors { field code message } }', asAdmin: true, variables: () => ({ id: '999999' }), inputs: { id: { notKept: identifier } } },
    createRegion: {
      selection: '{ region { id name } errors { field code message } }',
      asAdmin: true,
      prepare: schedulesWorld,
      variables: () => ({ organizationId: schedules.organization, name: 'Sweep sub-region', parentId: schedules.region }),
      inputs: {
        organizationId: { notKept: identifier },
        parentId: { notKept: identifier },
        name: { field: 'name', freeText: true, readBack: async (payload) => (payload.region as { name: string }).name },
      },
    },
    renameRegion: {
      selection: '{ region { id name } errors { field code message } }',
      asAdmin: true,
      prepare: schedulesWorld,
      variables: () => ({ id: schedules.region, name: 'Sweep region', version: schedules.regionVersion }),
      inputs: { id: { notKept: identifier }, name: { field: 'name', freeText: true, readBack: async (payload) => (payload.region as { name: string }).name } },
    },
    deleteRegion: {
      selection: '{ deletedRegionId errors { field code message } }',
      asAdmin: true,
      prepare: schedulesWorld,
      variables: () => ({ organizationId: schedules.organization, id: '999999' }),
      inputs: { organizationId: { notKept: identifier }, id: { notKept: identifier } },
    },
    createCycleOverride: {
      selection: '{ cycleOverride { id } errors { field code message } }',
      asAdmin: true,
      prepare: schedulesWorld,
      variables: () => ({ regionId: schedules.region, cycleId: '999999', input: { saturday: false } }),
      inputs: { regionId: { notKept: identifier }, cycleId: { notKept: identifier } },
    },
    updateCycleOverride: {
      selection: '{ cycleOverride { id } errors { field code message } }',
      asAdmin: true,
      variables: () => ({ id: '999999', input: { saturday: false }, version: 1 }),
      inputs: { id: { notKept: identifier } },
    },
    deleteCycleOverride: { selection: '{ deletedCycleOverrideId errors { field code message } }', asAdmin: true, variables: () => ({ id: '999999' }), inputs: { id: { notKept: identifier } } },
    // API tokens (issue 14): the name is kept (without the white space around it); the expiry is of a format no hostile
    // string fits, and a permission must be one of the list; the secret is never an input.
    createApiToken: {
      selection: '{ apiToken { id name expiresAt permissions } errors { field code message } }',
      variables: () => ({ input: { name: 'Sweep integration', expiresAt: inThirtyDays, permissions: ['buildingPermissions.view'] } }),
      inputs: {
        'input.name': { field: 'name', freeText: true, form: (text) => text.trim(), readBack: async (payload) => (payload.apiToken as { name: string }).name },
        'input.expiresAt': { field: 'expiresAt', plain: () => inThirtyDays, readBack: async (payload) => (payload.apiToken as { expiresAt: string }).expiresAt },
        'input.permissions.0': { field: 'permissions', plain: () => 'buildingPermissions.view', readBack: async (payload) => (payload.apiToken as { permissions: string[] }).permissions[0] },
      },
    },
    revokeApiToken: {
      selection: '{ apiToken { id revokedAt } errors { field code message } }',
      variables: () => ({ id: '1' }),
      inputs: { id: { notKept: identifier } },
    },
    // Report definitions and booklet templates (issue 14), sent by the administrator so that the template name is kept.
    createReportDefinition: {
      selection: '{ reportDefinition { id name templateName sections { title applicableGroupNames } } errors { field code message } }',
      asAdmin: true,
      prepare: reportWorld,
      variables: () => ({ input: { organizationId: reportSweep.organization, cycleId: world.cycle, name: `Sweep report ${++reportSweep.count}`, sections: [reportSection(reportSweep)] } }),
      inputs: {
        'input.organizationId': { notKept: identifier },
        'input.cycleId': { notKept: identifier },
        'input.regionId': { notKept: identifier },
        'input.name': { field: 'name', form: trimmed, freeText: true, readBack: async (payload) => sweptDefinition(payload).name },
        'input.templateName': { field: 'templateName', form: trimmed, freeText: true, readBack: async (payload) => sweptDefinition(payload).templateName },
        'input.sections.0.equipmentId': { notKept: identifier },
        'input.sections.0.title': { field: 'sections.0.title', freeText: true, readBack: async (payload) => sweptDefinition(payload).sections[0]!.title },
        'input.sections.0.applicableEquipmentConditionIds.0': { notKept: identifier },
        'input.sections.0.applicableEquipmentIds.0': { notKept: identifier },
        'input.sections.0.applicableGroupNames.0': { field: 'sections.0.applicableGroupNames.0', freeText: true, readBack: async (payload) => sweptDefinition(payload).sections[0]!.applicableGroupNames[0] },
      },
    },
    updateReportDefinition: {
      selection: '{ reportDefinition { id name templateName sections { title applicableGroupNames } } errors { field code message } }',
      asAdmin: true,
      prepare: reportWorld,
      variables: () => ({ input: { id: reportSweep.definition, version: reportSweep.definitionVersion, name: `Sweep report ${++reportSweep.count}`, sections: [reportSection(reportSweep.other)] } }),
      inputs: {
        'input.id': { notKept: identifier },
        'input.name': { field: 'name', form: trimmed, freeText: true, readBack: async (payload) => sweptDefinition(payload).name },
        'input.templateName': { field: 'templateName', form: trimmed, freeText: true, readBack: async (payload) => sweptDefinition(payload).templateName },
        'input.sections.0.equipmentId': { notKept: identifier },
        'input.sections.0.title': { field: 'sections.0.title', freeText: true, readBack: async (payload) => sweptDefinition(payload).sections[0]!.title },
        'input.sections.0.applicableEquipmentConditionIds.0': { notKept: identifier },
        'input.sections.0.applicableEquipmentIds.0': { notKept: identifier },
        'input.sections.0.applicableGroupNames.0': { field: 'sections.0.applicableGroupNames.0', freeText: true, readBack: async (payload) => sweptDefinition(payload).sections[0]!.applicableGroupNames[0] },
      },
    },
    createReportBookletTemplate: {
      selection: '{ reportBookletTemplate { id name templateName } errors { field code message } }',
      asAdmin: true,
      prepare: reportWorld,
      variables: () => ({ input: { organizationId: reportSweep.organization, name: `Sweep booklet ${++reportSweep.count}`, reportDefinitionIds: [reportSweep.ownDefinition], primaryReportDefinitionId: reportSweep.ownDefinition } }),
      inputs: {
        'input.organizationId': { notKept: identifier },
        'input.regionId': { notKept: identifier },
        'input.name': { field: 'name', form: trimmed, freeText: true, readBack: async (payload) => sweptBooklet(payload).name },
        'input.templateName': { field: 'templateName', form: trimmed, freeText: true, readBack: async (payload) => sweptBooklet(payload).templateName },
        'input.reportDefinitionIds.0': { notKept: identifier },
        'input.primaryReportDefinitionId': { notKept: identifier },
      },
    },
    updateReportBookletTemplate: {
      selection: '{ reportBookletTemplate { id name templateName } errors { field code message } }',
      asAdmin: true,
      prepare: reportWorld,
      variables: () => ({ input: { id: reportSweep.booklet, version: reportSweep.bookletVersion, name: `Sweep booklet ${++reportSweep.count}`, reportDefinitionIds: [reportSweep.definition] } }),
      inputs: {
        'input.id': { notKept: identifier },
        'input.name': { field: 'name', form: trimmed, freeText: true, readBack: async (payload) => sweptBooklet(payload).name },
        'input.templateName': { field: 'templateName', form: trimmed, freeText: true, readBack: async (payload) => sweptBooklet(payload).templateName },
        'input.reportDefinitionIds.0': { notKept: identifier },
        'input.primaryReportDefinitionId': { notKept: identifier },
      },
    },
    // Types and tasks groups at organization level (issue 13), the administrator's to change.
    createEquipmentType: {
      selection: '{ equipmentType { id name aliasName components { name aliasName } } errors { field code message } }',
      asAdmin: true,
      prepare: typesWorld,
      variables: () => ({
        input: { organizationId: typesSweep.organization, name: 'Sweep type', aliasName: 'ST', components: [{ name: 'Sweep part', aliasName: 'SP', taskGroups: [{ taskGroupId: typesSweep.group }] }] },
      }),
      inputs: {
        'input.organizationId': { notKept: identifier },
        'input.name': { field: 'name', readBack: async (payload) => sweptType(payload).name },
        'input.aliasName': { field: 'aliasName', readBack: async (payload) => sweptType(payload).aliasName },
        'input.components.0.id': { notKept: 'a new type has no components yet: an id that is not a number is left out' },
        'input.components.0.name': { field: 'components.0.name', readBack: async (payload) => sweptType(payload).components[0]!.name },
        'input.components.0.aliasName': { field: 'components.0.aliasName', readBack: async (payload) => sweptType(payload).components[0]!.aliasName },
        'input.components.0.taskGroups.0.taskGroupId': { notKept: identifier },
      },
    },
    updateEquipmentType: {
      selection: '{ equipmentType { id name aliasName components { name aliasName } } errors { field code message } }',
      asAdmin: true,
      prepare: typesWorld,
      variables: () => ({ input: { id: typesSweep.type, version: typesSweep.typeVersion, components: [{ name: 'Sweep part', aliasName: 'SP', taskGroups: [{ taskGroupId: typesSweep.group }] }] } }),
      inputs: {
        'input.id': { notKept: identifier },
        'input.components.0.id': { notKept: identifier },
        'input.components.0.name': { field: 'components.0.name', readBack: async (payload) => sweptType(payload).components[0]!.name },
        'input.components.0.aliasName': { field: 'components.0.aliasName', readBack: async (payload) => sweptType(payload).components[0]!.aliasName },
        'input.components.0.taskGroups.0.taskGroupId': { notKept: identifier },
      },
    },
    setEquipmentTypeStatus: {
      selection: '{ equipmentType { id status } errors { field code message } }',
      asAdmin: true,
      prepare: typesWorld,
      variables: () => ({ id: typesSweep.type, status: 'ACTIVE', version: typesSweep.typeVersion }),
      inputs: { id: { notKept: identifier } },
    },
    reorderEquipmentTypes: {
      selection: '{ equipmentTypes { id order } errors { field code message } }',
      asAdmin: true,
      prepare: typesWorld,
      variables: () => ({ types: [{ id: typesSweep.type, order: 999, version: typesSweep.typeVersion }] }),
      inputs: { 'types.0.id': { notKept: identifier } },
    },
    updateComponentTaskGroupOverrides: {
      selection: '{ equipmentType { id } errors { field code message } }',
      asAdmin: true,
      variables: () => ({ id: '1', overrides: { disableUnsatisfactoryPhoto: false, disableUnsatisfactoryRemarks: false, makePhotoAndRemarksOptional: false } }),
      inputs: { id: { notKept: identifier } },
    },
    createTaskGroup: {
      selection: '{ taskGroup { id name } errors { field code message } }',
      asAdmin: true,
      prepare: typesWorld,
      variables: () => ({ organizationId: typesSweep.organization, input: { name: 'Sweep group', tasks: [{ id: typesSweep.task, order: 0 }] } }),
      inputs: {
        organizationId: { notKept: identifier },
        'input.name': { field: 'name', readBack: async (payload) => (payload.taskGroup as { name: string }).name },
        'input.tasks.0.id': { notKept: identifier },
      },
    },
    updateTaskGroup: {
      selection: '{ taskGroup { id name } errors { field code message } }',
      asAdmin: true,
      prepare: typesWorld,
      variables: () => ({ organizationId: typesSweep.organization, id: typesSweep.group, version: typesSweep.groupVersion, input: { name: 'Sweep group', tasks: [{ id: typesSweep.task, order: 0 }] } }),
      inputs: {
        organizationId: { notKept: identifier },
        id: { notKept: identifier },
        'input.name': { field: 'name', readBack: async (payload) => (payload.taskGroup as { name: string }).name },
        'input.tasks.0.id': { notKept: identifier },
      },
    },
    reorderFloors: {
      selection: '{ floors { id order } errors { field code message } }',
      variables: () => ({ floors: [{ id: sweepFloor.id || '1', order: 0, version: 1 }] }),
      inputs: { 'floors.0.id': { notKept: identifier } },
    },
    setWalkaboutApplicability: {
      selection: '{ types { id } errors { field code message } }',
      asAdmin: true,
      variables: () => ({ buildingId: world.building, types: [{ equipmentTypeId: '1', applicableTaskIds: ['1'] }] }),
      inputs: {
        buildingId: { notKept: identifier },
        'types.0.equipmentTypeId': { notKept: identifier },
        'types.0.applicableTaskIds.0': { notKept: identifier },
      },
    },
    // Types and tasks at building level (issue 13): the short name (at most 2 characters) and the reason are kept.
    pauseEquipmentType: {
      selection: '{ equipmentType { id suspensionShortName suspensionDescription } errors { field code message } }',
      prepare: unpaused,
      variables: () => ({ buildingId: world.building, equipmentTypeId: buildingLevel.type, shortName: 'SW', description: 'Sweep reason' }),
      inputs: {
        buildingId: { notKept: identifier },
        equipmentTypeId: { notKept: identifier },
        shortName: { field: 'shortName', plain: () => 'SW', readBack: async (payload) => (payload.equipmentType as { suspensionShortName: string }).suspensionShortName },
        description: { field: 'description', freeText: true, readBack: async (payload) => (payload.equipmentType as { suspensionDescription: string }).suspensionDescription },
      },
    },
    resumeEquipmentType: {
      selection: '{ equipmentType { id } errors { field code message } }',
      variables: () => ({ buildingId: world.building, suspensionId: '999999' }),
      inputs: { buildingId: { notKept: identifier }, suspensionId: { notKept: identifier } },
    },
    pauseTask: {
      selection: '{ task { id suspensionShortName suspensionDescription } errors { field code message } }',
      prepare: unpaused,
      variables: () => ({ buildingId: world.building, taskId: buildingLevel.task, shortName: 'SW', description: 'Sweep reason' }),
      inputs: {
        buildingId: { notKept: identifier },
        taskId: { notKept: identifier },
        shortName: { field: 'shortName', plain: () => 'SW', readBack: async (payload) => (payload.task as { suspensionShortName: string }).suspensionShortName },
        description: { field: 'description', freeText: true, readBack: async (payload) => (payload.task as { suspensionDescription: string }).suspensionDescription },
      },
    },
    resumeTask: {
      selection: '{ task { id } errors { field code message } }',
      variables: () => ({ buildingId: world.building, suspensionId: '999999' }),
      inputs: { buildingId: { notKept: identifier }, suspensionId: { notKept: identifier } },
    },
    startTypesReport: {
      selection: '{ report { identificator } errors { field code message } }',
      variables: () => ({ buildingId: world.building }),
      inputs: { buildingId: { notKept: identifier }, locationId: { notKept: identifier }, equipmentTypeId: { notKept: identifier } },
    },
    acceptOrganizationContract: {
      selection: '{ organization { id } errors { field code message } }',
      asAdmin: true,
      variables: () => ({ id: contracts.organization }),
      inputs: { id: { notKept: identifier } },
    },
    // Organization settings and the buildings list (issue 12): renames and reorders send the building's current version.
    createBuilding: {
      selection: '{ building { id name } errors { field code message } }',
      asAdmin: true,
      variables: () => ({ input: { organizationId: contracts.organization, name: 'Sweep Building' } }),
      inputs: {
        'input.organizationId': { notKept: identifier },
        'input.name': { field: 'name', freeText: true, readBack: async (payload) => (payload.building as { name: string }).name },
      },
    },
    renameBuilding: {
      selection: '{ building { id name } errors { field code message } }',
      asAdmin: true,
      prepare: currentVersion,
      variables: () => ({ id: contracts.building, name: 'Riverside Distribution Warehouse', version: buildingVersion }),
      inputs: {
        id: { notKept: identifier },
        name: { field: 'name', freeText: true, readBack: async (payload) => (payload.building as { name: string }).name },
      },
    },
    reorderBuildings: {
      selection: '{ buildings { id order } errors { field code message } }',
      asAdmin: true,
      prepare: currentVersion,
      variables: () => ({ buildings: [{ id: contracts.building, order: 1, version: buildingVersion }] }),
      inputs: { 'buildings.0.id': { notKept: identifier } },
    },
    // The building form (issue 12), as the administrator (the contract is theirs), on the contracts' building, each save from its current version.
    updateBuilding: {
      selection: `{ building { id name photoUrl floorDisplayName timeZone contractUrl information { occupancyType note1 note2 managementCompanyName
        monitoringCompanyName monitoringCompanyPhone monitoringCompanyAccountNumber monitoringCompanyPassCode
        addressInformation { ${ADDRESS_FIELDS.join(' ')} } managementCompanyAddressInformation { ${ADDRESS_FIELDS.join(' ')} } } }
        errors { field code message } }`,
      asAdmin: true,
      prepare: async () => {
        const [row] = await stack.backend.db.select({ version: db.buildings.version }).from(db.buildings).where(eq(db.buildings.id, Number(contracts.building)));
        buildingForm.version = row!.version;
      },
      variables: () => ({
        input: {
          id: contracts.building,
          version: buildingForm.version,
          information: { addressInformation: {}, managementCompanyAddressInformation: {} },
          offsets: [{ cycleId: world.cycle, openOffsetValue: 0, openOffsetUnit: 'HOUR', closeOffsetValue: 0, closeOffsetUnit: 'HOUR' }],
          reportDefinitionIds: [],
          reportBookletTemplateIds: [],
        },
      }),
      inputs: {
        'input.id': { notKept: identifier },
        'input.name': { field: 'name', freeText: true, readBack: async (payload) => formBuilding(payload).name },
        'input.photoUrl': {
          field: 'photoUrl',
          plain: () => contracts.image,
          // The payload answers a signed URL of the stored photo: what is kept is read from the building's row.
          readBack: async () => (await stack.backend.db.select().from(db.buildings).where(eq(db.buildings.id, Number(contracts.building))))[0]!.photoUrl,
        },
        'input.floorDisplayName': { field: 'floorDisplayName', freeText: true, readBack: async (payload) => formBuilding(payload).floorDisplayName },
        'input.timeZone': { field: 'timeZone', plain: () => 'Europe/Paris', readBack: async (payload) => formBuilding(payload).timeZone },
        'input.regionId': { notKept: identifier },
        'input.information.occupancyType': { field: 'information.occupancyType', plain: () => 'Business', readBack: async (payload) => formInformation(payload).occupancyType },
        ...Object.fromEntries(
          ['note1', 'note2', 'managementCompanyName', 'monitoringCompanyName', 'monitoringCompanyPhone', 'monitoringCompanyAccountNumber', 'monitoringCompanyPassCode'].map(
            (key) => [`input.information.${key}`, { field: `information.${key}`, freeText: true, readBack: async (payload: Payload) => formInformation(payload)[key] }],
          ),
        ),
        ...Object.fromEntries(
          ['addressInformation', 'managementCompanyAddressInformation'].flatMap((block) =>
            ADDRESS_FIELDS.map((key) => [
              `input.information.${block}.${key}`,
              { field: `information.${block}.${key}`, freeText: true, readBack: async (payload: Payload) => (formInformation(payload)[block] as Record<string, unknown>)[key] },
            ]),
          ),
        ),
        'input.offsets.0.cycleId': { notKept: identifier },
        'input.reportDefinitionIds.0': { notKept: identifier },
        'input.reportBookletTemplateIds.0': { notKept: identifier },
        'input.contractUrl': { field: 'contractUrl', plain: () => contracts.pdf, readBack: async (payload) => formBuilding(payload).contractUrl },
      },
    },
    createLocation: {
      selection: locationAdminSelection,
      prepare: locationAdminWorld,
      variables: () => ({
        input: { buildingId: world.building, floorId: locationAdmin.floor, name: 'Sweep Room', hint: 'Sweep hint', equipment: locationEquipmentInput() },
      }),
      inputs: {
        'input.buildingId': { notKept: identifier },
        'input.floorId': { notKept: identifier },
        'input.name': { field: 'name', freeText: true, readBack: async (payload) => (payload.location as { name: string }).name },
        'input.hint': { field: 'hint', freeText: true, readBack: async (payload) => (payload.location as { hint: string }).hint },
        'input.equipment.0.equipmentId': { notKept: identifier },
        'input.equipment.0.secondaryData.0.key': { notKept: 'a field of the secondary data catalogue: any other key is refused' },
        'input.equipment.0.secondaryData.0.stringValue': { field: 'notes', freeText: true, readBack: async (payload) => secondaryNotes(payload) },
      },
    },
    updateLocation: {
      selection: locationAdminSelection,
      prepare: locationAdminWorld,
      variables: () => ({
        id: locationAdmin.location,
        input: { version: locationAdmin.version, name: 'Sweep Room', hint: 'Sweep hint', equipment: locationEquipmentInput() },
      }),
      inputs: {
        id: { notKept: identifier },
        'input.name': { field: 'name', freeText: true, readBack: async (payload) => (payload.location as { name: string }).name },
        'input.hint': { field: 'hint', freeText: true, readBack: async (payload) => (payload.location as { hint: string }).hint },
        'input.equipment.0.equipmentId': { notKept: identifier },
        'input.equipment.0.secondaryData.0.key': { notKept: 'a field of the secondary data catalogue: any other key is refused' },
        'input.equipment.0.secondaryData.0.stringValue': { field: 'notes', freeText: true, readBack: async (payload) => secondaryNotes(payload) },
      },
    },
    deleteLocation: {
      selection: '{ deletedLocationId errors { field code message } }',
      prepare: locationAdminWorld,
      // The manager may not delete: the refusal (FORBIDDEN) is all the sweep sees, which is what an identifier needs.
      variables: () => ({ id: locationAdmin.location }),
      inputs: { id: { notKept: identifier } },
    },
    reorderLocations: {
      selection: '{ locations { id } errors { field code message } }',
      prepare: locationAdminWorld,
      variables: () => ({ buildingId: world.building, moves: [{ id: locationAdmin.location, order: 0, version: locationAdmin.version }] }),
      inputs: { buildingId: { notKept: identifier }, 'moves.0.id': { notKept: identifier } },
    },
    reorderLocationEquipment: {
      selection: '{ locations { id } errors { field code message } }',
      prepare: locationAdminWorld,
      variables: () => ({
        buildingId: world.building,
        moves: [{ locationId: locationAdmin.location, equipmentId: locationAdmin.equipment, typeOrder: 0, version: locationAdmin.version }],
      }),
      inputs: { buildingId: { notKept: identifier }, 'moves.0.locationId': { notKept: identifier }, 'moves.0.equipmentId': { notKept: identifier } },
    },
    // Tasks at organization level (issue 13), sent as the administrator (the manager reads tasks but may not change them):
    // each value list from a task of the type that keeps it; an edit goes over the sweep task's version as it is now.
    createTask: {
      selection: '{ task { id label description hint referenceName referenceDescription values satisfactoryValues unsatisfactoryValues recordValues } errors { field code message } }',
      asAdmin: true,
      prepare: sweepTaskWorld,
      variables: (path) => ({ input: { ...sweepTaskBase(), label: 'Sweep task', ...sweepTaskValues[path] } }),
      inputs: {
        'input.organizationId': { notKept: identifier },
        'input.cycleId': { notKept: identifier },
        'input.equipmentTypeId': { notKept: identifier },
        'input.componentId': { notKept: identifier },
        'input.groupId': { notKept: identifier },
        'input.label': { field: 'label', freeText: true, readBack: async (payload) => (payload.task as { label: string }).label },
        'input.description': { field: 'description', freeText: true, readBack: async (payload) => (payload.task as { description: string }).description },
        'input.hint': { field: 'hint', freeText: true, readBack: async (payload) => (payload.task as { hint: string }).hint },
        'input.referenceName': { field: 'referenceName', freeText: true, readBack: async (payload) => (payload.task as { referenceName: string }).referenceName },
        'input.referenceDescription': { field: 'referenceDescription', freeText: true, readBack: async (payload) => (payload.task as { referenceDescription: string }).referenceDescription },
        'input.values.0': { field: 'values', freeText: true, readBack: async (payload) => (payload.task as { values: string[] }).values[0] },
        'input.satisfactoryValues.0': { field: 'satisfactoryValues', freeText: true, readBack: async (payload) => (payload.task as { satisfactoryValues: string[] }).satisfactoryValues[0] },
        'input.unsatisfactoryValues.0': { field: 'unsatisfactoryValues', freeText: true, readBack: async (payload) => (payload.task as { unsatisfactoryValues: string[] }).unsatisfactoryValues[0] },
        'input.recordValues.0': { field: 'recordValues', freeText: true, readBack: async (payload) => (payload.task as { recordValues: string[] }).recordValues[0] },
      },
    },
    updateTask: {
      selection: '{ task { id description hint referenceName referenceDescription } errors { field code message } }',
      asAdmin: true,
      prepare: sweepTaskWorld,
      variables: () => ({ id: sweepTask.id, input: { version: sweepTask.version, description: 'Sweep' } }),
      inputs: {
        id: { notKept: identifier },
        'input.description': { field: 'description', freeText: true, readBack: async (payload) => (payload.task as { description: string }).description },
        'input.hint': { field: 'hint', freeText: true, readBack: async (payload) => (payload.task as { hint: string }).hint },
        'input.referenceName': { field: 'referenceName', freeText: true, readBack: async (payload) => (payload.task as { referenceName: string }).referenceName },
        'input.referenceDescription': { field: 'referenceDescription', freeText: true, readBack: async (payload) => (payload.task as { referenceDescription: string }).referenceDescription },
      },
    },
    setTaskStatus: {
      selection: '{ task { id status } errors { field code message } }',
      asAdmin: true,
      prepare: sweepTaskWorld,
      variables: () => ({ id: sweepTask.id, status: 'ACTIVE', version: sweepTask.version }),
      inputs: { id: { notKept: identifier } },
    },
    reorderTasks: {
      selection: '{ tasks { id order } errors { field code message } }',
      asAdmin: true,
      prepare: sweepTaskWorld,
      variables: () => ({ tasks: [{ id: sweepTask.id || '1', order: 0, version: sweepTask.version }] }),
      inputs: { 'tasks.0.id': { notKept: identifier } },
    },
    reportUnavailableQrCode: {
      selection: '{ entries { id } errors { field code message } }',
      variables: () => ({ entryIds: [world.text.entry], kind: 'MISSING', comment: 'Label torn off' }),
      inputs: {
        'entryIds.0': { notKept: identifier },
        comment: {
          field: 'comment',
          freeText: true,
          readBack: async () => (await walkaboutEntries(world.text.walkabout)).find((e) => e.id === world.text.entry)?.qrUnavailabilityReason?.comment,
        },
      },
    },
    // Import (issue 13): the file is base64, decoded and read as CSV; a hostile string there is an unreadable file.
    importData: {
      selection: '{ job { id } errors { field code message } }',
      asAdmin: true,
      variables: () => ({ type: 'REFERENCES', organizationId: contracts.organization, file: Buffer.from('type_name,component_name,cycle_name,label,reference_name,reference_description\r\n').toString('base64') }),
      inputs: {
        organizationId: { notKept: identifier },
        file: { notKept: 'a base64 file, decoded and read as CSV row by row: never kept as this text' },
      },
    },
  };

  beforeAll(async () => {
    stack = await startStack({}, { database });
    token = await stack.signIn('manager');
    adminToken = await stack.signIn('admin');
    contracts.pdf = await uploaded('document');
    contracts.image = await uploaded('image');
    const [organization] = await stack.backend.db.insert(db.organizations).values({ name: `Sweep Contracts ${database}` }).returning({ id: db.organizations.id });
    contracts.organization = String(organization!.id);
    const { buildings } = await query<{ buildings: { nodes: Array<{ id: string; name: string }> } }>('{ buildings(pageSize: 100) { nodes { id name } } }');
    const building = buildings.nodes.find((b) => b.name === 'King Street Commerce Centre')!.id;
    contracts.building = buildings.nodes.find((b) => b.name === 'Riverside Distribution Warehouse')!.id;
    const { walkabouts } = await query<{ walkabouts: Array<{ id: string; cycle: { id: string; name: string } }> }>(
      'query ($b: ID!) { walkabouts(buildingId: $b) { id cycle { id name } } }',
      { b: building },
    );
    const monthly = walkabouts.find((w) => w.cycle.name === 'Monthly')!;
    world = { building, cycle: monthly.cycle.id, location: '', text: { id: '', entry: '', walkabout: '' }, multiselect: { id: '', entry: '', walkabout: '', choice: '' } };
    // A free-text task and a multiselect one, in whichever of the building's open walkabouts has them.
    for (const walkabout of walkabouts) {
      if (world.text.id && world.multiselect.id) break;
      for (const entry of await walkaboutEntries(walkabout.id)) {
        world.location ||= entry.locationId;
        for (const c of entry.sections.flatMap((s) => s.conditions)) {
          if (c.type === 'STRING' && 'stringValue' in c && !world.text.id) world.text = { id: c.id, entry: entry.id, walkabout: walkabout.id };
          if (c.type === 'MULTISELECT' && !world.multiselect.id) {
            world.multiselect = { id: c.id, entry: entry.id, walkabout: walkabout.id, choice: (c.choices as string[])[0]! };
          }
        }
      }
    }
    expect(world.text.id, 'a free-text condition in an open walkabout of King Street').not.toBe('');
    expect(world.multiselect.id, 'a multiselect condition in an open walkabout of King Street').not.toBe('');
  });
  afterAll(() => stack?.close());

  it('has an entry for every mutation and every text input of the schema', () => {
    const inputs = mutationTextInputs();
    expect(inputs.length).toBeGreaterThan(20);
    for (const mutation of mutationNames()) expect(Object.keys(table), `mutation ${mutation} has no entry in the sweep's table`).toContain(mutation);
    for (const { mutation, path } of inputs) {
      expect(Object.keys(table[mutation]?.inputs ?? {}), `mutation ${mutation}: the text input ${path} has no entry (kept, with its read-back, or why not kept)`).toContain(path);
    }
    // And nothing in the table that the schema no longer has.
    for (const [mutation, entry] of Object.entries(table)) {
      for (const path of Object.keys(entry.inputs)) expect(inputs, `${mutation} ${path} is not in the schema`).toContainEqual({ mutation, path });
    }
  });

  for (const { mutation, path } of mutationTextInputs()) {
    it(`${mutation} ${path}: no fault, NUL and half surrogates refused, kept text read back byte for byte`, async () => {
      const entry = table[mutation];
      const input = entry?.inputs[path];
      if (!entry || !input) throw new Error(`mutation ${mutation}: the text input ${path} has no entry in the sweep's table`);
      const operation = operationOf(mutation, entry.selection);
      const send = async (text: string) => {
        await entry.prepare?.(path);
        const variables = entry.variables(path);
        setAt(variables, path.split('.'), text);
        return stack.graphql<Record<string, Payload>>(operation, { variables, token: tokenOf(entry) });
      };
      if ('plain' in input && input.plain) {
        const { body } = await send(input.plain());
        expect(body.data?.[mutation]?.errors, JSON.stringify(body)).toEqual([]);
        expect(await input.readBack(body.data![mutation]!), `${mutation} ${path} read back`).toBe(input.plain());
      }
      if ('notKept' in input) {
        // Nothing to read back: the strings that can be stored in one request, as aliases (the two that cannot
        // are refused for the whole request, so they go alone).
        const storable = Object.entries(hostileStrings).filter(([label]) => !unstorable.includes(label));
        await entry.prepare?.(path);
        const variables: Variables = {};
        storable.forEach(([, hostile], i) => {
          const one = entry.variables(path);
          setAt(one, path.split('.'), hostile);
          for (const [name, value] of Object.entries(one)) variables[`a${i}_${name}`] = value;
        });
        const { status, body } = await stack.graphql(aliasedOperationOf(mutation, entry.selection, storable.length), { variables, token: tokenOf(entry) });
        expect(status, `${mutation} ${path}: ${status} ${JSON.stringify(body).slice(0, 400)}`).toBeLessThan(500);
        for (const error of body.errors ?? []) {
          const label = storable[Number(String(error.path?.[0]).slice(1))]?.[0];
          expect(error.extensions?.code, `${mutation} ${path} with ${label}: ${JSON.stringify(error)}`).not.toBe('INTERNAL_SERVER_ERROR');
        }
        // A GraphQL error in one call nulls the whole answer (the payloads are non-null) and ends the operation:
        // the calls it left unanswered go again, one by one.
        const answered = new Set([...Object.keys(body.data ?? {}), ...(body.errors ?? []).map((e) => String(e.path?.[0]))]);
        for (const [i, [label, hostile]] of storable.entries()) {
          if (answered.has(`a${i}`)) continue;
          const alone = await send(hostile);
          const what = `${mutation} ${path} with ${label}: ${alone.status} ${JSON.stringify(alone.body).slice(0, 400)}`;
          expect(alone.status, what).toBeLessThan(500);
          for (const error of alone.body.errors ?? []) expect(error.extensions?.code, what).not.toBe('INTERNAL_SERVER_ERROR');
        }
      }
      let readBacks = 0;
      for (const [label, hostile] of Object.entries(hostileStrings)) {
        if ('notKept' in input && !unstorable.includes(label)) continue;
        const text = 'form' in input && input.form ? input.form(hostile) : hostile;
        const { status, body } = await send(text);
        const what = `${mutation} ${path} with ${label}: ${status} ${JSON.stringify(body).slice(0, 400)}`;
        expect(status, what).toBeLessThan(500);
        for (const error of body.errors ?? []) expect(error.extensions?.code, what).not.toBe('INTERNAL_SERVER_ERROR');
        if (unstorable.includes(label)) {
          expect(body.errors?.map((e) => e.extensions?.code), what).toEqual(['BAD_USER_INPUT']);
          continue;
        }
        if ('notKept' in input) continue;
        expect(body.errors, what).toBeUndefined();
        const payload = body.data![mutation]!;
        if (payload.errors?.length && !(input.freeText && mustKeep.includes(label))) {
          // Refused by the input's own rule (the text rule, a length, a format), said at that field.
          expect(payload.errors.map((e) => e.field), what).toContain(input.field);
          continue;
        }
        expect(payload.errors, what).toEqual([]);
        expect(await input.readBack(payload), what).toBe(text);
        readBacks += 1;
      }
      if ('freeText' in input && input.freeText) expect(readBacks, `${mutation} ${path}: texts read back`).toBeGreaterThanOrEqual(mustKeep.length);
    });
  }
});
