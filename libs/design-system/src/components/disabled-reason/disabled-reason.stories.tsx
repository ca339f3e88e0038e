import type { Meta, StoryObj } from '@storybook/react-vite';
import { Trash2 } from 'lucide-react';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { DisabledReason } from './disabled-reason';

const meta = {
  title: 'Actions/DisabledReason',
  component: DisabledReason,
  args: {
    reason: 'Your role does not allow this. Ask an organization admin.',
    side: 'top',
    children: (
      <Button variant="danger" disabled>
        <Trash2 aria-hidden />
        Delete
      </Button>
    ),
  },
  argTypes: { side: { control: 'inline-radio', options: ['top', 'bottom', 'start', 'end'] } },
  render: (args) => (
    <div className="flex justify-center p-12">
      <DisabledReason {...args} />
    </div>
  ),
} satisfies Meta<typeof DisabledReason>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async () => {
    await userEvent.tab();
    await expect(await within(document.body).findByRole('tooltip')).toHaveTextContent('Your role does not allow this.');
  },
};

/** Enabled (no reason), and disabled with a reason, for each button variant. */
export const Matrix: Story = {
  render: () => (
    <div className="flex flex-wrap items-center gap-4 p-6">
      {(['primary', 'outline', 'danger'] as const).map((variant) => (
        <div key={variant} className="flex gap-2">
          <DisabledReason reason={null}>
            <Button variant={variant}>Allowed</Button>
          </DisabledReason>
          <DisabledReason reason="Only organization admins can do this.">
            <Button variant={variant} disabled>
              Refused
            </Button>
          </DisabledReason>
        </div>
      ))}
    </div>
  ),
};
