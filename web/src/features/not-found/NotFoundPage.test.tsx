import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../../test/render';

describe('Not found', () => {
  // Every route of the specification has its screen (issue 14 built the last ones): anything else is not found, also
  // under /manage, where the routes are.
  it.each(['/no/such/page', '/manage/organization/1/no-such-screen', '/manage/building/2/nothing'])(
    'says %s is not found and links back to Buildings',
    async (route) => {
      renderApp({ route });
      expect(await screen.findByText('Page not found')).toBeInTheDocument();
      expect(screen.getByText(route)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Back to Buildings' })).toHaveAttribute('href', '/buildings');
      expect(screen.getByRole('link', { name: 'Buildings' })).toHaveAttribute('href', '/buildings');
    },
  );
});
