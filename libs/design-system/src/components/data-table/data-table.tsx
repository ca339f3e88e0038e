import { useLingui } from '@lingui/react/macro';
import {
  lazy,
  Suspense,
  useLayoutEffect,
  useMemo,
  useRef,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { cn } from '../../lib/cn';
import { useControllableState } from '../../lib/use-controllable-state';
import { Skeleton } from '../skeleton/skeleton';
import { DataTablePagination } from './data-table-pagination';
import { BodyRow, ScrollBody, TableHead } from './data-table-rows';
import { DataTableToolbar } from './data-table-toolbar';
import type { VirtualBody as VirtualBodyComponent } from './data-table-virtual-body';
import {
  createRowModel,
  createTableModel,
  resolveColumns,
  type ColumnDef,
  type ColumnFiltersState,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
  type TableModel,
  type TableRow,
  type VisibilityState,
} from './table-model';

// TanStack Virtual comes with the virtualizer, loaded by the tables whose rows do not all fit.
const VirtualBody = lazy(() =>
  import('./data-table-virtual-body').then((m) => ({ default: m.VirtualBody })),
) as unknown as typeof VirtualBodyComponent;

// The selection checkboxes (Radix Checkbox) come with the tables that select rows only.
const Checkbox = lazy(() => import('../checkbox/checkbox').then((m) => ({ default: m.Checkbox })));

/** Rows rendered beyond those in view on each side of a virtualized table. */
const overscan = 12;

export const defaultPageSizes = [10, 20, 50, 100, 1000] as const;

export interface DataTableProps<TData> {
  columns: ColumnDef<TData, unknown>[];
  data: TData[];
  /** Stable row ids keep the selection across pages and refetches. */
  getRowId?: (row: TData, index: number) => string;
  /** Accessible name of the table. */
  'aria-label': string;

  /** 'client' sorts, filters and pages `data` itself; 'server' leaves it to the caller (spec: lists are paged on the server). */
  mode?: 'client' | 'server';
  /** Total rows on the server, for 'Showing 1–20 of 345'. Required in server mode. */
  totalCount?: number;

  pagination?: PaginationState;
  onPaginationChange?: (next: PaginationState) => void;
  /** False shows every row (use with `virtualize` for long lists). */
  paginate?: boolean;
  pageSizes?: readonly number[];

  sorting?: SortingState;
  onSortingChange?: (next: SortingState) => void;
  globalFilter?: string;
  onGlobalFilterChange?: (next: string) => void;
  /** Hides the search box. */
  searchable?: boolean;
  columnFilters?: ColumnFiltersState;
  onColumnFiltersChange?: (next: ColumnFiltersState) => void;
  columnVisibility?: VisibilityState;
  onColumnVisibilityChange?: (next: VisibilityState) => void;

  /** Adds a checkbox column. */
  selectable?: boolean | ((row: TableRow<TData>) => boolean);
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: (next: RowSelectionState) => void;

  loading?: boolean;
  /** Rendered in place of the rows when there are none. */
  empty?: ReactNode;
  /** Extra controls at the end of the toolbar (bulk actions, create button). */
  actions?: ReactNode;
  /** Renders only the visible rows; the body scrolls within `height`. */
  virtualize?: boolean;
  height?: number;
  estimateRowHeight?: number;
  onRowClick?: (row: TData) => void;
  className?: string;
}

export function DataTable<TData>(props: DataTableProps<TData>) {
  const {
    data,
    getRowId,
    mode = 'client',
    totalCount,
    paginate = true,
    pageSizes = defaultPageSizes,
    selectable = false,
    searchable = true,
    loading = false,
    empty,
    actions,
    virtualize = false,
    height = 560,
    estimateRowHeight = 41,
    onRowClick,
    className,
  } = props;
  const { t } = useLingui();
  const server = mode === 'server';

  const [pagination, setPagination] = useControllableState(
    props.pagination,
    props.onPaginationChange,
    { pageIndex: 0, pageSize: pageSizes[1] ?? 20 },
  );
  const [sorting, setSorting] = useControllableState(props.sorting, props.onSortingChange, []);
  const [globalFilter, setGlobalFilter] = useControllableState(
    props.globalFilter,
    props.onGlobalFilterChange,
    '',
  );
  const [columnFilters, setColumnFilters] = useControllableState(
    props.columnFilters,
    props.onColumnFiltersChange,
    [],
  );
  const [columnVisibility, setColumnVisibility] = useControllableState(
    props.columnVisibility,
    props.onColumnVisibilityChange,
    {},
  );
  const [rowSelection, setRowSelection] = useControllableState(
    props.rowSelection,
    props.onRowSelectionChange,
    {},
  );

  const columns = useMemo(() => {
    const given = resolveColumns(props.columns);
    if (!selectable) return given;
    const select: ColumnDef<TData, unknown> = {
      id: '__select',
      size: 44,
      enableSorting: false,
      enableHiding: false,
      header: ({ table }) => (
        <SelectionCheckbox
          aria-label={t`Select all rows on this page`}
          checked={table.pageSelection()}
          onCheckedChange={(value) => table.setPageSelected(value === true)}
        />
      ),
      cell: ({ table, row }) => (
        <SelectionCheckbox
          aria-label={t`Select row`}
          checked={table.isSelected(row)}
          disabled={!table.canSelect(row)}
          onCheckedChange={(value) => table.setSelected(row, value === true)}
          onClick={(event) => event.stopPropagation()}
        />
      ),
    };
    return [...resolveColumns([select]), ...given];
  }, [props.columns, selectable, t]);

  const rowModel = useMemo(
    () =>
      createRowModel({
        data,
        columns,
        getRowId,
        manual: server,
        paginate,
        sorting,
        globalFilter,
        columnFilters,
        pagination,
      }),
    [data, columns, getRowId, server, paginate, sorting, globalFilter, columnFilters, pagination],
  );
  const table: TableModel<TData> = createTableModel({
    columns,
    rowModel,
    state: { sorting, globalFilter, columnFilters, columnVisibility, rowSelection },
    onChange: {
      sorting: setSorting,
      globalFilter: setGlobalFilter,
      columnFilters: setColumnFilters,
      columnVisibility: setColumnVisibility,
      rowSelection: setRowSelection,
    },
    canSelect: typeof selectable === 'function' ? selectable : () => selectable,
  });

  // A filter, sort or data change must not leave the user on a page that no longer exists (the
  // server's pages are the caller's to keep). Before paint, so the emptied page never shows.
  const pageResetKey = useRef<readonly unknown[] | null>(null);
  useLayoutEffect(() => {
    const key = [data, sorting, globalFilter, columnFilters];
    const previous = pageResetKey.current;
    pageResetKey.current = key;
    const changed =
      previous !== null && key.some((value, index) => !Object.is(value, previous[index]));
    if (!server && changed && pagination.pageIndex !== 0)
      setPagination({ ...pagination, pageIndex: 0 });
  }, [data, sorting, globalFilter, columnFilters, server, pagination, setPagination]);

  const rows = table.rows;
  const visibleColumnCount = table.visibleColumns.length;
  // A list that fits in view with the overscan is rendered whole, as the virtualizer would; a
  // longer one shows its first rows, the same layout, until the virtualizer has loaded.
  const firstRendered = Math.ceil(height / estimateRowHeight) + overscan;
  // Where the stand-in was scrolled to before the virtualizer loaded (it continues from there).
  const standInScroll = useRef(0);
  const virtualizes = virtualize && rows.length > firstRendered;
  const total = server ? (totalCount ?? data.length) : rowModel.matching.length;

  return (
    <div data-slot="data-table" className={cn('flex flex-col gap-3', className)}>
      <DataTableToolbar table={table} searchable={searchable} actions={actions} />
      <div className="overflow-hidden rounded-lg border border-border bg-surface">
        {virtualize && !loading && rows.length > 0 ? (
          virtualizes ? (
            <Suspense
              fallback={
                <ScrollBody
                  table={table}
                  rows={rows}
                  rendered={indexes(firstRendered)}
                  before={0}
                  after={(rows.length - firstRendered) * estimateRowHeight}
                  height={height}
                  label={props['aria-label']}
                  onRowClick={onRowClick}
                  onScroll={(event) => {
                    standInScroll.current = event.currentTarget.scrollTop;
                  }}
                />
              }
            >
              <VirtualBody
                table={table}
                rows={rows}
                height={height}
                estimateRowHeight={estimateRowHeight}
                overscan={overscan}
                label={props['aria-label']}
                onRowClick={onRowClick}
                startOffset={standInScroll}
              />
            </Suspense>
          ) : (
            <ScrollBody
              table={table}
              rows={rows}
              rendered={indexes(rows.length)}
              before={0}
              after={0}
              height={height}
              label={props['aria-label']}
              onRowClick={onRowClick}
            />
          )
        ) : (
          // Relative: what a cell positions absolutely (a screen-reader-only header) stays inside the
          // scrolling box; else it widens the page on a narrow screen, beyond the table's scroll.
          <div className="relative overflow-x-auto">
            <table
              aria-label={props['aria-label']}
              aria-busy={loading || undefined}
              className="w-full caption-bottom border-collapse text-sm"
            >
              <TableHead table={table} />
              <tbody>
                {loading ? (
                  <SkeletonRows
                    columns={visibleColumnCount}
                    count={Math.min(pagination.pageSize, 10)}
                  />
                ) : rows.length === 0 ? (
                  <tr>
                    <td colSpan={visibleColumnCount} className="p-0">
                      {empty ?? (
                        <div className="px-4 py-10 text-center text-sm text-muted-foreground">{t`No results.`}</div>
                      )}
                    </td>
                  </tr>
                ) : (
                  rows.map((row) => (
                    <BodyRow key={row.id} table={table} row={row} onRowClick={onRowClick} />
                  ))
                )}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {paginate && (
        <DataTablePagination
          pagination={pagination}
          onPaginationChange={setPagination}
          total={total}
          pageSizes={pageSizes}
        />
      )}
    </div>
  );
}

/**
 * A row's or the page's checkbox; until its module has loaded, an empty box of its size holds its
 * place, its name read in the meantime (a header cell must not be empty to a screen reader).
 */
function SelectionCheckbox(props: ComponentProps<typeof Checkbox>) {
  return (
    <Suspense
      fallback={
        <>
          <span
            aria-hidden
            className="inline-flex size-4 rounded-sm border border-input bg-surface align-middle shadow-xs"
          />
          <span className="sr-only">{props['aria-label']}</span>
        </>
      }
    >
      <Checkbox {...props} />
    </Suspense>
  );
}

function SkeletonRows({ columns, count }: { columns: number; count: number }) {
  return Array.from({ length: count }, (_, r) => (
    <tr key={r} className="border-b border-border last:border-b-0">
      {Array.from({ length: columns }, (_, c) => (
        <td key={c} className="h-10 px-3 py-2">
          <Skeleton className="h-4" style={{ width: `${50 + ((r * 7 + c * 13) % 40)}%` }} />
        </td>
      ))}
    </tr>
  ));
}

function indexes(count: number) {
  return Array.from({ length: count }, (_, index) => index);
}
