import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface EmptyStateProps extends Omit<ComponentProps<'div'>, 'title'> {
  icon?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  action?: ReactNode;
  /** The title's heading level: h2 inside a page, h1 when the empty state is the whole page. */
  titleLevel?: 1 | 2 | 3;
}

export function EmptyState({
  icon,
  title,
  text,
  action,
  titleLevel = 2,
  className,
  ...props
}: EmptyStateProps) {
  const Title = `h${titleLevel}` as const;
  return (
    <div
      data-slot="empty-state"
      className={cn(
        'flex flex-col items-center justify-center gap-3 px-6 py-12 text-center',
        className,
      )}
      {...props}
    >
      {icon && (
        <div
          data-slot="empty-state-icon"
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground [&_svg]:size-6"
        >
          {icon}
        </div>
      )}
      <div className="flex max-w-md flex-col gap-1">
        <Title data-slot="empty-state-title" className="text-base font-semibold text-foreground">
          {title}
        </Title>
        {text && (
          <p data-slot="empty-state-text" className="text-sm text-muted-foreground">
            {text}
          </p>
        )}
      </div>
      {action && (
        <div data-slot="empty-state-action" className="mt-1 flex gap-2">
          {action}
        </div>
      )}
    </div>
  );
}
