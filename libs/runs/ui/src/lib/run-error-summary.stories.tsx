import type { Meta, StoryObj } from '@storybook/react-vite';
import { RunErrorSummary } from './run-error-summary';

const meta = {
  title: 'Runs/RunErrorSummary',
  component: RunErrorSummary,
  args: {
    errorSummary: 'This error occurred before individual steps could be executed: git clone: authentication required for https://git.example.com/acme/infra',
    steps: [{ status: 'notStarted' }],
  },
} satisfies Meta<typeof RunErrorSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

export const BeforeSteps: Story = {};
export const StepFailed: Story = {
  args: { errorSummary: 'Error: creating EC2 Instance: UnauthorizedOperation', steps: [{ status: 'succeeded' }, { status: 'failed' }] },
};
