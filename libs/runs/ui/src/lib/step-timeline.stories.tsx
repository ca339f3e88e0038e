import type { Meta, StoryObj } from '@storybook/react-vite';
import { deploymentStepsFixture, runStateFixture } from '@terrace/runs/data-access/testing';
import { expect, userEvent, within } from 'storybook/test';
import { StepTimeline } from './step-timeline';

const meta = {
  title: 'Runs/StepTimeline',
  component: StepTimeline,
  args: { steps: deploymentStepsFixture, results: runStateFixture().results },
} satisfies Meta<typeof StepTimeline>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Deployment: Story = {};

/** The security scan opened: its findings with their severity and resolution. */
export const SecurityFindings: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Security scan/ }));
    await expect(await canvas.findByText('Subnet associates public IP address.')).toBeVisible();
  },
};

/** The control policies opened: worst first. */
export const ControlPolicies: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: /Control policies/ }));
    await expect(await canvas.findByRole('table', { name: 'Control policy results' })).toBeVisible();
  },
};

export const Failed: Story = {
  args: {
    steps: [
      { name: 'gitClone', status: 'succeeded', startedAt: '2026-11-02T10:00:00Z', finishedAt: '2026-11-02T10:00:03Z' },
      { name: 'terraformInit', status: 'failed', startedAt: '2026-11-02T10:00:03Z', finishedAt: '2026-11-02T10:00:09Z' },
      { name: 'terraformPlan', status: 'skipped' },
    ],
    results: { terraformInitResult: { status: 'failed', stdErr: '\u001b[31mError:\u001b[0m Failed to query available provider packages' } },
  },
};
export const NotStarted: Story = { args: { steps: [], results: undefined } };
