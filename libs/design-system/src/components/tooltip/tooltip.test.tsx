import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { Tooltip } from './tooltip';

describe('Tooltip', () => {
  it.each([
    ['ltr', 'end', 'right'],
    ['rtl', 'end', 'left'],
    ['ltr', 'start', 'left'],
    ['rtl', 'start', 'right'],
  ] as const)('in %s puts side %s on the %s', (direction, side, physical) => {
    renderWithProviders(
      <Tooltip content="Drift is checked every 6 hours" side={side} open>
        <button type="button">About drift</button>
      </Tooltip>,
      { direction },
    );
    const content = document.querySelector('[data-slot="tooltip-content"]');
    expect(content).toHaveAttribute('data-side', physical);
    expect(content).toHaveAttribute('dir', direction);
  });

  it('shows on keyboard focus', async () => {
    const { user } = renderWithProviders(
      <Tooltip content="Drift is checked every 6 hours">
        <button type="button">About drift</button>
      </Tooltip>,
    );
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Drift is checked every 6 hours');
  });
});
