import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { activateLocale } from '@terrace/i18n';
import { toast, Toaster } from './toast';

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

describe('toast', () => {
  // First in the file: the module loads sonner once, on the first toast of the test run.
  it('loads and mounts sonner only when the first toast is raised', async () => {
    renderWithProviders(<Toaster />);
    // Whatever a mounted Toaster would load has had time to load and render.
    await act(async () => {
      await import('./sonner-toaster');
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    act(() => {
      toast.info('First toast');
    });
    expect(await screen.findByText('First toast')).toBeInTheDocument();
    expect(screen.getByRole('region')).toBeInTheDocument();
  });

  it('shows title and description', async () => {
    renderWithProviders(<Toaster />);
    act(() => {
      toast.success('Stack created', { description: 'prod-network is ready' });
    });
    expect(await screen.findByText('Stack created')).toBeInTheDocument();
    expect(screen.getByText('prod-network is ready')).toBeInTheDocument();
  });

  it('replaces a toast with the same id instead of stacking', async () => {
    renderWithProviders(<Toaster />);
    act(() => {
      toast.error('Authentication Fail', { id: 'auth', description: 'Please login again' });
    });
    expect(await screen.findByText('Authentication Fail')).toBeInTheDocument();
    act(() => {
      toast.error('Authentication Fail', { id: 'auth', description: 'Please login again' });
      toast.error('Authentication Fail', { id: 'auth', description: 'Please login again' });
    });
    await waitFor(() => expect(screen.getAllByText('Authentication Fail')).toHaveLength(1));
  });

  it('stacks toasts with different ids', async () => {
    renderWithProviders(<Toaster />);
    act(() => {
      toast.info('First', { id: 'a' });
      toast.warning('Second', { id: 'b' });
    });
    expect(await screen.findByText('First')).toBeInTheDocument();
    expect(await screen.findByText('Second')).toBeInTheDocument();
  });

  it('follows the direction', async () => {
    renderWithProviders(<Toaster />, { direction: 'rtl' });
    act(() => {
      toast.info('Saved');
    });
    await screen.findByText('Saved');
    expect(document.querySelector('[data-sonner-toaster]')).toHaveAttribute('dir', 'rtl');
  });
});

describe('toast labels in other languages', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('names the toast region and the close button in the active language, not sonner English', async () => {
    await activateLocale('ja');
    renderWithProviders(<Toaster />);
    act(() => {
      toast.error('Introuvable', { id: 'nf' });
    });
    expect(await screen.findByText('Introuvable')).toBeInTheDocument();
    const region = document.querySelector('section[aria-label]');
    expect(region?.getAttribute('aria-label')).toBe('メッセージ (Alt+T)');
    expect(region?.getAttribute('aria-label')).not.toMatch(/Notifications/);
    expect(screen.queryByRole('button', { name: 'Close toast' })).toBeNull();
    expect(screen.getByRole('button', { name: 'メッセージを閉じる' })).toBeInTheDocument();
  });
});
