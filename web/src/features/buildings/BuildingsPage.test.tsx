import { describe, expect, it } from 'vitest';
import { screen, waitFor, within, type BoundFunctions, type queries } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import type { PermissionFlag } from '@fsi/shared';
import { renderApp } from '../../test/render';
import { aBuilding, aConnection, anOrganization, aRegion, aStatus, aViewer } from '../../test/builders';
import { matchingMediaQueries } from '../../test/setup';
import { BUILDING_FILTER_KEY } from '../../lib/session/session';
import { PHONE_QUERY } from '../../ui/phone';

type Building = ReturnType<typeof aBuilding>;
type Viewer = ReturnType<typeof aViewer>;

function buildingsAnswering(viewer: Viewer, buildings: Building[], seen: Record<string, unknown>[] = []) {
  return graphql.query('BuildingsPage', ({ variables }) => {
    seen.push(variables);
    return HttpResponse.json({ data: { viewer, buildings: aConnection(buildings) } });
  });
}

function renderBuildings(viewer: Viewer, buildings: Building[]) {
  return renderApp({ route: '/buildings', viewer, handlers: [buildingsAnswering(viewer, buildings)] });
}

async function card(name: string) {
  return within(await screen.findByRole('article', { name }));
}

function linkNames(cardElement: BoundFunctions<typeof queries>) {
  return cardElement.queryAllByRole('link').map((link) => link.textContent);
}

describe('Buildings', () => {
  it('shows a card per building with its name and region, and the total', async () => {
    renderBuildings(aViewer(), [
      aBuilding({ id: '11', name: 'Tower A', region: { __typename: 'Region', id: '3', name: 'Downtown' } }),
      aBuilding({ id: '12', name: 'Tower B' }),
    ]);
    expect(await screen.findByRole('heading', { name: 'Tower A' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Tower B' })).toBeInTheDocument();
    expect((await card('Tower A')).getByText('Downtown')).toBeInTheDocument();
    expect(screen.getByText('2 buildings')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Buildings' })).toBeInTheDocument();
  });

  it("says 'No results found' when there is no building", async () => {
    renderBuildings(aViewer(), []);
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('shows loading placeholders, announced as a busy status, until the buildings arrive', async () => {
    renderBuildings(aViewer(), [aBuilding()]);
    const placeholders = await screen.findByRole('status', { name: 'Loading buildings' });
    expect(placeholders).toHaveAttribute('aria-busy', 'true');
    await screen.findByRole('heading', { name: 'Tower A' });
    expect(screen.queryByRole('status', { name: 'Loading buildings' })).not.toBeInTheDocument();
  });

  it('gives a user without permissions only walkabouts and documents', async () => {
    renderBuildings(aViewer(), [aBuilding()]);
    expect(linkNames(await card('Tower A'))).toEqual(['Walkabouts', 'Documents']);
    const tower = await card('Tower A');
    expect(tower.getByRole('link', { name: 'Walkabouts' })).toHaveAttribute('href', '/buildings/11/walkabouts');
    expect(tower.getByRole('link', { name: 'Documents' })).toHaveAttribute('href', '/buildings/11/document-categories');
  });

  it.each<[PermissionFlag, string[]]>([
    ['canViewWalkaboutReports', ['Reports']],
    ['canViewWalkaboutAuditReports', ['Reports']],
    ['canViewFireWatchReports', ['Reports']],
    ['canViewRepairReports', ['Reports']],
    ['canViewFailureReport', ['Summary Notes', 'Summary Failure']],
    ['canManageBuildings', ['Manage']],
  ])('adds the links that %s grants', async (flag, added) => {
    renderBuildings(aViewer({ granted: [flag] }), [aBuilding()]);
    expect(linkNames(await card('Tower A'))).toEqual(['Walkabouts', 'Documents', ...added]);
  });

  it("offers the Overview link on a card to administrators only, as the spec's permission table says", async () => {
    renderBuildings(aViewer({ granted: ['canViewBuildingOverview', 'canViewOrganizationOverview', 'canManageBuildings'] }), [aBuilding()]);
    const tower = await card('Tower A');
    expect(tower.getByRole('link', { name: 'Manage' })).toBeInTheDocument();
    expect(tower.queryByRole('link', { name: 'Overview' })).not.toBeInTheDocument();
  });

  it('gives an administrator every link, QR codes included, with their addresses', async () => {
    renderBuildings(aViewer({ isAdmin: true, organization: null }), [
      aBuilding({
        id: '11',
        organization: anOrganization({ id: '4', name: 'Harbour Properties' }),
        fireSafetyPlanId: '90',
        fireSafetyPlanMimetype: 'application/pdf',
        fireSafetyPlanUrl: 'https://files.example.test/plan.pdf',
      }),
    ]);
    const tower = await card('Tower A');
    const hrefs = Object.fromEntries(tower.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]));
    expect(hrefs).toEqual({
      Walkabouts: '/buildings/11/walkabouts',
      Documents: '/buildings/11/document-categories',
      'Fire Safety Plan': '/buildings/11/documents/90',
      Reports: '/buildings/11/reports/groups',
      'Summary Notes': '/buildings/11/reports/summary/11-summary-notes',
      'Summary Failure': '/buildings/11/reports/summary/11-summary-failure',
      'QR Codes': '/buildings/11/locations',
      Overview: '/overview/building/11?organizationId=4',
      Manage: '/manage/building/11',
    });
    expect(tower.getByText('Harbour Properties')).toBeInTheDocument();
  });

  it('opens a fire safety plan that is not a PDF in a new window', async () => {
    renderBuildings(aViewer(), [
      aBuilding({ fireSafetyPlanId: '90', fireSafetyPlanMimetype: 'image/png', fireSafetyPlanUrl: 'https://files.example.test/plan.png' }),
    ]);
    const plan = (await card('Tower A')).getByRole('link', { name: 'Fire Safety Plan' });
    expect(plan).toHaveAttribute('href', 'https://files.example.test/plan.png');
    expect(plan).toHaveAttribute('target', '_blank');
  });

  it('withholds walkabouts, documents and reports while the contract awaits acceptance', async () => {
    renderBuildings(aViewer({ granted: ['canViewWalkaboutReports', 'canManageBuildings'] }), [
      aBuilding({ contractAcceptedAt: null, contractUrl: 'https://files.example.test/contract.pdf', fireSafetyPlanId: '90' }),
    ]);
    const tower = await card('Tower A');
    expect(tower.getByText('Contract not accepted')).toBeInTheDocument();
    // Not this user's to accept (no canAcceptBuildingContract): the card only says so.
    expect(tower.queryByRole('button', { name: 'Accept Contract' })).not.toBeInTheDocument();
    expect(linkNames(tower)).toEqual(['Manage']);
  });

  it("says 'Contract Missing' and withholds the same links when there is no contract", async () => {
    renderBuildings(aViewer(), [aBuilding({ contractAcceptedAt: null, contractUrl: null })]);
    const tower = await card('Tower A');
    expect(tower.getByText('Contract Missing')).toBeInTheDocument();
    expect(linkNames(tower)).toEqual([]);
  });

  it('tints the card red with a Fire Watch banner while a fire watch is started', async () => {
    renderBuildings(aViewer(), [aBuilding({ id: '11', name: 'Tower A', isFireWatchStarted: true }), aBuilding({ id: '12', name: 'Tower B' })]);
    const towerA = await screen.findByRole('article', { name: 'Tower A' });
    const towerB = screen.getByRole('article', { name: 'Tower B' });
    expect(towerA).toHaveAttribute('data-fire-watch', 'true');
    expect(within(towerA).getByText('Fire Watch in progress')).toBeInTheDocument();
    expect(towerB).not.toHaveAttribute('data-fire-watch');
    expect(within(towerB).queryByText('Fire Watch in progress')).not.toBeInTheDocument();
  });

  it('colours each open cycle by its last walkabout and hides cycles that are not open', async () => {
    const hour = 3_600_000;
    const past = new Date(Date.now() - hour).toISOString();
    const future = new Date(Date.now() + hour).toISOString();
    renderBuildings(aViewer(), [
      aBuilding({
        statuses: [
          aStatus({ cycleId: '1', cycleName: 'Daily', abbreviation: 'D', isLastWalkaboutComplete: true }),
          aStatus({ cycleId: '2', cycleName: 'Weekly', abbreviation: 'W', isLastWalkaboutComplete: false }),
          aStatus({ cycleId: '3', cycleName: 'Monthly', abbreviation: 'M', lastWalkaboutUnsatisfactoryTotal: 2 }),
          aStatus({ cycleId: '4', cycleName: 'Yearly', abbreviation: 'Y', lockedAt: past }),
          aStatus({ cycleId: '5', cycleName: 'Quarterly', abbreviation: 'Q', openedAt: future }),
          aStatus({ cycleId: '6', cycleName: 'Annual Audit', abbreviation: 'AA', closedAt: past }),
        ],
      }),
    ]);
    const tower = await card('Tower A');
    const badges = within(tower.getByRole('list', { name: 'Open walkabouts' })).getAllByRole('listitem');
    expect(badges.map((badge) => [badge.textContent, badge.getAttribute('data-tone')])).toEqual([
      ['D', 'complete'],
      ['W', 'incomplete'],
      ['M', 'unsatisfactory'],
    ]);
    expect(tower.getByLabelText('Monthly: complete with unsatisfactory results')).toBeInTheDocument();
  });

  it('loads the next page of buildings on Load more', async () => {
    const first = Array.from({ length: 24 }, (_, index) => aBuilding({ id: String(100 + index), name: `Building ${index + 1}` }));
    const second = [aBuilding({ id: '200', name: 'Building 25' })];
    const pages: unknown[] = [];
    const { user } = renderApp({
      route: '/buildings',
      handlers: [
        graphql.query('BuildingsPage', ({ variables }) => {
          pages.push(variables.page);
          const page = variables.page === 2 ? second : first;
          return HttpResponse.json({
            data: { viewer: aViewer(), buildings: aConnection(page, { page: Number(variables.page), totalCount: 25 }) },
          });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Load more (24 of 25)' }));
    expect(await screen.findByRole('heading', { name: 'Building 25' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(25);
    expect(screen.queryByRole('button', { name: /Load more/ })).not.toBeInTheDocument();
    expect(pages).toEqual([1, 2]);
  });
});

describe('Building filter', () => {
  const longName = 'L'.repeat(80);

  function filterAnswering(viewer: Viewer, organizations: ReturnType<typeof anOrganization>[], regions: ReturnType<typeof aRegion>[]) {
    return graphql.query('BuildingFilter', () =>
      HttpResponse.json({ data: { viewer, organizations: { __typename: 'OrganizationConnection', nodes: organizations }, regions } }),
    );
  }

  it('offers an administrator every organization by name, each with its regions indented by a dash per level', async () => {
    const admin = aViewer({ isAdmin: true, organization: null });
    renderApp({
      route: '/buildings',
      viewer: admin,
      handlers: [
        buildingsAnswering(admin, [aBuilding()]),
        filterAnswering(
          admin,
          [anOrganization({ id: '2', name: 'Zenith Estates' }), anOrganization({ id: '1', name: 'Acme Housing' }), anOrganization({ id: '3', name: longName })],
          [
            aRegion({ id: '10', name: 'North', organizationId: '1' }),
            aRegion({ id: '11', name: 'Harbour', organizationId: '1', parentId: '10', level: 1 }),
            aRegion({ id: '12', name: 'Pier', organizationId: '1', parentId: '11', level: 2 }),
            aRegion({ id: '13', name: 'East', organizationId: '1' }),
            aRegion({ id: '20', name: 'Central', organizationId: '2' }),
          ],
        ),
      ],
    });
    const select = await screen.findByRole('combobox', { name: /Filter/ });
    const labels = within(select).getAllByRole('option').map((option) => option.textContent);
    expect(labels).toEqual([
      'All buildings',
      'Acme Housing',
      '- East',
      '- North',
      '-- Harbour',
      '--- Pier',
      `${'L'.repeat(75)}…`,
      'Zenith Estates',
      '- Central',
    ]);
  });

  it('offers a region user only the top of their scope, their own region, whose choice covers its sub-regions', async () => {
    const regionUser = aViewer();
    renderApp({
      route: '/buildings',
      handlers: [
        buildingsAnswering(regionUser, [aBuilding()]),
        filterAnswering(regionUser, [anOrganization()], [
          aRegion({ id: '11', name: 'Harbour', parentId: '10', level: 1 }),
          aRegion({ id: '12', name: 'Pier', parentId: '11', level: 2 }),
        ]),
      ],
    });
    const select = await screen.findByRole('combobox', { name: /Filter/ });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['All buildings', 'Harbour']);
  });

  it('offers an organization user the top-level regions of the organization only, sorted and cut at 75 characters', async () => {
    const organizationUser = aViewer();
    renderApp({
      route: '/buildings',
      handlers: [
        buildingsAnswering(organizationUser, [aBuilding()]),
        filterAnswering(organizationUser, [anOrganization()], [
          aRegion({ id: '10', name: 'North' }),
          aRegion({ id: '11', name: 'Harbour', parentId: '10', level: 1 }),
          aRegion({ id: '13', name: 'East' }),
          aRegion({ id: '14', name: longName }),
        ]),
      ],
    });
    const select = await screen.findByRole('combobox', { name: /Filter/ });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'All buildings',
      'East',
      `${'L'.repeat(75)}…`,
      'North',
    ]);
  });

  it('filters the buildings by the chosen region and remembers the choice', async () => {
    const viewer = aViewer();
    const seen: Record<string, unknown>[] = [];
    const { user } = renderApp({
      route: '/buildings',
      handlers: [
        buildingsAnswering(viewer, [aBuilding()], seen),
        filterAnswering(viewer, [anOrganization()], [aRegion({ id: '10', name: 'North' })]),
      ],
    });
    const select = await screen.findByRole('combobox', { name: /Filter/ });
    await user.selectOptions(select, 'North');

    await waitFor(() => expect(seen.at(-1)).toMatchObject({ organizationId: '1', regionId: '10', page: 1 }));
    expect(JSON.parse(window.localStorage.getItem(BUILDING_FILTER_KEY) ?? 'null')).toEqual({ organizationId: '1', regionId: '10' });
  });

  it('starts from the remembered filter', async () => {
    window.localStorage.setItem(BUILDING_FILTER_KEY, JSON.stringify({ organizationId: '1', regionId: '10' }));
    const viewer = aViewer();
    const seen: Record<string, unknown>[] = [];
    renderApp({
      route: '/buildings',
      handlers: [
        buildingsAnswering(viewer, [aBuilding()], seen),
        filterAnswering(viewer, [anOrganization()], [aRegion({ id: '10', name: 'North' })]),
      ],
    });
    const select = await screen.findByRole('combobox', { name: /Filter/ });
    await waitFor(() => expect(select).toHaveDisplayValue('North'));
    expect(seen[0]).toMatchObject({ organizationId: '1', regionId: '10' });
  });
});

describe('Buildings footer', () => {
  it('links an administrator to /settings and others with canViewSettings to their organization', async () => {
    const admin = renderBuildings(aViewer({ isAdmin: true }), [aBuilding()]);
    expect(await screen.findByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    admin.unmount();

    renderBuildings(aViewer({ granted: ['canViewSettings'], organization: anOrganization({ id: '5' }) }), [aBuilding()]);
    expect(await screen.findByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/manage/organization/5');
  });

  it('has no Settings link without the permission', async () => {
    renderBuildings(aViewer(), [aBuilding()]);
    await screen.findByRole('heading', { name: 'Tower A' });
    expect(screen.queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
  });

  it('shows the Terms and Conditions: beta version, no liability, the vendor website', async () => {
    const { user } = renderApp({
      route: '/buildings',
      handlers: [
        buildingsAnswering(aViewer(), [aBuilding()]),
        graphql.query('TermsModal', () =>
          HttpResponse.json({ data: { appInfo: { __typename: 'AppInfo', vendorWebsite: 'https://vendor.example.test/' } } }),
        ),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Terms and Conditions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' });
    expect(dialog).toHaveTextContent('beta version');
    expect(dialog).toHaveTextContent('not liable for any loss or damage');
    expect(await within(dialog).findByRole('link', { name: 'vendor.example.test' })).toHaveAttribute(
      'href',
      'https://vendor.example.test/',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Tutorial', () => {
  it('is offered on phones only', async () => {
    const desktop = renderBuildings(aViewer(), [aBuilding()]);
    await screen.findByRole('heading', { name: 'Tower A' });
    expect(screen.queryByRole('button', { name: 'Start Tutorial' })).not.toBeInTheDocument();
    desktop.unmount();

    matchingMediaQueries.add(PHONE_QUERY);
    renderBuildings(aViewer(), [aBuilding()]);
    expect(await screen.findByRole('button', { name: 'Start Tutorial' })).toBeInTheDocument();
  });

  it('walks through four steps with Next, then closes on Done', async () => {
    matchingMediaQueries.add(PHONE_QUERY);
    const { user } = renderBuildings(aViewer(), [aBuilding()]);
    await user.click(await screen.findByRole('button', { name: 'Start Tutorial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tutorial' });

    const texts = [];
    for (let step = 1; step <= 4; step += 1) {
      expect(dialog).toHaveTextContent(`Step ${step} of 4`);
      texts.push(within(dialog).getByRole('heading', { level: 3 }).textContent);
      if (step < 4) await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    }
    expect(texts).toEqual(['Welcome', 'Tap once', 'Tap again', 'Tap and hold']);
    expect(dialog).toHaveTextContent('Tap and hold a condition to unmark it.');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
