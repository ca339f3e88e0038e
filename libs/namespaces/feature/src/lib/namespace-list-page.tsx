import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import {
  Button,
  DisabledReason,
  DataTable,
  EmptyState,
  ErrorState,
  PageHeader,
  Stack,
} from '@terrace/design-system';
import { namespacesQueries, type Namespace, type PageSize } from '@terrace/namespaces/data-access';
import { FolderTree, Plus } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { namespaceListHeading } from './namespace-list-heading';
import { namespacePaths } from './namespace-paths';
import { useNamespaceListParams } from './use-namespace-list-params';
import { useNamespaceAccess } from './use-namespace-access';
import { useApiClient } from '@terrace/session';

export interface NamespaceListPageProps {
  /** Whether the user may create namespaces; the page shows the button disabled with the reason otherwise. */
  canCreate?: boolean;
  /** Why not (from the session's access model); a generic reason when not given. */
  createRefusal?: string;
}

/** /namespaces: every namespace, paged and filtered by name on the server. */
export function NamespaceListPage({ canCreate = true, createRefusal }: NamespaceListPageProps) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const [filters, setFilters] = useNamespaceListParams();
  const query = useQuery({ ...namespacesQueries.list(client, filters), placeholderData: keepPreviousData });

  // The search box answers at once; the URL (and so the request) follows after a pause in typing.
  const [draft, setDraft] = useState(filters.name ?? '');
  useEffect(() => setDraft(filters.name ?? ''), [filters.name]);
  useEffect(() => {
    if (draft.trim() === (filters.name ?? '')) return undefined;
    const timer = setTimeout(() => setFilters({ name: draft.trim(), page: 1 }), 300);
    return () => clearTimeout(timer);
  }, [draft, filters.name, setFilters]);

  const columns = useMemo<ColumnDef<Namespace, unknown>[]>(
    () => [
      {
        id: 'name',
        header: t`Name`,
        enableSorting: false,
        cell: ({ row }) => (
          <Link className="font-medium text-primary-subtle-foreground hover:underline" to={namespacePaths.details(row.original.id)}>
            {row.original.name}
          </Link>
        ),
      },
      {
        id: 'description',
        header: t`Description`,
        enableSorting: false,
        cell: ({ row }) => <span className="text-muted-foreground">{row.original.description || '—'}</span>,
      },
      {
        id: 'runner',
        header: t`Runners`,
        enableSorting: false,
        cell: ({ row }) =>
          row.original.runnerConfig?.mode === 'selfHosted' ? t`Self-hosted` : t`Managed`,
      },
      {
        id: 'updatedAt',
        header: t`Last updated`,
        enableSorting: false,
        cell: ({ row }) => i18n.date(row.original.updatedAt, { dateStyle: 'medium', timeStyle: 'short' }),
      },
    ],
    [t, i18n],
  );

  const createButton = canCreate ? (
    <Button asChild>
      <Link to={namespacePaths.create()}>
        <Plus aria-hidden />
        {t`Create namespace`}
      </Link>
    </Button>
  ) : (
    <DisabledReason reason={createRefusal ?? t`Your role cannot create namespaces.`}>
      <Button disabled>
        <Plus aria-hidden />
        {t`Create namespace`}
      </Button>
    </DisabledReason>
  );

  const unfilteredEmpty = query.isSuccess && query.data.total === 0 && !filters.name;

  return (
    <Stack gap={6} className="p-6">
      <PageHeader
        title={i18n._(namespaceListHeading.title)}
        description={i18n._(namespaceListHeading.description)}
        actions={unfilteredEmpty ? undefined : createButton}
      />
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : unfilteredEmpty ? (
        <EmptyState
          icon={<FolderTree aria-hidden />}
          title={t`No namespaces yet`}
          text={t`Create a namespace to group stacks and give them shared settings and permissions.`}
          action={createButton}
        />
      ) : (
        <DataTable
          aria-label={t`Namespaces`}
          mode="server"
          columns={columns}
          data={query.data?.items ?? []}
          getRowId={(row) => row.id}
          totalCount={query.data?.total ?? 0}
          loading={query.isPending}
          pagination={{ pageIndex: filters.page - 1, pageSize: filters.pageSize }}
          onPaginationChange={(next) =>
            setFilters({
              page: next.pageSize !== filters.pageSize ? 1 : next.pageIndex + 1,
              pageSize: next.pageSize as PageSize,
            })
          }
          globalFilter={draft}
          onGlobalFilterChange={setDraft}
          empty={
            <EmptyState
              title={t`No namespace matches “${filters.name ?? ''}”`}
              text={t`Check the spelling, or clear the filter to see every namespace.`}
              action={
                <Button variant="outline" onClick={() => setFilters({ name: '', page: 1 })}>
                  {t`Clear filter`}
                </Button>
              }
            />
          }
        />
      )}
    </Stack>
  );
}

/** The route's page: access from the session decides whether creating is offered. */
export function NamespaceListRoute() {
  const { canCreate, reasons } = useNamespaceAccess();
  return <NamespaceListPage canCreate={canCreate} createRefusal={reasons.create} />;
}
