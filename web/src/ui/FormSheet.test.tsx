import { useId, useState, type FormEvent } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render';
import { FormSheet, useFormSheetBinding, useFormSheetStatus, type FormSheetBinding } from './FormSheet';

type Spies = { onSave(name: string): void; onCancel(): void; saving?: boolean };

/** A sheet of one required name, its form and state in the sheet's component. */
function NameSheet({ onSave, onCancel, saving = false }: Spies) {
  const formId = useId();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave(name);
  };
  return (
    <FormSheet opened title="New Thing" onCancel={onCancel} formId={formId} saveDisabled={name.trim() === ''} saving={saving}>
      <form id={formId} onSubmit={submit} noValidate>
        <label>
          Name
          <input value={name} onChange={(event) => setName(event.currentTarget.value)} />
        </label>
      </form>
    </FormSheet>
  );
}

/** A form that an edit page shows with its own buttons, put in a sheet through a binding. */
function SharedForm({ sheet, onSave }: { sheet?: FormSheetBinding; onSave(name: string): void }) {
  const [name, setName] = useState('');
  useFormSheetStatus(sheet, name.trim() === '', false);
  return (
    <form
      id={sheet?.formId}
      onSubmit={(event) => {
        event.preventDefault();
        onSave(name);
      }}
    >
      <label>
        Name
        <input value={name} onChange={(event) => setName(event.currentTarget.value)} />
      </label>
      {!sheet && <button type="submit">Save</button>}
    </form>
  );
}

function BoundSheet({ onSave, onCancel }: Spies) {
  const { binding, status } = useFormSheetBinding();
  return (
    <FormSheet opened title="New Shared" onCancel={onCancel} submitLabel="Done" formId={binding.formId} saveDisabled={status.saveDisabled} saving={status.saving}>
      <SharedForm sheet={binding} onSave={onSave} />
    </FormSheet>
  );
}

describe('FormSheet', () => {
  it('has Cancel and Save in its header; Save submits the form in the body, and is disabled while the form is invalid', async () => {
    const onSave = vi.fn();
    const onCancel = vi.fn();
    const { user } = renderApp({ ui: <NameSheet onSave={onSave} onCancel={onCancel} /> });
    const dialog = await screen.findByRole('dialog', { name: 'New Thing' });
    const header = within(dialog).getByRole('heading', { name: 'New Thing' }).parentElement!;
    const save = within(header).getByRole('button', { name: 'Save' });
    expect(within(header).getByRole('button', { name: 'Cancel' })).toBeEnabled();
    expect(save).toBeDisabled();
    expect(within(dialog).getAllByRole('button', { name: 'Save' })).toHaveLength(1);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'North');
    expect(save).toBeEnabled();
    await user.click(save);
    expect(onSave).toHaveBeenCalledWith('North');

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), '{Enter}');
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(onCancel).not.toHaveBeenCalled();

    await user.click(within(header).getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onSave).toHaveBeenCalledTimes(2);
  });

  it('while saving shows Save loading and neither Cancel nor Escape closes it', async () => {
    const onCancel = vi.fn();
    const { user } = renderApp({ ui: <NameSheet onSave={() => undefined} onCancel={onCancel} saving /> });
    const dialog = await screen.findByRole('dialog', { name: 'New Thing' });
    expect(within(dialog).getByRole('button', { name: 'Save' })).toHaveAttribute('data-loading', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('takes Save’s state from a form shared with an edit page, which then renders no buttons of its own', async () => {
    const onSave = vi.fn();
    const { user } = renderApp({ ui: <BoundSheet onSave={onSave} onCancel={() => undefined} /> });
    const dialog = await screen.findByRole('dialog', { name: 'New Shared' });
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    const done = within(dialog).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'South');
    expect(done).toBeEnabled();
    await user.click(done);
    expect(onSave).toHaveBeenCalledWith('South');
  });
});
