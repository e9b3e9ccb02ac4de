import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { graphql, HttpResponse, delay, type RequestHandler } from 'msw';
import { renderApp } from '../../test/render';
import { anOrganization, aViewer, serverError } from '../../test/builders';
import { admin, aPage, aSheet, anUnassignedCode, fieldError } from './testData';

const organization = anOrganization({ id: '1', name: 'Harbour Properties' });
const first = anUnassignedCode('aaaaaaaa-0000-4000-8000-000000000001');
const second = anUnassignedCode('aaaaaaaa-0000-4000-8000-000000000002');

type Options = { viewer?: ReturnType<typeof aViewer>; codes?: unknown[]; asked?: unknown[]; listFails?: boolean; extra?: RequestHandler[] };

function renderCodes({ viewer = admin, codes = [first, second], asked = [], listFails = false, extra = [] }: Options = {}) {
  const state = { codes };
  const view = renderApp({
    route: '/manage/organization/1/qrcodes',
    viewer,
    handlers: [
      ...extra,
      graphql.query('UnassignedQrCodesAccess', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('UnassignedQrCodesPage', ({ variables }) => {
        asked.push(variables);
        if (listFails) return serverError('Backend unavailable');
        return HttpResponse.json({
          data: { organization, unassignedQrCodes: { __typename: 'UnassignedQrCodeConnection', nodes: state.codes, pageInfo: aPage(state.codes.length) } },
        });
      }),
    ],
  });
  return { ...view, state };
}

describe('Unassigned QR codes', () => {
  it("lists the organization's unassigned codes with their images, newest first, under the organization's way back", async () => {
    const asked: unknown[] = [];
    renderCodes({ asked });
    const list = await screen.findByRole('list', { name: 'Unassigned QR codes' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('img', { name: `QR code ${first.uuid}` })).toHaveAttribute('src', first.qrImageUrl);
    expect(items[0]).toHaveTextContent(first.uuid);
    expect(screen.getByText('2 unassigned codes, newest first')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'QR Codes' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Harbour Properties' })).toHaveAttribute('href', '/manage/organization/1');
    expect(asked).toEqual([{ organizationId: '1', page: 1, pageSize: 50 }]);
  });

  it('does not ask for the codes of a user who is not an administrator (the answer would end the session)', async () => {
    const asked: unknown[] = [];
    renderCodes({ viewer: aViewer({ granted: ['canManageOrganization'] }), asked });
    expect(await screen.findByText('Administrators only')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Generate' })).not.toBeInTheDocument();
    expect(asked).toEqual([]);
  });

  it('says No results found when the organization has no unassigned code, and Print is unavailable', async () => {
    renderCodes({ codes: [] });
    expect(await screen.findByText('No results found')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
  });

  it('shows its loading state, then an error with Try again when the list fails', async () => {
    renderCodes({ listFails: true });
    expect(screen.getByRole('status', { name: 'Loading QR codes' })).toBeInTheDocument();
    expect(await screen.findByText('The QR codes could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("checks the batch count as typed with the specification's messages, and sends none of them", async () => {
    const sent: unknown[] = [];
    const { user } = renderCodes({
      extra: [
        graphql.mutation('GenerateQrCodes', ({ variables }) => {
          sent.push(variables);
          return HttpResponse.json({ data: { generateQrCodes: { __typename: 'GenerateQrCodesPayload', codes: [], errors: [] } } });
        }),
      ],
    });
    const field = await screen.findByRole('textbox', { name: 'QR codes number' });
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('QR codes number is required field')).toBeInTheDocument();
    await user.type(field, '0');
    expect(await screen.findByText("QR codes number can not be lower than '1'")).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, '51');
    expect(await screen.findByText("QR codes number can not be greater than '50'")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(field).toHaveValue('51');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
  });

  it('generates a batch, says how many, and shows the list again with the new codes first', async () => {
    const sent: unknown[] = [];
    const third = anUnassignedCode('aaaaaaaa-0000-4000-8000-000000000003');
    const fourth = anUnassignedCode('aaaaaaaa-0000-4000-8000-000000000004');
    const { user, state } = renderCodes({
      extra: [
        graphql.mutation('GenerateQrCodes', ({ variables }) => {
          sent.push(variables);
          state.codes = [fourth, third, first, second];
          return HttpResponse.json({ data: { generateQrCodes: { __typename: 'GenerateQrCodesPayload', codes: [fourth, third], errors: [] } } });
        }),
      ],
    });
    await user.type(await screen.findByRole('textbox', { name: 'QR codes number' }), '2');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('2 QR codes generated.')).toBeInTheDocument();
    expect(sent).toEqual([{ organizationId: '1', count: 2 }]);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Unassigned QR codes' })).getAllByRole('listitem')).toHaveLength(4));
    expect(within(screen.getByRole('list', { name: 'Unassigned QR codes' })).getAllByRole('listitem')[0]).toHaveTextContent(fourth.uuid);
    expect(screen.getByRole('textbox', { name: 'QR codes number' })).toHaveValue('');
  });

  it("shows the backend's refusal at the field, and a failure to send while keeping the count", async () => {
    let offline = false;
    const { user } = renderCodes({
      extra: [
        graphql.mutation('GenerateQrCodes', () =>
          offline
            ? HttpResponse.error()
            : HttpResponse.json({
                data: { generateQrCodes: { __typename: 'GenerateQrCodesPayload', codes: [], errors: [fieldError('count', "QR codes number can not be greater than '50'")] } },
              }),
        ),
      ],
    });
    const field = await screen.findByRole('textbox', { name: 'QR codes number' });
    await user.type(field, '7');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText("QR codes number can not be greater than '50'")).toBeInTheDocument();
    offline = true;
    await user.clear(field);
    await user.type(field, '7');
    await user.click(screen.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The QR codes could not be generated. Check your connection and try again.');
    expect(field).toHaveValue('7');
  });

  it('prints the sheet of every unassigned code with progress, and says why when there is none', async () => {
    const tab = { location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    let none = false;
    const asked: unknown[] = [];
    const { user } = renderCodes({
      extra: [
        graphql.query('UnassignedQrCodeSheet', async ({ variables }) => {
          asked.push(variables);
          await delay(50);
          return HttpResponse.json({
            data: {
              unassignedQrCodeSheet: none
                ? { __typename: 'QrCodeSheetResult', sheet: null, errors: [fieldError('ids', 'No results found')] }
                : { __typename: 'QrCodeSheetResult', sheet: aSheet('/signed-files/unassigned.pdf?signature=abc'), errors: [] },
            },
          });
        }),
      ],
    });
    await screen.findByRole('list', { name: 'Unassigned QR codes' });
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(await screen.findByRole('status', { name: 'Making the QR code sheet' })).toBeInTheDocument();
    await waitFor(() => expect(tab.location.href).toBe('/signed-files/unassigned.pdf?signature=abc'));
    expect(asked).toEqual([{ organizationId: '1' }]);
    none = true;
    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No results found');
    expect(tab.close).toHaveBeenCalledTimes(1);
    open.mockRestore();
  });
});
