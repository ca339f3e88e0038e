import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ProfileForm } from './profile-form';

const meta = {
  title: 'Organization/ProfileForm',
  component: ProfileForm,
  args: {
    initial: { firstName: 'Ada', lastName: 'Lovelace' },
    email: 'ada@example.com',
    onSave: fn(async () => undefined),
  },
} satisfies Meta<typeof ProfileForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
