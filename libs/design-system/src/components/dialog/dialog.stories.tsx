import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { FormField } from '../form-field/form-field';
import { Input } from '../input/input';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog';

const meta = {
  title: 'Overlays/Dialog',
  component: DialogContent,
  args: { size: 'md', hideClose: false },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg', 'xl'] } },
  render: (args) => (
    <Dialog>
      <DialogTrigger asChild>
        <Button variant="outline">Rename stack</Button>
      </DialogTrigger>
      <DialogContent {...args}>
        <DialogHeader>
          <DialogTitle>Rename stack</DialogTitle>
          <DialogDescription>The new name shows everywhere the stack is listed.</DialogDescription>
        </DialogHeader>
        <DialogBody>
          <FormField label="Name" required>
            <Input defaultValue="prod-network" />
          </FormField>
        </DialogBody>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button>Save</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
} satisfies Meta<typeof DialogContent>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Rename stack' }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'Rename stack' });
    await expect(within(dialog).getByRole('textbox', { name: /Name/ })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(within(document.body).queryByRole('dialog')).toBeNull();
  },
};

export const Matrix: Story = {
  render: () => (
    <div className="flex flex-wrap gap-3">
      {(['sm', 'md', 'lg', 'xl'] as const).map((size) => (
        <Dialog key={size}>
          <DialogTrigger asChild>
            <Button variant="outline">Open {size}</Button>
          </DialogTrigger>
          <DialogContent size={size}>
            <DialogHeader>
              <DialogTitle>Dialog {size}</DialogTitle>
              <DialogDescription>A dialog of size {size}.</DialogDescription>
            </DialogHeader>
            <DialogBody>Body content.</DialogBody>
            <DialogFooter>
              <DialogClose asChild>
                <Button variant="outline">Close</Button>
              </DialogClose>
            </DialogFooter>
          </DialogContent>
        </Dialog>
      ))}
    </div>
  ),
};

export const Open: Story = {
  render: (args) => (
    <Dialog defaultOpen>
      <DialogContent {...args}>
        <DialogHeader>
          <DialogTitle>Stack settings</DialogTitle>
          <DialogDescription>Changes apply to the next run.</DialogDescription>
        </DialogHeader>
        <DialogBody>
          <FormField label="Terraform version" help="For example 1.9.5">
            <Input defaultValue="1.9.5" />
          </FormField>
        </DialogBody>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button>Save</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  ),
};
