import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { ConfirmRemoval, type ConfirmRemovalProps } from './confirm-removal';

interface Team {
  name: string;
}

function Demo(props: Omit<ConfirmRemovalProps<Team>, 'target' | 'onClose'>) {
  const [target, setTarget] = useState<Team | null>(null);
  return (
    <>
      <Button variant="danger" onClick={() => setTarget({ name: 'platform' })}>
        Remove team
      </Button>
      <ConfirmRemoval {...props} target={target} onClose={() => setTarget(null)} />
    </>
  );
}

const meta = {
  title: 'Overlays/ConfirmRemoval',
  component: Demo,
  args: {
    title: (team) => `Remove team ${team.name}?`,
    description: 'Its members lose the namespace permissions the team gave them.',
    confirmLabel: 'Remove team',
    onConfirm: fn(async () => undefined),
  },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The spec's phrase ('delete me') unlocks the removal. */
export const TypedPhrase: Story = {
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Remove team' }));
    const dialog = within(await within(document.body).findByRole('alertdialog'));
    const confirm = dialog.getByRole('button', { name: 'Remove team' });
    await expect(confirm).toBeDisabled();
    await userEvent.type(dialog.getByRole('textbox'), 'delete me');
    await userEvent.click(confirm);
    await expect(args.onConfirm).toHaveBeenCalledWith({ name: 'platform' });
  },
};

/** Removing an object by name asks for its name. */
export const TypeTheName: Story = {
  args: { phrase: (team) => team.name },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Remove team' }));
    const dialog = within(await within(document.body).findByRole('alertdialog'));
    await userEvent.type(dialog.getByRole('textbox'), 'platform');
    await expect(dialog.getByRole('button', { name: 'Remove team' })).toBeEnabled();
  },
};
