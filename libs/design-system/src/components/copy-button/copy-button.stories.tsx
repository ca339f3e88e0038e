import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { CopyButton } from './copy-button';

const meta = {
  title: 'Actions/CopyButton',
  component: CopyButton,
  args: { text: 'arn:aws:iam::123456789012:role/terrace-runner' },
} satisfies Meta<typeof CopyButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Copy to clipboard' }));
    await expect(await navigator.clipboard.readText()).toBe('arn:aws:iam::123456789012:role/terrace-runner');
  },
};

export const Matrix: Story = {
  render: () => (
    <div className="flex items-center gap-4">
      <CopyButton text="one" />
      <CopyButton text="two" label="Copy role ARN" />
      <CopyButton text="three" label="Copy message" successMessage="Message copied to clipboard" className="size-9" />
      <CopyButton text="four" variant="outline" />
      <CopyButton text="five" variant="secondary" label="Copy command" />
      <CopyButton text="six" variant="primary" label="Copy token" />
    </div>
  ),
};

/** With its label visible, beside a command or a one-time secret. */
export const WithLabel: Story = {
  args: { variant: 'outline', label: 'Copy command' },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Copy command' }));
    await expect(await navigator.clipboard.readText()).toBe('arn:aws:iam::123456789012:role/terrace-runner');
  },
};
