export interface ChartSeries {
  /** The data key of this series' values. */
  key: string;
  /** Legend and tooltip name; already translated. */
  label: string;
  /** One of the five chart colour tokens (1–5); defaults to the series' position. */
  color?: 1 | 2 | 3 | 4 | 5;
}

export interface CartesianChartProps {
  /** Visible title and accessible name of the chart. */
  title: string;
  description?: string;
  data: readonly Record<string, unknown>[];
  /** The key of the x value: a timestamp (ms or ISO string) for time series, a category otherwise. */
  xKey: string;
  series: readonly ChartSeries[];
  height?: number;
  formatX?: (value: unknown) => string;
  formatY?: (value: number) => string;
  stacked?: boolean;
}

export interface DonutSlice {
  name: string;
  value: number;
  color?: 1 | 2 | 3 | 4 | 5;
}

export interface DonutChartProps {
  title: string;
  description?: string;
  data: readonly DonutSlice[];
  height?: number;
  /** Big number in the middle, e.g. the total. */
  centerLabel?: string;
  formatValue?: (value: number) => string;
}
