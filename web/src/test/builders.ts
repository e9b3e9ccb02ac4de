import { graphql, HttpResponse, type GraphQLResponseBody } from 'msw';
import { permissionFlagNames, type PermissionFlag } from '@fsi/shared';

/**
 * Response objects as the gateway sends them, built from defaults a test
 * overrides where its behaviour depends on a field. Extra fields are harmless:
 * Apollo keeps only what each operation selects.
 */
export function permissions(granted: ReadonlyArray<PermissionFlag> = []) {
  return {
    __typename: 'ViewerPermissions' as const,
    ...Object.fromEntries(permissionFlagNames.map((flag) => [flag, granted.includes(flag)])),
  };
}

export function anOrganization(overrides: Partial<{ id: string; name: string }> = {}) {
  return { __typename: 'Organization' as const, id: '1', name: 'Harbour Properties', ...overrides };
}

type ViewerOverrides = {
  id?: string;
  username?: string;
  isAdmin?: boolean;
  organization?: ReturnType<typeof anOrganization> | null;
  granted?: ReadonlyArray<PermissionFlag>;
  debugModeEnabled?: boolean;
};

export function aViewer({ granted = [], ...overrides }: ViewerOverrides = {}) {
  return {
    __typename: 'Viewer' as const,
    id: '7',
    username: 'inspector',
    firstName: 'Ida',
    lastName: 'Inspector',
    isAdmin: false,
    organization: anOrganization(),
    region: null,
    walkaboutAutoSavePeriodMins: 10,
    debugModeEnabled: false,
    networkSpeedMeasurementEnabled: false,
    permissions: permissions(granted),
    ...overrides,
  };
}

export type StatusInput = {
  cycleId?: string;
  cycleName?: string;
  abbreviation?: string | null;
  isLastWalkaboutComplete?: boolean;
  lastWalkaboutUnsatisfactoryTotal?: number;
  openedAt?: string | null;
  lockedAt?: string | null;
  closedAt?: string | null;
};

export function aStatus({
  cycleId = '1',
  cycleName = 'Weekly',
  abbreviation = 'W',
  ...fields
}: StatusInput = {}) {
  const hour = 3_600_000;
  return {
    __typename: 'BuildingStatus' as const,
    cycle: { __typename: 'Cycle' as const, id: cycleId, name: cycleName, abbreviation },
    isLastWalkaboutComplete: true,
    lastWalkaboutUnsatisfactoryTotal: 0,
    openedAt: new Date(Date.now() - hour).toISOString(),
    lockedAt: new Date(Date.now() + 24 * hour).toISOString(),
    closedAt: null,
    ...fields,
  };
}

type BuildingOverrides = Partial<{
  id: string;
  name: string;
  photoUrl: string | null;
  organization: ReturnType<typeof anOrganization>;
  region: { __typename: 'Region'; id: string; name: string } | null;
  contractUrl: string | null;
  contractAcceptedAt: string | null;
  organizationContract: boolean;
  fireSafetyPlanId: string | null;
  fireSafetyPlanUrl: string | null;
  fireSafetyPlanMimetype: string | null;
  isFireWatchStarted: boolean;
  summaryNotesReportTotal: number;
  summaryFailureReportTotal: number;
  statuses: ReturnType<typeof aStatus>[];
}>;

export function aBuilding(overrides: BuildingOverrides = {}) {
  return {
    __typename: 'Building' as const,
    id: '11',
    name: 'Tower A',
    photoUrl: null,
    organization: anOrganization(),
    region: null,
    contractUrl: 'https://files.example.test/contracts/11.pdf',
    contractAcceptedAt: '2026-01-05T10:00:00.000Z',
    organizationContract: false,
    fireSafetyPlanId: null,
    fireSafetyPlanUrl: null,
    fireSafetyPlanMimetype: null,
    isFireWatchStarted: false,
    summaryNotesReportTotal: 0,
    summaryFailureReportTotal: 0,
    statuses: [],
    ...overrides,
  };
}

export function aConnection<T>(nodes: T[], { page = 1, pageSize = 24, totalCount = nodes.length } = {}) {
  return {
    __typename: 'BuildingConnection' as const,
    nodes,
    pageInfo: {
      __typename: 'PageInfo' as const,
      page,
      pageSize,
      totalCount,
      hasNextPage: page * pageSize < totalCount,
    },
  };
}

export function aRegion(fields: { id: string; name: string; organizationId?: string; parentId?: string | null; level?: number }) {
  return {
    __typename: 'Region' as const,
    id: fields.id,
    name: fields.name,
    level: fields.level ?? 0,
    parent: fields.parentId ? { __typename: 'Region' as const, id: fields.parentId } : null,
    organization: { __typename: 'Organization' as const, id: fields.organizationId ?? '1' },
  };
}

/** A GraphQL answer that failed on the server (not a refusal: the session stays), as msw answers an operation. */
export function serverError(message: string, init?: ResponseInit) {
  return HttpResponse.json<GraphQLResponseBody<never>>({ errors: [{ message, extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }, init);
}

/**
 * The server of a load-failure test: the query `operationName` fails on the server (serverError) until `recover()`,
 * calling `onFailure` for each failed answer; after it, the test's other handlers answer it.
 */
export function failingUntilRecovered(
  operationName: string,
  { message = 'The backend did not answer', init, onFailure }: { message?: string; init?: ResponseInit; onFailure?: () => void } = {},
) {
  let failing = true;
  return {
    handler: graphql.query(operationName, () => {
      if (!failing) return undefined;
      onFailure?.();
      return serverError(message, init);
    }),
    recover: () => void (failing = false),
  };
}
