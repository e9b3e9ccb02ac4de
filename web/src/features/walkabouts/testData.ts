import { aViewer } from '../../test/builders';

/** Response objects of the walkabouts list's operations, as the gateway sends them. */
const hour = 3_600_000;

export function aCycle(fields: { id: string; name: string; frequency?: 'DAILY' | 'WEEKLY' | 'MONTHLY' | 'YEARLY' | null; every?: number | null }) {
  return { __typename: 'Cycle' as const, frequency: null, every: null, ...fields };
}

export function aWalkabout(
  fields: { id: string; cycle: ReturnType<typeof aCycle>; date: string } & Partial<{
    isFireWatch: boolean;
    isComplete: boolean;
    openedAt: string | null;
    lockedAt: string | null;
    closedAt: string | null;
    markedCount: number;
    conditionsCount: number;
    unsatisfactoryCount: number;
  }>,
) {
  return {
    __typename: 'Walkabout' as const,
    isOpen: true,
    isFireWatch: false,
    isComplete: false,
    openedAt: new Date(Date.now() - hour).toISOString(),
    lockedAt: new Date(Date.now() + 24 * hour).toISOString(),
    closedAt: null,
    markedCount: 0,
    conditionsCount: 10,
    unsatisfactoryCount: 0,
    ...fields,
  };
}

export function aFireWatch(fields: Partial<{ id: string; startComments: string | null; startedAt: string }> = {}) {
  return {
    __typename: 'FireWatch' as const,
    id: '90',
    status: 'started',
    startComments: 'Sprinklers off for repairs',
    startedAt: '2026-03-03T14:05:00.000Z',
    endComments: null,
    endedAt: null,
    ...fields,
  };
}

export type PageBuilding = ReturnType<typeof aPageBuilding>;

export function aPageBuilding(
  fields: Partial<{
    id: string;
    name: string;
    contractUrl: string | null;
    contractAcceptedAt: string | null;
    organizationContract: boolean;
    activeFireWatch: ReturnType<typeof aFireWatch> | null;
    hasActiveFireWatchWalkabout: boolean;
    activeFireWatchWalkaboutId: string | null;
    fireWatchCycle: ReturnType<typeof aCycle> | null;
  }> = {},
) {
  const activeFireWatch = fields.activeFireWatch ?? null;
  return {
    __typename: 'Building' as const,
    id: '11',
    name: 'Tower A',
    timeZone: 'UTC',
    contractUrl: 'https://files.example.test/contracts/11.pdf',
    contractAcceptedAt: '2026-01-05T10:00:00.000Z',
    organizationContract: false,
    hasActiveFireWatchWalkabout: false,
    activeFireWatchWalkaboutId: null,
    fireWatchCycle: aCycle({ id: '9', name: 'Fire Watch' }),
    ...fields,
    activeFireWatch,
    isFireWatchStarted: activeFireWatch !== null,
    fireWatchId: activeFireWatch?.id ?? null,
  };
}

export function aWalkaboutsPage({
  viewer = aViewer(),
  building = aPageBuilding(),
  walkabouts = [] as ReturnType<typeof aWalkabout>[],
  notRepeatableCycles = [] as ReturnType<typeof aCycle>[],
} = {}) {
  return { viewer, building, walkabouts, notRepeatableCycles };
}
