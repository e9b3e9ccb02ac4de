import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { delay, graphql, HttpResponse, type RequestHandler } from 'msw';
import { CONTRACT_NOT_ACCEPTED_MESSAGE, NO_APPLICABLE_WALKABOUT_CONDITIONS_TEXT } from '@fsi/shared';
import { renderApp, TEST_TOKEN } from '../../test/render';
import { readAccessToken } from '../../lib/session/session';
import { CreateCurrentWalkabouts, BUILDING_CONDITIONS_FAILED_MESSAGE, NOT_ALLOWED_TEXT } from './CreateCurrentWalkabouts';
import { CREATE_CURRENT_WALKABOUTS_FAILED_MESSAGE } from './useCreateCurrentWalkabouts';

const building = (hasApplicableWalkaboutConditions: boolean) => ({ __typename: 'Building', id: '7', hasApplicableWalkaboutConditions });

const changes = {
  __typename: 'CurrentWalkaboutChanges',
  walkaboutsCreated: 1,
  walkaboutsUpdated: 2,
  entriesAdded: 3,
  entriesRemoved: 1,
  conditionsAdded: 12,
  conditionsRemoved: 2,
  entriesKeptWithResults: 0,
};

function payload(errors: { field: string | null; message: string; code: string }[] = []) {
  const failed = errors.length > 0;
  return {
    createCurrentWalkabouts: {
      __typename: 'CreateCurrentWalkaboutsPayload',
      building: failed ? null : { ...building(true), walkaboutsCount: 4 },
      walkabouts: failed
        ? []
        : [{ __typename: 'Walkabout', id: '70', isOpen: true, isLocked: false, isClosed: false, isComplete: false, conditionsCount: 40, markedCount: 3, unsatisfactoryCount: 0 }],
      changes: failed ? null : changes,
      errors: errors.map((e) => ({ __typename: 'FieldError', ...e })),
    },
  };
}

function renderButton({ canCreate = true, conditions = [true], handlers = [] as RequestHandler[] } = {}) {
  const asked = { building: 0, created: [] as string[] };
  const rendered = renderApp({
    ui: <CreateCurrentWalkabouts buildingId="7" canCreate={canCreate} />,
    handlers: [
      ...handlers,
      graphql.query('CreateCurrentWalkaboutsBuilding', () => {
        const answer = conditions[Math.min(asked.building, conditions.length - 1)]!;
        asked.building += 1;
        return HttpResponse.json({ data: { building: building(answer) } });
      }),
      graphql.mutation('CreateCurrentWalkabouts', async ({ variables }) => {
        asked.created.push(String(variables.buildingId));
        await delay(60);
        return HttpResponse.json({ data: payload() });
      }),
    ],
  });
  return { ...rendered, asked };
}

const button = () => screen.getByRole('button', { name: 'Create Current Walkabouts' });

describe('CreateCurrentWalkabouts', () => {
  it('creates the current walkabouts with a spinner, then says what changed', async () => {
    const { user, asked } = renderButton();
    await waitFor(() => expect(button()).toBeEnabled());
    expect(screen.queryByText(NO_APPLICABLE_WALKABOUT_CONDITIONS_TEXT)).not.toBeInTheDocument();
    await user.click(button());
    expect(await screen.findByText('Creating current walkabouts...')).toBeInTheDocument();
    expect(button()).toHaveAttribute('data-loading', 'true');
    expect(
      await screen.findByText('Created 1 walkabout. Updated 2 walkabouts: added 3 entries and 12 conditions; removed 1 entry and 2 conditions.'),
    ).toBeInTheDocument();
    expect(asked.created).toEqual(['7']);
    expect(screen.queryByText('Creating current walkabouts...')).not.toBeInTheDocument();
    expect(button()).toBeEnabled();
  });

  it('is disabled with the explanation when the building has no applicable conditions, and Refresh asks again', async () => {
    const { user, asked } = renderButton({ conditions: [false, true] });
    expect(await screen.findByText(NO_APPLICABLE_WALKABOUT_CONDITIONS_TEXT)).toBeInTheDocument();
    expect(button()).toBeDisabled();
    expect(button()).toHaveAccessibleDescription(NO_APPLICABLE_WALKABOUT_CONDITIONS_TEXT);
    await user.click(screen.getByRole('button', { name: 'Refresh walkabout conditions' }));
    await waitFor(() => expect(button()).toBeEnabled());
    expect(asked.building).toBe(2);
    expect(screen.queryByText(NO_APPLICABLE_WALKABOUT_CONDITIONS_TEXT)).not.toBeInTheDocument();
  });

  it('is read-only for a user without the right', async () => {
    const { asked } = renderButton({ canCreate: false });
    expect(await screen.findByText(NOT_ALLOWED_TEXT)).toBeInTheDocument();
    expect(button()).toBeDisabled();
    expect(asked.created).toEqual([]);
  });

  it("shows the server's refusal and keeps the user signed in", async () => {
    const { user, currentPath } = renderButton({
      handlers: [
        graphql.mutation('CreateCurrentWalkabouts', () =>
          HttpResponse.json({ data: payload([{ field: null, message: CONTRACT_NOT_ACCEPTED_MESSAGE, code: 'CONTRACT_NOT_ACCEPTED' }]) }),
        ),
      ],
    });
    await waitFor(() => expect(button()).toBeEnabled());
    await user.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent(CONTRACT_NOT_ACCEPTED_MESSAGE);
    expect(readAccessToken()).toBe(TEST_TOKEN);
    expect(currentPath()).toBe('/');
    expect(button()).toBeEnabled();
  });

  it('says the press failed when the server cannot be reached, without signing out', async () => {
    const { user } = renderButton({ handlers: [graphql.mutation('CreateCurrentWalkabouts', () => HttpResponse.error())] });
    await waitFor(() => expect(button()).toBeEnabled());
    await user.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent(CREATE_CURRENT_WALKABOUTS_FAILED_MESSAGE);
    expect(readAccessToken()).toBe(TEST_TOKEN);
  });

  it('says when the building could not be read, with a Refresh link', async () => {
    const { user } = renderButton({
      handlers: [graphql.query('CreateCurrentWalkaboutsBuilding', () => HttpResponse.json({ errors: [{ message: 'Backend unavailable' }] }), { once: true })],
    });
    expect(await screen.findByText(BUILDING_CONDITIONS_FAILED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Current Walkabouts' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refresh walkabout conditions' }));
    await waitFor(() => expect(button()).toBeEnabled());
  });
});
