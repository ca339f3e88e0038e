import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Label } from '../label/label';
import { RadioGroup, RadioGroupItem } from './radio-group';

function ApprovalPolicy({
  disabled = false,
  defaultValue = 'requireApproval',
}: {
  disabled?: boolean;
  defaultValue?: string;
}) {
  const options = [
    ['requireApproval', 'Require approval'],
    ['requireTwoApprovals', 'Require two approvals'],
    ['requireTeamsApproval', 'Require Teams approval'],
    ['autoApprove', 'Approve automatically'],
  ];
  return (
    <RadioGroup defaultValue={defaultValue} disabled={disabled} aria-label="Approval policy">
      {options.map(([value, label]) => (
        <div key={value} className="flex items-center gap-2">
          <RadioGroupItem value={value ?? ''} id={`${value}-${disabled}`} />
          <Label htmlFor={`${value}-${disabled}`} className="font-normal">
            {label}
          </Label>
        </div>
      ))}
    </RadioGroup>
  );
}

const meta = {
  title: 'Forms/RadioGroup',
  component: ApprovalPolicy,
  args: { disabled: false },
} satisfies Meta<typeof ApprovalPolicy>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Require approval' }));
    await userEvent.keyboard('{ArrowDown}');
    const next = canvas.getByRole('radio', { name: 'Require two approvals' });
    await expect(next).toHaveFocus();
    await userEvent.keyboard(' ');
    await waitFor(() => expect(next).toBeChecked());
  },
};

export const Matrix: Story = {
  render: () => (
    <div className="flex gap-12">
      <ApprovalPolicy />
      <ApprovalPolicy disabled defaultValue="autoApprove" />
    </div>
  ),
};
