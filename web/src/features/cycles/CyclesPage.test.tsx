import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse, type RequestHandler } from 'msw';
import { CYCLE_HAS_WALKABOUTS_MESSAGE, DELETE_CYCLE_CONFIRMATION, NAME_TAKEN_MESSAGE, type PermissionFlag } from '@fsi/shared';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';

type CycleFields = { id: string; name: string; frequency?: string | null; every?: number | null; start?: string | null; occurrence?: string; version?: number };
const aCycle = ({ frequency = 'WEEKLY', every = 1, start = '2026-01-01', occurrence = 'Weekly', version = 1, ...fields }: CycleFields) => ({
  __typename: 'Cycle' as const,
  abbreviation: 'W',
  frequency,
  every,
  start,
  occurrence,
  isDeletable: true,
  version,
  organization: { __typename: 'Organization' as const, id: '1' },
  ...fields,
});

const weekly = aCycle({ id: '2', name: 'Weekly' });
const fortnight = aCycle({ id: '3', name: 'Bi-weekly Walk', every: 2, occurrence: 'Every 2 Weeks' });
const payload = (cycle: unknown, errors: { field: string | null; message: string; code: string }[] = []) => ({
  cycle,
  errors: errors.map((e) => ({ __typename: 'FieldError', ...e })),
});

function renderCycles({ route = '/manage/organization/1/cycles', granted = ['canManageOrganization'] as PermissionFlag[], isAdmin = false, handlers = [] as RequestHandler[] } = {}) {
  const viewer = aViewer({ isAdmin, granted });
  const asked = { list: 0, searches: [] as (string | null)[] };
  const rendered = renderApp({
    route,
    viewer,
    handlers: [
      ...handlers,
      graphql.query('CyclesViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('CyclesPage', ({ variables }) => {
        asked.list += 1;
        asked.searches.push(variables.search ?? null);
        const cycles = [fortnight, weekly].filter((c) => !variables.search || c.name.toLowerCase().includes(String(variables.search).toLowerCase()));
        return HttpResponse.json({ data: { organization: { __typename: 'Organization', id: '1', name: 'Harbour Properties', cycles } } });
      }),
      graphql.query('CycleEditPage', ({ variables }) => HttpResponse.json({ data: { cycle: [weekly, fortnight].find((c) => c.id === variables.id) ?? null } })),
    ],
  });
  return { ...rendered, asked };
}

describe('Cycles list', () => {
  it('lists the cycles by name with the occurrence when it differs, each leading to its form, with chevrons for managers', async () => {
    renderCycles();
    const list = await screen.findByRole('list', { name: 'Cycles' });
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/manage/cycles/3', '/manage/cycles/2']);
    expect(links[0]).toHaveTextContent('Bi-weekly WalkEvery 2 Weeks');
    expect(links[1]).toHaveTextContent(/^Weekly$/);
    expect(screen.getByPlaceholderText('Search')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Cycle' })).toBeInTheDocument();
  });

  it('searches by name and says when nothing matches', async () => {
    const { user, asked } = renderCycles({ granted: ['canViewOrganization'] });
    await screen.findByRole('list', { name: 'Cycles' });
    // A viewer of the organization reads the list but may not add cycles.
    expect(screen.queryByRole('button', { name: 'New Cycle' })).not.toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('Search'), '(zzz');
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(asked.searches).toContain('(zzz');
  });

  it('is not available, without asking for the list, to users who may neither manage nor view the organization', async () => {
    const { asked } = renderCycles({ granted: ['canViewBuildings'] });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(asked.list).toBe(0);
  });

  it("adds a cycle with the New Cycle sheet: Repeat sets daily, every 1 and today, the hint follows, and a taken name is said", async () => {
    const sent: unknown[] = [];
    const { user } = renderCycles({
      handlers: [
        graphql.mutation('CreateCycle', ({ variables }) => {
          sent.push(variables.input);
          if (sent.length === 1) return HttpResponse.json({ data: { createCycle: payload(null, [{ field: 'name', message: NAME_TAKEN_MESSAGE, code: 'VALIDATION_FAILED' }]) } });
          return HttpResponse.json({ data: { createCycle: payload(aCycle({ id: '9', name: 'Night Round', frequency: 'DAILY', every: 3, occurrence: 'Every 3 Days' })) } });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'New Cycle' }));
    const sheet = await screen.findByRole('dialog', { name: 'New Cycle' });
    expect(within(sheet).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(within(sheet).getByRole('textbox', { name: /Name/ }), 'Night Round');
    await user.click(within(sheet).getByRole('switch', { name: 'Repeat' }));
    expect(within(sheet).getByRole('combobox', { name: 'Frequency' })).toHaveValue('daily');
    await user.selectOptions(within(sheet).getByRole('combobox', { name: 'Every' }), '3');
    expect(within(sheet).getByText('Walkabouts will be created Every 3 Days.')).toBeInTheDocument();
    // Weekly offers 1-52, monthly 1-12: 3 stays.
    await user.selectOptions(within(sheet).getByRole('combobox', { name: 'Frequency' }), 'yearly');
    expect(within(within(sheet).getByRole('combobox', { name: 'Every' })).getAllByRole('option')).toHaveLength(10);
    await user.selectOptions(within(sheet).getByRole('combobox', { name: 'Frequency' }), 'daily');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    expect(await within(sheet).findByText(NAME_TAKEN_MESSAGE)).toBeInTheDocument();
    // The sheet keeps what was typed.
    expect(within(sheet).getByRole('textbox', { name: /Name/ })).toHaveValue('Night Round');
    await user.click(within(sheet).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Cycle' })).not.toBeInTheDocument());
    expect(sent[1]).toMatchObject({ organizationId: '1', name: 'Night Round', frequency: 'DAILY', every: 3 });
    expect((sent[1] as { start: string }).start).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('keeps Save disabled while the name is empty (section 2: Save is disabled while the form is invalid)', async () => {
    const { user } = renderCycles();
    await user.click(await screen.findByRole('button', { name: 'New Cycle' }));
    const sheet = await screen.findByRole('dialog', { name: 'New Cycle' });
    await user.type(within(sheet).getByRole('textbox', { name: /Name/ }), '   ');
    expect(within(sheet).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(within(sheet).getByRole('textbox', { name: /Name/ }), 'x');
    expect(within(sheet).getByRole('button', { name: 'Save' })).toBeEnabled();
  });
});

describe('Cycle form', () => {
  it("locks an existing cycle's name, frequency, every and start, saves its abbreviation over its version and goes to the list", async () => {
    const sent: unknown[] = [];
    const { user, currentPath } = renderCycles({
      route: '/manage/cycles/2',
      handlers: [
        graphql.mutation('UpdateCycle', ({ variables }) => {
          sent.push(variables);
          return HttpResponse.json({ data: { updateCycle: payload({ ...weekly, abbreviation: 'WK', version: 2 }) } });
        }),
      ],
    });
    expect(await screen.findByRole('textbox', { name: /Name/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('combobox', { name: 'Frequency' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Every' })).toBeDisabled();
    expect(screen.queryByRole('switch', { name: 'Repeat' })).not.toBeInTheDocument();
    expect(screen.getByText('Walkabouts will be created Weekly.')).toBeInTheDocument();
    const abbreviation = screen.getByRole('textbox', { name: 'Abbreviation' });
    await user.clear(abbreviation);
    await user.type(abbreviation, 'WK');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe('/manage/organization/1/cycles'));
    expect(sent[0]).toMatchObject({ id: '2', version: 1, input: { abbreviation: 'WK' } });
  });

  it('confirms Delete Cycle and shows a refusal on the page without signing out', async () => {
    const { user, currentPath } = renderCycles({
      route: '/manage/cycles/2',
      handlers: [
        graphql.mutation('DeleteCycle', () =>
          HttpResponse.json({ data: { deleteCycle: { deletedCycleId: null, errors: [{ __typename: 'FieldError', field: null, message: CYCLE_HAS_WALKABOUTS_MESSAGE, code: 'VALIDATION_FAILED' }] } } }),
        ),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Cycle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Cycle' });
    expect(within(dialog).getByText(DELETE_CYCLE_CONFIRMATION)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(CYCLE_HAS_WALKABOUTS_MESSAGE)).toBeInTheDocument();
    expect(currentPath()).toBe('/manage/cycles/2');
  });

  it('is read-only for a viewer of the organization', async () => {
    renderCycles({ route: '/manage/cycles/3', granted: ['canViewOrganization'] });
    expect(await screen.findByRole('textbox', { name: 'Abbreviation' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Cycle' })).not.toBeInTheDocument();
  });
});
