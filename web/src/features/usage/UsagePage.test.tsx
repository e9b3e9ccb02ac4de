import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { renderApp } from '../../test/render';
import { aViewer, serverError } from '../../test/builders';

const aUsage = (fields: { id: string; buildingName: string; floorDisplayName?: string; fireSafetyPlanUrl?: string | null; floorsCount?: number }) => ({
  __typename: 'BuildingUsage' as const,
  floorDisplayName: 'Floor',
  floorsCount: 3,
  usersCount: 12,
  usersWithNotificationsCount: 4,
  locationsCount: 40,
  unsatisfactoryPhotosCount: 7,
  documentsCount: 9,
  fireSafetyPlanUrl: null,
  ...fields,
});

function usageAnswer(nodes: ReturnType<typeof aUsage>[]) {
  return {
    organization: {
      __typename: 'Organization',
      id: '1',
      name: 'Northwind Property Management',
      usage: { __typename: 'BuildingUsageConnection', nodes, pageInfo: { __typename: 'PageInfo', page: 1, pageSize: 100, totalCount: nodes.length, hasNextPage: false } },
    },
  };
}

function renderUsage({ isAdmin = true, answer = () => HttpResponse.json({ data: usageAnswer([]) }) as Response } = {}) {
  const viewer = isAdmin ? aViewer({ isAdmin, organization: null }) : aViewer();
  const asked = { usage: 0 };
  const rendered = renderApp({
    route: '/manage/organization/1/usage',
    viewer,
    handlers: [
      graphql.query('UsageViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('UsagePage', () => {
        asked.usage += 1;
        return answer();
      }),
    ],
  });
  return { ...rendered, asked };
}

describe('Organization usage', () => {
  it("shows each building's usage, the floors under the building's floor label, the plan and the always-Yes columns", async () => {
    renderUsage({
      answer: () =>
        HttpResponse.json({
          data: usageAnswer([
            aUsage({ id: '5', buildingName: 'King Street Commerce Centre', floorDisplayName: 'Level', fireSafetyPlanUrl: '/signed-files/plan.pdf?sig=1' }),
            aUsage({ id: '6', buildingName: 'Harbourfront Lofts', floorsCount: 8 }),
          ]),
        }),
    });
    const table = await screen.findByRole('table', { name: 'Usage per building' });
    const headers = within(table).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Building', 'Floor Label Count', 'Users', 'Users with Notifications', 'QR Codes', 'Photos', 'Documents', 'Fire Safety Plan', 'Central Management', 'Reporting']);
    const king = within(table).getByRole('row', { name: /King Street Commerce Centre/ });
    expect(within(king).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Level3', '12', '4', '40', '7', '9', 'Yes', 'Yes', 'Yes']);
    expect(within(king).getByRole('link', { name: 'Yes: open the fire safety plan of King Street Commerce Centre' })).toHaveAttribute('href', '/signed-files/plan.pdf?sig=1');
    const lofts = within(table).getByRole('row', { name: /Harbourfront Lofts/ });
    expect(within(lofts).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Floor8', '12', '4', '40', '7', '9', 'No', 'Yes', 'Yes']);
  });

  it("says 'No results found' for an organization without buildings", async () => {
    renderUsage();
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('says the usage could not be loaded on a failure, and keeps the session', async () => {
    const { currentPath } = renderUsage({ answer: () => serverError('boom') });
    expect(await screen.findByText('The usage could not be loaded')).toBeInTheDocument();
    expect(currentPath()).toBe('/manage/organization/1/usage');
  });

  it('is for administrators only, decided before anything is asked', async () => {
    const { asked } = renderUsage({ isAdmin: false });
    expect(await screen.findByText('Administrators only')).toBeInTheDocument();
    expect(asked.usage).toBe(0);
  });
});
