import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LogPanel } from './log-panel';

const E = '\u001b';
const apply = [
  `${E}[1m▶ terraform init${E}[0m`,
  'Initializing the backend...',
  `${E}[32mTerraform has been successfully initialized!${E}[0m`,
  `${E}[1m▶ terraform apply${E}[0m`,
  `aws_subnet.private[2]: Creating...`,
  `aws_nat_gateway.main: ${E}[33mReplacing...${E}[0m`,
  `${E}[32mApply complete! Resources: 2 added, 1 changed, 1 destroyed.${E}[0m`,
];
const large = Array.from({ length: 100_000 }, (_, i) => `${String(i + 1).padStart(6, '0')} ${apply[i % apply.length]}`);

const meta = {
  title: 'Runs/LogPanel',
  component: LogPanel,
  args: { lines: apply, status: 'live', label: 'Log of Deployment', height: 280 },
} satisfies Meta<typeof LogPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Live: Story = {};
export const Reconnecting: Story = { args: { status: 'reconnecting' } };
export const Complete: Story = { args: { status: 'ended' } };
export const Unavailable: Story = { args: { lines: [], status: 'unavailable' } };
/** 100,000 lines stay smooth: the design system's LogViewer renders only what is in view. */
export const HundredThousandLines: Story = {
  args: { lines: large, status: 'ended' },
  play: async ({ canvasElement }) => {
    const log = within(canvasElement).getByRole('log');
    await expect(log.querySelectorAll('[data-index]').length).toBeLessThan(80);
  },
};
