import type { Meta, StoryObj } from '@storybook/react-vite';
import { Input } from './input';

const meta = {
  title: 'Forms/Input',
  component: Input,
  args: { placeholder: 'prod-network', 'aria-label': 'Stack name', disabled: false },
} satisfies Meta<typeof Input>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithValue: Story = { args: { defaultValue: 'prod-network' } };
export const Invalid: Story = { args: { 'aria-invalid': true, defaultValue: '9-bad-key' } };
export const Disabled: Story = { args: { disabled: true, defaultValue: 'read-only' } };

export const Matrix: Story = {
  render: () => (
    <div className="grid max-w-md gap-3">
      <Input aria-label="Empty" placeholder="Placeholder" />
      <Input aria-label="Filled" defaultValue="Filled value" />
      <Input aria-label="Invalid" aria-invalid defaultValue="Invalid value" />
      <Input aria-label="Disabled" disabled defaultValue="Disabled" />
      <Input aria-label="Password" type="password" defaultValue="secret" />
      <Input aria-label="Search" type="search" placeholder="Search…" />
    </div>
  ),
};
