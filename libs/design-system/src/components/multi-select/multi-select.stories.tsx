import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { FormField } from '../form-field/form-field';
import { MultiSelect, type MultiSelectOption } from './multi-select';

const regions: MultiSelectOption[] = [
  { value: 'us-east-1', label: 'US East (N. Virginia)' },
  { value: 'us-east-2', label: 'US East (Ohio)' },
  { value: 'us-west-2', label: 'US West (Oregon)' },
  { value: 'eu-west-1', label: 'Europe (Ireland)' },
  { value: 'eu-central-1', label: 'Europe (Frankfurt)' },
  { value: 'eu-south-1', label: 'Europe (Milan)', disabled: true },
  { value: 'ap-northeast-1', label: 'Asia Pacific (Tokyo)' },
  { value: 'ap-southeast-2', label: 'Asia Pacific (Sydney)' },
];

function Demo({
  initial = [],
  disabled = false,
  label = 'Regions',
}: {
  initial?: string[];
  disabled?: boolean;
  label?: string;
}) {
  const [value, setValue] = useState<string[]>(initial);
  return (
    <div className="max-w-sm">
      <FormField label={label} help="Drift is checked in these regions.">
        <MultiSelect options={regions} value={value} onValueChange={setValue} disabled={disabled} />
      </FormField>
    </div>
  );
}

const meta = {
  title: 'Forms/MultiSelect',
  component: Demo,
  args: { initial: ['us-east-1'], disabled: false },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Regions' }));
    const body = within(document.body);
    // The popover's code loads at the first press: type once its search box has the focus.
    await waitFor(() => expect(body.getByRole('combobox', { name: 'Search options' })).toHaveFocus());
    await userEvent.keyboard('tokyo{Enter}');
    await expect(body.getByRole('option', { name: 'Asia Pacific (Tokyo)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await userEvent.keyboard('{Escape}');
    await expect(within(canvasElement).getByRole('button', { name: 'Regions' })).toHaveTextContent(
      'Asia Pacific (Tokyo)',
    );
  },
};

export const Matrix: Story = {
  render: () => (
    <div className="grid max-w-3xl grid-cols-2 gap-6">
      <Demo label="Empty" />
      <Demo label="One" initial={['eu-west-1']} />
      <Demo
        label="Many"
        initial={['us-east-1', 'us-east-2', 'us-west-2', 'eu-west-1', 'ap-northeast-1']}
      />
      <Demo label="Disabled" initial={['eu-central-1']} disabled />
    </div>
  ),
};
