import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../../test/render';

describe('Not found', () => {
  // Spec routes that no issue in progress builds (screens being built now would turn these into real pages).
  it.each(['/manage/organization/1/reports', '/manage/organization/2/report-booklets'])(
    'says %s is not available yet and links back to Buildings',
    async (route) => {
      renderApp({ route });
      expect(await screen.findByText('This page is not available yet')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Buildings' })).toHaveAttribute('href', '/buildings');
      expect(screen.getByRole('link', { name: 'Buildings' })).toHaveAttribute('href', '/buildings');
    },
  );

  it('says a path outside the product is not found', async () => {
    renderApp({ route: '/no/such/page' });
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Buildings' })).toHaveAttribute('href', '/buildings');
  });
});
