import { useLingui } from '@lingui/react/macro';
import { CircleAlert, RotateCw } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Button } from '../button/button';
import { describeError } from './describe-error';

export interface ErrorStateProps extends Omit<ComponentProps<'div'>, 'title'> {
  /** The error object itself (CONVENTIONS: pages render the error, not its message). */
  error: unknown;
  title?: ReactNode;
  /** Shows a Retry button, e.g. TanStack Query's `refetch`. */
  onRetry?: () => void;
  retrying?: boolean;
}

export function ErrorState({
  error,
  title,
  onRetry,
  retrying = false,
  className,
  ...props
}: ErrorStateProps) {
  const { t, i18n } = useLingui();
  const described = describeError(error);
  const { requestId } = described;
  // The message an ApiError carries is the English source; its descriptor is the catalogue's.
  const message = described.descriptor ? i18n._(described.descriptor) : described.message;
  return (
    <div
      data-slot="error-state"
      role="alert"
      className={cn(
        'flex flex-col items-center justify-center gap-3 px-6 py-12 text-center',
        className,
      )}
      {...props}
    >
      <div
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-full bg-danger-subtle text-danger-subtle-foreground"
      >
        <CircleAlert className="size-6" />
      </div>
      <div className="flex max-w-md flex-col gap-1">
        <h2 className="text-base font-semibold text-foreground">
          {title ?? t`Something went wrong`}
        </h2>
        <p data-slot="error-state-message" className="text-sm break-words text-muted-foreground">
          {message ?? t`An unexpected error occurred.`}
        </p>
        {requestId && (
          <p className="text-xs text-muted-foreground">
            {t`Request ID`}: <code className="font-mono">{requestId}</code>
          </p>
        )}
      </div>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
          {!retrying && <RotateCw aria-hidden />}
          {t`Retry`}
        </Button>
      )}
    </div>
  );
}
