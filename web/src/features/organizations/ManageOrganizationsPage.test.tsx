import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, graphql, http, HttpResponse, type RequestHandler } from 'msw';
import type { PermissionFlag } from '@fsi/shared';
import { renderApp } from '../../test/render';
import { aViewer } from '../../test/builders';

vi.mock('../../ui/PdfPages', () => ({
  PdfPages: ({ url, label }: { url: string; label: string }) => (
    <figure aria-label={`${label} pages`} data-url={url}>
      Page 1 of 1
    </figure>
  ),
}));

type Organization = ReturnType<typeof anOrganization>;

function anOrganization(fields: Partial<{ id: string; name: string; status: string; contractUrl: string | null; contractAcceptedAt: string | null; contractAcceptedBy: string | null; buildingsWithContracts: { id: string; name: string }[]; displayLogoUrl: string | null }> = {}) {
  const { buildingsWithContracts = [], ...rest } = fields;
  return {
    __typename: 'Organization' as const,
    id: '1',
    name: 'Northwind Property Management',
    logoUrl: null as string | null,
    displayLogoUrl: null as string | null,
    contractUrl: null as string | null,
    contractAcceptedAt: null as string | null,
    contractAcceptedBy: null as string | null,
    status: 'Active',
    buildingsWithContracts: buildingsWithContracts.map((b) => ({ __typename: 'BuildingReference' as const, ...b })),
    ...rest,
  };
}

const northwind = anOrganization({ id: '1', name: 'Northwind Property Management', contractUrl: '/files/nw.pdf', contractAcceptedAt: '2026-03-02T15:05:00.000Z', contractAcceptedBy: 'manager' });
const harbour = anOrganization({
  id: '2',
  name: 'Harbour Strata Services',
  status: 'Paused',
  contractUrl: '/files/harbour.pdf',
  buildingsWithContracts: [{ id: '31', name: 'Cedar Point Strata (BCS 4127)' }],
});
const lakeshore = anOrganization({ id: '3', name: 'Lakeshore Homes', status: 'Inactive' });

function page(nodes: Organization[]) {
  return {
    organizations: {
      __typename: 'OrganizationConnection',
      nodes,
      pageInfo: { __typename: 'PageInfo', page: 1, pageSize: 50, totalCount: nodes.length, hasNextPage: false },
    },
  };
}

function payload(organization: Organization | null, errors: { field: string | null; message: string; code: string }[] = [], overridden: { id: string; name: string }[] = []) {
  return {
    __typename: 'OrganizationPayload',
    organization,
    overriddenBuildings: overridden.map((b) => ({ __typename: 'BuildingReference', ...b })),
    errors: errors.map((e) => ({ __typename: 'FieldError', ...e })),
  };
}

function renderPage({ isAdmin = true, granted = [] as PermissionFlag[], organizations = () => [northwind, harbour, lakeshore], handlers = [] as RequestHandler[] } = {}) {
  const viewer = aViewer({ isAdmin, granted, organization: null });
  const asked = { list: 0 };
  const rendered = renderApp({
    route: '/manage/organizations',
    viewer,
    handlers: [
      ...handlers,
      graphql.query('ManageOrganizationsViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('ManageOrganizationsPage', () => {
        asked.list += 1;
        return HttpResponse.json({ data: page(organizations()) });
      }),
    ],
  });
  // The file pickers accept images and PDFs; a test also hands them the wrong kind of file.
  return { ...rendered, user: userEvent.setup({ applyAccept: false }), asked };
}

function row(name: string) {
  return within(screen.getByRole('heading', { name }).closest('li')!);
}

function fileInput(accept: string): HTMLInputElement {
  const input = screen.getByRole('dialog').querySelector<HTMLInputElement>(`input[type="file"][accept="${accept}"]`);
  if (!input) throw new Error(`no file input accepting ${accept}`);
  return input;
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
const pdf = (name = 'contract.pdf') => new File(['%PDF-1.4\n%%EOF\n'], name, { type: 'application/pdf' });

describe('Manage Organizations', () => {
  it('lists the organizations with their status and contract state', async () => {
    renderPage();
    await screen.findByRole('list', { name: 'Organizations' });
    expect(screen.getByText('3 organizations')).toBeInTheDocument();
    expect(row('Northwind Property Management').getByText('Contract accepted by manager on March 2, 2026 at', { exact: false })).toBeInTheDocument();
    expect(row('Harbour Strata Services').getByText('Contract has not been accepted.')).toBeInTheDocument();
    expect(row('Harbour Strata Services').getByText('Paused')).toBeInTheDocument();
    expect(row('Lakeshore Homes').getByText('No contract')).toBeInTheDocument();
    expect(row('Lakeshore Homes').getByText('Inactive')).toBeInTheDocument();
    // Only a contract that awaits acceptance is offered for it.
    expect(screen.getAllByRole('button', { name: /^Accept Contract/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Accept Contract of Harbour Strata Services']);
    expect(screen.getByRole('button', { name: 'Add Organization' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    // Each organization leads to its Organization Settings (issue 12).
    expect(within(screen.getByRole('heading', { name: 'Harbour Strata Services' })).getByRole('link')).toHaveAttribute('href', '/manage/organization/2');
  });

  it('shows a busy status until the organizations arrive', async () => {
    renderPage({ handlers: [graphql.query('ManageOrganizationsPage', async () => {
      await delay(50);
      return HttpResponse.json({ data: page([northwind]) });
    })] });
    expect(await screen.findByRole('status', { name: 'Loading organizations' })).toHaveAttribute('aria-busy', 'true');
    await screen.findByRole('list', { name: 'Organizations' });
    expect(screen.queryByRole('status', { name: 'Loading organizations' })).not.toBeInTheDocument();
  });

  it('tells a user who may not manage organizations so, without asking the server for them', async () => {
    const { asked } = renderPage({ isAdmin: false, granted: ['canViewOrganization'] });
    expect(await screen.findByText('Only administrators and organization managers can manage organizations.')).toBeInTheDocument();
    expect(asked.list).toBe(0);
    expect(screen.queryByRole('button', { name: 'Add Organization' })).not.toBeInTheDocument();
  });

  it("says 'No results found' when there is none, and offers a failed load again", async () => {
    let fail = true;
    const { user } = renderPage({
      organizations: () => [],
      handlers: [graphql.query('ManageOrganizationsPage', () => (fail ? HttpResponse.json({ errors: [{ message: 'boom' }] }) : undefined))],
    });
    expect(await screen.findByText('The organizations could not be loaded')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('adds an organization: the name is required, the logo and contract are uploaded first, and the list shows it', async () => {
    const uploads: string[] = [];
    const created: unknown[] = [];
    let list = [northwind];
    const { user } = renderPage({
      organizations: () => list,
      handlers: [
        http.post('*/uploads', async ({ request }) => {
          const kind = new URL(request.url).searchParams.get('kind') ?? 'image';
          const file = (await request.formData()).get('file') as File;
          // jsdom's FormData keeps the bytes, not the name: the kinds and sizes tell the files apart.
          uploads.push(`${kind}:${file.size}`);
          const url = kind === 'document' ? '/files/contract.pdf' : '/files/logo.png';
          return HttpResponse.json({ data: { type: 'uploads', attributes: { url, mimetype: file.type, pageCount: null } } });
        }),
        graphql.mutation('CreateOrganization', ({ variables }) => {
          created.push(variables.input);
          const organization = anOrganization({ id: '9', name: 'Lakeshore Co-operative Homes', contractUrl: '/files/contract.pdf' });
          list = [northwind, organization];
          return HttpResponse.json({ data: { createOrganization: payload(organization) } });
        }),
      ],
    });
    await screen.findByRole('list', { name: 'Organizations' });
    await user.click(screen.getByRole('button', { name: 'Add Organization' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Add Organization' }));
    await user.click(modal.getByRole('button', { name: 'Save' }));
    expect(await modal.findByText('Organization name is required field')).toBeInTheDocument();
    expect(created).toEqual([]);

    await user.type(modal.getByRole('textbox', { name: 'Organization Name' }), 'Lakeshore Co-operative Homes');
    await user.upload(fileInput('image/*'), png());
    expect(modal.getByRole('img', { name: 'Logo preview' })).toBeInTheDocument();
    await user.upload(fileInput('application/pdf'), pdf());
    expect(modal.getByText('New contract: contract.pdf')).toBeInTheDocument();
    await user.click(modal.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Organization' })).not.toBeInTheDocument());
    expect(uploads).toEqual([`image:${png().size}`, `document:${pdf().size}`]);
    expect(created).toEqual([{ name: 'Lakeshore Co-operative Homes', logoUrl: '/files/logo.png', contractUrl: '/files/contract.pdf' }]);
    expect(await screen.findByRole('heading', { name: 'Lakeshore Co-operative Homes' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Lakeshore Co-operative Homes saved.');
  });

  it('refuses a contract that is not a PDF and a logo that is not an image, at their fields', async () => {
    const { user } = renderPage();
    await screen.findByRole('list', { name: 'Organizations' });
    await user.click(screen.getByRole('button', { name: 'Add Organization' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Add Organization' }));
    await user.upload(fileInput('application/pdf'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(modal.getByText('Contract must be a PDF file')).toBeInTheDocument();
    await user.upload(fileInput('image/*'), pdf('scan.pdf'));
    expect(modal.getByText('Logo must be an image')).toBeInTheDocument();
    expect(modal.queryByText(/New contract:/)).not.toBeInTheDocument();
  });

  it("asks before a new contract overrides the named buildings' contracts, and sends the confirmation", async () => {
    const updates: unknown[] = [];
    const { user } = renderPage({
      handlers: [
        http.post('*/uploads', () => HttpResponse.json({ data: { attributes: { url: '/files/new.pdf', mimetype: 'application/pdf', pageCount: 2 } } })),
        graphql.mutation('UpdateOrganization', ({ variables }) => {
          updates.push(variables);
          return HttpResponse.json({
            data: { updateOrganization: payload({ ...harbour, contractUrl: '/files/new.pdf', buildingsWithContracts: [] }, [], [{ id: '31', name: 'Cedar Point Strata (BCS 4127)' }]) },
          });
        }),
      ],
    });
    await screen.findByRole('list', { name: 'Organizations' });
    await user.click(screen.getByRole('button', { name: 'Edit Harbour Strata Services' }));
    let modal = within(await screen.findByRole('dialog', { name: 'Edit Organization' }));
    expect(modal.getByRole('textbox', { name: 'Organization Name' })).toBeDisabled();
    expect(modal.getByRole('textbox', { name: 'Organization Name' })).toHaveValue('Harbour Strata Services');
    await user.upload(fileInput('application/pdf'), pdf('2026 contract.pdf'));
    await user.click(modal.getByRole('button', { name: 'Save' }));

    let question = within(await screen.findByRole('dialog', { name: 'Override Building Contracts' }));
    expect(question.getByText("The contracts of these buildings will be overridden by the organization's contract: Cedar Point Strata (BCS 4127). Continue?")).toBeInTheDocument();
    await user.click(question.getByRole('button', { name: 'Cancel' }));
    modal = within(await screen.findByRole('dialog', { name: 'Edit Organization' }));
    expect(modal.getByText('New contract: 2026 contract.pdf')).toBeInTheDocument();
    expect(updates).toEqual([]);

    await user.click(modal.getByRole('button', { name: 'Save' }));
    question = within(await screen.findByRole('dialog', { name: 'Override Building Contracts' }));
    await user.click(question.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(updates).toEqual([{ id: '2', input: { contractUrl: '/files/new.pdf', overrideBuildingContracts: true } }]);
    expect(screen.getByRole('status')).toHaveTextContent(
      "Harbour Strata Services saved. The contracts of Cedar Point Strata (BCS 4127) were replaced by the organization's contract.",
    );
  });

  it('returns from the confirmation to the form when the upload is refused, with the message at the contract', async () => {
    const { user } = renderPage({
      handlers: [http.post('*/uploads', () => HttpResponse.json({ errors: [{ status: '422', detail: 'The file is not a PDF it claims to be.' }] }, { status: 422 }))],
    });
    await screen.findByRole('list', { name: 'Organizations' });
    await user.click(screen.getByRole('button', { name: 'Edit Harbour Strata Services' }));
    await user.upload(fileInput('application/pdf'), pdf('odd.pdf'));
    await user.click(within(screen.getByRole('dialog', { name: 'Edit Organization' })).getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Override Building Contracts' })).getByRole('button', { name: 'Continue' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Edit Organization' }));
    expect(await modal.findByText('The file is not a PDF it claims to be.')).toBeInTheDocument();
    expect(modal.getByText('New contract: odd.pdf')).toBeInTheDocument();
  });

  it('clears a contract, showing Save as saving, and keeps the modal and the choice when the save fails', async () => {
    const updates: unknown[] = [];
    let release: () => void = () => undefined;
    const { user } = renderPage({
      handlers: [
        graphql.mutation('UpdateOrganization', async ({ variables }) => {
          updates.push(variables);
          await new Promise<void>((resolve) => (release = resolve));
          return HttpResponse.error();
        }),
      ],
    });
    await screen.findByRole('list', { name: 'Organizations' });
    await user.click(screen.getByRole('button', { name: 'Edit Northwind Property Management' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Edit Organization' }));
    expect(modal.getByText('Contract accepted by manager on March 2, 2026 at', { exact: false })).toBeInTheDocument();
    await user.click(modal.getByRole('button', { name: 'Clear Contract' }));
    expect(modal.getByText('The contract will be cleared.')).toBeInTheDocument();
    await user.click(modal.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(modal.getByRole('button', { name: 'Save' })).toHaveAttribute('data-loading', 'true'));
    expect(modal.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();
    expect(await modal.findByRole('alert')).toHaveTextContent('The organization could not be saved. Check your connection and try again.');
    expect(modal.getByText('The contract will be cleared.')).toBeInTheDocument();
    expect(updates).toEqual([{ id: '1', input: { contractUrl: null } }]);
  });

  it("shows the server's field errors at their fields", async () => {
    const { user } = renderPage({
      handlers: [
        graphql.mutation('CreateOrganization', () =>
          HttpResponse.json({ data: { createOrganization: payload(null, [{ field: 'name', message: 'String contains invalid characters', code: 'VALIDATION_FAILED' }]) } }),
        ),
      ],
    });
    await screen.findByRole('list', { name: 'Organizations' });
    await user.click(screen.getByRole('button', { name: 'Add Organization' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Add Organization' }));
    await user.type(modal.getByRole('textbox', { name: 'Organization Name' }), 'Acme ✓');
    await user.click(modal.getByRole('button', { name: 'Save' }));
    expect(await modal.findByText('String contains invalid characters')).toBeInTheDocument();
    expect(modal.getByRole('textbox', { name: 'Organization Name' })).toHaveValue('Acme ✓');
  });

  it('accepts an organization contract in the accept-contract modal, showing its pages', async () => {
    const accepted: unknown[] = [];
    const { user } = renderPage({
      handlers: [
        graphql.query('AcceptOrganizationContractSheet', () =>
          HttpResponse.json({
            data: { organization: { __typename: 'Organization', id: '2', name: 'Harbour Strata Services', contractUrl: '/files/harbour.pdf', contractFileUrl: '/files/harbour.pdf?signature=x', contractAcceptedAt: null } },
          }),
        ),
        graphql.mutation('AcceptOrganizationContract', ({ variables }) => {
          accepted.push(variables);
          return HttpResponse.json({
            data: {
              acceptOrganizationContract: {
                __typename: 'OrganizationPayload',
                organization: { __typename: 'Organization', id: '2', contractUrl: '/files/harbour.pdf', contractAcceptedAt: '2026-03-10T15:00:00.000Z', contractAcceptedBy: 'admin' },
                errors: [],
              },
            },
          });
        }),
      ],
    });
    await screen.findByRole('list', { name: 'Organizations' });
    await user.click(screen.getByRole('button', { name: 'Accept Contract of Harbour Strata Services' }));
    const sheet = within(await screen.findByRole('dialog', { name: 'Accept Contract' }));
    expect(await sheet.findByRole('figure', { name: 'Harbour Strata Services Contract pages' })).toHaveAttribute('data-url', '/files/harbour.pdf?signature=x');
    expect(sheet.getByText('Press OK to accept the Harbour Strata Services Contract.')).toBeInTheDocument();
    await user.click(sheet.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(accepted).toEqual([{ id: '2' }]);
    expect(row('Harbour Strata Services').getByText('Contract accepted by admin on March 10, 2026 at', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Accept Contract/ })).not.toBeInTheDocument();
  });

  it('lets an organization manager change the logo but not add organizations or set contracts', async () => {
    const { user } = renderPage({ isAdmin: false, granted: ['canManageOrganization'], organizations: () => [harbour] });
    await screen.findByRole('list', { name: 'Organizations' });
    expect(screen.queryByRole('button', { name: 'Add Organization' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Accept Contract/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buildings' })).toHaveAttribute('href', '/buildings');
    await user.click(screen.getByRole('button', { name: 'Edit Harbour Strata Services' }));
    const modal = within(await screen.findByRole('dialog', { name: 'Edit Organization' }));
    expect(modal.getByRole('button', { name: 'Choose Logo' })).toBeInTheDocument();
    expect(modal.getByText('Contract has not been accepted.')).toBeInTheDocument();
    expect(modal.queryByRole('button', { name: /PDF|Clear Contract/ })).not.toBeInTheDocument();
  });
});

describe('Settings', () => {
  it('links an administrator to Manage Organizations', async () => {
    const viewer = aViewer({ isAdmin: true, organization: null });
    renderApp({ route: '/settings', viewer, handlers: [graphql.query('SettingsViewer', () => HttpResponse.json({ data: { viewer } }))] });
    const link = await screen.findByRole('link', { name: /Manage Organizations/ });
    expect(link).toHaveAttribute('href', '/manage/organizations');
  });
});
