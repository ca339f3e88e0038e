import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button } from '../button/button';
import { Banner } from './banner';

const meta = {
  title: 'Feedback/Banner',
  component: Banner,
  args: {
    tone: 'warning',
    title: 'Protect your organization with multi-factor authentication',
    children: 'Members without MFA can still sign in with a password alone.',
    onDismiss: fn(),
    actions: (
      <>
        <Button size="sm" variant="outline">
          Postpone
        </Button>
        <Button size="sm">Set up MFA</Button>
      </>
    ),
  },
  argTypes: {
    tone: { control: 'inline-radio', options: ['info', 'success', 'warning', 'danger', 'neutral'] },
  },
} satisfies Meta<typeof Banner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const MfaReminder: Story = {};
export const SsoReminder: Story = {
  args: {
    tone: 'info',
    title: 'Single sign-on is available',
    children: 'Let members sign in with your identity provider.',
  },
};

export const Matrix: Story = {
  render: (args) => (
    <div className="flex max-w-3xl flex-col gap-3">
      {(['info', 'success', 'warning', 'danger', 'neutral'] as const).map((tone) => (
        <Banner
          key={tone}
          tone={tone}
          title={`A ${tone} banner`}
          onDismiss={args.onDismiss}
          actions={
            <Button size="sm" variant="outline">
              Action
            </Button>
          }
        >
          Supporting text for the {tone} tone.
        </Banner>
      ))}
      <Banner tone="info">Text only, no title, no actions.</Banner>
    </div>
  ),
};
