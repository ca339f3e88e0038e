import type { Meta, StoryObj } from '@storybook/react-vite';
import { planSummaryFixture } from '@terrace/runs/data-access/testing';
import { expect, within } from 'storybook/test';
import { PlanSummary } from './plan-summary';

const meta = {
  title: 'Runs/PlanSummary',
  component: PlanSummary,
  args: { summary: planSummaryFixture },
} satisfies Meta<typeof PlanSummary>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Changes: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('to create').closest('[data-action]')).toHaveTextContent('2 to create');
  },
};
export const NoChanges: Story = { args: { summary: { create: [], update: [], replace: [], delete: [] } } };
export const OnlyOutputs: Story = { args: { summary: { hasOutputChanges: true } } };
export const NoPlanYet: Story = { args: { summary: undefined } };
