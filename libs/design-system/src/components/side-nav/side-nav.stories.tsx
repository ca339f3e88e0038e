import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  Boxes,
  Cloud,
  FileClock,
  Gauge,
  KeyRound,
  Layers,
  Package,
  Shield,
  Users,
} from 'lucide-react';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import {
  SideNav,
  SideNavCollapseToggle,
  SideNavContent,
  SideNavFooter,
  SideNavGroup,
  SideNavHeader,
  SideNavItem,
} from './side-nav';

function Demo({
  initiallyCollapsed = false,
  label = 'Main',
}: {
  initiallyCollapsed?: boolean;
  label?: string;
}) {
  const [collapsed, setCollapsed] = useState(initiallyCollapsed);
  return (
    <div className="h-[560px]">
      <SideNav aria-label={label} collapsed={collapsed}>
        <SideNavHeader>
          <span className="flex size-7 items-center justify-center rounded-md bg-primary text-xs font-bold text-primary-foreground">
            T
          </span>
          {!collapsed && <span className="text-sm font-semibold">Terrace</span>}
        </SideNavHeader>
        <SideNavContent>
          <SideNavGroup label="Overview">
            <SideNavItem href="#dashboard" icon={<Gauge />} label="Dashboard" />
          </SideNavGroup>
          <SideNavGroup label="Infrastructure">
            <SideNavItem href="#stacks" icon={<Layers />} label="Stacks" active />
            <SideNavItem href="#namespaces" icon={<Boxes />} label="Namespaces" />
            <SideNavItem href="#cloud" icon={<Cloud />} label="Cloud accounts" />
            <SideNavItem href="#registry" icon={<Package />} label="Registry" />
          </SideNavGroup>
          <SideNavGroup label="Governance">
            <SideNavItem href="#policies" icon={<Shield />} label="Policies" locked />
            <SideNavItem href="#audit" icon={<FileClock />} label="Audit log" />
          </SideNavGroup>
          <SideNavGroup label="Organization">
            <SideNavItem href="#users" icon={<Users />} label="Users" />
            <SideNavItem href="#sso" icon={<KeyRound />} label="Single sign-on" locked />
          </SideNavGroup>
        </SideNavContent>
        <SideNavFooter>
          <SideNavCollapseToggle collapsed={collapsed} onCollapsedChange={setCollapsed} />
        </SideNavFooter>
      </SideNav>
    </div>
  );
}

const meta = {
  title: 'Navigation/SideNav',
  component: Demo,
  args: { initiallyCollapsed: false },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Expanded: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await expect(nav.getBoundingClientRect().width).toBe(250);
    canvas.getByRole('link', { name: 'Dashboard' }).focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('link', { name: 'Stacks' })).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: 'Collapse navigation' }));
    await expect(canvas.getByRole('navigation', { name: 'Main' })).toHaveAttribute(
      'data-collapsed',
      'true',
    );
  },
};

export const Collapsed: Story = {
  args: { initiallyCollapsed: true },
  play: async ({ canvasElement }) => {
    const nav = within(canvasElement).getByRole('navigation', { name: 'Main' });
    // The width animates; wait for it to settle at 80 px.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(nav.getBoundingClientRect().width).toBe(80);
  },
};

export const Matrix: Story = {
  render: () => (
    <div className="flex gap-8">
      <Demo label="Expanded navigation" />
      <Demo label="Collapsed navigation" initiallyCollapsed />
    </div>
  ),
};
