import type { ReactNode } from 'react';

/*
 * The DataTable's column and row model: what its columns are, which rows it shows in what order,
 * and what a press on a header, a checkbox or a column menu item changes. It keeps the rules of
 * TanStack Table, which the DataTable used before (a column sorts and filters only through an
 * accessor, strings sort up first and other values down, a sort toggles off on its third press,
 * shift adds a column to the sort, select-all works on the rows shown), in a twentieth of its
 * size: the DataTable needs none of its grouping, pinning, sizing, expanding or faceting.
 */

/** One column's sort; the first entry of a SortingState sorts, the next ones break its ties. */
export interface ColumnSort {
  id: string;
  desc: boolean;
}
export type SortingState = ColumnSort[];

export interface PaginationState {
  /** 0-based. */
  pageIndex: number;
  pageSize: number;
}

/** The selected rows' ids (the DataTable's `getRowId`), each `true`; a row absent or `false` is not selected. */
export type RowSelectionState = Record<string, boolean>;

/** A column set to `false` is hidden; a column absent is shown. */
export type VisibilityState = Record<string, boolean>;

export type ColumnFiltersState = { id: string; value: unknown }[];

/** Column options the DataTable understands, set through `meta` on a column definition. */
export interface ColumnMeta {
  /** Shown in the column visibility menu and filter controls when the header is not a string. */
  label?: string;
  /** Adds a filter control for this column to the toolbar. */
  filter?: { type: 'text' } | { type: 'select'; options: { value: string; label: string }[] };
  align?: 'start' | 'end' | 'center';
  /** Extra classes for this column's cells. */
  className?: string;
}

/**
 * How a column filter compares its value with the filter's: 'auto' (the default) looks for the
 * filter's text in string values, case-insensitively, and wants other values equal.
 */
export type ColumnFilterFn = 'auto' | 'includesString' | 'equalsString' | 'equals';

export interface TableRow<TData> {
  /** `getRowId`'s answer, else the row's index in `data`. */
  id: string;
  /** The row's index in `data`. */
  index: number;
  original: TData;
}

export interface HeaderContext<TData> {
  column: TableColumn<TData>;
  table: TableModel<TData>;
}

export interface CellContext<TData, TValue = unknown> {
  row: TableRow<TData>;
  column: TableColumn<TData>;
  table: TableModel<TData>;
  /** The column's value for this row (its accessor's answer; undefined in a column without one). */
  getValue: <T = TValue>() => T;
}

interface ColumnDefBase<TData, TValue> {
  /**
   * A function is called from a component that stays the same across renders (so it may be
   * defined inline, and may use hooks: always the same ones, in the same order).
   */
  header?: string | ((context: HeaderContext<TData>) => ReactNode);
  /**
   * Called from a component that stays the same across renders, as `header`: a cell defined
   * inline keeps its state, its inputs and the focus when the page renders again. Without one
   * the cell shows its value as text.
   */
  cell?: (context: CellContext<TData, TValue>) => ReactNode;
  meta?: ColumnMeta;
  /** The column's width in pixels; without one the browser sizes it. */
  size?: number;
  /** False takes away the header's sort button (a column without an accessor has none anyway). */
  enableSorting?: boolean;
  /** False keeps the column out of the column visibility menu. */
  enableHiding?: boolean;
  /** False leaves the column out of the search box's match. */
  enableGlobalFilter?: boolean;
  filterFn?: ColumnFilterFn;
}

/**
 * A column: one with an accessor (`accessorKey`, or `accessorFn` and an `id`) has a value per row,
 * which it sorts and filters by and shows without a `cell`; a display column (only an `id`)
 * renders its `cell` and does neither.
 */
export type ColumnDef<TData, TValue = unknown> = ColumnDefBase<TData, TValue> &
  (
    | { accessorKey: keyof TData & string; accessorFn?: never; id?: string }
    | { accessorFn: (row: TData, index: number) => TValue; accessorKey?: never; id: string }
    | { accessorKey?: never; accessorFn?: never; id: string }
  );

export interface TableColumn<TData> {
  id: string;
  def: ColumnDef<TData>;
  /** The column's value for a row; undefined for a display column. */
  accessor: ((row: TData, index: number) => unknown) | undefined;
  meta: ColumnMeta;
  /** The column's name in the column menu and filter controls. */
  label: string;
  canSort: boolean;
  canHide: boolean;
  /** Whether a column filter applies to it (the toolbar shows one when `meta.filter` asks for it). */
  canFilter: boolean;
}

export function resolveColumns<TData>(defs: readonly ColumnDef<TData, unknown>[]): TableColumn<TData>[] {
  return defs.map((def) => {
    const key = def.accessorKey;
    const id = def.id ?? key;
    if (id === undefined) throw new Error('A column needs an id or an accessorKey.');
    const accessor = key !== undefined ? (row: TData) => row[key] : def.accessorFn;
    const meta = def.meta ?? {};
    return {
      id,
      def: def as ColumnDef<TData>,
      accessor,
      meta,
      label: meta.label ?? (typeof def.header === 'string' ? def.header : id),
      canSort: accessor !== undefined && def.enableSorting !== false,
      canHide: def.enableHiding !== false,
      canFilter: accessor !== undefined,
    };
  });
}

export function cellValue<TData>(column: TableColumn<TData>, row: TableRow<TData>): unknown {
  return column.accessor?.(row.original, row.index);
}

export function createRows<TData>(data: readonly TData[], getRowId?: (row: TData, index: number) => string): TableRow<TData>[] {
  return data.map((original, index) => ({ id: getRowId ? getRowId(original, index) : String(index), index, original }));
}

function isBlank(value: unknown) {
  return value === undefined || value === null || value === '';
}

function includesString(value: unknown, filter: unknown) {
  return isBlank(value) ? false : String(value).toLowerCase().includes(String(filter).toLowerCase());
}

function columnFilterTest<TData>(column: TableColumn<TData>, first: TableRow<TData> | undefined) {
  let fn = column.def.filterFn ?? 'auto';
  if (fn === 'auto') fn = first && typeof cellValue(column, first) === 'string' ? 'includesString' : 'equals';
  if (fn === 'includesString') return includesString;
  if (fn === 'equalsString') return (value: unknown, filter: unknown) => !isBlank(value) && String(value).toLowerCase() === String(filter).toLowerCase();
  return (value: unknown, filter: unknown) => value === filter;
}

/**
 * The rows every column filter keeps and, when there is a search, one of the searchable columns
 * matches: those with an accessor whose value in the first row is a string or a number, unless
 * `enableGlobalFilter: false`. A search with no searchable column keeps every row.
 */
export function filterRows<TData>(
  rows: TableRow<TData>[],
  columns: readonly TableColumn<TData>[],
  globalFilter: string,
  columnFilters: ColumnFiltersState,
): TableRow<TData>[] {
  const first = rows[0];
  if (!first || (columnFilters.length === 0 && !globalFilter)) return rows;
  const byId = new Map(columns.map((column) => [column.id, column]));
  const tests = columnFilters.flatMap(({ id, value }) => {
    const column = byId.get(id);
    return column?.canFilter ? [{ column, value, test: columnFilterTest(column, first) }] : [];
  });
  const searched = globalFilter
    ? columns.filter((column) => {
        const value = column.accessor && column.def.enableGlobalFilter !== false ? cellValue(column, first) : undefined;
        return typeof value === 'string' || typeof value === 'number';
      })
    : [];
  return rows.filter(
    (row) =>
      tests.every(({ column, value, test }) => test(cellValue(column, row), value)) &&
      (searched.length === 0 || searched.some((column) => includesString(cellValue(column, row), globalFilter))),
  );
}

const digitRuns = /([0-9]+)/;

/** Compares strings with their runs of digits as numbers ('stack-9' before 'stack-10'), as TanStack Table's alphanumeric sort does. */
export function compareAlphanumeric(a: string, b: string): number {
  const left = a.split(digitRuns).filter(Boolean);
  const right = b.split(digitRuns).filter(Boolean);
  for (let i = 0; i < left.length && i < right.length; i += 1) {
    const l = left[i] as string;
    const r = right[i] as string;
    const ln = parseInt(l, 10);
    const rn = parseInt(r, 10);
    if (Number.isNaN(ln) && Number.isNaN(rn)) {
      if (l !== r) return l > r ? 1 : -1;
    } else if (Number.isNaN(ln) || Number.isNaN(rn)) {
      // Text sorts before a number.
      return Number.isNaN(ln) ? -1 : 1;
    } else if (ln !== rn) {
      return ln > rn ? 1 : -1;
    }
  }
  return left.length - right.length;
}

/** Ascending order of two values: strings naturally and case-insensitively, undefined last, others by `<`. */
export function compareValues(a: unknown, b: unknown): number {
  if (a === undefined || b === undefined) return a === b ? 0 : a === undefined ? 1 : -1;
  if (typeof a === 'string' && typeof b === 'string') return compareAlphanumeric(a.toLowerCase(), b.toLowerCase());
  if (a instanceof Date && b instanceof Date) return a > b ? 1 : a < b ? -1 : 0;
  return a === b ? 0 : (a as number) > (b as number) ? 1 : -1;
}

/** The rows in the order of `sorting` (the keys of columns that can sort), ties in their given order. */
export function sortRows<TData>(rows: TableRow<TData>[], columns: readonly TableColumn<TData>[], sorting: SortingState): TableRow<TData>[] {
  const byId = new Map(columns.map((column) => [column.id, column]));
  const keys = sorting.flatMap(({ id, desc }) => {
    const column = byId.get(id);
    return column?.canSort ? [{ column, sign: desc ? -1 : 1 }] : [];
  });
  if (keys.length === 0 || rows.length === 0) return rows;
  // Each value is read once, not at every comparison. The sort is stable: ties keep their order.
  const decorated = rows.map((row) => ({ row, values: keys.map(({ column }) => cellValue(column, row)) }));
  decorated.sort((a, b) => {
    for (let i = 0; i < keys.length; i += 1) {
      const order = compareValues(a.values[i], b.values[i]);
      if (order !== 0) return order * (keys[i] as { sign: number }).sign;
    }
    return 0;
  });
  return decorated.map(({ row }) => row);
}

/** Which way a column sorts first: strings up, other values (numbers, dates, none) down. */
export function firstSortDirection<TData>(column: TableColumn<TData>, first: TableRow<TData> | undefined): 'asc' | 'desc' {
  return first && typeof cellValue(column, first) === 'string' ? 'asc' : 'desc';
}

/**
 * The sorting after a press on a column's header: its first direction, then the other, then
 * unsorted. A plain press sorts by that column alone; `multi` (shift) adds it to the sort or
 * turns it within it.
 */
export function nextSorting(sorting: SortingState, id: string, first: 'asc' | 'desc', multi: boolean): SortingState {
  const index = sorting.findIndex((entry) => entry.id === id);
  const current = index < 0 ? false : sorting[index]?.desc ? 'desc' : 'asc';
  const next = current === false ? first : current !== first ? false : current === 'desc' ? 'asc' : 'desc';
  const entry = { id, desc: next === 'desc' };
  const existing = index >= 0;
  // A plain press on a column that is not the last key replaces the sort (it starts over).
  const action = sorting.length > 0 && multi ? (existing ? 'turn' : 'add') : existing && index === sorting.length - 1 ? 'turn' : 'replace';
  if (action === 'add') return [...sorting, entry];
  if (action === 'turn') return next === false ? sorting.filter((s) => s.id !== id) : sorting.map((s) => (s.id === id ? entry : s));
  return [entry];
}

export interface RowModel<TData> {
  /** The rows the filters keep, sorted: every page's. */
  matching: TableRow<TData>[];
  /** The rows shown: the current page of `matching`, all of it when not paginated. */
  page: TableRow<TData>[];
  /** The first row the filters keep, in the order of `data`: its values tell which way a column sorts first. */
  first: TableRow<TData> | undefined;
}

export interface RowModelInput<TData> {
  data: readonly TData[];
  columns: readonly TableColumn<TData>[];
  getRowId?: ((row: TData, index: number) => string) | undefined;
  /** True when the server filtered, sorted and paged `data` (it is shown as it is). */
  manual: boolean;
  paginate: boolean;
  sorting: SortingState;
  globalFilter: string;
  columnFilters: ColumnFiltersState;
  pagination: PaginationState;
}

export function createRowModel<TData>(input: RowModelInput<TData>): RowModel<TData> {
  const rows = createRows(input.data, input.getRowId);
  if (input.manual) return { matching: rows, page: rows, first: rows[0] };
  const filtered = filterRows(rows, input.columns, input.globalFilter, input.columnFilters);
  const matching = sortRows(filtered, input.columns, input.sorting);
  const { pageIndex, pageSize } = input.pagination;
  const page = input.paginate ? matching.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize) : matching;
  return { matching, page, first: filtered[0] };
}

/** What the table model reads and changes (paging is the pagination bar's, through `createRowModel`). */
export interface TableState {
  sorting: SortingState;
  globalFilter: string;
  columnFilters: ColumnFiltersState;
  columnVisibility: VisibilityState;
  rowSelection: RowSelectionState;
}

export interface TableModelOptions<TData> {
  columns: readonly TableColumn<TData>[];
  rowModel: RowModel<TData>;
  state: TableState;
  /** Called with each state's next value. */
  onChange: { [K in keyof TableState]: (next: TableState[K]) => void };
  /** Whether a row can be selected; false for all in a table without selection. */
  canSelect: (row: TableRow<TData>) => boolean;
}

export interface TableModel<TData> {
  columns: readonly TableColumn<TData>[];
  visibleColumns: readonly TableColumn<TData>[];
  /** The rows shown (the page). */
  rows: readonly TableRow<TData>[];
  state: TableState;
  sortDirection: (column: TableColumn<TData>) => 'asc' | 'desc' | false;
  /** A press on the column's sort button; `multi` (shift held) adds it to the sort. */
  toggleSorting: (column: TableColumn<TData>, multi: boolean) => void;
  setGlobalFilter: (value: string) => void;
  filterValue: (column: TableColumn<TData>) => unknown;
  /** Undefined, null or '' removes the column's filter. */
  setFilterValue: (column: TableColumn<TData>, value: unknown) => void;
  isVisible: (column: TableColumn<TData>) => boolean;
  setVisible: (column: TableColumn<TData>, visible: boolean) => void;
  canSelect: (row: TableRow<TData>) => boolean;
  isSelected: (row: TableRow<TData>) => boolean;
  setSelected: (row: TableRow<TData>, selected: boolean) => void;
  /** The select-all checkbox's state: every selectable row shown selected, some, or none. */
  pageSelection: () => boolean | 'indeterminate';
  /** Selects or clears every row shown (the others keep their selection). */
  setPageSelected: (selected: boolean) => void;
}

export function createTableModel<TData>({ columns, rowModel, state, onChange, canSelect }: TableModelOptions<TData>): TableModel<TData> {
  const isVisible = (column: TableColumn<TData>) => state.columnVisibility[column.id] ?? true;
  const isSelected = (row: TableRow<TData>) => state.rowSelection[row.id] ?? false;
  const select = (selection: RowSelectionState, row: TableRow<TData>, selected: boolean) => {
    if (!selected) delete selection[row.id];
    else if (canSelect(row)) selection[row.id] = true;
  };
  const selectable = () => rowModel.page.filter(canSelect);
  return {
    columns,
    visibleColumns: columns.filter(isVisible),
    rows: rowModel.page,
    state,
    sortDirection: (column) => {
      const entry = state.sorting.find((s) => s.id === column.id);
      return entry ? (entry.desc ? 'desc' : 'asc') : false;
    },
    toggleSorting: (column, multi) => {
      if (!column.canSort) return;
      onChange.sorting(nextSorting(state.sorting, column.id, firstSortDirection(column, rowModel.first), multi));
    },
    setGlobalFilter: (value) => onChange.globalFilter(value),
    filterValue: (column) => state.columnFilters.find((f) => f.id === column.id)?.value,
    setFilterValue: (column, value) => {
      const others = state.columnFilters.filter((f) => f.id !== column.id);
      if (isBlank(value)) return onChange.columnFilters(others);
      const exists = others.length < state.columnFilters.length;
      onChange.columnFilters(exists ? state.columnFilters.map((f) => (f.id === column.id ? { id: column.id, value } : f)) : [...state.columnFilters, { id: column.id, value }]);
    },
    isVisible,
    setVisible: (column, visible) => {
      if (column.canHide) onChange.columnVisibility({ ...state.columnVisibility, [column.id]: visible });
    },
    canSelect,
    isSelected,
    setSelected: (row, selected) => {
      const selection = { ...state.rowSelection };
      select(selection, row, selected);
      onChange.rowSelection(selection);
    },
    pageSelection: () => {
      const rows = selectable();
      const selected = rows.filter(isSelected).length;
      return rows.length > 0 && selected === rows.length ? true : selected > 0 ? 'indeterminate' : false;
    },
    setPageSelected: (selected) => {
      const selection = { ...state.rowSelection };
      for (const row of rowModel.page) select(selection, row, selected);
      onChange.rowSelection(selection);
    },
  };
}
