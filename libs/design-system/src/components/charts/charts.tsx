import { lazy, Suspense, useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Skeleton } from '../skeleton/skeleton';
import type { CartesianChartProps, DonutChartProps } from './chart-types';

// Each chart loads recharts on first render (ARCHITECTURE §8: heavy parts load through import()).
const LineChartImpl = lazy(() =>
  import('./chart-impl').then((m) => ({ default: m.LineChartImpl })),
);
const BarChartImpl = lazy(() => import('./chart-impl').then((m) => ({ default: m.BarChartImpl })));
const DonutChartImpl = lazy(() =>
  import('./chart-impl').then((m) => ({ default: m.DonutChartImpl })),
);

function ChartFrame({
  title,
  description,
  height,
  className,
  children,
}: {
  title: string;
  description?: string;
  height: number;
  className?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <figure
      data-slot="chart"
      aria-labelledby={`${id}-title`}
      aria-describedby={description ? `${id}-desc` : undefined}
      className={cn('flex flex-col gap-2', className)}
    >
      <figcaption className="flex flex-col gap-0.5">
        <span id={`${id}-title`} className="text-sm font-semibold text-foreground">
          {title}
        </span>
        {description && (
          <span id={`${id}-desc`} className="text-xs text-muted-foreground">
            {description}
          </span>
        )}
      </figcaption>
      <Suspense fallback={<Skeleton className="w-full rounded-lg" style={{ height }} />}>
        {children}
      </Suspense>
    </figure>
  );
}

export function LineChart(props: CartesianChartProps & { className?: string }) {
  return (
    <ChartFrame
      title={props.title}
      description={props.description}
      height={props.height ?? 260}
      className={props.className}
    >
      <LineChartImpl {...props} />
    </ChartFrame>
  );
}

export function AreaChart(props: CartesianChartProps & { className?: string }) {
  return (
    <ChartFrame
      title={props.title}
      description={props.description}
      height={props.height ?? 260}
      className={props.className}
    >
      <LineChartImpl {...props} area />
    </ChartFrame>
  );
}

export function BarChart(props: CartesianChartProps & { className?: string }) {
  return (
    <ChartFrame
      title={props.title}
      description={props.description}
      height={props.height ?? 260}
      className={props.className}
    >
      <BarChartImpl {...props} />
    </ChartFrame>
  );
}

export function DonutChart(props: DonutChartProps & { className?: string }) {
  return (
    <ChartFrame
      title={props.title}
      description={props.description}
      height={props.height ?? 240}
      className={props.className}
    >
      <DonutChartImpl {...props} />
    </ChartFrame>
  );
}
