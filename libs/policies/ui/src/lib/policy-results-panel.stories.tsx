import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@terrace/design-system';
import { PolicyResultsPanel } from './policy-results-panel';
import { policyResultsFixture } from './policy-results-panel.fixtures';

const meta = {
  title: 'Policies/PolicyResultsPanel',
  component: PolicyResultsPanel,
  args: { results: policyResultsFixture },
} satisfies Meta<typeof PolicyResultsPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Results: Story = {};
export const WaitingForApproval: Story = { args: { action: <Button size="sm">Approve failed policies</Button> } };
export const NoPolicyApplies: Story = { args: { results: [] } };
export const NotEvaluated: Story = { args: { results: undefined } };
