import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import {
  Badge,
  Button,
  Card,
  DataTable,
  EmptyState,
  ErrorState,
  OptionSelect,
  PageHeader,
  Stack as Column,
} from '@terrace/design-system';
import type { DriftState } from '@terrace/drift/data-access';
import { namespacesQueries } from '@terrace/namespaces/data-access';
import { useApiClient } from '@terrace/session';
import { stacksQueries, type Stack, type StackPageSize } from '@terrace/stacks/data-access';
import { Radar } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { DriftDetectionButton } from './drift-detection-button';
import { DriftHistoryChart } from './drift-history-chart';
import { driftStateLabels, driftStateOf, driftStates, driftStateTones } from './drift-labels';
import { driftPaths } from './drift-paths';
import { DriftSummary } from './drift-summary';
import { RemediateDriftButton } from './remediate-drift-button';
import { useDriftCenterParams } from './use-drift-center-params';

const ALL = 'all';

/**
 * /driftCenter: every stack's drift state, filtered by namespace and state and paged on the
 * server (the stacks list); the count per state; the drift history over the report periods; drift
 * detection and remediation per stack.
 */
export function DriftCenterPage({ now }: { now?: Date } = {}) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const [params, setParams] = useDriftCenterParams();
  const { page, pageSize, name, namespaceId, driftState } = params;
  const filters = {
    page,
    pageSize,
    ...(name ? { name } : {}),
    ...(namespaceId ? { namespaceId } : {}),
    ...(driftState ? { driftState } : {}),
  };
  const stacks = useQuery(stacksQueries.list(client, filters));
  const namespaces = useQuery(namespacesQueries.list(client, { page: 1, pageSize: 1000 }));

  // The search box answers at once; the URL (and so the request) follows after a pause in typing.
  const [draft, setDraft] = useState(name ?? '');
  useEffect(() => setDraft(name ?? ''), [name]);
  useEffect(() => {
    if (draft.trim() === (name ?? '')) return undefined;
    const timer = setTimeout(() => setParams({ name: draft.trim(), page: 1 }), 300);
    return () => clearTimeout(timer);
  }, [draft, name, setParams]);

  const columns = useMemo<ColumnDef<Stack, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t`Stack`,
        enableSorting: false,
        cell: ({ row }) => (
          <Link
            className="font-medium text-primary-subtle-foreground hover:underline"
            to={driftPaths.stackDrift(row.original.id)}
          >
            {row.original.name}
          </Link>
        ),
      },
      {
        id: 'driftState',
        header: t`Drift state`,
        enableSorting: false,
        cell: ({ row }) => {
          const state = driftStateOf(row.original.driftState);
          return <Badge tone={driftStateTones[state]}>{i18n._(driftStateLabels[state])}</Badge>;
        },
      },
      {
        id: 'namespace',
        header: t`Namespace`,
        enableSorting: false,
        cell: ({ row }) => (
          <Link className="hover:underline" to={driftPaths.namespace(row.original.namespaceId)}>
            {row.original.namespaceName ?? row.original.namespaceId}
          </Link>
        ),
      },
      {
        id: 'updatedAt',
        header: t`Last updated`,
        enableSorting: false,
        cell: ({ row }) =>
          i18n.date(row.original.updatedAt ?? row.original.createdAt, {
            dateStyle: 'medium',
            timeStyle: 'short',
          }),
      },
      {
        // The row's buttons, a component of their own: each follows what it started (a detection
        // or a remediation).
        id: 'actions',
        header: () => <span className="sr-only">{t`Actions`}</span>,
        enableSorting: false,
        meta: { align: 'end' },
        cell: DriftRowActions,
      },
    ],
    [t, i18n],
  );

  const filtered = Boolean(name || namespaceId || driftState);
  const noStacks = stacks.isSuccess && stacks.data.total === 0 && !filtered;

  const toolbar = (
    <div className="flex flex-wrap items-center gap-2">
      <OptionSelect
        aria-label={t`Namespace`}
        className="w-44"
        value={namespaceId ?? ALL}
        onValueChange={(v) => setParams({ namespaceId: v === ALL ? '' : v, page: 1 })}
        options={[
          { value: ALL, label: t`All namespaces` },
          ...(namespaces.data?.items ?? []).map((ns) => ({ value: ns.id, label: ns.name })),
        ]}
      />
      <OptionSelect
        aria-label={t`Drift state`}
        className="w-56"
        value={driftState ?? ALL}
        onValueChange={(v) =>
          setParams({ driftState: v === ALL ? undefined : (v as DriftState), page: 1 })
        }
        options={[
          { value: ALL, label: t`All drift states` },
          ...driftStates.map((state) => ({ value: state, label: i18n._(driftStateLabels[state]) })),
        ]}
      />
    </div>
  );

  return (
    <Column gap={6} className="p-6">
      <PageHeader
        title={t`Drift Center`}
        description={t`Where the cloud no longer matches the code: every stack's drift state, its history, detection and remediation.`}
      />
      {stacks.isError ? (
        <ErrorState
          error={stacks.error}
          onRetry={() => void stacks.refetch()}
          retrying={stacks.isFetching}
        />
      ) : noStacks ? (
        <EmptyState
          icon={<Radar aria-hidden />}
          title={t`No stacks to watch yet`}
          text={t`Drift detection runs on stacks. Once a namespace has stacks, their drift states appear here.`}
        />
      ) : (
        <>
          <DriftSummary
            namespaceId={namespaceId}
            period={params.period}
            now={now}
            selected={driftState}
            onSelect={(state) => setParams({ driftState: state, page: 1 })}
          />
          <Card className="p-4">
            <DriftHistoryChart
              namespaceId={namespaceId}
              period={params.period}
              onPeriodChange={(period) => setParams({ period })}
              now={now}
            />
          </Card>
          <DataTable
            aria-label={t`Stacks by drift state`}
            mode="server"
            columns={columns}
            data={stacks.data?.items ?? []}
            getRowId={(row) => row.id}
            totalCount={stacks.data?.total ?? 0}
            loading={stacks.isPending}
            pagination={{ pageIndex: page - 1, pageSize }}
            onPaginationChange={(next) =>
              setParams({
                page: next.pageSize !== pageSize ? 1 : next.pageIndex + 1,
                pageSize: next.pageSize as StackPageSize,
              })
            }
            pageSizes={[10, 20, 50, 100]}
            globalFilter={draft}
            onGlobalFilterChange={setDraft}
            actions={toolbar}
            empty={
              <EmptyState
                title={t`No stack matches these filters`}
                text={t`Clear the filters to see every stack.`}
                action={
                  <Button
                    variant="outline"
                    onClick={() =>
                      setParams({ name: '', namespaceId: '', driftState: undefined, page: 1 })
                    }
                  >
                    {t`Clear filters`}
                  </Button>
                }
              />
            }
          />
        </>
      )}
    </Column>
  );
}

/** A row's drift detection and remediation. */
function DriftRowActions({ row }: { row: { original: Stack } }) {
  return (
    <Column direction="row" gap={1} justify="end">
      <DriftDetectionButton stack={row.original} row />
      <RemediateDriftButton stack={row.original} row />
    </Column>
  );
}
