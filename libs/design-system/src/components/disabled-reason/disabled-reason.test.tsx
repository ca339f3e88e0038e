import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { Button } from '../button/button';
import { DisabledReason } from './disabled-reason';

describe('DisabledReason', () => {
  it('renders the control alone when there is no reason', () => {
    renderWithProviders(
      <DisabledReason reason={null}>
        <Button>Delete</Button>
      </DisabledReason>,
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(document.querySelector('[data-slot="disabled-reason"]')).toBeNull();
  });

  it('gives the disabled control its reason on keyboard focus and to screen readers', async () => {
    const { user } = renderWithProviders(
      <DisabledReason reason="Your role does not allow this.">
        <Button disabled>Delete</Button>
      </DisabledReason>,
    );
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    await user.tab();
    const wrapper = document.querySelector('[data-slot="disabled-reason"]');
    expect(wrapper).toHaveFocus();
    expect(wrapper).toHaveAccessibleDescription(expect.stringContaining('Your role does not allow this.'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Your role does not allow this.');
  });
});
