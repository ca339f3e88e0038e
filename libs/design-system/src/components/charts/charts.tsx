import { lazy, Suspense, useId, type ComponentType, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Skeleton } from '../skeleton/skeleton';
import type * as Impls from './chart-impl';

// Each chart loads recharts on first render (ARCHITECTURE §8: heavy parts load through import()).
function lazyImpl<P>(pick: (impls: typeof Impls) => ComponentType<P>) {
  return lazy(() => import('./chart-impl').then((impls) => ({ default: pick(impls) })));
}

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
        <p id={`${id}-title`} className="text-sm font-semibold text-foreground">
          {title}
        </p>
        {description && (
          <p id={`${id}-desc`} className="text-xs text-muted-foreground">
            {description}
          </p>
        )}
      </figcaption>
      <Suspense fallback={<Skeleton className="w-full rounded-lg" style={{ height }} />}>
        {children}
      </Suspense>
    </figure>
  );
}

interface FramedProps {
  title: string;
  description?: string;
  height?: number;
}

/** A chart kind: its lazily loaded implementation inside the titled frame, at its default height. */
function framedChart<P extends FramedProps>(Impl: ComponentType<P>, defaultHeight: number) {
  return function FramedChart(props: P & { className?: string }) {
    return (
      <ChartFrame
        title={props.title}
        description={props.description}
        height={props.height ?? defaultHeight}
        className={props.className}
      >
        <Impl {...props} />
      </ChartFrame>
    );
  };
}

export const LineChart = framedChart(lazyImpl((impls) => impls.LineChartImpl), 260);
export const AreaChart = framedChart(lazyImpl((impls) => impls.AreaChartImpl), 260);
export const BarChart = framedChart(lazyImpl((impls) => impls.BarChartImpl), 260);
export const DonutChart = framedChart(lazyImpl((impls) => impls.DonutChartImpl), 240);
