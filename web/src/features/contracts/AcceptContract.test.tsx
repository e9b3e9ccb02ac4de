import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse, delay, type RequestHandler } from 'msw';
import type { PermissionFlag } from '@fsi/shared';
import { renderApp } from '../../test/render';
import { aBuilding, aConnection, anOrganization, aViewer } from '../../test/builders';
import { aCycle, aWalkabout, aPageBuilding, aWalkaboutsPage } from '../walkabouts/testData';

// jsdom draws no canvas: the pages stand for pdfjs here, naming the URL they were given. Chromium draws them in the
// end-to-end journey (tests/e2e/contracts.test.ts).
vi.mock('../../ui/PdfPages', () => ({
  PdfPages: ({ url, label }: { url: string; label: string }) => (
    <figure aria-label={`${label} pages`} data-url={url}>
      Page 1 of 1
    </figure>
  ),
}));

const SIGNED_URL = '/files/contract-11.pdf?expires=1&signature=abc';

type Building = ReturnType<typeof aBuilding>;

function pendingBuilding(overrides: Partial<Building> = {}): Building {
  return aBuilding({ contractAcceptedAt: null, contractUrl: '/files/contract-11.pdf', ...overrides });
}

function sheetAnswer(building: Building, fileUrl: string | null = SIGNED_URL) {
  return graphql.query('AcceptBuildingContractSheet', () =>
    HttpResponse.json({
      data: {
        building: {
          __typename: 'Building',
          id: building.id,
          name: building.name,
          contractUrl: building.contractUrl,
          contractFileUrl: fileUrl,
          contractAcceptedAt: null,
          organizationContract: building.organizationContract,
          organization: { __typename: 'Organization', id: building.organization.id },
        },
      },
    }),
  );
}

function acceptedBuilding(id: string) {
  return {
    __typename: 'Building',
    id,
    contractUrl: '/files/contract-11.pdf',
    contractAcceptedAt: '2026-03-10T15:00:00.000Z',
    contractAccepterUsername: 'manager',
    organizationContract: false,
  };
}

function renderBuildings(granted: PermissionFlag[], buildings: Building[], handlers: RequestHandler[] = []) {
  const viewer = aViewer({ granted });
  return renderApp({
    route: '/buildings',
    viewer,
    handlers: [...handlers, graphql.query('BuildingsPage', () => HttpResponse.json({ data: { viewer, buildings: aConnection(buildings) } }))],
  });
}

async function card(name: string) {
  return within(await screen.findByRole('article', { name }));
}

function linkNames(name: string) {
  return within(screen.getByRole('article', { name }))
    .queryAllByRole('link')
    .map((link) => link.textContent);
}

describe('Accept Contract on the building card', () => {
  it('opens the contract sheet with its pages and question, and opens the card once OK accepts it', async () => {
    const building = pendingBuilding();
    const accepted: unknown[] = [];
    const { user } = renderBuildings(['canAcceptBuildingContract'], [building], [
      sheetAnswer(building),
      graphql.mutation('AcceptBuildingContract', ({ variables }) => {
        accepted.push(variables);
        return HttpResponse.json({ data: { acceptBuildingContract: { __typename: 'BuildingContractPayload', building: acceptedBuilding('11'), errors: [] } } });
      }),
    ]);
    const tower = await card('Tower A');
    expect(tower.getByText('Contract not accepted')).toBeInTheDocument();
    expect(linkNames('Tower A')).toEqual([]);

    await user.click(tower.getByRole('button', { name: 'Accept Contract' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Accept Contract' }));
    expect(await sheet.findByRole('figure', { name: 'Tower A Contract pages' })).toHaveAttribute('data-url', SIGNED_URL);
    expect(sheet.getByText('Press OK to accept the Tower A Contract.')).toBeInTheDocument();

    await user.click(sheet.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Accept Contract' })).not.toBeInTheDocument());
    expect(accepted).toEqual([{ id: '11' }]);
    await waitFor(() => expect(linkNames('Tower A')).toEqual(['Walkabouts', 'Documents']));
    const news = (await card('Tower A')).getByText('Contract accepted: walkabouts, documents and reports are open.');
    expect(news.closest('[role="status"]')).toHaveFocus();
    expect((await card('Tower A')).queryByText('Contract not accepted')).not.toBeInTheDocument();
  });

  it('shows OK as saving while the acceptance is on its way, and keeps the sheet open with a clear message when it fails', async () => {
    const building = pendingBuilding();
    let answer: () => void = () => undefined;
    const { user } = renderBuildings(['canAcceptBuildingContract'], [building], [
      sheetAnswer(building),
      graphql.mutation('AcceptBuildingContract', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return HttpResponse.error();
      }),
    ]);
    await user.click((await card('Tower A')).getByRole('button', { name: 'Accept Contract' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Accept Contract' }));
    await sheet.findByRole('figure', { name: 'Tower A Contract pages' });
    await user.click(sheet.getByRole('button', { name: 'OK' }));

    await waitFor(() => expect(sheet.getByRole('button', { name: 'OK' })).toHaveAttribute('data-loading', 'true'));
    expect(sheet.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    answer();

    expect(await sheet.findByRole('alert')).toHaveTextContent('The contract could not be accepted. Check your connection and try again.');
    expect(sheet.getByRole('button', { name: 'OK' })).toBeEnabled();
    expect(screen.getByRole('dialog', { name: 'Accept Contract' })).toBeInTheDocument();
    expect(linkNames('Tower A')).toEqual([]);
  });

  it("says the server's refusal in its words, and Cancel closes the sheet without accepting", async () => {
    const building = pendingBuilding();
    let calls = 0;
    const { user } = renderBuildings(['canAcceptBuildingContract'], [building], [
      sheetAnswer(building),
      graphql.mutation('AcceptBuildingContract', () => {
        calls += 1;
        return HttpResponse.json({
          data: {
            acceptBuildingContract: {
              __typename: 'BuildingContractPayload',
              building: null,
              errors: [{ __typename: 'FieldError', field: null, message: 'This building has no contract to accept (Contract Missing).', code: 'CONFLICT' }],
            },
          },
        });
      }),
    ]);
    await user.click((await card('Tower A')).getByRole('button', { name: 'Accept Contract' }));
    let sheet = within(await screen.findByRole('dialog', { name: 'Accept Contract' }));
    await sheet.findByRole('figure', { name: 'Tower A Contract pages' });
    await user.click(sheet.getByRole('button', { name: 'OK' }));
    expect(await sheet.findByRole('alert')).toHaveTextContent('This building has no contract to accept (Contract Missing).');
    expect(calls).toBe(1);

    await user.click(sheet.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Accept Contract' })).not.toBeInTheDocument());
    expect((await card('Tower A')).getByText('Contract not accepted')).toBeInTheDocument();

    // Opened again, it starts afresh: no old failure, and Cancel alone never accepts.
    await user.click((await card('Tower A')).getByRole('button', { name: 'Accept Contract' }));
    sheet = within(await screen.findByRole('dialog', { name: 'Accept Contract' }));
    await sheet.findByRole('figure', { name: 'Tower A Contract pages' });
    expect(sheet.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(sheet.getByRole('button', { name: 'Cancel' }));
    expect(calls).toBe(1);
  });

  it('offers a failed contract load again, and withholds OK while there is no contract to show', async () => {
    const building = pendingBuilding();
    let failing = true;
    const { user } = renderBuildings(['canAcceptBuildingContract'], [building], [
      graphql.query('AcceptBuildingContractSheet', () => (failing ? HttpResponse.error() : undefined)),
      sheetAnswer(building, null),
    ]);
    await user.click((await card('Tower A')).getByRole('button', { name: 'Accept Contract' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Accept Contract' }));
    expect(await sheet.findByText('The contract could not be loaded')).toBeInTheDocument();
    expect(sheet.getByRole('button', { name: 'OK' })).toBeDisabled();
    failing = false;
    await user.click(sheet.getByRole('button', { name: 'Try again' }));
    // The contract was removed meanwhile: nothing to accept.
    expect(await sheet.findByText('Contract Missing')).toBeInTheDocument();
    expect(sheet.getByRole('button', { name: 'OK' })).toBeDisabled();
    expect(sheet.queryByText(/Press OK to accept/)).not.toBeInTheDocument();
  });

  it("accepts a contract managed on organization level with the organization's, which opens each of its buildings", async () => {
    const organization = anOrganization({ id: '1', name: 'Harbour Properties' });
    const towerA = pendingBuilding({ id: '11', name: 'Tower A', organization, organizationContract: true });
    const towerB = pendingBuilding({ id: '12', name: 'Tower B', organization, organizationContract: true });
    const ownContract = pendingBuilding({ id: '13', name: 'Tower C', organization, organizationContract: false });
    const accepted: unknown[] = [];
    const { user } = renderBuildings(['canAcceptOrganizationContract'], [towerA, towerB, ownContract], [
      sheetAnswer(towerA),
      graphql.mutation('AcceptOrganizationContract', ({ variables }) => {
        accepted.push(variables);
        return HttpResponse.json({
          data: {
            acceptOrganizationContract: {
              __typename: 'OrganizationPayload',
              organization: { __typename: 'Organization', id: '1', contractUrl: '/files/org.pdf', contractAcceptedAt: '2026-03-10T15:00:00.000Z', contractAcceptedBy: 'harbour' },
              errors: [],
            },
          },
        });
      }),
    ]);
    // Tower C's contract is its own: canAcceptBuildingContract is needed for it.
    expect((await card('Tower C')).queryByRole('button', { name: 'Accept Contract' })).not.toBeInTheDocument();
    await user.click((await card('Tower A')).getByRole('button', { name: 'Accept Contract' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Accept Contract' }));
    await sheet.findByText('Press OK to accept the Tower A Contract.');
    await user.click(sheet.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(linkNames('Tower A')).toEqual(['Walkabouts', 'Documents']));
    expect(accepted).toEqual([{ id: '1' }]);
    expect(linkNames('Tower B')).toEqual(['Walkabouts', 'Documents']);
    expect(linkNames('Tower C')).toEqual([]);
  });

  it("offers no Accept Contract when there is no contract ('Contract Missing')", async () => {
    renderBuildings(['canAcceptBuildingContract'], [pendingBuilding({ contractUrl: null })]);
    const tower = await card('Tower A');
    expect(tower.getByText('Contract Missing')).toBeInTheDocument();
    expect(tower.queryByRole('button', { name: 'Accept Contract' })).not.toBeInTheDocument();
  });
});

describe('Accept Contract on the walkabouts page', () => {
  it('accepts from the contract message, then lists the walkabouts the gate held back', async () => {
    const daily = aCycle({ id: '1', name: 'Daily', frequency: 'DAILY' });
    const viewer = aViewer({ granted: ['canAcceptBuildingContract'] });
    let accepted = false;
    const { user } = renderApp({
      route: '/buildings/11/walkabouts',
      viewer,
      handlers: [
        graphql.query('WalkaboutsPage', () =>
          HttpResponse.json({
            data: {
              ...aWalkaboutsPage({
                viewer,
                building: aPageBuilding(accepted ? {} : { contractAcceptedAt: null, contractUrl: '/files/contract-11.pdf' }),
                walkabouts: accepted ? [aWalkabout({ id: '21', cycle: daily, date: '2026-03-03' })] : [],
              }),
              viewer,
            },
          }),
        ),
        sheetAnswer(pendingBuilding()),
        graphql.mutation('AcceptBuildingContract', async () => {
          await delay(20);
          accepted = true;
          return HttpResponse.json({ data: { acceptBuildingContract: { __typename: 'BuildingContractPayload', building: acceptedBuilding('11'), errors: [] } } });
        }),
      ],
    });
    expect(await screen.findByText('Contract not accepted')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept Contract' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Accept Contract' }));
    await sheet.findByText('Press OK to accept the Tower A Contract.');
    await user.click(sheet.getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Daily Walkabout')).toBeInTheDocument();
    expect(screen.queryByText('Contract not accepted')).not.toBeInTheDocument();
  });
});
