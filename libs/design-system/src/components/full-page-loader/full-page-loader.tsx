import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Spinner } from '../spinner/spinner';

/** Covers the page while the theme or the user's role loads (spec: layout). */
export function FullPageLoader({ label }: { label?: ReactNode }) {
  const { t } = useLingui();
  return (
    <div
      data-slot="full-page-loader"
      role="status"
      aria-live="polite"
      className="fixed inset-0 z-50 flex flex-col items-center justify-center gap-3 bg-background text-muted-foreground"
    >
      <Spinner className="size-6 text-primary" />
      <span className="text-sm">{label ?? t`Loading…`}</span>
    </div>
  );
}
