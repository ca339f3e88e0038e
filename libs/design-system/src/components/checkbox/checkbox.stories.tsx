import type { Meta, StoryObj } from '@storybook/react-vite';
import { Label } from '../label/label';
import { Checkbox } from './checkbox';

const meta = {
  title: 'Forms/Checkbox',
  component: Checkbox,
  args: { 'aria-label': 'Auto-deploy', disabled: false, defaultChecked: false },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithLabel: Story = {
  render: () => (
    <div className="flex items-center gap-2">
      <Checkbox id="auto-deploy" />
      <Label htmlFor="auto-deploy">Deploy automatically after a successful plan</Label>
    </div>
  ),
};

export const Matrix: Story = {
  render: () => (
    <div className="grid grid-cols-[auto_auto_auto_auto] items-center gap-4 text-xs text-muted-foreground">
      <span>unchecked</span>
      <span>checked</span>
      <span>indeterminate</span>
      <span>invalid</span>
      <Checkbox aria-label="Unchecked" />
      <Checkbox aria-label="Checked" defaultChecked />
      <Checkbox aria-label="Indeterminate" checked="indeterminate" />
      <Checkbox aria-label="Invalid" aria-invalid />
      <Checkbox aria-label="Unchecked disabled" disabled />
      <Checkbox aria-label="Checked disabled" defaultChecked disabled />
      <Checkbox aria-label="Indeterminate disabled" checked="indeterminate" disabled />
      <span />
    </div>
  ),
};
