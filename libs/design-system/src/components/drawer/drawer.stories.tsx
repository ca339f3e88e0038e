import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { FormField } from '../form-field/form-field';
import { Input } from '../input/input';
import {
  Drawer,
  DrawerBody,
  DrawerClose,
  DrawerContent,
  DrawerDescription,
  DrawerFooter,
  DrawerHeader,
  DrawerTitle,
  DrawerTrigger,
} from './drawer';

function Demo({
  side = 'end',
  size = 'md',
  defaultOpen = false,
}: {
  side?: 'start' | 'end';
  size?: 'sm' | 'md' | 'lg';
  defaultOpen?: boolean;
}) {
  return (
    <Drawer defaultOpen={defaultOpen}>
      <DrawerTrigger asChild>
        <Button variant="outline">Open {side} drawer</Button>
      </DrawerTrigger>
      <DrawerContent side={side} size={size}>
        <DrawerHeader>
          <DrawerTitle>Variables</DrawerTitle>
          <DrawerDescription>
            Environment variables passed to every run of this stack.
          </DrawerDescription>
        </DrawerHeader>
        <DrawerBody className="flex flex-col gap-4">
          <FormField label="Key">
            <Input defaultValue="TF_VAR_region" />
          </FormField>
          <FormField label="Value">
            <Input defaultValue="eu-west-1" />
          </FormField>
        </DrawerBody>
        <DrawerFooter>
          <DrawerClose asChild>
            <Button variant="outline">Cancel</Button>
          </DrawerClose>
          <Button>Save</Button>
        </DrawerFooter>
      </DrawerContent>
    </Drawer>
  );
}

const meta = {
  title: 'Overlays/Drawer',
  component: Demo,
  args: { side: 'end', size: 'md', defaultOpen: false },
  argTypes: {
    side: { control: 'inline-radio', options: ['start', 'end'] },
    size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] },
  },
} satisfies Meta<typeof Demo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const End: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Open end drawer' }));
    const drawer = await within(document.body).findByRole('dialog', { name: 'Variables' });
    // 'end' is the right edge in ltr and the left edge in rtl.
    const rect = drawer.getBoundingClientRect();
    const rtl = document.documentElement.dir === 'rtl';
    await expect(rtl ? rect.left : window.innerWidth - rect.right).toBeLessThan(1);
  },
};
export const Start: Story = { args: { side: 'start' } };
export const Matrix: Story = { args: { defaultOpen: true } };
