/**
 * PATCH /buildings/{buildingId}: the building edit form (admin-organizations-buildings.md sections 2-7). One call
 * saves what the form shows: attributes (name, photoUrl, floorDisplayName, timeZone, information, the report and
 * booklet toggles, contractUrl, and the acceptance the building card sends), `offsets` per repeating cycle and the
 * region relationship. Each part has its permission (section 6), every field its rule (shared/src/building-form.ts,
 * 422 with a pointer per mistake), `version` its stale check (409 STALE), and everything is written in one transaction.
 */
import {
  canChangeBuildingRegion,
  canEditBuilding,
  canSetBuildingContract,
  canToggleBuildingReports,
  NOT_ALLOWED_TO_CHANGE_BUILDING_REGION_MESSAGE,
  NOT_ALLOWED_TO_CHANGE_BUILDING_REPORTS_MESSAGE,
  NOT_ALLOWED_TO_EDIT_BUILDING_MESSAGE,
  OFFSET_CYCLE_MESSAGE,
  PHOTO_NOT_IMAGE_MESSAGE,
  ONLY_ADMINISTRATORS_SET_CONTRACTS_MESSAGE,
  REGION_NOT_IN_ORGANIZATION_MESSAGE,
  REPORT_BOOKLET_NOT_IN_ORGANIZATION_MESSAGE,
  REPORT_DEFINITION_NOT_IN_ORGANIZATION_MESSAGE,
  STALE_EDIT_MESSAGE,
  validateBuildingForm,
  type BuildingFormCaller,
  type OffsetUnit,
} from '@fsi/shared';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import Type from 'typebox';
import type { Database } from '../../db/client';
import {
  buildingCycleOffsets,
  buildings,
  cycles,
  regions,
  reportBookletTemplates,
  reportDefinitions,
  type AddressInformation as StoredAddress,
  type BuildingInformation as StoredInformation,
} from '../../db/schema';
import { FieldErrors, forbidden, HttpError, notFound, type FieldError } from '../../jsonapi/errors';
import { IdParams } from '../../jsonapi/query';
import { errorResponses, Nullable, ref, SingleDocument, StringOrNull } from '../../jsonapi/schemas';
import { buildingsInScope, type Scope } from '../../plugins/authorization';
import { storedReferenceOf, type UrlSigner } from '../../storage/signed-urls';
import { isImageUpload, uploadOf } from '../uploads/stored';
import { changeBuildingContract } from './contract';
import { BuildingResource } from './schemas';

const Text = StringOrNull({ maxLength: 4096 });
const AddressBody = Type.Object(
  {
    Address1: Type.Optional(Text),
    Address2: Type.Optional(Text),
    City: Type.Optional(Text),
    State: Type.Optional(Text),
    PostalCode: Type.Optional(Text),
    Email: Type.Optional(Text),
    Phone: Type.Optional(Text),
    ContactName: Type.Optional(Text),
    ContactPhone: Type.Optional(Text),
    ContactEmail: Type.Optional(Text),
  },
  { description: 'An address block; the block sent replaces the stored one' },
);
const InformationBody = Type.Object(
  {
    occupancyType: Type.Optional(Text),
    note1: Type.Optional(Text),
    note2: Type.Optional(Text),
    addressInformation: Type.Optional(Nullable(AddressBody)),
    managementCompanyName: Type.Optional(Text),
    managementCompanyAddressInformation: Type.Optional(Nullable(AddressBody)),
    monitoringCompanyName: Type.Optional(Text),
    monitoringCompanyPhone: Type.Optional(Text),
    monitoringCompanyAccountNumber: Type.Optional(Text),
    monitoringCompanyPassCode: Type.Optional(Text),
  },
  { description: 'The information block; members sent replace the stored ones, members left out are kept' },
);
const IdsOrNull = Nullable(Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), { maxItems: 500 }));
// Any number and any unit text reach the shared rules, so that a wrong one is answered in the form's words at its field.
const OffsetBody = Type.Object({
  cycleId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
  openOffsetValue: Type.Number(),
  openOffsetUnit: Type.String({ maxLength: 32 }),
  closeOffsetValue: Type.Number(),
  closeOffsetUnit: Type.String({ maxLength: 32 }),
});

export const patchBuildingSchema = {
  tags: ['buildings'],
  summary:
    "Save the building edit form (editing and photo: admin, manage-organization or manage-buildings; region: admin, manage-organization or an organization-wide building manager; toggles: as editing; contractUrl: administrators only) or accept the building's contract (contractAcceptedAt: canAcceptBuildingContract, recorded at the server's time with the caller's username). A `version` older than the stored one is refused with 409 STALE.",
  params: IdParams,
  body: Type.Object({
    data: Type.Object({
      id: Type.Optional(Type.String({ maxLength: 32 })),
      type: Type.Optional(Type.String({ maxLength: 32 })),
      attributes: Type.Object({
        version: Type.Optional(Type.Integer({ minimum: 0, maximum: 2_147_483_647, description: 'The version the form was loaded with' })),
        name: Type.Optional(StringOrNull({ maxLength: 4096 })),
        photoUrl: Type.Optional(StringOrNull({ maxLength: 4096, description: '`/files/{key}` of an image upload, or the signed URL read earlier; null removes the photo' })),
        floorDisplayName: Type.Optional(Text),
        timeZone: Type.Optional(StringOrNull({ maxLength: 128, description: 'IANA time zone; walkabouts created afterwards open and lock by it' })),
        information: Type.Optional(InformationBody),
        reportDefinitionIds: Type.Optional({ ...IdsOrNull, description: 'The report definitions switched on; null: every applicable one' }),
        reportBookletTemplateIds: Type.Optional({ ...IdsOrNull, description: 'The booklet templates switched on; null: every applicable one' }),
        contractAcceptedAt: Type.Optional(StringOrNull({ maxLength: 64, description: 'ISO 8601: accepts the contract' })),
        contractUrl: Type.Optional(
          StringOrNull({ maxLength: 2048, description: '`/files/{key}` of a PDF upload (POST /uploads); null clears the contract' }),
        ),
      }),
      offsets: Type.Optional(Type.Array(OffsetBody, { maxItems: 200, description: 'Open and close offsets per repeating cycle' })),
      relationships: Type.Optional(
        Type.Object({
          region: Type.Optional(
            Type.Object({
              data: Nullable(Type.Object({ type: Type.Optional(Type.String({ maxLength: 32 })), id: Type.String({ pattern: '^\\d{1,9}$' }) })),
            }),
          ),
        }),
      ),
    }),
  }),
  response: { 200: SingleDocument(ref(BuildingResource)), ...errorResponses },
};

export type PatchBuildingBody = Static<typeof patchBuildingSchema.body>;

/** Who is asking, as the shared rules of the form read it. */
export function formCaller(scope: Scope): BuildingFormCaller {
  return { isAdmin: scope.isAdmin, permissions: scope.permissions, limitedScope: scope.regionIds !== null || scope.buildingIds !== null };
}

/** A dotted field of the shared rules as a JSON pointer into the PATCH body. */
function pointerOf(field: string): string {
  const path = field.split('.').join('/');
  return field.startsWith('offsets.') ? `/data/${path}` : `/data/attributes/${path}`;
}

const trimmed = (value: string | null | undefined) => {
  const text = (value ?? '').trim();
  return text === '' ? null : text;
};

function storedAddress(block: Static<typeof AddressBody> | null | undefined): StoredAddress | undefined {
  if (!block) return undefined;
  const result: StoredAddress = {};
  for (const [key, value] of Object.entries(block) as [keyof StoredAddress, string | null | undefined][]) {
    const text = trimmed(value);
    if (text !== null) result[key] = text;
  }
  return result;
}

/** The information block after the PATCH: members sent replace the stored ones (blank text is stored as null). */
function mergedInformation(stored: StoredInformation, sent: Static<typeof InformationBody>): StoredInformation {
  const next: StoredInformation = { ...stored };
  for (const [key, value] of Object.entries(sent)) {
    if (value === undefined) continue;
    if (key === 'addressInformation' || key === 'managementCompanyAddressInformation') {
      const address = storedAddress(value as Static<typeof AddressBody> | null);
      if (address) next[key] = address;
      else delete next[key];
    } else {
      (next as Record<string, unknown>)[key] = trimmed(value as string | null);
    }
  }
  return next;
}

const sameIds = (a: readonly number[] | null, b: readonly number[] | null | undefined) =>
  b === undefined || (a === null ? b === null : b !== null && a.length === b.length && [...a].sort().join() === [...b].sort().join());

/** The ids of `ids` that are not rows of `table` in the organization. */
async function foreignIds(db: Database, table: typeof reportDefinitions | typeof reportBookletTemplates, organizationId: number, ids: readonly number[]) {
  if (!ids.length) return [];
  const found = await db.select({ id: table.id }).from(table).where(and(eq(table.organizationId, organizationId), inArray(table.id, [...ids])));
  const known = new Set(found.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

/**
 * Saves the form. Refusals, in order: 404 outside the caller's scope; 403 for a part the caller may not change;
 * 409 STALE when `version` is not the stored one; 422 listing every invalid field; the contract's own rules
 * (changeBuildingContract). Then one transaction writes the building (raising its version), its offsets and its contract.
 */
export async function updateBuilding(db: Database, scope: Scope, signer: UrlSigner, id: number, body: PatchBuildingBody, now: Date): Promise<void> {
  const [building] = await db.select().from(buildings).where(and(eq(buildings.id, id), buildingsInScope(scope)));
  if (!building) throw notFound('Building');
  const { attributes, offsets } = body.data;
  const caller = formCaller(scope);

  const regionData = body.data.relationships?.region?.data;
  const regionId = regionData === undefined ? undefined : regionData === null ? null : Number(regionData.id);
  const regionChanges = regionId !== undefined && regionId !== building.regionId;
  const photoUrl = attributes.photoUrl == null ? attributes.photoUrl : storedReferenceOf(signer, attributes.photoUrl);
  const photoChanges = photoUrl !== undefined && photoUrl !== building.photoUrl;
  const edits =
    photoChanges ||
    offsets !== undefined ||
    [attributes.name, attributes.floorDisplayName, attributes.timeZone, attributes.information].some((v) => v !== undefined);
  const togglesChange =
    !sameIds(building.reportDefinitionIds, attributes.reportDefinitionIds) || !sameIds(building.reportBookletTemplateIds, attributes.reportBookletTemplateIds);
  const contractChanges = attributes.contractUrl !== undefined && attributes.contractUrl !== building.contractUrl;

  if (edits && !canEditBuilding(caller)) throw forbidden(NOT_ALLOWED_TO_EDIT_BUILDING_MESSAGE);
  if (regionChanges && !canChangeBuildingRegion(caller)) throw forbidden(NOT_ALLOWED_TO_CHANGE_BUILDING_REGION_MESSAGE);
  if (togglesChange && !canToggleBuildingReports(caller)) throw forbidden(NOT_ALLOWED_TO_CHANGE_BUILDING_REPORTS_MESSAGE);
  if (contractChanges && !canSetBuildingContract(caller)) throw forbidden(ONLY_ADMINISTRATORS_SET_CONTRACTS_MESSAGE);
  if (attributes.version !== undefined && attributes.version !== building.version) throw staleEdit();

  const errors: FieldError[] = validateBuildingForm({
    name: attributes.name,
    floorDisplayName: attributes.floorDisplayName,
    timeZone: attributes.timeZone,
    information: attributes.information,
    offsets,
  }).map((e) => ({ pointer: pointerOf(e.field), detail: e.message }));
  if (photoChanges && photoUrl !== null) {
    const upload = await uploadOf(db, photoUrl);
    if (!upload || !isImageUpload(upload)) errors.push({ pointer: '/data/attributes/photoUrl', detail: PHOTO_NOT_IMAGE_MESSAGE });
  }
  if (regionChanges && regionId !== null) {
    const [region] = await db.select({ id: regions.id }).from(regions).where(and(eq(regions.id, regionId), eq(regions.organizationId, building.organizationId)));
    if (!region) errors.push({ pointer: '/data/relationships/region/data/id', detail: REGION_NOT_IN_ORGANIZATION_MESSAGE });
  }
  if (attributes.reportDefinitionIds && (await foreignIds(db, reportDefinitions, building.organizationId, attributes.reportDefinitionIds)).length) {
    errors.push({ pointer: '/data/attributes/reportDefinitionIds', detail: REPORT_DEFINITION_NOT_IN_ORGANIZATION_MESSAGE });
  }
  if (attributes.reportBookletTemplateIds && (await foreignIds(db, reportBookletTemplates, building.organizationId, attributes.reportBookletTemplateIds)).length) {
    errors.push({ pointer: '/data/attributes/reportBookletTemplateIds', detail: REPORT_BOOKLET_NOT_IN_ORGANIZATION_MESSAGE });
  }
  if (offsets?.length) {
    const repeating = await db
      .select({ id: cycles.id })
      .from(cycles)
      .where(and(eq(cycles.organizationId, building.organizationId), isNotNull(cycles.frequency), inArray(cycles.id, offsets.map((o) => o.cycleId))));
    const known = new Set(repeating.map((c) => c.id));
    offsets.forEach((o, index) => {
      if (!known.has(o.cycleId)) errors.push({ pointer: `/data/offsets/${index}/cycleId`, detail: OFFSET_CYCLE_MESSAGE });
    });
  }
  if (errors.length) throw new FieldErrors(errors);

  const next: Partial<typeof buildings.$inferInsert> = {};
  if (attributes.name !== undefined) next.name = (attributes.name ?? '').trim();
  if (photoChanges) next.photoUrl = photoUrl;
  if (attributes.floorDisplayName !== undefined) next.floorDisplayName = trimmed(attributes.floorDisplayName);
  if (attributes.timeZone != null) next.timeZone = attributes.timeZone;
  if (attributes.information) next.information = mergedInformation(building.information, attributes.information);
  if (attributes.reportDefinitionIds !== undefined) next.reportDefinitionIds = attributes.reportDefinitionIds && [...new Set(attributes.reportDefinitionIds)];
  if (attributes.reportBookletTemplateIds !== undefined) {
    next.reportBookletTemplateIds = attributes.reportBookletTemplateIds && [...new Set(attributes.reportBookletTemplateIds)];
  }
  if (regionChanges) next.regionId = regionId;

  await db.transaction(async (tx) => {
    // A version sent is checked again where it is raised: of two saves of the same version, the second finds none to raise.
    const [raised] = await tx
      .update(buildings)
      .set({ ...next, version: sql`${buildings.version} + 1` })
      .where(attributes.version === undefined ? eq(buildings.id, id) : and(eq(buildings.id, id), eq(buildings.version, attributes.version)))
      .returning({ id: buildings.id });
    if (!raised) throw staleEdit();
    for (const o of offsets ?? []) {
      const values = {
        openOffsetValue: Number(o.openOffsetValue),
        openOffsetUnit: o.openOffsetUnit as OffsetUnit,
        closeOffsetValue: Number(o.closeOffsetValue),
        closeOffsetUnit: o.closeOffsetUnit as OffsetUnit,
      };
      await tx
        .insert(buildingCycleOffsets)
        .values({ buildingId: id, cycleId: o.cycleId, ...values })
        .onConflictDoUpdate({ target: [buildingCycleOffsets.buildingId, buildingCycleOffsets.cycleId], set: values });
    }
    if (attributes.contractUrl !== undefined || attributes.contractAcceptedAt !== undefined) {
      await changeBuildingContract(tx, scope, id, { contractUrl: attributes.contractUrl, contractAcceptedAt: attributes.contractAcceptedAt }, now);
    }
  });
}

function staleEdit(): HttpError {
  return new HttpError(409, STALE_EDIT_MESSAGE, { pointer: '/data/attributes/version' }, 'STALE');
}
