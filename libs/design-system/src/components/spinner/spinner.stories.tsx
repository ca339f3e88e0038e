import type { Meta, StoryObj } from '@storybook/react-vite';
import { LoadingIndicator, Spinner } from './spinner';

const meta = {
  title: 'Feedback/Spinner',
  component: Spinner,
  args: { label: 'Loading' },
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Matrix: Story = {
  render: () => (
    <div className="flex items-center gap-6">
      <Spinner label="Small" className="size-3" />
      <Spinner label="Default" />
      <Spinner label="Large" className="size-6 text-primary" />
      <LoadingIndicator />
    </div>
  ),
};
