import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Button, EmptyState, ErrorState } from '@terrace/design-system';
import { runListQuery, runPaths, type Run } from '@terrace/runs/data-access';
import { RunsTable } from '@terrace/runs/ui';
import { useApiClient } from '@terrace/session';
import { Play } from 'lucide-react';
import { RunKindFilter } from './run-kind-filter';
import { useRunListParams } from './use-run-list-params';

export interface StackRunsTabProps {
  /** The stack the page shows (the stack page gives its panels the stack). */
  stack: { id: string };
}

/** A stack's runs, newest first, paged and filtered by kind on the server (the stack page's Runs tab). */
export function StackRunsTab({ stack }: StackRunsTabProps) {
  const { t } = useLingui();
  const client = useApiClient();
  const [params, setParams] = useRunListParams('runs');
  const query = useQuery(runListQuery(client, { ...params, stackId: stack.id }));
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return (
    <RunsTable<Run>
      aria-label={t`Runs of this stack`}
      runs={query.data?.items ?? []}
      total={query.data?.total ?? 0}
      page={params.page}
      pageSize={params.pageSize}
      onPageChange={(page, pageSize) => setParams({ page, pageSize: pageSize as typeof params.pageSize })}
      loading={query.isPending}
      runHref={runPaths.of}
      showStack={false}
      toolbar={<RunKindFilter value={params.kind} onChange={(kind) => setParams({ kind, page: 1 })} />}
      empty={
        params.kind ? (
          <EmptyState
            title={t`No run of this kind`}
            text={t`Clear the filter to see every run of the stack.`}
            action={
              <Button variant="outline" onClick={() => setParams({ kind: undefined, page: 1 })}>
                {t`Clear filters`}
              </Button>
            }
          />
        ) : (
          <EmptyState icon={<Play aria-hidden />} title={t`No runs yet`} text={t`Plan or deploy the stack to see its runs here.`} />
        )
      }
    />
  );
}
