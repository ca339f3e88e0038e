import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Label } from '../label/label';
import { Switch } from './switch';

const meta = {
  title: 'Forms/Switch',
  component: Switch,
  args: { 'aria-label': 'Drift detection', size: 'md', disabled: false, defaultChecked: false },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md'] } },
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch', { name: 'Drift detection' });
    await userEvent.click(toggle);
    await expect(toggle).toBeChecked();
  },
};

export const WithLabel: Story = {
  render: () => (
    <div className="flex items-center gap-2">
      <Switch id="drift" defaultChecked />
      <Label htmlFor="drift">Check for drift every 6 hours</Label>
    </div>
  ),
};

export const Matrix: Story = {
  render: () => (
    <div className="grid grid-cols-[auto_auto_auto_auto] items-center gap-4">
      {(['sm', 'md'] as const).map((size) => (
        <div key={size} className="contents">
          <Switch size={size} aria-label={`${size} off`} />
          <Switch size={size} aria-label={`${size} on`} defaultChecked />
          <Switch size={size} aria-label={`${size} off disabled`} disabled />
          <Switch size={size} aria-label={`${size} on disabled`} defaultChecked disabled />
        </div>
      ))}
    </div>
  ),
};
