import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { graphql, http, HttpResponse, type RequestHandler } from 'msw';
import { PHOTO_NOT_IMAGE_MESSAGE, STALE_EDIT_MESSAGE, tooLongMessage, type PermissionFlag } from '@fsi/shared';
import { notUnderTest, renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';
import type { UpdateBuildingInput } from '../../generated/schema';

const ROUTE = '/manage/organization/1/building/11';

const address = (fields: Record<string, string | null> = {}) => ({
  __typename: 'AddressInformation',
  address1: null,
  address2: null,
  city: null,
  state: null,
  postalCode: null,
  email: null,
  phone: null,
  contactName: null,
  contactPhone: null,
  contactEmail: null,
  ...fields,
});

function aBuilding(fields: Record<string, unknown> = {}) {
  return {
    __typename: 'Building',
    id: '11',
    name: 'King Street Commerce Centre',
    version: 3,
    photoUrl: null,
    floorDisplayName: 'Floor',
    timeZone: 'America/Toronto',
    organization: { __typename: 'Organization', id: '1' },
    region: { __typename: 'Region', id: '21' },
    contractUrl: '/files/king.pdf',
    contractFileUrl: '/signed-files/king.pdf?signature=x',
    organizationContract: false,
    contractAccepterUsername: 'manager',
    contractAcceptedAt: '2026-03-02T15:05:00.000Z',
    reportDefinitionIds: null,
    reportBookletTemplateIds: ['52'],
    information: {
      __typename: 'BuildingInformation',
      occupancyType: 'Business',
      note1: 'Keys at the desk',
      note2: null,
      managementCompanyName: 'Northwind PM',
      monitoringCompanyName: null,
      monitoringCompanyPhone: null,
      monitoringCompanyAccountNumber: null,
      monitoringCompanyPassCode: null,
      addressInformation: address({ address1: '100 King St W', city: 'Toronto' }),
      managementCompanyAddressInformation: null,
    },
    buildingOffsets: [
      {
        __typename: 'BuildingOffset',
        cycleId: '1',
        cycle: { __typename: 'Cycle', id: '1', name: 'Daily', abbreviation: 'D' },
        openOffsetValue: 0,
        openOffsetUnit: 'HOUR',
        closeOffsetValue: 6,
        closeOffsetUnit: 'HOUR',
      },
    ],
    ...fields,
  };
}

const regions = [
  { __typename: 'Region', id: '21', name: 'Downtown', parent: null },
  { __typename: 'Region', id: '22', name: 'Harbourfront', parent: { __typename: 'Region', id: '21' } },
  { __typename: 'Region', id: '23', name: 'Uptown', parent: null },
];

function pageData(building: ReturnType<typeof aBuilding> | null = aBuilding()) {
  return {
    building,
    regions,
    reportDefinitionOptions: [
      { __typename: 'ReportDefinitionOption', id: '41', name: 'Weekly Fire Safety Inspection', cycleName: 'Weekly', scopeName: 'Northwind Property Management', buildingId: null },
      { __typename: 'ReportDefinitionOption', id: '42', name: 'Weekly Sprinkler and Fire Pump Log', cycleName: 'Weekly', scopeName: 'Downtown', buildingId: null },
      { __typename: 'ReportDefinitionOption', id: '43', name: 'Daily Panel and Stairwell Door Log', cycleName: 'Daily', scopeName: 'Yonge & Eglinton Tower', buildingId: '12' },
    ],
    reportBookletTemplateOptions: [
      { __typename: 'ReportBookletTemplateOption', id: '51', name: 'Monthly Report Booklet', scopeName: 'Northwind Property Management', buildingId: null },
      { __typename: 'ReportBookletTemplateOption', id: '52', name: 'Weekly Consolidated Booklet', scopeName: 'King Street Commerce Centre', buildingId: '11' },
    ],
  };
}

type Options = {
  isAdmin?: boolean;
  granted?: PermissionFlag[];
  organizationWide?: boolean;
  noOrganization?: boolean;
  route?: string;
  pages?: Array<ReturnType<typeof pageData>>;
  onUpdate?: (input: UpdateBuildingInput) => { building?: unknown; errors?: Array<{ field: string | null; message: string; code: string }> };
  handlers?: RequestHandler[];
};

function renderForm({ isAdmin = false, granted = ['canManageBuildings'], organizationWide = true, noOrganization = false, route = ROUTE, pages = [pageData()], onUpdate, handlers = [] }: Options = {}) {
  const viewer = { ...aViewer({ isAdmin, granted, ...(noOrganization ? { organization: null } : {}) }), hasOrganizationWideScope: organizationWide };
  const asked = { page: 0, updates: [] as UpdateBuildingInput[] };
  const rendered = renderApp({
    route,
    viewer,
    handlers: [
      ...handlers,
      graphql.query('BuildingFormViewer', () => HttpResponse.json({ data: { viewer } })),
      // Where a save leads (the building's settings, the organization's buildings).
      notUnderTest('OrganizationSettingsViewer'),
      // The Walkabouts block under the form (its own tests are in features/current-walkabouts).
      graphql.query('CreateCurrentWalkaboutsBuilding', ({ variables }) =>
        HttpResponse.json({ data: { building: { __typename: 'Building', id: variables.buildingId, hasApplicableWalkaboutConditions: true } } }),
      ),
      graphql.query('BuildingFormPage', () => {
        const data = pages[Math.min(asked.page, pages.length - 1)]!;
        asked.page += 1;
        return HttpResponse.json({ data });
      }),
      graphql.mutation('UpdateBuilding', ({ variables }) => {
        const input = variables.input as UpdateBuildingInput;
        asked.updates.push(input);
        const answer = onUpdate?.(input) ?? { building: aBuilding({ version: 4 }) };
        return HttpResponse.json({
          data: {
            updateBuilding: {
              __typename: 'UpdateBuildingPayload',
              building: answer.building ?? null,
              errors: (answer.errors ?? []).map((e) => ({ __typename: 'FieldError', ...e })),
            },
          },
        });
      }),
    ],
  });
  return { ...rendered, user: userEvent.setup({ applyAccept: false }), asked };
}

const form = () => screen.findByRole('form', { name: 'Edit King Street Commerce Centre' });

describe('the building edit form', () => {
  it('shows every field of the building as loaded, with the region tree, the contract and the toggles', async () => {
    const { user } = renderForm();
    await form();
    expect(screen.getByLabelText('Floor Label Name')).toHaveValue('Floor');
    expect(screen.getByRole('combobox', { name: /^Time zone/ })).toHaveValue('America/Toronto');
    expect(screen.getByRole('combobox', { name: 'Occupancy Type' })).toHaveValue('Business');
    expect(screen.getByLabelText('Note 1')).toHaveValue('Keys at the desk');
    const address = within(screen.getByRole('group', { name: 'Address Information' }));
    expect(address.getByLabelText('Address 1')).toHaveValue('100 King St W');
    expect(address.getByLabelText('Province/State')).toHaveValue('');
    expect(screen.getByText('Contract accepted by manager on March 2, 2026 at', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open the contract/ })).toHaveAttribute('href', '/signed-files/king.pdf?signature=x');
    // A building that never chose its reports has every one on; the booklets it chose stay as chosen.
    expect(screen.getByRole('switch', { name: /Weekly Fire Safety Inspection/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /Weekly Sprinkler and Fire Pump Log/ })).toBeChecked();
    expect(screen.getByRole('switch', { name: /Monthly Report Booklet/ })).not.toBeChecked();
    expect(screen.getByText('Downtown · Weekly')).toBeInTheDocument();
    // Another building's own definition is not offered.
    expect(screen.queryByRole('switch', { name: /Daily Panel and Stairwell Door Log/ })).not.toBeInTheDocument();
    const offsets = within(screen.getByRole('group', { name: 'Daily (D) offsets' }));
    expect(offsets.getByRole('textbox', { name: 'Daily (D) Close Offset' })).toHaveValue('6');

    await user.click(screen.getByRole('combobox', { name: 'Region' }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['None', 'Downtown', '- Harbourfront', 'Uptown']);
    // Only administrators upload or clear a contract.
    expect(screen.queryByRole('button', { name: 'Clear Contract' })).not.toBeInTheDocument();
  });

  it('saves only what changed with the version it loaded, then goes back to the backUrl', async () => {
    const { user, asked, currentPath } = renderForm({ route: `${ROUTE}?backUrl=${encodeURIComponent('/manage/building/11')}` });
    await form();
    const label = screen.getByLabelText('Floor Label Name');
    await user.clear(label);
    await user.type(label, 'Level');
    const close = screen.getByRole('textbox', { name: 'Daily (D) Close Offset' });
    await user.clear(close);
    await user.type(close, '2');
    await user.click(screen.getByRole('switch', { name: /Weekly Sprinkler and Fire Pump Log/ }));
    await user.type(within(screen.getByRole('group', { name: 'Monitoring Company' })).getByLabelText('Pass Code'), 'heron');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(currentPath()).toBe('/manage/building/11'));
    expect(asked.updates).toEqual([
      {
        id: '11',
        version: 3,
        floorDisplayName: 'Level',
        information: { monitoringCompanyPassCode: 'heron' },
        offsets: [{ cycleId: '1', openOffsetValue: 0, openOffsetUnit: 'HOUR', closeOffsetValue: 2, closeOffsetUnit: 'HOUR' }],
        reportDefinitionIds: ['41'],
      },
    ]);
  });

  it("goes to the organization's buildings after saving when there is no backUrl, and never to another site", async () => {
    const { user, currentPath } = renderForm({ route: `${ROUTE}?backUrl=${encodeURIComponent('//evil.example/x')}` });
    await form();
    await user.type(screen.getByLabelText('Note 2'), 'Annual test in May');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(currentPath()).toBe('/manage/organization/1/buildings'));
  });

  it('says what is wrong as it is typed and sends nothing until it is right', async () => {
    const { user, asked } = renderForm();
    await form();
    const city = within(screen.getByRole('group', { name: 'Management Company Address Information' })).getByLabelText('City');
    await user.type(city, 'Toronto 😀');
    expect(await screen.findByText('String contains invalid characters')).toBeInTheDocument();
    const open = screen.getByRole('textbox', { name: 'Daily (D) Open Offset' });
    await user.clear(open);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Offset must be a whole number')).toBeInTheDocument();
    // The first field to correct takes the focus.
    await waitFor(() => expect(within(screen.getByRole('group', { name: 'Daily (D) offsets' })).getByRole('textbox', { name: 'Daily (D) Open Offset' })).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Correct the marked fields, then save again.');
    expect(asked.updates).toEqual([]);
  });

  it("shows the server's refusal at its field and keeps everything typed", async () => {
    const { user, asked } = renderForm({
      onUpdate: () => ({ errors: [{ field: 'information.addressInformation.city', message: tooLongMessage('City'), code: 'VALIDATION_FAILED' }] }),
    });
    await form();
    const city = within(screen.getByRole('group', { name: 'Address Information' })).getByLabelText('City');
    await user.clear(city);
    await user.type(city, 'North York');
    await user.type(screen.getByLabelText('Note 2'), 'Check the gate');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(tooLongMessage('City'))).toBeInTheDocument();
    expect(city).toHaveValue('North York');
    expect(screen.getByLabelText('Note 2')).toHaveValue('Check the gate');
    expect(asked.updates).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('says a stale save in its words and loads the latest version, keeping nothing half-saved', async () => {
    const latest = pageData(aBuilding({ version: 5, floorDisplayName: 'Storey' }));
    const { user, asked } = renderForm({
      pages: [pageData(), latest],
      onUpdate: () => ({ errors: [{ field: 'version', message: STALE_EDIT_MESSAGE, code: 'STALE' }] }),
    });
    await form();
    const label = screen.getByLabelText('Floor Label Name');
    await user.clear(label);
    await user.type(label, 'Deck');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(STALE_EDIT_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Floor Label Name')).toHaveValue('Storey'));
    expect(asked.page).toBe(2);
    // The next save carries the version just loaded.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(asked.updates).toHaveLength(2));
    expect(asked.updates[1]).toEqual({ id: '11', version: 5 });
  });

  it('uploads a new photo first (images only), then saves its URL', async () => {
    const uploads: string[] = [];
    const { user, asked } = renderForm({
      handlers: [
        http.post('*/uploads', ({ request }) => {
          uploads.push(new URL(request.url).searchParams.get('kind') ?? 'image');
          return HttpResponse.json({ data: { type: 'uploads', attributes: { url: '/files/new-photo.png', mimetype: 'image/png', pageCount: null } } });
        }),
      ],
    });
    await form();
    const input = document.querySelector<HTMLInputElement>('input[type="file"][accept="image/*"]')!;
    await user.upload(input, new File(['%PDF'], 'plan.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(PHOTO_NOT_IMAGE_MESSAGE)).toBeInTheDocument();
    await user.upload(input, new File([new Uint8Array([0x89, 0x50])], 'front.png', { type: 'image/png' }));
    expect(screen.queryByText(PHOTO_NOT_IMAGE_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of King Street Commerce Centre' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(asked.updates).toHaveLength(1));
    expect(uploads).toEqual(['image']);
    expect(asked.updates[0]).toEqual({ id: '11', version: 3, photoUrl: '/files/new-photo.png' });
  });

  it('lets an administrator upload or clear the contract', async () => {
    const { user, asked } = renderForm({ isAdmin: true, granted: [] });
    await form();
    await user.click(screen.getByRole('button', { name: 'Clear Contract' }));
    expect(screen.getByText('The contract will be cleared.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(asked.updates).toEqual([{ id: '11', version: 3, contractUrl: null }]));
  });

  it("shows 'Contract is managed on organization level.' for an organization's contract", async () => {
    renderForm({ pages: [pageData(aBuilding({ organizationContract: true }))] });
    expect(await screen.findByText('Contract is managed on organization level.')).toBeInTheDocument();
  });

  it('shows a viewer every field disabled, with nothing to save', async () => {
    renderForm({ granted: ['canViewBuildings'] });
    await form();
    expect(screen.getByLabelText('Floor Label Name')).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Region' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: /Weekly Fire Safety Inspection/ })).toBeDisabled();
    expect(within(screen.getByRole('group', { name: 'Address Information' })).getByLabelText('City')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Photo' })).not.toBeInTheDocument();
  });

  it('keeps the region to organization-wide building managers', async () => {
    renderForm({ organizationWide: false });
    await form();
    expect(screen.getByRole('combobox', { name: 'Region' })).toBeDisabled();
    expect(screen.getByLabelText('Floor Label Name')).toBeEnabled();
  });

  it('says a building that is not there in the words of an empty list', async () => {
    renderForm({ pages: [pageData(null)] });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('asks the server nothing for a user of no organization', async () => {
    const { asked } = renderForm({ noOrganization: true, granted: [] });
    expect(await screen.findByText('Not available')).toBeInTheDocument();
    expect(asked.page).toBe(0);
  });
});
