import { useLingui } from '@lingui/react/macro';
import { cva } from 'class-variance-authority';
import { CircleAlert, CircleCheck, Info, TriangleAlert, XIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../../lib/cn';

const bannerVariants = cva('flex w-full items-start gap-3 rounded-lg border px-4 py-3 text-sm', {
  variants: {
    tone: {
      info: 'border-info/25 bg-info-subtle text-info-subtle-foreground',
      success: 'border-success/25 bg-success-subtle text-success-subtle-foreground',
      warning: 'border-warning/30 bg-warning-subtle text-warning-subtle-foreground',
      danger: 'border-danger/25 bg-danger-subtle text-danger-subtle-foreground',
      neutral: 'border-border bg-muted text-foreground',
    },
  },
  defaultVariants: { tone: 'info' },
});

const icons = {
  info: Info,
  success: CircleCheck,
  warning: TriangleAlert,
  danger: CircleAlert,
  neutral: Info,
} as const;

export interface BannerProps extends Omit<ComponentProps<'div'>, 'title'> {
  tone?: 'info' | 'success' | 'warning' | 'danger' | 'neutral';
  title?: ReactNode;
  /** Buttons such as Postpone or Learn more, at the end of the banner. */
  actions?: ReactNode;
  /** Shows a close button; the caller decides what dismissing means (for a session, for good). */
  onDismiss?: () => void;
  dismissLabel?: string;
}

/** A page- or app-level message, e.g. the MFA and SSO reminders (spec: postpone one week, dismiss). */
export function Banner({
  tone = 'info',
  title,
  actions,
  onDismiss,
  dismissLabel,
  className,
  children,
  ...props
}: BannerProps) {
  const { t } = useLingui();
  const Icon = icons[tone];
  return (
    <div
      data-slot="banner"
      data-tone={tone}
      role={tone === 'danger' ? 'alert' : 'status'}
      className={cn(bannerVariants({ tone }), className)}
      {...props}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div>{children}</div>}
      </div>
      {actions && <div className="flex shrink-0 flex-wrap items-center gap-2">{actions}</div>}
      {onDismiss && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={dismissLabel ?? t`Dismiss`}
          className="-me-1 inline-flex size-6 shrink-0 cursor-pointer items-center justify-center rounded-md hover:bg-current/10 focus-visible:outline-2 focus-visible:outline-ring"
        >
          <XIcon aria-hidden className="size-4" />
        </button>
      )}
    </div>
  );
}
