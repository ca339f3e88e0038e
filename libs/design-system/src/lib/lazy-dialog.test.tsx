import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { lazyDialog } from './lazy-dialog';

function Probe({ open, label }: { open: boolean; label: string }) {
  return <p>{open ? `${label} open` : `${label} closed`}</p>;
}

describe('lazyDialog', () => {
  it('loads the dialog when it first opens and keeps it mounted after it closes', async () => {
    const load = vi.fn(() => Promise.resolve(Probe));
    const LazyProbe = lazyDialog(load);
    const { rerender } = render(<LazyProbe open={false} label="Invite" />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText(/Invite/)).not.toBeInTheDocument();

    rerender(<LazyProbe open label="Invite" />);
    expect(await screen.findByText('Invite open')).toBeInTheDocument();
    rerender(<LazyProbe open={false} label="Invite" />);
    // Still mounted, so the dialog closes with its animation and opens again at once.
    expect(screen.getByText('Invite closed')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('takes what opens it from the props it is given', async () => {
    const LazyProbe = lazyDialog(
      () => Promise.resolve(({ target }: { target: string | null }) => <p>{target ?? 'none'}</p>),
      (props) => props.target !== null,
    );
    const { rerender } = render(<LazyProbe target={null} />);
    expect(screen.queryByText('none')).not.toBeInTheDocument();
    rerender(<LazyProbe target="alice" />);
    expect(await screen.findByText('alice')).toBeInTheDocument();
  });
});
