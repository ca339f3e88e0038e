import type { Meta, StoryObj } from '@storybook/react-vite';
import { Input } from '../input/input';
import { Textarea } from '../textarea/textarea';
import { FormField } from './form-field';

const meta = {
  title: 'Forms/FormField',
  component: FormField,
  args: {
    label: 'Variable key',
    help: 'Letters, digits and underscores.',
    error: undefined,
    required: false,
    children: <Input placeholder="TF_VAR_region" />,
  },
  render: (args) => (
    <div className="max-w-sm">
      <FormField {...args} />
    </div>
  ),
} satisfies Meta<typeof FormField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Required: Story = { args: { required: true } };
export const WithError: Story = {
  args: {
    required: true,
    error: 'Key must consist of: letters, digits, underscores (_) and must not start with a digit',
    children: <Input defaultValue="1region" />,
  },
};

export const Matrix: Story = {
  render: () => (
    <div className="grid max-w-2xl grid-cols-2 gap-6">
      <FormField label="Plain">
        <Input />
      </FormField>
      <FormField label="With help" help="Shown under the control.">
        <Input />
      </FormField>
      <FormField label="Required" required>
        <Input />
      </FormField>
      <FormField label="Invalid" error="Value can not contain only spaces" required>
        <Input defaultValue="   " />
      </FormField>
      <FormField label="Textarea" help="Grows to four rows.">
        <Textarea />
      </FormField>
      <FormField label="Disabled">
        <Input disabled defaultValue="Locked" />
      </FormField>
    </div>
  ),
};
