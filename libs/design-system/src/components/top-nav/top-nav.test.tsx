import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { lightText } from './readable-foreground';
import { TopNav, TopNavItem, TopNavItems } from './top-nav';

describe('TopNav', () => {
  it('takes an organization colour and picks a readable text colour for it', () => {
    renderWithProviders(
      <TopNav color="#1e293b">
        <TopNavItems aria-label="Main">
          <TopNavItem href="#stacks" active>
            Stacks
          </TopNavItem>
        </TopNavItems>
      </TopNav>,
    );
    const bar = screen.getByRole('banner');
    expect(bar.style.getPropertyValue('--nav')).toBe('#1e293b');
    expect(bar.style.getPropertyValue('--nav-foreground')).toBe(lightText);
    expect(screen.getByRole('link', { name: 'Stacks' })).toHaveAttribute('aria-current', 'page');
  });

  it('uses the token default when no colour is given', () => {
    renderWithProviders(<TopNav />);
    expect(screen.getByRole('banner').style.getPropertyValue('--nav')).toBe('');
  });
});
