import { cn } from '@terrace/design-system';
import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';

/** A message inside a sign-in form: what went wrong, or what happened. */
export function FormAlert({ tone, children }: { tone: 'danger' | 'success' | 'info'; children: ReactNode }) {
  const Icon = { danger: CircleAlert, success: CircleCheck, info: Info }[tone];
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={cn(
        'flex items-start gap-2 rounded-md px-3 py-2.5 text-sm',
        tone === 'danger' && 'bg-danger-subtle text-danger-subtle-foreground',
        tone === 'success' && 'bg-success-subtle text-success-subtle-foreground',
        tone === 'info' && 'bg-info-subtle text-info-subtle-foreground',
      )}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div>{children}</div>
    </div>
  );
}
