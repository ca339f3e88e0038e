import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { Button } from '../button/button';
import { Banner } from './banner';

describe('Banner', () => {
  it('shows title, text and actions, and dismisses', async () => {
    const onPostpone = vi.fn();
    const onDismiss = vi.fn();
    const { user } = renderWithProviders(
      <Banner
        tone="warning"
        title="Protect your account"
        onDismiss={onDismiss}
        actions={
          <Button size="sm" variant="outline" onClick={onPostpone}>
            Postpone
          </Button>
        }
      >
        Turn on multi-factor authentication.
      </Banner>,
    );
    const banner = screen.getByRole('status');
    expect(banner).toHaveTextContent('Protect your account');
    expect(banner).toHaveTextContent('Turn on multi-factor authentication.');
    await user.click(screen.getByRole('button', { name: 'Postpone' }));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onPostpone).toHaveBeenCalledOnce();
    expect(onDismiss).toHaveBeenCalledOnce();
  });

  it('is an alert in the danger tone and has no close button without onDismiss', () => {
    renderWithProviders(<Banner tone="danger" title="Payment failed" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Payment failed');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
