import { useLingui } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, ChevronsUpDown } from 'lucide-react';
import type { ReactNode, Ref, UIEvent } from 'react';
import { cn } from '../../lib/cn';
import { cellValue, type TableColumn, type TableModel, type TableRow } from './table-model';

function alignClass(align: 'start' | 'end' | 'center' | undefined) {
  return align === 'end' ? 'text-end' : align === 'center' ? 'text-center' : 'text-start';
}

/**
 * Renders a column's `header` or `cell` function: called from one component per header or cell,
 * whose type never changes. Pages define columns inline (a new function at every render of the
 * page, as `useActionsColumn` does); rendered as components of their own, each render would be a
 * new component type, and React would remount the cell: its buttons' state, its inputs' text and
 * the keyboard focus lost on every refetch. Hooks a cell calls run in the slot, in the same order
 * at every render, as a function component's would.
 */
function RenderSlot<TContext>({ render, context }: { render: (context: TContext) => ReactNode; context: TContext }) {
  return render(context);
}

/** A column's header: its text, or its `header` function; without one, an accessor column shows its key or id. */
function headerContent<TData>(table: TableModel<TData>, column: TableColumn<TData>) {
  const { header, accessorKey, accessorFn } = column.def;
  if (typeof header === 'function') return <RenderSlot render={header} context={{ column, table }} />;
  return header ?? accessorKey ?? (accessorFn ? column.id : null);
}

/** A cell: its `cell` function, else the column's value as text. */
function cellContent<TData>(table: TableModel<TData>, column: TableColumn<TData>, row: TableRow<TData>) {
  const getValue = <T,>() => cellValue(column, row) as T;
  const { cell } = column.def;
  if (cell) return <RenderSlot render={cell} context={{ table, column, row, getValue }} />;
  const value = getValue<{ toString?: () => string } | null | undefined>();
  return value?.toString?.() ?? null;
}

export function TableHead<TData>({ table, sticky = false }: { table: TableModel<TData>; sticky?: boolean }) {
  const { t } = useLingui();
  return (
    <thead className={cn('bg-muted/60', sticky && 'sticky top-0 z-10 bg-muted')}>
      <tr className="border-b border-border">
        {table.visibleColumns.map((column) => {
          const sorted = table.sortDirection(column);
          const content = headerContent(table, column);
          return (
            <th
              key={column.id}
              scope="col"
              aria-sort={
                sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined
              }
              style={column.def.size !== undefined ? { width: column.def.size } : undefined}
              className={cn(
                'h-10 px-3 align-middle text-xs font-medium whitespace-nowrap text-muted-foreground',
                alignClass(column.meta.align),
              )}
            >
              {column.canSort ? (
                <button
                  type="button"
                  // Shift adds the column to the sort, as a later key.
                  onClick={(event) => table.toggleSorting(column, event.shiftKey)}
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
    </thead>
  );
}

export function BodyRow<TData>({
  table,
  row,
  onRowClick,
  index,
}: {
  table: TableModel<TData>;
  row: TableRow<TData>;
  onRowClick?: (row: TData) => void;
  index?: number;
}) {
  return (
    <tr
      data-state={table.isSelected(row) ? 'selected' : undefined}
      aria-rowindex={index}
      aria-selected={table.canSelect(row) ? table.isSelected(row) : undefined}
      onClick={onRowClick ? () => onRowClick(row.original) : undefined}
      className={cn(
        'border-b border-border transition-colors last:border-b-0 hover:bg-muted/50 data-[state=selected]:bg-primary-subtle/60',
        onRowClick && 'cursor-pointer',
      )}
    >
      {table.visibleColumns.map((column) => (
        <td
          key={column.id}
          className={cn('h-10 px-3 py-2 align-middle', alignClass(column.meta.align), column.meta.className)}
        >
          {cellContent(table, column, row)}
        </td>
      ))}
    </tr>
  );
}

export interface ScrollBodyProps<TData> {
  table: TableModel<TData>;
  /** Every row of the list (its length is the table's size for assistive technology). */
  rows: readonly TableRow<TData>[];
  /** The indexes in `rows` rendered, in order; the others are stood in for by spacer rows. */
  rendered: readonly number[];
  /** Height in pixels of the rows before and after the rendered ones. */
  before: number;
  after: number;
  height: number;
  label: string;
  onRowClick?: ((row: TData) => void) | undefined;
  scrollRef?: Ref<HTMLDivElement> | undefined;
  onScroll?: ((event: UIEvent<HTMLDivElement>) => void) | undefined;
}

/**
 * A long list's table scrolling within `height`, rendering some of its rows with spacer rows
 * keeping the scroll height, so the table stays a real <table> for assistive technology
 * (aria-rowcount/aria-rowindex tell the size). The virtualizer (`VirtualBody`) chooses the rows in
 * view; until it has loaded, the first rows stand in (the same layout).
 */
export function ScrollBody<TData>({ table, rows, rendered, before, after, height, label, onRowClick, scrollRef, onScroll }: ScrollBodyProps<TData>) {
  const columns = table.visibleColumns.length;
  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      data-slot="data-table-scroll"
      // A scrolling region must be reachable by keyboard to be scrolled without a mouse (axe:
      // scrollable-region-focusable), hence the tabIndex on a non-interactive element.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={label}
      className="relative overflow-auto focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      style={{ maxHeight: height }}
    >
      <table aria-label={label} aria-rowcount={rows.length + 1} className="w-full border-collapse text-sm">
        <TableHead table={table} sticky />
        <tbody>
          {before > 0 && (
            <tr aria-hidden="true">
              <td colSpan={columns} style={{ height: before, padding: 0 }} />
            </tr>
          )}
          {rendered.map((index) => {
            const row = rows[index];
            return row ? <BodyRow key={row.id} table={table} row={row} onRowClick={onRowClick} index={index + 2} /> : null;
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
