import { useLingui } from '@lingui/react/macro';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../dropdown-menu/dropdown-menu';
import { ColumnsButton } from './data-table-toolbar';

/** The toolbar's menu of visible columns, loaded on the first use of its button (data-table-toolbar.tsx). */
export function DataTableColumnMenu({
  columns,
  onVisibleChange,
  defaultOpen,
}: {
  /** The columns that can be hidden. */
  columns: { id: string; label: string; visible: boolean }[];
  onVisibleChange: (id: string, visible: boolean) => void;
  defaultOpen?: boolean;
}) {
  const { t } = useLingui();
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <ColumnsButton />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t`Visible columns`}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {columns.map((column) => (
          <DropdownMenuCheckboxItem
            key={column.id}
            checked={column.visible}
            onCheckedChange={(value) => onVisibleChange(column.id, value === true)}
            // Keep the menu open so several columns can be toggled in a row.
            onSelect={(event) => event.preventDefault()}
          >
            {column.label}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
