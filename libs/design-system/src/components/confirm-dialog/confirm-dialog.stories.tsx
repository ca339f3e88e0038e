import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

function Demo(
  props: Omit<ConfirmDialogProps, 'open' | 'onOpenChange'> & { initiallyOpen?: boolean },
) {
  const { initiallyOpen = false, ...rest } = props;
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete stack
      </Button>
      <ConfirmDialog {...rest} open={open} onOpenChange={setOpen} />
    </>
  );
}

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: Demo,
  args: {
    title: 'Delete stack prod-network?',
    description:
      'The stack, its runs and its state history are deleted. Cloud resources are not touched.',
    phrase: 'delete me',
    confirmLabel: 'Delete stack',
    tone: 'danger',
    onConfirm: fn(),
  },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const TypedPhrase: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete stack' }));
    const dialog = within(await within(document.body).findByRole('alertdialog'));
    const confirm = dialog.getByRole('button', { name: 'Delete stack' });
    await expect(confirm).toBeDisabled();
    await userEvent.type(dialog.getByRole('textbox'), 'delete m');
    await expect(confirm).toBeDisabled();
    await userEvent.type(dialog.getByRole('textbox'), 'e');
    await expect(confirm).toBeEnabled();
    await userEvent.click(confirm);
    await expect(args.onConfirm).toHaveBeenCalledOnce();
  },
};

export const WithoutPhrase: Story = {
  args: {
    phrase: undefined,
    tone: 'primary',
    title: 'Force-start this run?',
    description: undefined,
    confirmLabel: 'Force start',
  },
};

export const Matrix: Story = {
  render: (args) => (
    <div className="flex flex-wrap gap-3">
      <Demo {...args} />
      <Demo
        {...args}
        phrase={undefined}
        tone="primary"
        title="Approve deployment?"
        confirmLabel="Approve"
      />
    </div>
  ),
};

export const Open: Story = { args: { initiallyOpen: true } };

/** A choice that shapes the action, above the phrase (a blueprint stack's cleanup pull request). */
export const WithChoice: Story = {
  args: {
    phrase: 'delete stack and open cleanup PR',
    confirmLabel: 'Delete and open PR',
    children: (
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" defaultChecked className="mt-0.5" />
        Also open a pull request removing its code from the repository
      </label>
    ),
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete stack' }));
    const dialog = within(await within(document.body).findByRole('alertdialog'));
    await expect(dialog.getByRole('checkbox', { name: 'Also open a pull request removing its code from the repository' })).toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Delete and open PR' })).toBeDisabled();
  },
};
