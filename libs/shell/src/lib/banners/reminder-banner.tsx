import { cn } from '@terrace/design-system';
import type { ReactNode } from 'react';

export interface ReminderBannerProps {
  icon: ReactNode;
  title: ReactNode;
  text: ReactNode;
  actions: ReactNode;
  tone?: 'info' | 'warning';
  testId?: string;
}

/** A full-width reminder under the header; it never blocks the page below it. */
export function ReminderBanner({ icon, title, text, actions, tone = 'info', testId }: ReminderBannerProps) {
  return (
    <section
      data-testid={testId}
      aria-label={typeof title === 'string' ? title : undefined}
      className={cn(
        'flex flex-wrap items-center gap-x-4 gap-y-2 border-b px-4 py-2.5 text-sm sm:px-6',
        tone === 'warning'
          ? 'border-warning/30 bg-warning-subtle text-warning-subtle-foreground'
          : 'border-info/30 bg-info-subtle text-info-subtle-foreground',
      )}
    >
      <span aria-hidden className="flex shrink-0 [&_svg]:size-4">
        {icon}
      </span>
      <p className="min-w-0 flex-1 basis-64">
        <strong className="font-semibold">{title}</strong> <span>{text}</span>
      </p>
      {/* The buttons wrap inside the window rather than run past its edge on a phone. */}
      <div className="flex max-w-full min-w-0 flex-wrap items-center gap-2">{actions}</div>
    </section>
  );
}
