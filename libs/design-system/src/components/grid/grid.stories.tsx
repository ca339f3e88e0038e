import type { Meta, StoryObj } from '@storybook/react-vite';
import { Grid } from './grid';

const cells = (n: number) =>
  Array.from({ length: n }, (_, i) => (
    <div key={i} className="rounded-md border border-border bg-surface px-3 py-4 text-sm">
      Cell {i + 1}
    </div>
  ));

const meta = {
  title: 'Layout/Grid',
  component: Grid,
  args: { columns: 3, gap: 4 },
  argTypes: {
    columns: { control: 'select', options: [1, 2, 3, 4, 6, 12] },
    gap: { control: 'select', options: [0, 1, 2, 3, 4, 5, 6, 8] },
  },
  render: (args) => <Grid {...args}>{cells(6)}</Grid>,
} satisfies Meta<typeof Grid>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const AutoFill: Story = { args: { minItemWidth: '12rem' } };

export const Matrix: Story = {
  render: () => (
    <div className="flex flex-col gap-6">
      {([2, 3, 4] as const).map((columns) => (
        <Grid key={columns} columns={columns} gap={3}>
          {cells(columns * 2)}
        </Grid>
      ))}
      <Grid minItemWidth="10rem" gap={2}>
        {cells(7)}
      </Grid>
    </div>
  ),
};
