import type { Meta, StoryObj } from '@storybook/react-vite';
import { Info } from 'lucide-react';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { Tooltip } from './tooltip';

const meta = {
  title: 'Overlays/Tooltip',
  component: Tooltip,
  args: {
    content: 'Drift is checked every 6 hours',
    side: 'top',
    children: (
      <Button variant="ghost" size="icon" aria-label="About drift">
        <Info aria-hidden />
      </Button>
    ),
  },
  argTypes: { side: { control: 'inline-radio', options: ['top', 'bottom', 'start', 'end'] } },
  render: (args) => (
    <div className="flex justify-center p-12">
      <Tooltip {...args} />
    </div>
  ),
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.tab();
    await expect(within(canvasElement).getByRole('button', { name: 'About drift' })).toHaveFocus();
    await expect(await within(document.body).findByRole('tooltip')).toHaveTextContent(
      'Drift is checked every 6 hours',
    );
  },
};

export const Matrix: Story = {
  render: () => (
    <div className="grid grid-cols-2 place-items-center gap-16 p-16">
      {(['top', 'bottom', 'start', 'end'] as const).map((side) => (
        <Tooltip key={side} content={`Side: ${side}`} side={side} open>
          <Button variant="outline">{side}</Button>
        </Tooltip>
      ))}
    </div>
  ),
};
