import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from './accordion';

function Demo({ type = 'single' }: { type?: 'single' | 'multiple' }) {
  const items = [
    ['init', 'Initialize', 'terraform init completed in 4.2 s.'],
    ['plan', 'Plan', '3 to add, 1 to change, 0 to destroy.'],
    ['apply', 'Apply', 'Waiting for approval.'],
  ] as const;
  const content = items.map(([value, title, text]) => (
    <AccordionItem key={value} value={value}>
      <AccordionTrigger>{title}</AccordionTrigger>
      <AccordionContent>{text}</AccordionContent>
    </AccordionItem>
  ));
  return type === 'single' ? (
    <Accordion type="single" collapsible defaultValue="plan" className="max-w-lg">
      {content}
    </Accordion>
  ) : (
    <Accordion type="multiple" defaultValue={['init', 'apply']} className="max-w-lg">
      {content}
    </Accordion>
  );
}

const meta = {
  title: 'Layout/Accordion',
  component: Demo,
  args: { type: 'single' },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Single: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Initialize' }));
    await expect(canvas.getByRole('button', { name: 'Initialize' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Plan' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  },
};
export const Matrix: Story = {
  render: () => (
    <div className="grid grid-cols-2 gap-6">
      <Demo type="single" />
      <Demo type="multiple" />
    </div>
  ),
};
