import { useLingui } from '@lingui/react/macro';
import type { Column, Table } from '@tanstack/react-table';
import { Columns3, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '../button/button';
import { Deferred } from '../../lib/deferred';
import { Input } from '../input/input';
import { OptionSelect } from '../select/option-select';

// Radix Select cannot hold an empty value, so "no filter" gets a sentinel.
const ALL = '__all';

export function columnLabel<TData>(column: Column<TData, unknown>): string {
  const header = column.columnDef.header;
  return column.columnDef.meta?.label ?? (typeof header === 'string' ? header : column.id);
}

const loadColumnMenu = () => import('./data-table-column-menu').then((m) => m.DataTableColumnMenu);

/** The toolbar's columns button: the trigger of the column menu, rendered before its menu has loaded. */
export function ColumnsButton(props: ButtonProps) {
  const { t } = useLingui();
  return (
    <Button variant="outline" size="sm" {...props}>
      <Columns3 aria-hidden />
      {t`Columns`}
    </Button>
  );
}

export function DataTableToolbar<TData>({
  table,
  searchable,
  actions,
}: {
  table: Table<TData>;
  searchable: boolean;
  actions?: ReactNode;
}) {
  const { t } = useLingui();
  const filterable = table
    .getAllLeafColumns()
    .filter((c) => c.columnDef.meta?.filter && c.getCanFilter());
  const hideable = table.getAllLeafColumns().filter((c) => c.getCanHide());

  return (
    <div data-slot="data-table-toolbar" className="flex flex-wrap items-center gap-2">
      {searchable && (
        <div className="relative w-full sm:w-64">
          <Search
            className="pointer-events-none absolute start-2.5 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            type="search"
            aria-label={t`Search`}
            placeholder={t`Search…`}
            value={(table.getState().globalFilter as string | undefined) ?? ''}
            onChange={(event) => table.setGlobalFilter(event.target.value)}
            className="h-8 ps-8"
          />
        </div>
      )}
      {filterable.map((column) => {
        const filter = column.columnDef.meta?.filter;
        const label = columnLabel(column);
        if (filter?.type === 'select') {
          return (
            <OptionSelect
              key={column.id}
              value={(column.getFilterValue() as string | undefined) ?? ALL}
              options={[{ value: ALL, label: t`All: ${label}` }, ...filter.options]}
              onValueChange={(value) => column.setFilterValue(value === ALL ? undefined : value)}
              size="sm"
              className="w-auto min-w-36"
              aria-label={t`Filter by ${label}`}
            />
          );
        }
        return (
          <Input
            key={column.id}
            aria-label={t`Filter by ${label}`}
            placeholder={label}
            value={(column.getFilterValue() as string | undefined) ?? ''}
            onChange={(event) => column.setFilterValue(event.target.value || undefined)}
            className="h-8 w-40"
          />
        );
      })}
      <div className="ms-auto flex items-center gap-2">
        {actions}
        {hideable.length > 0 && (
          <Deferred
            load={loadColumnMenu}
            props={{ columns: hideable as Column<unknown, unknown>[] }}
            trigger={(trigger) => <ColumnsButton {...trigger} aria-haspopup="menu" />}
          />
        )}
      </div>
    </div>
  );
}
