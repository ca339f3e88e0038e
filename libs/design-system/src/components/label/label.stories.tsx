import type { Meta, StoryObj } from '@storybook/react-vite';
import { Input } from '../input/input';
import { Label } from './label';

const meta = {
  title: 'Forms/Label',
  component: Label,
  args: { children: 'Stack name', htmlFor: 'label-demo' },
  render: (args) => (
    <div className="flex max-w-xs flex-col gap-1.5">
      <Label {...args} />
      <Input id="label-demo" />
    </div>
  ),
} satisfies Meta<typeof Label>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Matrix: Story = {
  render: () => (
    <div className="flex max-w-xs flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="m1">Enabled</Label>
        <Input id="m1" className="peer" />
      </div>
      <div className="flex flex-col-reverse gap-1.5">
        <Input id="m2" disabled className="peer" />
        <Label htmlFor="m2">Disabled control (dimmed label)</Label>
      </div>
    </div>
  ),
};
