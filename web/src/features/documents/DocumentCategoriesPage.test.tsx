import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { graphql, HttpResponse } from 'msw';
import { DOCUMENT_CATEGORIES } from '@fsi/shared';
import { renderApp } from '../../test/render';
import { aBuilding } from './testDocuments';

function counts(values: number[]) {
  return DOCUMENT_CATEGORIES.map((name, order) => ({
    __typename: 'DocumentCategoryCount' as const,
    category: { __typename: 'DocumentCategory' as const, id: name.toLowerCase().replaceAll(' ', '-'), name, order },
    documentsCount: values[order] ?? 0,
  }));
}

function renderCategories(building: unknown) {
  return renderApp({
    route: '/buildings/11/document-categories',
    handlers: [graphql.query('DocumentCategoriesPage', () => HttpResponse.json({ data: { building } }))],
  });
}

describe('Document categories', () => {
  it('lists the seven categories in order with their counts, each leading to its documents', async () => {
    renderCategories(aBuilding({ documentCategoryCounts: counts([2, 0, 1]).reverse() }));
    const list = await screen.findByRole('list', { name: 'Document categories' });
    expect(within(list).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Fire Safety Plan2 documents', '/buildings/11/documents?category=Fire%20Safety%20Plan'],
      ['Inspections0 documents', '/buildings/11/documents?category=Inspections'],
      ['Work Orders1 document', '/buildings/11/documents?category=Work%20Orders'],
      ['Manuals0 documents', '/buildings/11/documents?category=Manuals'],
      ['Policies and Procedures0 documents', '/buildings/11/documents?category=Policies%20and%20Procedures'],
      ['Audits and Reviews0 documents', '/buildings/11/documents?category=Audits%20and%20Reviews'],
      ['Other0 documents', '/buildings/11/documents?category=Other'],
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Categories' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'King Street Tower' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buildings' })).toHaveAttribute('href', '/buildings');
  });

  it("says the documents are closed while the building's contract is not accepted", async () => {
    renderCategories(aBuilding({ contractAcceptedAt: null, documentCategoryCounts: [] }));
    expect(await screen.findByText('Contract not accepted')).toBeInTheDocument();
    expect(screen.getByText('Documents open once a building administrator accepts the contract.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Document categories' })).not.toBeInTheDocument();
  });

  it('says Contract Missing when the building has no contract', async () => {
    renderCategories(aBuilding({ contractAcceptedAt: null, contractUrl: null, documentCategoryCounts: [] }));
    expect(await screen.findByText('Contract Missing')).toBeInTheDocument();
  });

  it('says No results found for a building that is not there', async () => {
    renderCategories(null);
    expect(await screen.findByText('No results found')).toBeInTheDocument();
  });

  it('offers Try again when the categories could not be loaded', async () => {
    renderApp({
      route: '/buildings/11/document-categories',
      handlers: [graphql.query('DocumentCategoriesPage', () => HttpResponse.json({ errors: [{ message: 'Backend unavailable' }] }))],
    });
    expect(await screen.findByText('The document categories could not be loaded')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
