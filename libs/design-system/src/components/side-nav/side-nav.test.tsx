import { screen } from '@testing-library/react';
import { Layers, Settings, Shield } from 'lucide-react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import {
  SideNav,
  SideNavCollapseToggle,
  SideNavContent,
  SideNavFooter,
  SideNavGroup,
  SideNavItem,
  SideNavSubgroup,
} from './side-nav';

function Nav() {
  const [collapsed, setCollapsed] = useState(false);
  return (
    <SideNav aria-label="Main" collapsed={collapsed}>
      <SideNavContent>
        <SideNavGroup label="Infrastructure">
          <SideNavItem href="/stacks" icon={<Layers />} label="Stacks" active />
          <SideNavItem href="/policies" icon={<Shield />} label="Policies" locked />
        </SideNavGroup>
        <SideNavGroup label="Organization">
          <SideNavItem href="/settings" icon={<Settings />} label="Settings" />
        </SideNavGroup>
      </SideNavContent>
      <SideNavFooter>
        <SideNavCollapseToggle collapsed={collapsed} onCollapsedChange={setCollapsed} />
      </SideNavFooter>
    </SideNav>
  );
}

describe('SideNav', () => {
  it('marks the active item as the current page and announces locked items', () => {
    renderWithProviders(<Nav />);
    expect(screen.getByRole('link', { name: 'Stacks' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Policies (locked)' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(screen.getByRole('group', { name: 'Infrastructure' })).toBeInTheDocument();
  });

  it('moves focus with arrow keys, Home and End, wrapping around', async () => {
    const { user } = renderWithProviders(<Nav />);
    screen.getByRole('link', { name: 'Stacks' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: /Policies/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Stacks' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('link', { name: 'Stacks' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('link', { name: 'Settings' })).toHaveFocus();
  });

  it('collapses to 80 px keeping every item named', async () => {
    const { user } = renderWithProviders(<Nav />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav.className).toContain('w-[250px]');
    const toggle = screen.getByRole('button', { name: 'Collapse navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.click(toggle);
    expect(nav.className).toContain('w-20');
    expect(nav).toHaveAttribute('data-collapsed', 'true');
    expect(screen.getByRole('link', { name: 'Stacks' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Expand navigation' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('keeps a label cut short readable on hover (its title), labels and groups alike', () => {
    renderWithProviders(
      <SideNav aria-label="Main">
        <SideNavContent>
          <SideNavGroup label="Explorateur Terraform">
            <SideNavSubgroup label="Registre privé de l’organisation">
              <SideNavItem href="/modules" label="Modules Terraform de l’organisation" />
            </SideNavSubgroup>
          </SideNavGroup>
        </SideNavContent>
      </SideNav>,
    );
    expect(screen.getByRole('link', { name: 'Modules Terraform de l’organisation' })).toHaveAttribute(
      'title',
      'Modules Terraform de l’organisation',
    );
    expect(screen.getByText('Registre privé de l’organisation')).toHaveAttribute('title', 'Registre privé de l’organisation');
  });
});
