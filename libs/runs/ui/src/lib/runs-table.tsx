import { useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@terrace/design-system';
import { DataTable, StatusBadge, Tag } from '@terrace/design-system';
import { formatDuration } from '@terrace/domain';
import { useMemo, type ReactNode } from 'react';
import { Link } from 'react-router';
import { initiatorTypeLabels, runKindLabels, taskTypeLabels } from './run-labels';
import type { RunRowView } from './run-view';

export interface RunsTableProps<T extends RunRowView> {
  'aria-label': string;
  runs: T[];
  /** The server's total, for the pager. */
  total: number;
  page: number;
  pageSize: number;
  pageSizes?: readonly number[];
  onPageChange: (page: number, pageSize: number) => void;
  loading?: boolean;
  /** Where a run's page is, and its stack's (links are built by the caller, from the route table). */
  runHref: (run: T) => string;
  stackHref?: (run: T) => string;
  /** Hide the stack column (a stack's own runs). */
  showStack?: boolean;
  /** Filters, above the table. */
  toolbar?: ReactNode;
  /** Shown instead of rows when there are none. */
  empty: ReactNode;
}

/** Runs paged on the server: kind, stack, status, who started it, when, how long. */
export function RunsTable<T extends RunRowView>({
  runs,
  total,
  page,
  pageSize,
  pageSizes = [10, 20, 50, 100],
  onPageChange,
  loading = false,
  runHref,
  stackHref,
  showStack = true,
  toolbar,
  empty,
  'aria-label': label,
}: RunsTableProps<T>) {
  const { t, i18n } = useLingui();
  const columns = useMemo<ColumnDef<T, unknown>[]>(
    () => [
      {
        id: 'run',
        header: t`Run`,
        cell: ({ row }) => {
          const run = row.original;
          const task = run.config?.taskToExecute?.taskType;
          const taskLabel = task && task in taskTypeLabels ? i18n._(taskTypeLabels[task as keyof typeof taskTypeLabels]) : task;
          return (
            <div className="flex flex-col">
              <Link className="font-medium text-primary-subtle-foreground hover:underline" to={runHref(run)}>
                {i18n._(runKindLabels[run.kind])}
                {taskLabel ? ` · ${taskLabel}` : ''}
              </Link>
              <span dir="ltr" className="text-start font-mono text-xs text-muted-foreground">
                {run.id}
              </span>
            </div>
          );
        },
      },
      ...(showStack
        ? [
            {
              id: 'stack',
              header: t`Stack`,
              cell: ({ row }) =>
                stackHref ? (
                  <Link className="hover:underline" to={stackHref(row.original)}>
                    {row.original.stackName ?? row.original.stackId}
                  </Link>
                ) : (
                  (row.original.stackName ?? row.original.stackId)
                ),
            } satisfies ColumnDef<T, unknown>,
          ]
        : []),
      { id: 'status', header: t`Status`, cell: ({ row }) => <StatusBadge status={row.original.status} size="sm" /> },
      {
        id: 'initiator',
        header: t`Started by`,
        cell: ({ row }) => {
          const initiator = row.original.initiator;
          if (!initiator) return <span className="text-muted-foreground">{t`Unknown`}</span>;
          const type = initiatorTypeLabels[initiator.userType];
          return (
            <div className="flex flex-wrap items-center gap-1">
              <span>{initiator.userName ?? initiator.username ?? (type ? i18n._(type) : initiator.userType)}</span>
              {initiator.isBot && <Tag>{t`bot`}</Tag>}
            </div>
          );
        },
      },
      {
        id: 'createdAt',
        header: t`Started`,
        cell: ({ row }) => (
          <time dateTime={row.original.createdAt} dir="auto">{i18n.date(row.original.createdAt, { dateStyle: 'medium', timeStyle: 'short' })}</time>
        ),
      },
      {
        id: 'duration',
        header: t`Duration`,
        meta: { align: 'end' },
        cell: ({ row }) =>
          row.original.durationInMs !== undefined ? (
            <span className="tabular-nums">{i18n._(formatDuration(row.original.durationInMs))}</span>
          ) : (
            <span className="text-muted-foreground">—</span>
          ),
      },
    ],
    [t, i18n, runHref, stackHref, showStack],
  );
  return (
    <DataTable
      aria-label={label}
      mode="server"
      columns={columns}
      data={runs}
      getRowId={(run) => run.id}
      totalCount={total}
      loading={loading}
      searchable={false}
      pagination={{ pageIndex: page - 1, pageSize }}
      onPaginationChange={(next) => onPageChange(next.pageSize !== pageSize ? 1 : next.pageIndex + 1, next.pageSize)}
      pageSizes={pageSizes}
      actions={toolbar}
      empty={empty}
    />
  );
}
