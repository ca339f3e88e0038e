import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { useForm } from '../../lib/form-engine/form-engine';
import { FormField } from '../form-field/form-field';
import { Input } from '../input/input';
import { Wizard } from './wizard';

function CreateStack({
  onFinish,
  onCancel,
  startAt = 0,
  orientation,
}: {
  onFinish: (values: unknown) => void;
  onCancel?: () => void;
  startAt?: number;
  orientation?: 'horizontal' | 'vertical';
}) {
  const form = useForm({ defaultValues: { name: '', repository: '' } });
  const { errors } = form.formState;
  return (
    <div className={orientation === 'vertical' ? 'max-w-3xl' : 'max-w-xl'}>
      <Wizard
        step={startAt === 0 ? undefined : startAt}
        finishLabel="Create stack"
        onFinish={() => onFinish(form.getValues())}
        onCancel={onCancel}
        orientation={orientation}
        steps={[
          {
            id: 'name',
            title: 'Name',
            description: 'How the stack appears in lists.',
            validate: () => form.trigger('name'),
            content: (
              <FormField label="Stack name" error={errors.name?.message} required>
                <Input {...form.register('name', { required: 'Name is required' })} />
              </FormField>
            ),
          },
          {
            id: 'repository',
            title: 'Repository',
            invalid: Boolean(errors.repository),
            validate: () => form.trigger('repository'),
            content: (
              <FormField label="Git repository URL" error={errors.repository?.message} required>
                <Input {...form.register('repository', { required: 'Repository is required' })} />
              </FormField>
            ),
          },
          {
            id: 'review',
            title: 'Review',
            content: <p className="text-sm">Everything is ready.</p>,
          },
        ]}
      />
    </div>
  );
}

const meta = {
  title: 'Forms/Wizard',
  component: CreateStack,
  args: { onFinish: fn(), onCancel: fn() },
} satisfies Meta<typeof CreateStack>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByText('Name is required')).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: /Stack name/ }), 'prod-network');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await userEvent.type(
      await canvas.findByRole('textbox', { name: /Git repository/ }),
      'https://git.example.com/infra.git',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await userEvent.click(await canvas.findByRole('button', { name: 'Create stack' }));
    await expect(args.onFinish).toHaveBeenCalledWith({
      name: 'prod-network',
      repository: 'https://git.example.com/infra.git',
    });
  },
};

export const Matrix: Story = {
  render: (args) => (
    <div className="flex flex-col gap-12">
      <CreateStack onFinish={args.onFinish} />
      <CreateStack onFinish={args.onFinish} startAt={2} />
    </div>
  ),
};

/** The step list beside the step (long forms), with Cancel; a step with errors is marked in the list. */
export const Vertical: Story = {
  args: { orientation: 'vertical' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Stack name/ }), 'prod-network{Enter}');
    await userEvent.click(await canvas.findByRole('button', { name: 'Next' }));
    await expect(canvas.getByRole('listitem', { current: 'step' })).toHaveTextContent('Repository (has errors)');
    await userEvent.click(canvas.getByRole('button', { name: /Name/ }));
    await expect(await canvas.findByText('Step 1 of 3')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
  },
};
