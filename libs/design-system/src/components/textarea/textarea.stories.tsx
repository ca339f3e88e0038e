import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Textarea } from './textarea';

const meta = {
  title: 'Forms/Textarea',
  component: Textarea,
  args: { 'aria-label': 'Message', placeholder: 'Ask the assistant…', minRows: 1, maxRows: 4 },
  render: (args) => (
    <div className="max-w-md">
      <Textarea {...args} />
    </div>
  ),
} satisfies Meta<typeof Textarea>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Grows line by line up to four rows in a real browser, then scrolls. */
export const Grows: Story = {
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox', { name: 'Message' });
    const oneRow = box.getBoundingClientRect().height;
    await userEvent.type(box, 'one{Enter}two{Enter}three');
    const threeRows = box.getBoundingClientRect().height;
    await expect(threeRows).toBeGreaterThan(oneRow);
    await userEvent.type(box, '{Enter}four{Enter}five{Enter}six');
    const capped = box.getBoundingClientRect().height;
    await expect(capped).toBeGreaterThan(threeRows);
    await userEvent.type(box, '{Enter}seven');
    await expect(box.getBoundingClientRect().height).toBe(capped);
  },
};

export const Matrix: Story = {
  render: () => (
    <div className="grid max-w-md gap-3">
      <Textarea aria-label="Empty" placeholder="Empty" />
      <Textarea aria-label="Two lines" defaultValue={'First line\nSecond line'} />
      <Textarea aria-label="Overflowing" defaultValue={'1\n2\n3\n4\n5\n6'} />
      <Textarea aria-label="Invalid" aria-invalid defaultValue="Invalid" />
      <Textarea aria-label="Disabled" disabled defaultValue="Disabled" />
    </div>
  ),
};
