import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { graphql, HttpResponse, type RequestHandler } from 'msw';
import { BUILDINGS_IMPORT_CAUTION, IMPORT_ERRORS_HEADING, IMPORT_FILE_ERROR_MESSAGE } from '@fsi/shared/import-export';
import { renderApp } from '../../test/render';
import { aViewer, failingUntilRecovered, serverError } from '../../test/builders';
import { readAccessToken } from '../../lib/session/session';
import { NOT_CSV_MESSAGE } from './ImportPage';

/** A Mantine select's input by its label (the label also names the dropdown). */
const inputOf = async (label: RegExp) => (await screen.findAllByLabelText(label)).find((element) => element.tagName === 'INPUT')!;

const admin = aViewer({ isAdmin: true, organization: null });

const aJob = (fields: Partial<{ status: string; rowsDone: number; rowsTotal: number; messages: string[]; problems: Array<{ row: number; column: string | null; text: string }>; failure: string | null }> = {}) => ({
  __typename: 'ImportJob' as const,
  id: '8f6d2a3e-1111-4000-8000-000000000001',
  type: 'TYPES',
  organizationId: '1',
  status: 'QUEUED',
  rowsDone: 0,
  rowsTotal: 3,
  messages: [],
  failure: null,
  ...fields,
  problems: (fields.problems ?? []).map((p) => ({ __typename: 'ImportProblem', ...p })),
});

function renderImport({ viewer = admin, importData = () => HttpResponse.json({ data: { importData: { __typename: 'ImportDataPayload', job: aJob(), errors: [] } } }) as Response, jobs = [aJob({ status: 'SUCCEEDED', rowsDone: 3, messages: ['The file was imported.', '1 type(s) added.'] })], handlers = [] as RequestHandler[] } = {}) {
  const asked = { organizations: 0, imports: [] as Array<Record<string, unknown>>, polls: 0 };
  const rendered = renderApp({
    route: '/settings/import',
    viewer,
    handlers: [
      ...handlers,
      graphql.query('DataTransferViewer', () => HttpResponse.json({ data: { viewer } })),
      graphql.query('DataTransferOrganizations', () => {
        asked.organizations += 1;
        return HttpResponse.json({ data: { organizations: { __typename: 'OrganizationConnection', nodes: [{ __typename: 'Organization', id: '1', name: 'Northwind' }] } } });
      }),
      graphql.mutation('ImportData', ({ variables }) => {
        asked.imports.push(variables);
        return importData();
      }),
      graphql.query('ImportJob', () => {
        const job = jobs[Math.min(asked.polls, jobs.length - 1)]!;
        asked.polls += 1;
        return HttpResponse.json({ data: { importJob: job } });
      }),
    ],
  });
  return { ...rendered, asked };
}

async function fill(user: ReturnType<typeof renderApp>['user'], type: string, file: File) {
  await user.click(await inputOf(/^Organization/));
  await user.click(await screen.findByRole('option', { name: 'Northwind' }));
  await user.click(await inputOf(/^Type/));
  await user.click(await screen.findByRole('option', { name: type }));
  await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, file);
}

const csv = (name = 'types.csv') => new File(['type_name\r\nPump\r\n'], name, { type: 'text/csv' });

describe('Import', () => {
  it('imports the chosen file, shows the rows done of the total, then the success messages', async () => {
    const { user, asked } = renderImport({
      jobs: [aJob({ status: 'RUNNING', rowsDone: 2 }), aJob({ status: 'SUCCEEDED', rowsDone: 3, messages: ['The file was imported.', '1 type(s) added.'] })],
    });
    await fill(user, 'Equipment types', csv());
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(/of 3 rows/)).toBeInTheDocument();
    expect(await screen.findByText('1 type(s) added.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('The file was imported.')).toBeInTheDocument();
    expect(asked.imports[0]).toMatchObject({ type: 'TYPES', organizationId: '1' });
    expect(String(asked.imports[0]!.file)).toMatch(/^data:text\/csv;base64,/);
  });

  it("lists the file's problems under 'Please correct the following errors and retry.', and Close keeps what was chosen", async () => {
    const { user } = renderImport({
      importData: () =>
        HttpResponse.json({
          data: {
            importData: {
              __typename: 'ImportDataPayload',
              job: null,
              errors: [{ __typename: 'FieldError', field: 'file', message: 'Row 2, column label: Task name is required field', code: 'VALIDATION_FAILED' }],
            },
          },
        }),
    });
    await fill(user, 'Equipment types', csv());
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(IMPORT_ERRORS_HEADING)).toBeInTheDocument();
    expect(screen.getByText('Row 2, column label: Task name is required field')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await inputOf(/^Organization/)).toHaveValue('Northwind');
    expect(await inputOf(/^Type/)).toHaveValue('Equipment types');
  });

  it("lists a failed job's problems", async () => {
    const { user } = renderImport({ jobs: [aJob({ status: 'FAILED', problems: [{ row: 3, column: 'cycle_name', text: "Row 3, column cycle_name: No cycle named 'Fortnightly' in the organization." }] })] });
    await fill(user, 'Equipment types', csv());
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText("Row 3, column cycle_name: No cycle named 'Fortnightly' in the organization.")).toBeInTheDocument();
    expect(screen.getByText(IMPORT_ERRORS_HEADING)).toBeInTheDocument();
  });

  it("says the spec's file-error message when the server fails, keeps the form and the session", async () => {
    const { user, currentPath } = renderImport({ importData: () => serverError('boom', { status: 500 }) });
    await fill(user, 'Equipment types', csv());
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(IMPORT_FILE_ERROR_MESSAGE)).toBeInTheDocument();
    expect(await inputOf(/^Type/)).toHaveValue('Equipment types');
    expect(currentPath()).toBe('/settings/import');
  });

  it('cautions about active walkabouts for a buildings import, and takes only .csv files', async () => {
    const { user, asked } = renderImport();
    await fill(user, 'Buildings', new File(['%PDF'], 'plan.pdf', { type: 'text/csv' }));
    expect(screen.getByText(BUILDINGS_IMPORT_CAUTION)).toBeInTheDocument();
    expect(screen.getByText(NOT_CSV_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(asked.imports).toEqual([]);
  });

  it('is for administrators only, decided before anything is asked', async () => {
    const { asked } = renderImport({ viewer: aViewer() });
    expect(await screen.findByText('Administrators only')).toBeInTheDocument();
    await waitFor(() => expect(asked.organizations).toBe(0));
  });

  it('says the organizations could not be loaded, with the reason, reloads them on Try again and keeps the user signed in', async () => {
    let failed = 0;
    const broken = failingUntilRecovered('DataTransferOrganizations', { onFailure: () => void (failed += 1) });
    const { user, currentPath, asked } = renderImport({
      handlers: [broken.handler],
    });
    expect(await screen.findByText('The organizations could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Check your connection and try again.')).toBeInTheDocument();
    expect(screen.getByText('The backend did not answer')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import' })).not.toBeInTheDocument();
    expect(failed).toBe(1);
    broken.recover();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await fill(user, 'Equipment types', csv());
    expect(screen.getByRole('button', { name: 'Import' })).toBeEnabled();
    expect(screen.queryByText('The organizations could not be loaded')).not.toBeInTheDocument();
    expect(asked.organizations).toBe(1);
    expect(currentPath()).toBe('/settings/import');
    expect(readAccessToken()).not.toBeNull();
  });
});
