import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, EmptyState, ErrorState, PageHeader, Skeleton, Stack } from '@terrace/design-system';
import { dashboardQueries, type AutomationOverview } from '@terrace/dashboard/data-access';
import { dashboardRefreshText } from '@terrace/domain';
import { useApiClient } from '@terrace/session';
import { Layers, RefreshCw } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { dashboardPaths } from './dashboard-paths';
import { GettingStartedCard } from './getting-started-card';
import { RecentActivity } from './recent-activity';

// Loaded once the overview reports stacks: an organization without any never needs it.
const StackOverview = lazy(() => import('./stack-overview').then((m) => ({ default: m.StackOverview })));

/** "Last refreshed n minutes ago", kept current while the page stays open. */
function RefreshedAt({ at }: { at: number }) {
  const { i18n } = useLingui();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return <span className="text-xs text-muted-foreground">{i18n._(dashboardRefreshText(Math.max(0, now - at)))}</span>;
}

function OverviewSkeleton() {
  return (
    <Stack gap={4} aria-hidden>
      <Skeleton className="h-48 w-full rounded-lg" />
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24 rounded-lg" />
        ))}
      </div>
      <Skeleton className="h-56 w-full rounded-lg" />
    </Stack>
  );
}

function Overview({ data }: { data: AutomationOverview }) {
  const { t } = useLingui();
  const hasStacks = data.stacks.total > 0;
  return (
    <Stack gap={4}>
      <GettingStartedCard progress={data.gettingStarted} />
      {hasStacks ? (
        <StackOverview data={data} />
      ) : (
        <Card>
          <EmptyState
            icon={<Layers aria-hidden />}
            title={t`No stacks yet`}
            text={t`Once stacks exist, their runs, drift and failures are summed up here.`}
            action={
              <Button variant="outline" asChild>
                <Link to={dashboardPaths.namespaces()}>{t`Go to namespaces`}</Link>
              </Button>
            }
          />
        </Card>
      )}
      {data.recentActivity && <RecentActivity events={data.recentActivity} />}
    </Stack>
  );
}

/** /dashboard: the default home page — getting started, then the automation overview. */
export function DashboardPage() {
  const { t } = useLingui();
  const client = useApiClient();
  const query = useQuery(dashboardQueries.overview(client));
  return (
    <Stack gap={6} className="p-6">
      <PageHeader
        title={t`Dashboard`}
        description={t`Your infrastructure automation at a glance: stacks, runs, drift and what changed lately.`}
        actions={
          query.isSuccess && (
            <div className="flex items-center gap-3">
              <RefreshedAt at={query.dataUpdatedAt} />
              <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
                <RefreshCw aria-hidden className={query.isFetching ? 'animate-spin' : undefined} />
                {t`Refresh`}
              </Button>
            </div>
          )
        }
      />
      {query.isPending ? (
        <OverviewSkeleton />
      ) : query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        // The loading skeleton stays until the stack overview's code is there too, so the overview
        // appears whole, once.
        <Suspense fallback={<OverviewSkeleton />}>
          <Overview data={query.data} />
        </Suspense>
      )}
    </Stack>
  );
}

export function DashboardRoute() {
  return <DashboardPage />;
}
