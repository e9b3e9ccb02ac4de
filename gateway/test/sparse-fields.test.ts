/**
 * The buildings page asks GET /buildings for only the fields its query reads (`fields[buildings]`, JSON:API sparse
 * fieldsets; features/buildings/model.ts sparseFieldsFor), and answers exactly as from whole records; a query reading
 * a field that a sparse record cannot answer gets whole records (a sparse record is never kept for a read of the
 * building by id: src/features/buildings/loaders.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from './stack';

let stack: Stack;
let token: string;

beforeAll(async () => {
  stack = await startStack();
  token = await stack.signIn('admin');
});

afterAll(async () => {
  await stack?.close();
});

/** Every field of Building that a sparse record answers, with the relationships' records. */
const SPARSE_SELECTION = `id __typename name photoUrl order version timeZone contractUrl contractFileUrl organizationContract
  contractAccepterUsername contractAcceptedAt floorDisplayName hasApplicableWalkaboutConditions summaryFailureReportTotal
  summaryFailureReportAcknowledgedTotal summaryNotesReportTotal summaryNotesReportAcknowledgedTotal walkaboutsCount floorsCount
  locationsCount usersCount usersWithNotificationsCount unsatisfactoryPhotosCount documentsCount fireSafetyPlanId fireSafetyPlanUrl
  fireSafetyPlanMimetype isFireWatchStarted fireWatchId hasActiveFireWatchWalkabout activeFireWatchWalkaboutId
  information { occupancyType note1 addressInformation { address1 city } } reportDefinitionIds reportBookletTemplateIds
  buildingOffsets { cycleId openOffsetValue openOffsetUnit cycle { id name } }
  statuses { isLastWalkaboutComplete lastWalkaboutUnsatisfactoryTotal openedAt lockedAt closedAt cycle { id name abbreviation } }
  organization { id name } region { id name } fireWatchCycle { id name }`;

type Nodes = { buildings: { nodes: Array<Record<string, unknown>>; pageInfo: { totalCount: number } } };

async function buildingsCall(selection: string) {
  const before = stack.restCalls.length;
  const { body } = await stack.graphql<Nodes>(`{ buildings(pageSize: 50) { pageInfo { totalCount } nodes { ${selection} } } }`, { token });
  expect(body.errors).toBeUndefined();
  const calls = stack.restCalls.slice(before).filter((call) => call.path.startsWith('/buildings?'));
  expect(calls).toHaveLength(1);
  return { buildings: body.data!.buildings, path: decodeURIComponent(calls[0]!.path) };
}

describe('the buildings page with sparse fieldsets', () => {
  it('asks for the fields the query reads and answers as whole records do', async () => {
    const sparse = await buildingsCall(SPARSE_SELECTION);
    expect(sparse.path).toContain(
      '&fields[buildings]=activeFireWatchWalkaboutId,buildingOffsets,contractAcceptedAt,contractAccepterUsername,contractFileUrl,contractUrl,' +
        'documentsCount,fireSafetyPlanId,fireSafetyPlanMimetype,fireSafetyPlanUrl,fireWatchCycle,fireWatchId,floorDisplayName,floorsCount,' +
        'hasActiveFireWatchWalkabout,hasApplicableWalkaboutConditions,information,isFireWatchStarted,locationsCount,name,order,organization,' +
        'organizationContract,photoUrl,region,reportBookletTemplateIds,reportDefinitionIds,statuses,summaryFailureReportAcknowledgedTotal,' +
        'summaryFailureReportTotal,summaryNotesReportAcknowledgedTotal,summaryNotesReportTotal,timeZone,unsatisfactoryPhotosCount,' +
        'usersCount,usersWithNotificationsCount,version,walkaboutsCount',
    );
    // activeFireWatch is not answered from a sparse record: the same page read whole.
    const whole = await buildingsCall(`${SPARSE_SELECTION} activeFireWatch { id }`);
    expect(whole.path).not.toContain('fields[');
    expect(sparse.buildings.nodes.length).toBeGreaterThan(1);
    expect(sparse.buildings).toEqual({ ...whole.buildings, nodes: whole.buildings.nodes.map(({ activeFireWatch: _read, ...node }) => node) });
    // The demo's buildings have what the comparison needs to mean something.
    expect(sparse.buildings.nodes.some((node) => (node.statuses as unknown[]).length > 0 && node.region !== null)).toBe(true);
  });

  it('asks for a few fields for a few, and for none when the query reads no building', async () => {
    expect((await buildingsCall('name')).path).toContain('&fields[buildings]=name');
    const none = await stack.graphql<Nodes>('{ buildings(pageSize: 5) { pageInfo { totalCount } } }', { token });
    expect(none.body.data?.buildings.pageInfo.totalCount).toBeGreaterThan(1);
    expect(decodeURIComponent(stack.restCalls.at(-1)!.path)).toMatch(/&fields\[buildings\]=$/);
  });
});
