import { useLingui } from '@lingui/react/macro';
import { ErrorState } from '@terrace/design-system';

/** Shown when a page fails to load or throws while rendering (`RouteErrorBoundary`). */
export function RouteErrorPage({ error }: { error: unknown }) {
  const { t } = useLingui();
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-6">
      <ErrorState
        error={error}
        title={t`This page could not be shown`}
        onRetry={() => window.location.reload()}
      />
    </main>
  );
}
