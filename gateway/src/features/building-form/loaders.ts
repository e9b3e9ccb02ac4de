/**
 * The building form's data (issue 12): the Reports and Report Booklets toggles' choices, and its one mutation,
 * PATCH /buildings/{id}. The backend's pointers become the input's paths in the payload's errors.
 */
import type { UpdateBuildingInput } from '../../generated/resolvers';
import { fieldErrorCodeOf, type FieldErrorRecord } from '../../errors';
import { isRestId, memoizeByArgs } from '../../loaders';
import { RestError, type RestClient } from '../../rest-client';
import type { RestBody, RestRequestBody, RestRoute } from '../../rest-types';
import { toBuilding, type BuildingModel } from '../buildings/model';

type DefinitionRecord = RestBody<'/report-definitions'>['data'][number];
type TemplateRecord = RestBody<'/report-booklet-templates'>['data'][number];
type PatchBody = NonNullable<RestRequestBody<'/buildings/{id}', 'patch'>>;
type AddressBody = NonNullable<NonNullable<PatchBody['data']['attributes']['information']>['addressInformation']>;

export type ReportOptionModel = { id: string; name: string; isActive: boolean; scopeName: string; buildingId: string | null };
export type ReportDefinitionOptionModel = ReportOptionModel & { cycleName: string };
export type UpdateBuildingResult = { building: BuildingModel | null; errors: FieldErrorRecord[] };

/** What a definition or template is attached to, as the toggles show it: its building, else its region, else its organization. */
const scopeNameOf = (a: { buildingName: string | null; regionName: string | null; organizationName: string }) => a.buildingName ?? a.regionName ?? a.organizationName;

const ADDRESS_KEYS = {
  address1: 'Address1',
  address2: 'Address2',
  city: 'City',
  state: 'State',
  postalCode: 'PostalCode',
  email: 'Email',
  phone: 'Phone',
  contactName: 'ContactName',
  contactPhone: 'ContactPhone',
  contactEmail: 'ContactEmail',
} as const;
const ADDRESS_FIELD_OF_REST = Object.fromEntries(Object.entries(ADDRESS_KEYS).map(([field, key]) => [key, field])) as Record<string, string>;

function addressBody(input: Partial<Record<keyof typeof ADDRESS_KEYS, string | null>> | null | undefined): AddressBody | null | undefined {
  if (input === undefined || input === null) return input;
  const body: Record<string, string | null> = {};
  for (const [field, key] of Object.entries(ADDRESS_KEYS)) {
    const value = input[field as keyof typeof ADDRESS_KEYS];
    if (value !== undefined) body[key] = value;
  }
  return body as AddressBody;
}

/** Only the members given: absent leaves a stored value alone, null clears it. */
function given<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}

const ids = (values: readonly string[] | null | undefined) => (values === undefined ? undefined : values === null ? null : values.map(Number));

/** The PATCH body of the form's input. */
export function patchBodyOf(input: UpdateBuildingInput): PatchBody {
  const info = input.information;
  const information = info
    ? given({
        occupancyType: info.occupancyType,
        note1: info.note1,
        note2: info.note2,
        addressInformation: addressBody(info.addressInformation),
        managementCompanyName: info.managementCompanyName,
        managementCompanyAddressInformation: addressBody(info.managementCompanyAddressInformation),
        monitoringCompanyName: info.monitoringCompanyName,
        monitoringCompanyPhone: info.monitoringCompanyPhone,
        monitoringCompanyAccountNumber: info.monitoringCompanyAccountNumber,
        monitoringCompanyPassCode: info.monitoringCompanyPassCode,
      })
    : undefined;
  const attributes = given({
    version: input.version,
    name: input.name,
    photoUrl: input.photoUrl,
    floorDisplayName: input.floorDisplayName,
    timeZone: input.timeZone,
    information,
    reportDefinitionIds: ids(input.reportDefinitionIds),
    reportBookletTemplateIds: ids(input.reportBookletTemplateIds),
    contractUrl: input.contractUrl,
  });
  const body: PatchBody = { data: { id: input.id, type: 'building', attributes } };
  if (input.offsets) {
    body.data.offsets = input.offsets.map((o) => ({
      cycleId: Number(o.cycleId),
      openOffsetValue: o.openOffsetValue,
      openOffsetUnit: o.openOffsetUnit,
      closeOffsetValue: o.closeOffsetValue,
      closeOffsetUnit: o.closeOffsetUnit,
    }));
  }
  if (input.regionId !== undefined) {
    body.data.relationships = { region: { data: input.regionId === null ? null : { type: 'regions', id: input.regionId } } };
  }
  return body;
}

/**
 * The input path of a pointer into the PATCH body: `/data/attributes/information/addressInformation/City` is
 * `information.addressInformation.city`, `/data/offsets/0/openOffsetValue` is `offsets.0.openOffsetValue`, the region
 * relationship is `regionId`.
 */
export function inputFieldOf(pointer: string | undefined): string | null {
  if (!pointer) return null;
  if (pointer.startsWith('/data/relationships/region')) return 'regionId';
  const path = pointer.replace(/^\/data\/(attributes\/)?/, '').split('/').filter(Boolean);
  if (!path.length || path[0] === 'data') return null;
  return path.map((segment) => ADDRESS_FIELD_OF_REST[segment] ?? segment).join('.');
}

export function createBuildingFormLoaders(rest: RestClient, afterChange: (id: string) => void) {
  const failed = (errors: FieldErrorRecord[]): UpdateBuildingResult => ({ building: null, errors });
  return {
    definitions: memoizeByArgs(async (args: { organizationId: string; activeOnly: boolean }): Promise<ReportDefinitionOptionModel[]> => {
      if (!isRestId(args.organizationId)) return [];
      const records = await rest.getAll<RestBody<'/report-definitions'>>('/report-definitions', {
        'filter[organization]': args.organizationId,
        'filter[active]': args.activeOnly ? 'true' : undefined,
      });
      return records.map((d: DefinitionRecord) => ({
        id: d.id,
        name: d.attributes.name,
        isActive: d.attributes.isActive,
        cycleName: d.attributes.cycleName,
        scopeName: scopeNameOf(d.attributes),
        buildingId: d.attributes.buildingId === null ? null : String(d.attributes.buildingId),
      }));
    }),
    templates: memoizeByArgs(async (args: { organizationId: string; activeOnly: boolean }): Promise<ReportOptionModel[]> => {
      if (!isRestId(args.organizationId)) return [];
      const records = await rest.getAll<RestBody<'/report-booklet-templates'>>('/report-booklet-templates', {
        'filter[organization]': args.organizationId,
        'filter[active]': args.activeOnly ? 'true' : undefined,
      });
      return records.map((t: TemplateRecord) => ({ id: t.id, name: t.attributes.name, isActive: t.attributes.isActive, scopeName: scopeNameOf(t.attributes),
        buildingId: t.attributes.buildingId === null ? null : String(t.attributes.buildingId),
      }));
    }),

    /** PATCH /buildings/{id}: 409 and 422 are the payload's errors, each at its input path; a building out of scope is NOT_FOUND at id. */
    async update(input: UpdateBuildingInput): Promise<UpdateBuildingResult> {
      if (!isRestId(input.id)) return failed([NO_SUCH_BUILDING]);
      try {
        const document = await rest.patch<RestRoute<'/buildings/{id}', 'patch'>>(`/buildings/${input.id}`, patchBodyOf(input));
        afterChange(input.id);
        return { building: toBuilding(document.data), errors: [] };
      } catch (error) {
        if (!(error instanceof RestError)) throw error;
        if (error.status === 404) return failed([NO_SUCH_BUILDING]);
        if (error.status === 409 || error.status === 422) return failed(withInputFields(error));
        throw error;
      }
    },
  };
}

const NO_SUCH_BUILDING: FieldErrorRecord = { field: 'id', message: 'There is no such building.', code: 'NOT_FOUND' };

/** The payload errors of a refused save with the input's paths (the shared mapping keeps only a pointer's last segment). */
export function withInputFields(error: RestError): FieldErrorRecord[] {
  return error.errors.map((item) => ({
    field: inputFieldOf(item.source?.pointer),
    message: item.detail ?? item.title ?? error.message,
    code: fieldErrorCodeOf(item, error.status),
  }));
}
