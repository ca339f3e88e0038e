import { useLingui } from '@lingui/react/macro';
import { Columns3, Search } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '../button/button';
import { Deferred } from '../../lib/deferred';
import { Input } from '../input/input';
import { OptionSelect } from '../select/option-select';
import type { TableModel } from './table-model';

// Radix Select cannot hold an empty value, so "no filter" gets a sentinel.
const ALL = '__all';

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
  table: TableModel<TData>;
  searchable: boolean;
  actions?: ReactNode;
}) {
  const { t } = useLingui();
  const filterable = table.columns.filter((c) => c.meta.filter && c.canFilter);
  const hideable = table.columns.filter((c) => c.canHide);

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
            value={table.state.globalFilter}
            onChange={(event) => table.setGlobalFilter(event.target.value)}
            className="h-8 ps-8"
          />
        </div>
      )}
      {filterable.map((column) => {
        const filter = column.meta.filter;
        const label = column.label;
        if (filter?.type === 'select') {
          return (
            <OptionSelect
              key={column.id}
              value={(table.filterValue(column) as string | undefined) ?? ALL}
              options={[{ value: ALL, label: t`All: ${label}` }, ...filter.options]}
              onValueChange={(value) =>
                table.setFilterValue(column, value === ALL ? undefined : value)
              }
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
            value={(table.filterValue(column) as string | undefined) ?? ''}
            onChange={(event) => table.setFilterValue(column, event.target.value || undefined)}
            className="h-8 w-40"
          />
        );
      })}
      <div className="ms-auto flex items-center gap-2">
        {actions}
        {hideable.length > 0 && (
          <Deferred
            load={loadColumnMenu}
            props={{
              columns: hideable.map((column) => ({
                id: column.id,
                label: column.label,
                visible: table.isVisible(column),
              })),
              onVisibleChange: (id: string, visible: boolean) => {
                const column = hideable.find((c) => c.id === id);
                if (column) table.setVisible(column, visible);
              },
            }}
            trigger={(trigger) => <ColumnsButton {...trigger} aria-haspopup="menu" />}
          />
        )}
      </div>
    </div>
  );
}
