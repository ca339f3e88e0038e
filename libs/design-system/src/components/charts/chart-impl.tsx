// The recharts-backed implementations. Only charts.tsx imports this file, through React.lazy,
// so recharts lands in its own chunk and pages without charts never download it.
import {
  Area,
  AreaChart as RAreaChart,
  Bar,
  BarChart as RBarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart as RLineChart,
  Pie,
  PieChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { ReactNode } from 'react';
import { useTheme } from '../theme-provider/theme-provider';
import type { CartesianChartProps, ChartSeries, DonutChartProps } from './chart-types';
import { useChartTheme, type ChartTheme } from './use-chart-theme';

const colorOf = (theme: ChartTheme, series: Pick<ChartSeries, 'color'>, index: number) =>
  theme.series[((series.color ?? index + 1) - 1) % theme.series.length] ?? theme.axis;

// Legend labels in the axis colour: the series colours mark the swatches, but as text they fall
// below AA contrast (amber on white). A function returning the element, not a component, so
// the chart still finds a <Legend> among its children.
function legendElement(theme: ChartTheme) {
  return (
    <Legend
      wrapperStyle={{ fontSize: 12 }}
      iconType="circle"
      iconSize={8}
      formatter={(value) => <span style={{ color: theme.axis }}>{value}</span>}
    />
  );
}

function tooltipStyle(theme: ChartTheme) {
  return {
    background: theme.tooltipBackground,
    border: `1px solid ${theme.tooltipBorder}`,
    borderRadius: 8,
    color: theme.tooltipText,
    fontSize: 12,
  };
}

/**
 * What line, area and bar charts share: container, grid, axes, tooltip and legend. In rtl the
 * category axis runs from the right and the value axis stands on the right (recharts' axes are
 * physical, so they are mirrored here).
 */
function CartesianFrame({
  props,
  chart: Chart,
  children,
}: {
  props: CartesianChartProps;
  chart: typeof RLineChart | typeof RAreaChart | typeof RBarChart;
  children: ReactNode;
}) {
  const theme = useChartTheme();
  const rtl = useTheme().direction === 'rtl';
  const tick = { fill: theme.axis, fontSize: 12 };
  return (
    <ResponsiveContainer width="100%" height={props.height ?? 260}>
      <Chart data={[...props.data]} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid stroke={theme.grid} strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey={props.xKey}
          reversed={rtl}
          tick={tick}
          tickLine={false}
          axisLine={{ stroke: theme.grid }}
          tickFormatter={props.formatX}
          minTickGap={24}
        />
        <YAxis
          orientation={rtl ? 'right' : 'left'}
          tick={tick}
          tickLine={false}
          axisLine={false}
          width={48}
          tickFormatter={props.formatY}
        />
        <Tooltip
          contentStyle={tooltipStyle(theme)}
          labelStyle={{ color: theme.tooltipText }}
          labelFormatter={props.formatX ? (label) => props.formatX?.(label) : undefined}
          formatter={props.formatY ? (value) => props.formatY?.(Number(value)) : undefined}
        />
        {props.series.length > 1 ? legendElement(theme) : null}
        {children}
      </Chart>
    </ResponsiveContainer>
  );
}

export function LineChartImpl(props: CartesianChartProps) {
  const theme = useChartTheme();
  return (
    <CartesianFrame props={props} chart={RLineChart}>
      {props.series.map((s, i) => (
        <Line
          key={s.key}
          type="monotone"
          dataKey={s.key}
          name={s.label}
          stroke={colorOf(theme, s, i)}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
        />
      ))}
    </CartesianFrame>
  );
}

export function AreaChartImpl(props: CartesianChartProps) {
  const theme = useChartTheme();
  return (
    <CartesianFrame props={props} chart={RAreaChart}>
      {props.series.map((s, i) => (
        <Area
          key={s.key}
          type="monotone"
          dataKey={s.key}
          name={s.label}
          stroke={colorOf(theme, s, i)}
          fill={colorOf(theme, s, i)}
          fillOpacity={0.15}
          strokeWidth={2}
          stackId={props.stacked ? 'stack' : undefined}
          isAnimationActive={false}
        />
      ))}
    </CartesianFrame>
  );
}

export function BarChartImpl(props: CartesianChartProps) {
  const theme = useChartTheme();
  return (
    <CartesianFrame props={props} chart={RBarChart}>
      {props.series.map((s, i) => (
        <Bar
          key={s.key}
          dataKey={s.key}
          name={s.label}
          fill={colorOf(theme, s, i)}
          radius={props.stacked ? 0 : [3, 3, 0, 0]}
          stackId={props.stacked ? 'stack' : undefined}
          isAnimationActive={false}
          maxBarSize={40}
        />
      ))}
    </CartesianFrame>
  );
}

export function DonutChartImpl(props: DonutChartProps) {
  const theme = useChartTheme();
  const height = props.height ?? 240;
  return (
    <div className="relative">
      <ResponsiveContainer width="100%" height={height}>
        <PieChart>
          <Tooltip
            contentStyle={tooltipStyle(theme)}
            itemStyle={{ color: theme.tooltipText }}
            formatter={
              props.formatValue ? (value) => props.formatValue?.(Number(value)) : undefined
            }
          />
          {legendElement(theme)}
          <Pie
            data={[...props.data]}
            dataKey="value"
            nameKey="name"
            innerRadius="58%"
            outerRadius="80%"
            paddingAngle={2}
            stroke="none"
            isAnimationActive={false}
          >
            {props.data.map((slice, i) => (
              <Cell key={slice.name} fill={colorOf(theme, slice, i)} />
            ))}
          </Pie>
        </PieChart>
      </ResponsiveContainer>
      {props.centerLabel && (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-x-0 top-0 flex items-center justify-center text-2xl font-semibold"
          style={{ height: height - 36 }}
        >
          {props.centerLabel}
        </div>
      )}
    </div>
  );
}
