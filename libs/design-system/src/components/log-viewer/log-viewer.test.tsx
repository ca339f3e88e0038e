import { act, fireEvent, screen, waitFor } from '@testing-library/react';
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

describe('LogViewer with 100,000 lines', () => {
  it('shows the end at once, works out the carried colour in the background, and continues on append', async () => {
    const ESC = '\u001b';
    const height = vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(480);
    // The test holds the browser's frames, so the background pass advances only when it says:
    // whether the machine is fast or loaded, the end is seen before its style is worked out.
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(globalThis, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const runFrames = () =>
      act(async () => {
        while (frames.length > 0) for (const frame of frames.splice(0)) frame(performance.now());
      });
    onTestFinished(() => {
      height.mockRestore();
      raf.mockRestore();
    });
    // Red is set on the first line and never reset: the last lines are red too.
    const lines = [`${ESC}[31mred from here on`, ...Array.from({ length: 99_999 }, (_, i) => `line ${i + 2}`)];
    const { rerender } = renderWithProviders(<LogViewer label="Apply output" lines={lines} />);
    // jsdom does not scroll: put the scroll area at the end, where following keeps it.
    const log = screen.getByRole('log', { name: 'Apply output' });
    Object.defineProperty(log, 'scrollTop', { configurable: true, get: () => 100_000 * 20 - 480, set: () => undefined });
    fireEvent.scroll(log);
    // The end is in view at once; its style waits for the background pass (bounded work per frame).
    const last = await screen.findByText('line 100000');
    expect(last.closest('[data-index]')).toHaveAttribute('data-pending', 'true');
    await runFrames();
    await waitFor(() => expect(screen.getByText('line 100000')).toHaveStyle({ color: 'var(--ansi-1)' }), { timeout: 10_000 });
    expect(document.querySelector('[data-pending]')).toBeNull();
    // Appending continues from the style the pass reached, without starting over.
    rerender(<LogViewer label="Apply output" lines={[...lines, `still red ${ESC}[0m`, 'plain at last']} />);
    await runFrames();
    await waitFor(() => expect(screen.getByText('plain at last')).toBeInTheDocument());
    expect(screen.getByText('still red')).toHaveStyle({ color: 'var(--ansi-1)' });
    expect(screen.getByText('plain at last')).not.toHaveAttribute('style');
  });
});
