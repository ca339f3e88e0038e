import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, EmptyState, ErrorState, PageHeader, Stack, Tabs, TabsContent, TabsList, TabsTrigger, useUrlTab } from '@terrace/design-system';
import { runListQuery, runPaths, type Run, type RunListFilters } from '@terrace/runs/data-access';
import { RunsTable } from '@terrace/runs/ui';
import { useApiClient } from '@terrace/session';
import { Activity, History } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { isRunActive, runStatuses } from '@terrace/domain';
import { RunKindFilter } from './run-kind-filter';
import { RunStatusFilter } from './run-status-filter';
import { useRunListParams } from './use-run-list-params';

const tabs = ['active', 'finished'] as const;
const activeStatuses = runStatuses.filter(isRunActive);
const finishedStatuses = runStatuses.filter((status) => !isRunActive(status));
/** The Finished tab shows the runs of the last day (spec: "Finished tab for the last 24 hours"). */
export const FINISHED_WITHIN_HOURS = 24;

/** /activeRuns: the organization's runs now active, and those finished in the last 24 hours, paged and filtered on the server. */
export function ActiveRunsPage() {
  const { t } = useLingui();
  const [tab, setTab] = useUrlTab('tab', useSearchParams(), { defaultTab: 'active', tabs });
  return (
    <Stack gap={6} className="p-6">
      <PageHeader title={t`Active runs`} description={t`Plans, deployments and tasks of every stack you can see, while they run and after.`} />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={t`Runs`}>
          <TabsTrigger value="active">{t`Active`}</TabsTrigger>
          <TabsTrigger value="finished">{t`Finished (last 24 hours)`}</TabsTrigger>
        </TabsList>
        <TabsContent value="active">
          <RunList active />
        </TabsContent>
        <TabsContent value="finished">
          <RunList active={false} />
        </TabsContent>
      </Tabs>
    </Stack>
  );
}

function RunList({ active }: { active: boolean }) {
  const { t } = useLingui();
  const client = useApiClient();
  const [params, setParams] = useRunListParams(active ? 'active' : 'finished');
  const filters: RunListFilters = active ? { ...params, isActive: true } : { ...params, isActive: false, updatedInTheLastHours: FINISHED_WITHIN_HOURS };
  const query = useQuery(runListQuery(client, filters));
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const filtered = params.kind !== undefined || params.status !== undefined;
  const empty = filtered ? (
    <EmptyState
      title={t`No run matches these filters`}
      text={t`Clear the filters to see every run.`}
      action={
        <Button variant="outline" onClick={() => setParams({ kind: undefined, status: undefined, page: 1 })}>
          {t`Clear filters`}
        </Button>
      }
    />
  ) : active ? (
    <EmptyState icon={<Activity aria-hidden />} title={t`No run is active`} text={t`Plans, deployments and tasks appear here while they wait, run or wait for approval.`} />
  ) : (
    <EmptyState icon={<History aria-hidden />} title={t`No run finished in the last 24 hours`} text={t`Runs that end appear here for a day.`} />
  );
  return (
    <RunsTable<Run>
      aria-label={active ? t`Active runs` : t`Runs finished in the last 24 hours`}
      runs={query.data?.items ?? []}
      total={query.data?.total ?? 0}
      page={params.page}
      pageSize={params.pageSize}
      onPageChange={(page, pageSize) => setParams({ page, pageSize: pageSize as typeof params.pageSize })}
      loading={query.isPending}
      runHref={runPaths.of}
      stackHref={(run) => runPaths.stack(run.stackId)}
      toolbar={
        <div className="flex flex-wrap gap-2">
          <RunKindFilter value={params.kind} onChange={(kind) => setParams({ kind, page: 1 })} />
          <RunStatusFilter statuses={active ? activeStatuses : finishedStatuses} value={params.status} onChange={(status) => setParams({ status, page: 1 })} />
        </div>
      }
      empty={empty}
    />
  );
}
