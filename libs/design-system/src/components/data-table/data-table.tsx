import { useLingui } from '@lingui/react/macro';
import {
  flexRender,
  getCoreRowModel,
  getFilteredRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnFiltersState,
  type OnChangeFn,
  type PaginationState,
  type Row,
  type RowData,
  type RowSelectionState,
  type SortingState,
  type Table,
  type VisibilityState,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import { useMemo, useRef, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useControllableState } from '../../lib/use-controllable-state';
import { Checkbox } from '../checkbox/checkbox';
import { Skeleton } from '../skeleton/skeleton';
import { DataTablePagination } from './data-table-pagination';
import { DataTableToolbar } from './data-table-toolbar';

declare module '@tanstack/react-table' {
  // Column options the DataTable understands, set through `meta` on a column definition.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Shown in the column visibility menu and filter controls when the header is not a string. */
    label?: string;
    /** Adds a filter control for this column to the toolbar. */
    filter?: { type: 'text' } | { type: 'select'; options: { value: string; label: string }[] };
    align?: 'start' | 'end' | 'center';
    /** Extra classes for this column's cells. */
    className?: string;
  }
}

export const defaultPageSizes = [10, 20, 50, 100, 1000] as const;

export interface DataTableProps<TData> {
  columns: ColumnDef<TData, never>[] | ColumnDef<TData, unknown>[];
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
  selectable?: boolean | ((row: Row<TData>) => boolean);
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
    const given = props.columns as ColumnDef<TData, unknown>[];
    if (!selectable) return given;
    const select: ColumnDef<TData, unknown> = {
      id: '__select',
      size: 44,
      enableSorting: false,
      enableHiding: false,
      header: ({ table }) => (
        <Checkbox
          aria-label={t`Select all rows on this page`}
          checked={
            table.getIsAllPageRowsSelected()
              ? true
              : table.getIsSomePageRowsSelected()
                ? 'indeterminate'
                : false
          }
          onCheckedChange={(value) => table.toggleAllPageRowsSelected(value === true)}
        />
      ),
      cell: ({ row }) => (
        <Checkbox
          aria-label={t`Select row`}
          checked={row.getIsSelected()}
          disabled={!row.getCanSelect()}
          onCheckedChange={(value) => row.toggleSelected(value === true)}
          onClick={(event) => event.stopPropagation()}
        />
      ),
    };
    return [select, ...given];
  }, [props.columns, selectable, t]);

  const table = useReactTable<TData>({
    data,
    columns,
    getRowId,
    state: { pagination, sorting, globalFilter, columnFilters, columnVisibility, rowSelection },
    onPaginationChange: setPagination as OnChangeFn<PaginationState>,
    onSortingChange: setSorting as OnChangeFn<SortingState>,
    onGlobalFilterChange: setGlobalFilter as OnChangeFn<string>,
    onColumnFiltersChange: setColumnFilters as OnChangeFn<ColumnFiltersState>,
    onColumnVisibilityChange: setColumnVisibility as OnChangeFn<VisibilityState>,
    onRowSelectionChange: setRowSelection as OnChangeFn<RowSelectionState>,
    enableRowSelection: selectable,
    manualPagination: server,
    manualSorting: server,
    manualFiltering: server,
    rowCount: server ? (totalCount ?? data.length) : undefined,
    // A filter or sort change must not leave the user on a page that no longer exists.
    autoResetPageIndex: !server,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: server ? undefined : getSortedRowModel(),
    getFilteredRowModel: server ? undefined : getFilteredRowModel(),
    getPaginationRowModel: server || !paginate ? undefined : getPaginationRowModel(),
  });

  const rows = table.getRowModel().rows;
  const visibleColumnCount = table.getVisibleLeafColumns().length;
  const total = server ? (totalCount ?? data.length) : table.getFilteredRowModel().rows.length;

  return (
    <div data-slot="data-table" className={cn('flex flex-col gap-3', className)}>
      <DataTableToolbar table={table} searchable={searchable} actions={actions} />
      <div className="overflow-hidden rounded-lg border border-border bg-surface">
        {virtualize && !loading && rows.length > 0 ? (
          <VirtualBody
            table={table}
            rows={rows}
            height={height}
            estimateRowHeight={estimateRowHeight}
            label={props['aria-label']}
            onRowClick={onRowClick}
          />
        ) : (
          <div className="overflow-x-auto">
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
                  rows.map((row) => <BodyRow key={row.id} row={row} onRowClick={onRowClick} />)
                )}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {paginate && <DataTablePagination table={table} total={total} pageSizes={pageSizes} />}
    </div>
  );
}

function alignClass(align: 'start' | 'end' | 'center' | undefined) {
  return align === 'end' ? 'text-end' : align === 'center' ? 'text-center' : 'text-start';
}

function TableHead<TData>({ table, sticky = false }: { table: Table<TData>; sticky?: boolean }) {
  const { t } = useLingui();
  return (
    <thead className={cn('bg-muted/60', sticky && 'sticky top-0 z-10 bg-muted')}>
      {table.getHeaderGroups().map((group) => (
        <tr key={group.id} className="border-b border-border">
          {group.headers.map((header) => {
            const sorted = header.column.getIsSorted();
            const meta = header.column.columnDef.meta;
            const content = header.isPlaceholder
              ? null
              : flexRender(header.column.columnDef.header, header.getContext());
            return (
              <th
                key={header.id}
                scope="col"
                aria-sort={
                  sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
                }
                style={
                  header.column.columnDef.size !== undefined
                    ? { width: header.getSize() }
                    : undefined
                }
                className={cn(
                  'h-10 px-3 align-middle text-xs font-medium whitespace-nowrap text-muted-foreground',
                  alignClass(meta?.align),
                )}
              >
                {header.column.getCanSort() ? (
                  <button
                    type="button"
                    onClick={header.column.getToggleSortingHandler()}
                    className="-mx-1.5 inline-flex cursor-pointer items-center gap-1 rounded-sm px-1.5 py-1 hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-ring"
                    title={t`Sort`}
                  >
                    {content}
                    {sorted === 'asc' ? (
                      <ArrowUp className="size-3.5" aria-hidden />
                    ) : sorted === 'desc' ? (
                      <ArrowDown className="size-3.5" aria-hidden />
                    ) : (
                      <ChevronsUpDown className="size-3.5 opacity-60" aria-hidden />
                    )}
                  </button>
                ) : (
                  content
                )}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}

function BodyRow<TData>({
  row,
  onRowClick,
  index,
}: {
  row: Row<TData>;
  onRowClick?: (row: TData) => void;
  index?: number;
}) {
  return (
    <tr
      data-state={row.getIsSelected() ? 'selected' : undefined}
      aria-rowindex={index}
      aria-selected={row.getCanSelect() ? row.getIsSelected() : undefined}
      onClick={onRowClick ? () => onRowClick(row.original) : undefined}
      className={cn(
        'border-b border-border transition-colors last:border-b-0 hover:bg-muted/50 data-[state=selected]:bg-primary-subtle/60',
        onRowClick && 'cursor-pointer',
      )}
    >
      {row.getVisibleCells().map((cell) => {
        const meta = cell.column.columnDef.meta;
        return (
          <td
            key={cell.id}
            className={cn('h-10 px-3 py-2 align-middle', alignClass(meta?.align), meta?.className)}
          >
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        );
      })}
    </tr>
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

/**
 * Renders only the rows in view plus a few, with spacer rows keeping the scroll height, so the
 * table stays a real <table> for assistive technology (aria-rowcount/aria-rowindex tell the size).
 */
function VirtualBody<TData>({
  table,
  rows,
  height,
  estimateRowHeight,
  label,
  onRowClick,
}: {
  table: Table<TData>;
  rows: Row<TData>[];
  height: number;
  estimateRowHeight: number;
  label: string;
  onRowClick?: (row: TData) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateRowHeight,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const columns = table.getVisibleLeafColumns().length;
  return (
    <div
      ref={scrollRef}
      data-slot="data-table-scroll"
      // A scrolling region must be reachable by keyboard to be scrolled without a mouse (axe:
      // scrollable-region-focusable), hence the tabIndex on a non-interactive element.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={label}
      className="overflow-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      style={{ maxHeight: height }}
    >
      <table
        aria-label={label}
        aria-rowcount={rows.length + 1}
        className="w-full border-collapse text-sm"
      >
        <TableHead table={table} sticky />
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columns} style={{ height: before, padding: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            return row ? (
              <BodyRow key={row.id} row={row} onRowClick={onRowClick} index={item.index + 2} />
            ) : null;
          })}
          {after > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columns} style={{ height: after, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
