import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export function Card({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="card"
      className={cn(
        'flex flex-col rounded-lg border border-border bg-surface text-surface-foreground shadow-xs',
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-header"
      className={cn(
        'flex flex-wrap items-start justify-between gap-x-4 gap-y-2 px-5 pt-4 pb-3',
        className,
      )}
      {...props}
    />
  );
}

export interface CardTitleProps extends ComponentProps<'h3'> {
  /**
   * The heading level in the page's outline: 2 for cards right under the page title, 3 (the
   * default) inside a titled section. Headings must not skip a level (axe heading-order).
   */
  level?: 2 | 3 | 4;
}

export function CardTitle({ className, children, level = 3, ...props }: CardTitleProps) {
  const Heading = `h${level}` as 'h2' | 'h3' | 'h4';
  return (
    <Heading
      data-slot="card-title"
      className={cn('text-sm leading-6 font-semibold', className)}
      {...props}
    >
      {children}
    </Heading>
  );
}

export function CardDescription({ className, ...props }: ComponentProps<'p'>) {
  return (
    <p
      data-slot="card-description"
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

export function CardBody({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="card-body" className={cn('flex-1 px-5 py-3', className)} {...props} />;
}

export function CardFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="card-footer"
      className={cn(
        'flex items-center justify-end gap-2 rounded-b-lg border-t border-border bg-muted/40 px-5 py-3',
        className,
      )}
      {...props}
    />
  );
}
