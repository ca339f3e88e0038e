import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { SecretReveal } from './secret-reveal';

const meta = {
  title: 'Data display/SecretReveal',
  component: SecretReveal,
  args: { secret: 'trc_3f9a1c0e7b2d4a6f8e1c3b5d7f9a2c4e', label: 'New token ci-pipeline' },
} satisfies Meta<typeof SecretReveal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const group = within(canvasElement).getByRole('group', { name: 'New token ci-pipeline' });
    await userEvent.click(within(group).getByRole('button', { name: 'Copy' }));
    await expect(await navigator.clipboard.readText()).toBe('trc_3f9a1c0e7b2d4a6f8e1c3b5d7f9a2c4e');
  },
};

export const LongSecretAndOwnWarning: Story = {
  args: {
    secret: 'trc_'.padEnd(180, '0123456789abcdef'),
    warning: 'Store this client secret in your identity provider now.',
  },
};
