import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { TokenCreateDialog } from './token-create-dialog';

const meta = {
  title: 'Organization/TokenCreateDialog',
  component: TokenCreateDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    defaultName: 'terraform login',
    onCreate: fn(async () => undefined),
  },
} satisfies Meta<typeof TokenCreateDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Create: Story = {};
