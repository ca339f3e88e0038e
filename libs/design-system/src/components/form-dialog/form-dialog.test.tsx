import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { Input } from '../input/input';
import { FormDialog } from './form-dialog';

/** A page whose plain button opens the dialog, and whose button goes away once the save succeeds. */
function Harness() {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <>
      {saved ? <p>Saved</p> : <button onClick={() => setOpen(true)}>New stack</button>}
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="Create a stack"
        submitLabel="Create"
        onSubmit={() => {
          setSaved(true);
          return true;
        }}
      >
        <Input aria-label="Name" />
      </FormDialog>
    </>
  );
}

describe('FormDialog', () => {
  it('gives the focus back to the button that opened it, and closes quietly once that button is gone', async () => {
    const { user } = renderWithProviders(<Harness />);
    const opener = screen.getByRole('button', { name: 'New stack' });
    await user.click(opener);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    await user.click(await screen.findByRole('button', { name: 'Create' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Saved')).toBeInTheDocument();
    expect(opener).not.toBeInTheDocument();
  });
});
