import type { Meta, StoryObj } from '@storybook/react-vite';
import { SecretReveal } from './secret-reveal';

const meta = {
  title: 'Organization/SecretReveal',
  component: SecretReveal,
  args: { secret: 'trc_3f9a1c0e7b2d4a6f8e1c3b5d7f9a2c4e', label: 'New token ci-pipeline' },
} satisfies Meta<typeof SecretReveal>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
