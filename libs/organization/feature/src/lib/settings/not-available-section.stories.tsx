import type { Meta, StoryObj } from '@storybook/react-vite';
import { NotAvailableSection } from './not-available-section';

const meta = {
  title: 'Organization/NotAvailableSection',
  component: NotAvailableSection,
  args: { title: 'SSH keys' },
} satisfies Meta<typeof NotAvailableSection>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
