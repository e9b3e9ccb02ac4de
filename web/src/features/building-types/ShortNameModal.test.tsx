import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { SHORT_NAME_IN_USE_MESSAGE, SHORT_NAME_TOO_LONG_MESSAGE } from '@fsi/shared/suspensions';
import { STATUS_FAILED_MESSAGE } from './useSuspensionMutations';
import { renderApp } from '../../test/render';
import { ShortNameModal } from './ShortNameModal';

describe('Assign Short Name', () => {
  it('refuses an existing short name typed as a new one and more than 2 letters, and keeps the input when the save fails', async () => {
    const onSave = vi.fn().mockResolvedValue({ status: 'failed', message: STATUS_FAILED_MESSAGE });
    const { user } = renderApp({ ui: <ShortNameModal what="Pause Exit Sign." existing={[{ shortName: 'EL', description: 'Elevator' }]} onSave={onSave} onCancel={() => undefined} /> });
    const dialog = within(await screen.findByRole('dialog', { name: 'Assign Short Name' }));
    expect(dialog.getByText('Pause Exit Sign.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/Reporting Short Name/), 'el');
    await user.type(dialog.getByLabelText(/Reason/), 'Another');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText(SHORT_NAME_IN_USE_MESSAGE)).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/Reporting Short Name/), 'x');
    expect(dialog.getByText(SHORT_NAME_TOO_LONG_MESSAGE)).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
    await user.clear(dialog.getByLabelText(/Reporting Short Name/));
    await user.type(dialog.getByLabelText(/Reporting Short Name/), 'W1');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ shortName: 'W1', description: 'Another' });
    expect(await dialog.findByText(STATUS_FAILED_MESSAGE)).toBeInTheDocument();
    expect(dialog.getByLabelText(/Reporting Short Name/)).toHaveValue('W1');
    expect(dialog.getByLabelText(/Reason/)).toHaveValue('Another');
  });
});
