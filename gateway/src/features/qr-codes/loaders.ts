/**
 * QR codes over REST (inspection.md sections 2, 5-8; admin-organizations-buildings.md sections 2, 5-7): an
 * organization's unassigned codes and their batches, the check of a scanned code and its assignment to a
 * location, and the printable sheets as signed links.
 */
import type { RestClient } from '../../rest-client';
import { RestError } from '../../rest-client';
import { isRestId, memoizeByArgs, pageQuery, toConnection, type ConnectionRecord, type PageArgs } from '../../loaders';
import { toFieldErrors, withPayloadErrors, type FieldErrorRecord } from '../../errors';
import type { LocationResource, RestBody, RestRoute, UnassignedQrCodeResource } from '../../rest-types';

/** A sheet's signed link (the GraphQL QrCodeSheet). */
export type QrCodeSheetRecord = { downloadUrl: string; filename: string; expiresAt: string; codeCount: number; pageCount: number };
export type QrCodeSheetResult = { sheet: QrCodeSheetRecord | null; errors: FieldErrorRecord[] };

const EMPTY_CONNECTION: ConnectionRecord<UnassignedQrCodeResource> = {
  nodes: [],
  pageInfo: { page: 1, pageSize: 0, totalCount: 0, hasNextPage: false },
};

/** The sheets' query parameters, by the argument they come from. */
const SHEET_ARGUMENT: Record<string, string> = { 'filter[search]': 'search', 'filter[id]': 'ids' };

/**
 * A sheet route's answer: its link; a building or organization out of scope (404) answers neither; 'No results
 * found' and the size limit (422) are errors at the argument that selects. 403 stays a GraphQL error.
 */
async function sheet(call: () => Promise<RestBody<'/buildings/{id}/qr_code_sheet'>>): Promise<QrCodeSheetResult> {
  try {
    const { download_url, filename, expiresAt, codeCount, pageCount } = (await call()).data.attributes;
    return { sheet: { downloadUrl: download_url, filename, expiresAt, codeCount, pageCount }, errors: [] };
  } catch (error) {
    if (error instanceof RestError && error.status === 404) return { sheet: null, errors: [] };
    if (error instanceof RestError && error.status === 422) {
      return { sheet: null, errors: toFieldErrors(error).map((e) => ({ ...e, field: e.field === null ? null : (SHEET_ARGUMENT[e.field] ?? e.field) })) };
    }
    throw error;
  }
}

/** A payload's field errors with the mutation's argument names (`new_uuid` is `newUuid`). */
const camelFields = (errors: FieldErrorRecord[]) =>
  errors.map((e) => ({ ...e, field: e.field === null ? null : e.field.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()) }));

export function createQrCodeLoaders(rest: RestClient) {
  return {
    /** GET /organizations/{id}/unassigned_qr_codes; an organization that does not exist lists none. */
    unassigned: memoizeByArgs(async (args: PageArgs & { organizationId: string }) => {
      const { page, pageSize, query } = pageQuery(args, 50);
      if (!isRestId(args.organizationId)) return EMPTY_CONNECTION;
      try {
        const document = await rest.get<RestBody<'/organizations/{id}/unassigned_qr_codes'>>(`/organizations/${args.organizationId}/unassigned_qr_codes`, query);
        return toConnection(document, page, pageSize, (code) => code);
      } catch (error) {
        if (error instanceof RestError && error.status === 404) return EMPTY_CONNECTION;
        throw error;
      }
    }),

    buildingSheet(buildingId: string, search: string | null | undefined): Promise<QrCodeSheetResult> {
      if (!isRestId(buildingId)) return Promise.resolve({ sheet: null, errors: [] });
      return sheet(() =>
        rest.get<RestBody<'/buildings/{id}/qr_code_sheet'>>(`/buildings/${buildingId}/qr_code_sheet`, { 'filter[search]': search?.trim() || undefined }),
      );
    },

    unassignedSheet(organizationId: string, ids: readonly string[] | null | undefined): Promise<QrCodeSheetResult> {
      if (!isRestId(organizationId)) return Promise.resolve({ sheet: null, errors: [] });
      // Ids that name no record select nothing; none at all then prints none ('No results found').
      const wanted = ids ? (ids.filter(isRestId).length ? ids.filter(isRestId).join(',') : '0') : undefined;
      return sheet(() =>
        rest.get<RestBody<'/organizations/{id}/unassigned_qr_codes/sheet'>>(`/organizations/${organizationId}/unassigned_qr_codes/sheet`, { 'filter[id]': wanted }),
      );
    },

    /** POST /unassigned_qr_codes/batch. */
    generate(organizationId: string, count: number | null | undefined) {
      return withPayloadErrors(
        async () => {
          const document = await rest.post<RestRoute<'/unassigned_qr_codes/batch', 'post'>>('/unassigned_qr_codes/batch', {
            data: { type: 'unassigned_qr_codes', attributes: { count: count ?? null, organization_id: organizationId } },
          });
          return { codes: document.data, errors: [] as FieldErrorRecord[] };
        },
        (errors) => ({ codes: [] as UnassignedQrCodeResource[], errors: camelFields(errors) }),
      );
    },

    /** POST /unassigned_qr_codes/validate_url. */
    validateUrl(buildingId: string, url: string) {
      return withPayloadErrors(
        async () => {
          const document = await rest.post<RestRoute<'/unassigned_qr_codes/validate_url', 'post'>>('/unassigned_qr_codes/validate_url', {
            data: { type: 'unassigned_qr_codes', attributes: { url, building_id: buildingId } },
          });
          return { code: document.data as UnassignedQrCodeResource | null, errors: [] as FieldErrorRecord[] };
        },
        (errors) => ({ code: null, errors: camelFields(errors) }),
      );
    },

    /** POST /unassigned_qr_codes/assign. */
    assign(args: { buildingId: string; newUuid: string; existingUuid: string; existingTemporaryUuid?: string | null }) {
      return withPayloadErrors(
        async () => {
          const document = await rest.post<RestRoute<'/unassigned_qr_codes/assign', 'post'>>('/unassigned_qr_codes/assign', {
            data: {
              type: 'unassigned_qr_codes',
              attributes: {
                building_id: args.buildingId,
                new_uuid: args.newUuid,
                existing_uuid: args.existingUuid,
                existing_temporary_uuid: args.existingTemporaryUuid ?? null,
              },
            },
          });
          return { location: document.data as LocationResource | null, errors: [] as FieldErrorRecord[] };
        },
        (errors) => ({ location: null, errors: camelFields(errors) }),
      );
    },
  };
}

export type QrCodeLoaders = ReturnType<typeof createQrCodeLoaders>;
