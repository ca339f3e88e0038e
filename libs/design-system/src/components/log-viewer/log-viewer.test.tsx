import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
