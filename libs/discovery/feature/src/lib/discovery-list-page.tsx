import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import {
  Badge,
  Button,
  DataTable,
  DisabledReason,
  EmptyState,
  ErrorState,
  OptionSelect,
  PageHeader,
  Stack,
  useUrlListParams,
} from '@terrace/design-system';
import { discoveryQueries, type DiscoveryPageSize, type StackDiscoveryConfiguration } from '@terrace/discovery/data-access';
import { namespacesQueries } from '@terrace/namespaces/data-access';
import { useAccess, useApiClient } from '@terrace/session';
import { Plus, ScanSearch } from 'lucide-react';
import { useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { discoveryStatusLabels, discoveryStatusTones } from './discovery-labels';
import { discoveryPaths } from './discovery-paths';

const ALL = 'all';

/** /stackDiscovery: the discovery configurations, paged and filtered (name, namespace) on the server. */
export function DiscoveryListPage() {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const filterId = useId();
  const searchParams = useSearchParams();
  const [params, setParams] = searchParams;
  const namespaceId = params.get('namespaceId') ?? '';
  const list = useUrlListParams(searchParams);
  const { search, page, pageSize } = list.params;
  const query = useQuery(
    discoveryQueries.list(client, { ...(namespaceId ? { namespaceId } : {}), ...(search ? { search } : {}), page, pageSize: pageSize as DiscoveryPageSize }),
  );
  const namespaces = useQuery(namespacesQueries.list(client, { page: 1, pageSize: 1000 }));
  const names = useMemo(() => new Map((namespaces.data?.items ?? []).map((namespace) => [namespace.id, namespace.name])), [namespaces.data]);
  const create = useAccess('createStackDiscoveryWizard');
  const columns = useMemo<ColumnDef<StackDiscoveryConfiguration, unknown>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: t`Name`,
        // The server orders by name.
        enableSorting: false,
        cell: ({ row }) => (
          <Link className="font-medium text-primary-subtle-foreground hover:underline" to={discoveryPaths.details(row.original.id)}>
            {row.original.name}
          </Link>
        ),
      },
      { id: 'namespace', header: t`Namespace`, enableSorting: false, cell: ({ row }) => names.get(row.original.namespaceId) ?? row.original.namespaceId },
      {
        id: 'repositories',
        header: t`Repositories`,
        enableSorting: false,
        cell: ({ row }) => <span dir="ltr">{row.original.vcsPatterns.map((pattern) => pattern.repoName).join(', ')}</span>,
      },
      {
        id: 'status',
        header: t`Status`,
        enableSorting: false,
        cell: ({ row }) =>
          row.original.status ? <Badge tone={discoveryStatusTones[row.original.status]}>{i18n._(discoveryStatusLabels[row.original.status])}</Badge> : '—',
      },
      {
        id: 'lastRunAt',
        header: t`Last scan`,
        enableSorting: false,
        cell: ({ row }) => (row.original.lastRunAt ? i18n.date(row.original.lastRunAt, { dateStyle: 'medium', timeStyle: 'short' }) : t`Never`),
      },
    ],
    [t, i18n, names],
  );
  const createButton = create.allowed ? (
    <Button asChild>
      <Link to={discoveryPaths.create()}>
        <Plus aria-hidden />
        {t`Create discovery`}
      </Link>
    </Button>
  ) : (
    <DisabledReason reason={create.reason}>
      <Button disabled>
        <Plus aria-hidden />
        {t`Create discovery`}
      </Button>
    </DisabledReason>
  );
  const unfilteredEmpty = query.isSuccess && query.data.total === 0 && !namespaceId && !search;
  return (
    <Stack gap={6} className="p-6">
      <PageHeader
        title={t`Stack discovery`}
        description={t`Scans repositories for folders with infrastructure code and creates a stack for each one that matches the path patterns.`}
        actions={unfilteredEmpty ? undefined : createButton}
      />
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : unfilteredEmpty ? (
        <EmptyState
          icon={<ScanSearch aria-hidden />}
          title={t`No stack discovery yet`}
          text={t`Point a discovery at a monorepo to create its stacks, and new ones as folders are added.`}
          action={createButton}
        />
      ) : (
        <DataTable
          aria-label={t`Stack discovery configurations`}
          mode="server"
          columns={columns}
          data={query.data?.items ?? []}
          getRowId={(row) => row.id}
          loading={query.isPending}
          {...list.tableProps(query.data?.total ?? 0)}
          actions={
            <div className="flex items-center gap-2">
              <label htmlFor={filterId} className="text-sm text-muted-foreground">
                {t`Namespace`}
              </label>
              <OptionSelect
                id={filterId}
                className="w-48"
                value={namespaceId || ALL}
                onValueChange={(value) =>
                  setParams(
                    (current) => {
                      const next = new URLSearchParams(current);
                      if (value === ALL) next.delete('namespaceId');
                      else next.set('namespaceId', value);
                      // Another namespace's list starts at its first page.
                      next.delete('page');
                      return next;
                    },
                    { replace: true },
                  )
                }
                options={[
                  { value: ALL, label: t`All namespaces` },
                  ...(namespaces.data?.items ?? []).map((namespace) => ({ value: namespace.id, label: namespace.name })),
                ]}
              />
            </div>
          }
          empty={
            search ? (
              <EmptyState
                title={t`No stack discovery matches “${search}”`}
                text={t`Check the spelling, or clear the filter to see every stack discovery.`}
                action={
                  <Button variant="outline" onClick={list.clearSearch}>
                    {t`Clear filter`}
                  </Button>
                }
              />
            ) : (
              <EmptyState title={t`No stack discovery here`} text={t`Choose another namespace, or all of them.`} />
            )
          }
        />
      )}
    </Stack>
  );
}
