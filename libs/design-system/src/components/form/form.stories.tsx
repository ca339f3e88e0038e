import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { z } from 'zod/mini';
import { Button } from '../button/button';
import { FormDialog } from '../form-dialog/form-dialog';
import { Input } from '../input/input';
import { Stack } from '../stack/stack';
import { Textarea } from '../textarea/textarea';
import { trimmed } from './contract-resolver';
import { ControlledField, Form, useContractForm } from './form';

// Shaped like a schema generated from the contract (zTeamInput): the limits are the contract's.
const teamSchema = z.object({
  name: trimmed(z.string().check(z.minLength(1), z.maxLength(128))),
  description: z.string().check(z.maxLength(2000)),
});
type TeamValues = z.input<typeof teamSchema>;

function TeamForm({ onSubmit }: { onSubmit: (values: TeamValues) => Promise<void> }) {
  const form = useContractForm({ schema: teamSchema, defaultValues: { name: '', description: '' } });
  return (
    <Form form={form} onSubmit={onSubmit} className="flex max-w-md flex-col gap-4">
      <ControlledField<TeamValues, 'name'> name="name" label="Team name" required help="Unique in the organization.">
        {(field) => <Input {...field} />}
      </ControlledField>
      <ControlledField<TeamValues, 'description'> name="description" label="Description">
        {(field) => <Textarea rows={3} {...field} />}
      </ControlledField>
      <div>
        <Button type="submit">Save team</Button>
      </div>
    </Form>
  );
}

const meta = {
  title: 'Forms/Form',
  component: TeamForm,
  args: { onSubmit: fn(async () => undefined) },
} satisfies Meta<typeof TeamForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** The generated limit reaches the field with the one message map's text. */
export const WithErrors: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Save team' }));
    // The form's checks load with its first press: the first check waits for them.
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: /Team name/ })).toHaveAccessibleDescription(
        'Enter a value. Unique in the organization.',
      ),
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** A server field error (`entity.name`) lands on its field. */
export const ServerFieldError: Story = {
  args: {
    onSubmit: fn(() => Promise.reject(Object.assign(new Error('exists'), { field: 'entity.name', message: 'A team with this name already exists' }))),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByRole('textbox', { name: /Team name/ }), 'Platform');
    await userEvent.click(canvas.getByRole('button', { name: 'Save team' }));
    await expect(
      await canvas.findByRole('textbox', { name: /Team name/, description: /A team with this name already exists/ }),
    ).toHaveAttribute('aria-invalid', 'true');
  },
};

function TeamDialog() {
  const [open, setOpen] = useState(true);
  const form = useContractForm({ schema: teamSchema, defaultValues: { name: '', description: '' } });
  return (
    <Stack gap={2}>
      <div>
        <Button onClick={() => setOpen(true)}>Create a team</Button>
      </div>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="Create a team"
        submitLabel="Create team"
        form={form}
        values={{ name: '', description: '' }}
        onValid={() => new Promise((resolve) => setTimeout(resolve, 300))}
      >
        <ControlledField<TeamValues, 'name'> name="name" label="Team name" required>
          {(field) => <Input {...field} />}
        </ControlledField>
        <ControlledField<TeamValues, 'description'> name="description" label="Description">
          {(field) => <Textarea rows={3} {...field} />}
        </ControlledField>
      </FormDialog>
    </Stack>
  );
}

export const InADialog: StoryObj = {
  render: () => <TeamDialog />,
};
