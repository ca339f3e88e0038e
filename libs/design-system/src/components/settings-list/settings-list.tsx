import { useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '../data-table/table-model';
import { DataTable, type DataTableProps } from '../data-table/data-table';
import { EditButton, type EditAccess } from '../edit-button/edit-button';
import { EmptyState } from '../empty-state/empty-state';
import { ErrorState } from '../error-state/error-state';
import { Stack } from '../stack/stack';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** The last column of a list: the row's buttons at the end, under a screen-reader header. */
export function useActionsColumn<T>(render: (row: T) => ReactNode): ColumnDef<T, unknown> {
  const { t } = useLingui();
  return {
    id: 'actions',
    header: () => <span className="sr-only">{t`Actions`}</span>,
    enableSorting: false,
    meta: { align: 'end' },
    cell: ({ row }) => (
      <Stack direction="row" gap={1} justify="end">
        {render(row.original)}
      </Stack>
    ),
  };
}

export interface SettingsListProps<T> extends Omit<DataTableProps<T>, 'data' | 'loading' | 'actions' | 'empty'> {
  /** The list's query: its error replaces the list, with a retry. */
  query: { isPending: boolean; isSuccess: boolean; isError: boolean; isFetching: boolean; error: unknown; refetch: () => unknown };
  items: T[] | undefined;
  access: EditAccess;
  /** The list's add button, at the end of the toolbar (and in the empty state, under its icon). */
  add: { icon: LucideIcon; label: string; onClick: () => void; disabled?: boolean };
  /** Shown instead of an empty table, offering the add button. */
  empty?: { title: ReactNode; text: ReactNode };
  children?: ReactNode;
}

/**
 * A settings list (organization settings sections, and every domain's lists like them): the
 * error with a retry, an empty state offering the first item, or the table with the add button
 * and a row-actions column; `children` (dialogs, details) follow it.
 */
export function SettingsList<T>({ query, items, access, add, empty, children, ...table }: SettingsListProps<T>) {
  const Icon = add.icon;
  const addButton = (
    <EditButton access={access} onClick={add.onClick} disabled={add.disabled}>
      <Icon aria-hidden />
      {add.label}
    </EditButton>
  );
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  return (
    <Stack data-slot="settings-list" gap={4}>
      {empty && query.isSuccess && items?.length === 0 ? (
        <EmptyState icon={<Icon aria-hidden />} title={empty.title} text={empty.text} action={addButton} />
      ) : (
        <DataTable {...table} data={items ?? []} loading={query.isPending} actions={<div className="ms-auto">{addButton}</div>} />
      )}
      {children}
    </Stack>
  );
}
