import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { FormField } from '../form-field/form-field';
import { Input } from '../input/input';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

function Demo({ defaultOpen = false }: { defaultOpen?: boolean }) {
  return (
    <Popover defaultOpen={defaultOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline">Time to live</Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Time to live">
        <div className="flex flex-col gap-3">
          <p className="text-sm font-medium">Extend time to live</p>
          <FormField label="Hours">
            <Input type="number" defaultValue={4} />
          </FormField>
          <Button size="sm">Extend</Button>
        </div>
      </PopoverContent>
    </Popover>
  );
}

const meta = {
  title: 'Overlays/Popover',
  component: Demo,
  args: { defaultOpen: false },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Time to live' }));
    await expect(
      await within(document.body).findByRole('spinbutton', { name: 'Hours' }),
    ).toBeVisible();
  },
};
export const Matrix: Story = { args: { defaultOpen: true } };
