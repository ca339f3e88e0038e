import type { Meta, StoryObj } from '@storybook/react-vite';
import { FullPageLoader } from './full-page-loader';

const meta = {
  title: 'Feedback/FullPageLoader',
  component: FullPageLoader,
  args: {},
} satisfies Meta<typeof FullPageLoader>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Matrix: Story = { args: { label: 'Loading your organization…' } };
