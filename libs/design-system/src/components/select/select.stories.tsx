import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { FormField } from '../form-field/form-field';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from './select';

function RegionSelect(props: {
  defaultValue?: string;
  disabled?: boolean;
  size?: 'sm' | 'md';
  invalid?: boolean;
  label?: string;
}) {
  const { label = 'Region', ...rest } = props;
  return (
    <Select defaultValue={rest.defaultValue} disabled={rest.disabled}>
      <SelectTrigger size={rest.size} aria-label={label} aria-invalid={rest.invalid || undefined}>
        <SelectValue placeholder="Choose a region" />
      </SelectTrigger>
      <SelectContent>
        <SelectGroup>
          <SelectLabel>United States</SelectLabel>
          <SelectItem value="us-east-1">us-east-1 (N. Virginia)</SelectItem>
          <SelectItem value="us-west-2">us-west-2 (Oregon)</SelectItem>
        </SelectGroup>
        <SelectSeparator />
        <SelectGroup>
          <SelectLabel>Europe</SelectLabel>
          <SelectItem value="eu-west-1">eu-west-1 (Ireland)</SelectItem>
          <SelectItem value="eu-central-1">eu-central-1 (Frankfurt)</SelectItem>
          <SelectItem value="eu-south-1" disabled>
            eu-south-1 (Milan)
          </SelectItem>
        </SelectGroup>
      </SelectContent>
    </Select>
  );
}

const meta = {
  title: 'Forms/Select',
  component: RegionSelect,
  args: { disabled: false, size: 'md' },
  render: (args) => (
    <div className="max-w-xs">
      <RegionSelect {...args} />
    </div>
  ),
} satisfies Meta<typeof RegionSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('combobox', { name: 'Region' });
    await userEvent.click(trigger);
    await userEvent.click(await within(document.body).findByRole('option', { name: /Frankfurt/ }));
    await expect(trigger).toHaveTextContent('eu-central-1 (Frankfurt)');
  },
};

export const InFormField: Story = {
  render: () => (
    <div className="max-w-xs">
      <FormField label="Default region" help="Used by new stacks." required>
        <Select>
          <SelectTrigger>
            <SelectValue placeholder="Choose a region" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="us-east-1">us-east-1</SelectItem>
            <SelectItem value="eu-west-1">eu-west-1</SelectItem>
          </SelectContent>
        </Select>
      </FormField>
    </div>
  ),
};

export const Matrix: Story = {
  render: () => (
    <div className="grid max-w-2xl grid-cols-2 gap-4">
      <RegionSelect label="Empty md" />
      <RegionSelect label="Empty sm" size="sm" />
      <RegionSelect label="Filled" defaultValue="us-west-2" />
      <RegionSelect label="Invalid" invalid />
      <RegionSelect label="Disabled" disabled defaultValue="eu-west-1" />
    </div>
  ),
};
