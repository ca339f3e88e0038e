import type { Meta, StoryObj } from '@storybook/react-vite';
import { Bell, BookOpen, Layers, Shield } from 'lucide-react';
import { Button } from '../button/button';
import { TopNav, TopNavActions, TopNavBrand, TopNavItem, TopNavItems } from './top-nav';

function Demo({ color, label = 'Main' }: { color?: string; label?: string }) {
  return (
    <TopNav color={color}>
      <TopNavBrand>Terrace</TopNavBrand>
      <TopNavItems aria-label={label}>
        <TopNavItem href="#stacks" icon={<Layers />} active>
          Stacks
        </TopNavItem>
        <TopNavItem href="#policies" icon={<Shield />}>
          Policies
        </TopNavItem>
        <TopNavItem href="#docs" icon={<BookOpen />}>
          Documentation
        </TopNavItem>
      </TopNavItems>
      <TopNavActions>
        <Button
          variant="ghost"
          size="icon"
          aria-label="Notifications"
          className="text-nav-foreground hover:bg-transparent hover:text-nav-foreground hover:ring-1 hover:ring-nav-foreground"
        >
          <Bell aria-hidden />
        </Button>
      </TopNavActions>
    </TopNav>
  );
}

const meta = {
  title: 'Navigation/TopNav',
  component: Demo,
  argTypes: { color: { control: 'color' } },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The token's default, the spec's #3e82f7. */
export const Default: Story = {};
export const CustomColour: Story = { args: { color: '#1e293b' } };

export const Matrix: Story = {
  render: () => (
    <div className="flex flex-col gap-4">
      {['#3e82f7', '#1e293b', '#059669', '#f59e0b', '#7c3aed', '#ffffff'].map((color) => (
        // A header inside a section is not a banner landmark, so six bars can share the page.
        <section key={color} aria-label={`Top bar ${color}`}>
          <Demo color={color} label={`Navigation ${color}`} />
        </section>
      ))}
    </div>
  ),
};
