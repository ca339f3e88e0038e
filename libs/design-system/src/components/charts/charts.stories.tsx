import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { AreaChart, BarChart, DonutChart, LineChart } from './charts';

const days = Array.from({ length: 14 }, (_, i) => {
  const date = Date.UTC(2026, 10, 9 + i);
  return {
    date,
    deployments: 20 + ((i * 7) % 13),
    plans: 40 + ((i * 11) % 17),
    failed: (i * 3) % 5,
  };
});
const formatDay = (value: unknown) =>
  new Date(Number(value)).toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

const meta = {
  title: 'Data/Charts',
  component: LineChart,
  args: {
    title: 'Runs per day',
    description: 'Deployments and plans over the last two weeks.',
    data: days,
    xKey: 'date',
    series: [
      { key: 'deployments', label: 'Deployments' },
      { key: 'plans', label: 'Plans' },
    ],
    formatX: formatDay,
    height: 260,
  },
} satisfies Meta<typeof LineChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Line: Story = {
  play: async ({ canvasElement }) => {
    const figure = within(canvasElement).getByRole('figure', { name: 'Runs per day' });
    // The chart library arrives through a lazy import; the SVG appears once it has loaded.
    await expect(await within(figure).findByText('Deployments', {}, { timeout: 15_000 })).toBeVisible();

    // Mirrored in rtl: the value axis stands on the right and time runs from the right. Checked
    // until the responsive container has settled on its width.
    const rtl = document.documentElement.dir === 'rtl';
    await waitFor(() => {
      const surface = figure.querySelector('svg.recharts-surface')?.getBoundingClientRect();
      if (!surface) throw new Error('chart not rendered');
      const texts = [...figure.querySelectorAll('svg.recharts-surface text')];
      // The value axis' labels are the plain numbers.
      const values = texts.filter((text) => /^\d+$/.test(text.textContent ?? ''));
      if (values.length < 2) throw new Error('value axis not rendered');
      const axisOnRight = values.every((text) => text.getBoundingClientRect().left > surface.left + surface.width / 2);
      expect(axisOnRight, `value axis on the right (dir ${document.documentElement.dir})`).toBe(rtl);
      const ticks = texts
        .map((tick) => ({
          day: days.findIndex((d) => formatDay(d.date) === tick.textContent),
          x: tick.getBoundingClientRect().left,
        }))
        .filter((tick) => tick.day >= 0)
        .sort((a, b) => a.day - b.day);
      const [first, last] = [ticks[0], ticks.at(-1)];
      if (!first || !last || first === last) throw new Error('too few category ticks');
      expect(first.x > last.x, `time runs from the right (${JSON.stringify(ticks)})`).toBe(rtl);
    });
  },
};
export const Area: Story = {
  render: (args) => <AreaChart {...args} title="Runs per day (stacked)" stacked />,
};
export const Bar: Story = {
  render: () => (
    <BarChart
      title="Failed runs per day"
      data={days}
      xKey="date"
      formatX={formatDay}
      series={[{ key: 'failed', label: 'Failed', color: 4 }]}
    />
  ),
};
export const Donut: Story = {
  render: () => (
    <div className="max-w-sm">
      <DonutChart
        title="Resources by provider"
        centerLabel="1,284"
        data={[
          { name: 'AWS', value: 812 },
          { name: 'Azure', value: 301 },
          { name: 'Google Cloud', value: 171 },
        ]}
      />
    </div>
  ),
};

export const Matrix: Story = {
  render: (args) => (
    <div className="grid grid-cols-2 gap-8">
      <LineChart {...args} />
      <AreaChart {...args} title="Area" />
      <BarChart {...args} title="Grouped bars" />
      <BarChart {...args} title="Stacked bars" stacked />
      <DonutChart
        title="Drift states"
        data={[
          { name: 'In sync', value: 64 },
          { name: 'Drifted', value: 9, color: 3 },
          { name: 'Not checked', value: 12, color: 5 },
        ]}
      />
    </div>
  ),
};
