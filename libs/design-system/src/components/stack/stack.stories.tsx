import type { Meta, StoryObj } from '@storybook/react-vite';
import { Stack } from './stack';

function Box({ label, tall = false }: { label: string; tall?: boolean }) {
  return (
    <div
      className={`rounded-md border border-border bg-surface px-3 text-sm ${tall ? 'py-6' : 'py-2'}`}
    >
      {label}
    </div>
  );
}

const meta = {
  title: 'Layout/Stack',
  component: Stack,
  args: { direction: 'row', gap: 3, align: 'center', justify: 'start', wrap: false },
  argTypes: {
    direction: {
      control: 'inline-radio',
      options: ['row', 'column', 'row-reverse', 'column-reverse'],
    },
    gap: { control: 'select', options: [0, 1, 2, 3, 4, 5, 6, 8, 10, 12] },
    align: { control: 'inline-radio', options: ['start', 'center', 'end', 'stretch', 'baseline'] },
    justify: { control: 'inline-radio', options: ['start', 'center', 'end', 'between', 'around'] },
  },
  render: (args) => (
    <Stack {...args}>
      <Box label="One" />
      <Box label="Two" tall />
      <Box label="Three" />
    </Stack>
  ),
} satisfies Meta<typeof Stack>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Row: Story = {};
export const Column: Story = { args: { direction: 'column', align: 'stretch' } };

export const Matrix: Story = {
  render: () => (
    <Stack gap={6}>
      {(['row', 'column'] as const).map((direction) =>
        ([1, 4, 8] as const).map((gap) => (
          <Stack key={`${direction}-${gap}`} gap={1}>
            <span className="text-xs text-muted-foreground">
              direction={direction} gap={gap}
            </span>
            <Stack direction={direction} gap={gap} align="start">
              <Box label="A" />
              <Box label="B" tall />
              <Box label="C" />
            </Stack>
          </Stack>
        )),
      )}
      <Stack gap={1}>
        <span className="text-xs text-muted-foreground">justify=between wrap</span>
        <Stack direction="row" justify="between" wrap gap={2}>
          {Array.from({ length: 8 }, (_, i) => (
            <Box key={i} label={`Item ${i + 1}`} />
          ))}
        </Stack>
      </Stack>
    </Stack>
  ),
};
