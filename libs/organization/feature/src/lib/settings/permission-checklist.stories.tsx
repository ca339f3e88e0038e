import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { PermissionChecklist } from './permission-checklist';

const meta = {
  title: 'Organization/PermissionChecklist',
  component: PermissionChecklist,
  args: { value: ['stack:create', 'stack:update', 'plan:start', 'plan:cancel'], onChange: () => undefined },
  render: function Render(args) {
    const [value, setValue] = useState(args.value);
    return <PermissionChecklist {...args} value={value} onChange={setValue} />;
  },
} satisfies Meta<typeof PermissionChecklist>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Disabled: Story = { args: { disabled: true } };
