import { useLingui } from '@lingui/react/macro';
import { Spinner } from '@terrace/design-system';

/** Covers the page while the theme and the organization role load (spec §4). */
export function FullPageLoader() {
  const { t } = useLingui();
  return (
    <div role="status" aria-live="polite" className="flex min-h-dvh items-center justify-center bg-background text-muted-foreground">
      <Spinner className="size-8" label={t`Loading the console`} />
    </div>
  );
}
