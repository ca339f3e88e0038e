import { screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { ConfirmDialog } from './confirm-dialog';

function Harness({ onConfirm }: { onConfirm: () => void | Promise<void> }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <span>{open ? 'open' : 'closed'}</span>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Delete stack"
        phrase="delete me"
        confirmLabel="Delete"
        onConfirm={onConfirm}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('keeps confirm disabled until the phrase matches exactly', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithProviders(<Harness onConfirm={onConfirm} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete stack' });
    const confirm = screen.getByRole('button', { name: 'Delete' });
    const input = screen.getByRole('textbox', { name: /Type delete me to confirm/ });
    expect(dialog).toBeInTheDocument();
    expect(confirm).toBeDisabled();

    await user.type(input, 'Delete me');
    expect(confirm).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'delete me ');
    expect(confirm).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'delete me');
    expect(confirm).toBeEnabled();

    await user.click(confirm);
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByText('closed')).toBeInTheDocument());
  });

  it('confirms with Enter once the phrase matches, and not before', async () => {
    const onConfirm = vi.fn();
    const { user } = renderWithProviders(<Harness onConfirm={onConfirm} />);
    const input = screen.getByRole('textbox', { name: /Type delete me to confirm/ });
    await user.type(input, 'delete{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(input, ' me{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('stays open when the confirm action fails', async () => {
    const onConfirm = vi.fn(() => Promise.reject(new Error('conflict')));
    const { user } = renderWithProviders(<Harness onConfirm={onConfirm} />);
    await user.type(screen.getByRole('textbox'), 'delete me');
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Delete' })).not.toHaveAttribute('aria-busy'),
    );
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByText('open')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
  });

  it('clears the typed phrase when cancelled', async () => {
    const { user } = renderWithProviders(<Harness onConfirm={vi.fn()} />);
    await user.type(screen.getByRole('textbox'), 'delete me');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('closed')).toBeInTheDocument();
  });
});
