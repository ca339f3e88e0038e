import { useLingui } from '@lingui/react/macro';
import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

export interface SpinnerProps extends ComponentProps<'svg'> {
  /** When set, the spinner announces itself; inside a busy button leave it unset (aria-busy says it). */
  label?: string;
}

export function Spinner({ className, label, ...props }: SpinnerProps) {
  return (
    <LoaderCircle
      data-slot="spinner"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}

/** A centred spinner for a region that is loading, announced as "Loading". */
export function LoadingIndicator({ className, ...props }: ComponentProps<'div'>) {
  const { t } = useLingui();
  return (
    <div
      data-slot="loading-indicator"
      role="status"
      className={cn('flex items-center justify-center p-6 text-muted-foreground', className)}
      {...props}
    >
      <Spinner className="size-5" />
      <span className="sr-only">{t`Loading`}</span>
    </div>
  );
}
