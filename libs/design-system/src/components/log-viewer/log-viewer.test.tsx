import { screen } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { LogViewer } from './log-viewer';

describe('LogViewer', () => {
  it('names the log, counts lines and toggles follow', async () => {
    const lines = Array.from({ length: 100_000 }, (_, i) => `line ${i + 1}`);
    const { user } = renderWithProviders(<LogViewer label="Plan output" lines={lines} />);
    expect(screen.getByRole('log', { name: 'Plan output' })).toBeInTheDocument();
    expect(screen.getByText(/100,000 lines/)).toBeInTheDocument();
    const follow = screen.getByRole('switch', { name: 'Follow' });
    expect(follow).toBeChecked();
    await user.click(follow);
    expect(follow).not.toBeChecked();
    // jsdom has no layout, so the virtualiser renders a bounded window, never all 100,000 lines.
    expect(document.querySelectorAll('[data-index]').length).toBeLessThan(100);
  });

  it('carries colour across lines and renders 256-colour and true-colour text', () => {
    const ESC = '\u001b';
    // jsdom lays nothing out: give the log's scroll area the size a browser would, so the
    // virtualiser renders its first lines.
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(480);
    onTestFinished(() => height.mockRestore());
    renderWithProviders(
      <LogViewer
        label="Apply output"
        follow={false}
        lines={[
          `${ESC}[31mError: apply failed`,
          'still red on the next line',
          `${ESC}[0mplain again`,
          `${ESC}[38;5;208morange ${ESC}[38;2;0;128;255mazure`,
        ]}
      />,
    );
    expect(screen.getByText('Error: apply failed')).toHaveStyle({ color: 'var(--ansi-1)' });
    expect(screen.getByText('still red on the next line')).toHaveStyle({ color: 'var(--ansi-1)' });
    expect(screen.getByText('plain again')).not.toHaveAttribute('style');
    expect(screen.getByText(/orange/)).toHaveStyle({ color: '#ff8700' });
    expect(screen.getByText('azure')).toHaveStyle({ color: '#0080ff' });
  });
});
