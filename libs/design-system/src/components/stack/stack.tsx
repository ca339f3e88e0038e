import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from '../../lib/slot';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

// Gaps follow the 4 px grid: gap={3} is 12 px.
export const stackVariants = cva('flex', {
  variants: {
    direction: {
      row: 'flex-row',
      column: 'flex-col',
      'row-reverse': 'flex-row-reverse',
      'column-reverse': 'flex-col-reverse',
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
      10: 'gap-10',
      12: 'gap-12',
    },
    align: {
      start: 'items-start',
      center: 'items-center',
      end: 'items-end',
      stretch: 'items-stretch',
      baseline: 'items-baseline',
    },
    justify: {
      start: 'justify-start',
      center: 'justify-center',
      end: 'justify-end',
      between: 'justify-between',
      around: 'justify-around',
    },
    wrap: { true: 'flex-wrap', false: 'flex-nowrap' },
  },
  defaultVariants: { direction: 'column', gap: 2 },
});

export interface StackProps extends ComponentProps<'div'>, VariantProps<typeof stackVariants> {
  asChild?: boolean;
}

export function Stack({
  className,
  direction,
  gap,
  align,
  justify,
  wrap,
  asChild = false,
  ...props
}: StackProps) {
  const Comp = asChild ? Slot : 'div';
  return (
    <Comp
      data-slot="stack"
      className={cn(stackVariants({ direction, gap, align, justify, wrap }), className)}
      {...props}
    />
  );
}
