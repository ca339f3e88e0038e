import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef, RowSelectionState } from '@terrace/design-system';
import {
  Badge,
  Button,
  DataTable,
  EditButton,
  EmptyState,
  ErrorState,
  LazyConfirmRemoval,
  lazyDialog,
  OptionSelect,
  Stack as Column,
  toast,
  useActionsColumn,
} from '@terrace/design-system';
import { namespacesQueries } from '@terrace/namespaces/data-access';
import { useApiClient } from '@terrace/session';
import {
  iacTypes,
  stacksQueries,
  useDeleteStackMutation,
  type IacType,
  type Stack,
  type StackPageSize,
} from '@terrace/stacks/data-access';
import { ArrowRightLeft, Layers, Pencil, Plus, Trash2 } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { driftStateLabels, driftStates, iacTypeLabels, stackStatus, stackTypeLabels } from './stack-labels';
import { stackPaths } from './stack-paths';
import { useStackAccess } from './use-stack-access';
import { useStackListParams } from './use-stack-list-params';

const ALL = 'all';

// The move dialog (its form and select) loads when it first opens.
const MoveStacksDialog = lazyDialog(
  () => import('./move-stacks-dialog').then((m) => m.MoveStacksDialog),
  (props) => props.stacks.length > 0,
);

export interface StackListProps {
  /** Inside a namespace's page: only its stacks, and no namespace filter. */
  namespaceId?: string;
}

/** Stacks, paged and filtered on the server (namespace, engine, status, name) with the filters in the URL. */
export function StackList({ namespaceId }: StackListProps) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const access = useStackAccess();
  const [filters, setFilters] = useStackListParams(namespaceId);
  const query = useQuery(stacksQueries.list(client, filters));
  const namespaces = useQuery({ ...namespacesQueries.list(client, { page: 1, pageSize: 1000 }), enabled: !namespaceId });
  const remove = useDeleteStackMutation();
  const [deleting, setDeleting] = useState<Stack | null>(null);
  const [moving, setMoving] = useState<Stack[]>([]);
  const [selection, setSelection] = useState<RowSelectionState>({});

  // The search box answers at once; the URL (and so the request) follows after a pause in typing.
  const [draft, setDraft] = useState(filters.name ?? '');
  useEffect(() => setDraft(filters.name ?? ''), [filters.name]);
  useEffect(() => {
    if (draft.trim() === (filters.name ?? '')) return undefined;
    const timer = setTimeout(() => setFilters({ name: draft.trim(), page: 1 }), 300);
    return () => clearTimeout(timer);
  }, [draft, filters.name, setFilters]);

  const actions = useActionsColumn<Stack>((stack) => (
    <>
      {access.edit.canEdit ? (
        <Button variant="ghost" size="icon" asChild aria-label={t`Edit ${stack.name}`}>
          <Link to={stackPaths.edit(stack.id)}>
            <Pencil aria-hidden />
          </Link>
        </Button>
      ) : (
        <EditButton access={access.edit} row variant="ghost" size="icon" aria-label={t`Edit ${stack.name}`}>
          <Pencil aria-hidden />
        </EditButton>
      )}
      <EditButton access={access.edit} row variant="ghost" size="icon" aria-label={t`Move ${stack.name}`} onClick={() => setMoving([stack])}>
        <ArrowRightLeft aria-hidden />
      </EditButton>
      <EditButton access={access.remove} row variant="ghost" size="icon" aria-label={t`Delete ${stack.name}`} onClick={() => setDeleting(stack)}>
        <Trash2 aria-hidden />
      </EditButton>
    </>
  ));

  const columns = useMemo<ColumnDef<Stack, unknown>[]>(
    () => [
      {
        // The accessors make the two columns the server sorts by (`sortBy`) sortable from their headers.
        accessorKey: 'name',
        header: t`Name`,
        cell: ({ row }) => (
          <Link className="font-medium text-primary-subtle-foreground hover:underline" to={stackPaths.details(row.original.id)}>
            {row.original.name}
          </Link>
        ),
      },
      {
        id: 'status',
        header: t`Status`,
        enableSorting: false,
        cell: ({ row }) => {
          const status = stackStatus(row.original);
          return <Badge tone={status.tone}>{i18n._(status.label)}</Badge>;
        },
      },
      ...(namespaceId
        ? []
        : [
            {
              id: 'namespace',
              header: t`Namespace`,
              enableSorting: false,
              cell: ({ row }) => (
                <Link className="hover:underline" to={stackPaths.namespace(row.original.namespaceId)}>
                  {row.original.namespaceName ?? row.original.namespaceId}
                </Link>
              ),
            } satisfies ColumnDef<Stack, unknown>,
          ]),
      { id: 'engine', header: t`Engine`, enableSorting: false, cell: ({ row }) => i18n._(iacTypeLabels[row.original.iacType]) },
      {
        id: 'type',
        header: t`Type`,
        enableSorting: false,
        cell: ({ row }) => i18n._(stackTypeLabels[row.original.stackType ?? 'persistent']),
      },
      {
        id: 'updatedAt',
        accessorFn: (stack) => stack.updatedAt ?? stack.createdAt,
        header: t`Last updated`,
        cell: ({ row }) => i18n.date(row.original.updatedAt ?? row.original.createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
      },
      actions,
    ],
    [t, i18n, namespaceId, actions],
  );

  const createButton = access.create.canEdit ? (
    <Button asChild>
      <Link to={stackPaths.create(namespaceId)}>
        <Plus aria-hidden />
        {t`Create stack`}
      </Link>
    </Button>
  ) : (
    <EditButton access={access.create}>
      <Plus aria-hidden />
      {t`Create stack`}
    </EditButton>
  );

  const filtered = Boolean(filters.name || filters.iacType || filters.driftState || (!namespaceId && filters.namespaceId));
  const unfilteredEmpty = query.isSuccess && query.data.total === 0 && !filtered;
  const selected = (query.data?.items ?? []).filter((s) => selection[s.id]);

  const toolbar = (
    <div className="flex flex-wrap items-center gap-2">
      {!namespaceId && (
        <OptionSelect
          aria-label={t`Namespace`}
          className="w-44"
          value={filters.namespaceId ?? ALL}
          onValueChange={(v) => setFilters({ namespaceId: v === ALL ? '' : v, page: 1 })}
          options={[
            { value: ALL, label: t`All namespaces` },
            ...(namespaces.data?.items ?? []).map((ns) => ({ value: ns.id, label: ns.name })),
          ]}
        />
      )}
      <OptionSelect
        aria-label={t`Engine`}
        className="w-40"
        value={filters.iacType ?? ALL}
        onValueChange={(v) => setFilters({ iacType: v === ALL ? undefined : (v as IacType), page: 1 })}
        options={[{ value: ALL, label: t`All engines` }, ...iacTypes.map((type) => ({ value: type, label: i18n._(iacTypeLabels[type]) }))]}
      />
      <OptionSelect
        aria-label={t`Status`}
        className="w-48"
        value={filters.driftState ?? ALL}
        onValueChange={(v) => setFilters({ driftState: v === ALL ? undefined : (v as (typeof driftStates)[number]), page: 1 })}
        options={[{ value: ALL, label: t`All statuses` }, ...driftStates.map((state) => ({ value: state, label: i18n._(driftStateLabels[state]) }))]}
      />
      <div className="ms-auto flex gap-2">
        <EditButton access={access.edit} variant="outline" disabled={selected.length === 0} onClick={() => setMoving(selected)}>
          <ArrowRightLeft aria-hidden />
          {t`Move stacks`}
        </EditButton>
        {createButton}
      </div>
    </div>
  );

  return (
    <Column gap={4}>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : unfilteredEmpty ? (
        <EmptyState
          icon={<Layers aria-hidden />}
          title={t`No stacks yet`}
          text={t`A stack is the code, state and variables that manage a set of cloud resources. Create one from a repository.`}
          action={createButton}
        />
      ) : (
        <DataTable
          aria-label={t`Stacks`}
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
              pageSize: next.pageSize as StackPageSize,
            })
          }
          pageSizes={[10, 20, 50, 100]}
          sorting={filters.sortBy ? [{ id: filters.sortBy, desc: filters.sortOrder === 'desc' }] : []}
          onSortingChange={(next) => {
            const first = next[0];
            setFilters({
              sortBy: first && (first.id === 'name' || first.id === 'updatedAt') ? first.id : undefined,
              sortOrder: first?.desc ? 'desc' : 'asc',
              page: 1,
            });
          }}
          selectable={access.edit.canEdit}
          rowSelection={selection}
          onRowSelectionChange={setSelection}
          globalFilter={draft}
          onGlobalFilterChange={setDraft}
          actions={toolbar}
          empty={
            <EmptyState
              title={t`No stack matches these filters`}
              text={t`Check the spelling, or clear the filters to see every stack.`}
              action={
                <Button
                  variant="outline"
                  onClick={() => setFilters({ name: '', iacType: undefined, driftState: undefined, namespaceId: '', page: 1 })}
                >
                  {t`Clear filters`}
                </Button>
              }
            />
          }
        />
      )}
      <MoveStacksDialog
        stacks={moving}
        onClose={() => {
          setMoving([]);
          setSelection({});
        }}
      />
      <LazyConfirmRemoval
        target={deleting}
        onClose={() => setDeleting(null)}
        title={(stack) => t`Delete stack ${stack.name}?`}
        description={t`The stack, its settings and its history are deleted. Its cloud resources are not destroyed. This cannot be undone.`}
        confirmLabel={t`Delete stack`}
        onConfirm={async (stack) => {
          await remove.mutateAsync(stack.id);
          toast.success(t`Stack ${stack.name} deleted.`);
        }}
      />
    </Column>
  );
}
