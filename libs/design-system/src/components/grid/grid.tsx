import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from '../../lib/slot';
import type { ComponentProps, CSSProperties } from 'react';
import { cn } from '../../lib/cn';

export const gridVariants = cva('grid', {
  variants: {
    // Columns collapse to one on small screens so a grid never needs its own media queries.
    columns: {
      1: 'grid-cols-1',
      2: 'grid-cols-1 sm:grid-cols-2',
      3: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-3',
      4: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-4',
      6: 'grid-cols-2 sm:grid-cols-3 lg:grid-cols-6',
      12: 'grid-cols-12',
    },
    gap: {
      0: 'gap-0',
      1: 'gap-1',
      2: 'gap-2',
      3: 'gap-3',
      4: 'gap-4',
      5: 'gap-5',
      6: 'gap-6',
      8: 'gap-8',
    },
    align: {
      start: 'items-start',
      center: 'items-center',
      end: 'items-end',
      stretch: 'items-stretch',
    },
  },
  defaultVariants: { gap: 4 },
});

export interface GridProps extends ComponentProps<'div'>, VariantProps<typeof gridVariants> {
  /** Fills the row with as many columns of at least this width as fit (overrides `columns`). */
  minItemWidth?: string;
  asChild?: boolean;
}

export function Grid({
  className,
  columns,
  gap,
  align,
  minItemWidth,
  style,
  asChild = false,
  ...props
}: GridProps) {
  const Comp = asChild ? Slot : 'div';
  const autoFill: CSSProperties | undefined = minItemWidth
    ? { gridTemplateColumns: `repeat(auto-fill, minmax(min(${minItemWidth}, 100%), 1fr))` }
    : undefined;
  return (
    <Comp
      data-slot="grid"
      className={cn(
        gridVariants({ columns: minItemWidth ? undefined : (columns ?? 1), gap, align }),
        className,
      )}
      style={{ ...autoFill, ...style }}
      {...props}
    />
  );
}
