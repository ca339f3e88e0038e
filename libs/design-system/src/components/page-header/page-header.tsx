import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface PageHeaderProps extends Omit<ComponentProps<'div'>, 'title'> {
  title: ReactNode;
  description?: ReactNode;
  /** Usually a <Breadcrumbs>. */
  breadcrumbs?: ReactNode;
  /** Buttons at the end of the title row. */
  actions?: ReactNode;
}

export function PageHeader({
  title,
  description,
  breadcrumbs,
  actions,
  className,
  children,
  ...props
}: PageHeaderProps) {
  return (
    // A div, not <header>: outside <main> a header is a banner landmark, and the console's banner
    // is the top bar, not each page's title block.
    <div data-slot="page-header" className={cn('flex flex-col gap-3', className)} {...props}>
      {breadcrumbs}
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1
            data-slot="page-header-title"
            className="truncate text-2xl leading-8 font-semibold tracking-tight text-foreground"
          >
            {title}
          </h1>
          {description && (
            <p
              data-slot="page-header-description"
              className="max-w-3xl text-sm text-muted-foreground"
            >
              {description}
            </p>
          )}
        </div>
        {actions && (
          <div
            data-slot="page-header-actions"
            className="flex max-w-full shrink-0 flex-wrap items-center gap-2"
          >
            {actions}
          </div>
        )}
      </div>
      {children}
    </div>
  );
}
