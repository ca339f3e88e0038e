import { useLingui } from '@lingui/react/macro';
import { ErrorState } from '@terrace/design-system';
import { useRouteError } from 'react-router';

/** Shown when a page fails to load or throws while rendering. */
export function RouteErrorPage() {
  const { t } = useLingui();
  const error = useRouteError();
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
