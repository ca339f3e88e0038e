import { describe, expect, it, vi } from 'vitest';
import {
  compareAlphanumeric,
  createRowModel,
  createRows,
  createTableModel,
  filterRows,
  nextSorting,
  resolveColumns,
  sortRows,
  type ColumnDef,
  type RowModelInput,
  type TableRow,
  type TableState,
} from './table-model';

interface Stack {
  id: string;
  name: string;
  status: 'active' | 'drifted';
  resources: number | undefined;
  notes: string;
}

const stacks: Stack[] = [
  { id: 'a', name: 'stack-10', status: 'active', resources: 3, notes: 'alpha' },
  { id: 'b', name: 'Stack-9', status: 'drifted', resources: 12, notes: 'beta' },
  { id: 'c', name: 'stack-2', status: 'active', resources: undefined, notes: 'gamma' },
  { id: 'd', name: 'other', status: 'drifted', resources: 3, notes: 'delta' },
  { id: 'e', name: 'stack-1', status: 'active', resources: 40, notes: 'epsilon' },
];

const defs: ColumnDef<Stack, unknown>[] = [
  { accessorKey: 'name', header: 'Name' },
  { accessorKey: 'status', header: 'Status', filterFn: 'equalsString', meta: { label: 'State' } },
  { id: 'resources', accessorFn: (stack) => stack.resources, header: 'Resources' },
  { accessorKey: 'notes', header: 'Notes', enableSorting: false, enableGlobalFilter: false },
  { id: 'actions', header: () => null, enableHiding: false },
];
const columns = resolveColumns(defs);
const column = (id: string) => {
  const found = columns.find((c) => c.id === id);
  if (!found) throw new Error(`no column ${id}`);
  return found;
};
const rows = createRows(stacks, (stack) => stack.id);
const ids = (list: readonly TableRow<Stack>[]) => list.map((row) => row.id);

function rowModel(input: Partial<RowModelInput<Stack>> = {}) {
  return createRowModel<Stack>({
    data: stacks,
    columns,
    getRowId: (stack) => stack.id,
    manual: false,
    paginate: true,
    sorting: [],
    globalFilter: '',
    columnFilters: [],
    pagination: { pageIndex: 0, pageSize: 3 },
    ...input,
  });
}

function model(state: Partial<TableState> = {}, options: { canSelect?: (row: TableRow<Stack>) => boolean; input?: Partial<RowModelInput<Stack>> } = {}) {
  const onChange = {
    sorting: vi.fn(),
    globalFilter: vi.fn(),
    columnFilters: vi.fn(),
    columnVisibility: vi.fn(),
    rowSelection: vi.fn(),
  };
  const table = createTableModel<Stack>({
    columns,
    rowModel: rowModel(options.input),
    state: { sorting: [], globalFilter: '', columnFilters: [], columnVisibility: {}, rowSelection: {}, ...state },
    onChange,
    canSelect: options.canSelect ?? (() => true),
  });
  return { table, onChange };
}

describe('resolveColumns', () => {
  it('names columns by id, else accessor key, and labels them by meta, header text or id', () => {
    expect(columns.map((c) => [c.id, c.label])).toEqual([
      ['name', 'Name'],
      ['status', 'State'],
      ['resources', 'Resources'],
      ['notes', 'Notes'],
      ['actions', 'actions'],
    ]);
  });

  it('sorts and filters only columns with an accessor, and hides every column not kept', () => {
    expect(columns.map((c) => [c.id, c.canSort, c.canFilter, c.canHide])).toEqual([
      ['name', true, true, true],
      ['status', true, true, true],
      ['resources', true, true, true],
      ['notes', false, true, true],
      ['actions', false, false, false],
    ]);
  });

  it('reads values through accessorKey and accessorFn', () => {
    const [first] = rows;
    if (!first) throw new Error('no rows');
    expect(column('name').accessor?.(first.original, 0)).toBe('stack-10');
    expect(column('resources').accessor?.(first.original, 0)).toBe(3);
    expect(column('actions').accessor).toBeUndefined();
  });
});

describe('row ids', () => {
  it('come from getRowId, else the index in data', () => {
    expect(ids(rows)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(ids(createRows(stacks))).toEqual(['0', '1', '2', '3', '4']);
  });
});

describe('sorting', () => {
  it('sorts a string column up first, then down, then not at all', () => {
    let sorting = nextSorting([], 'name', 'asc', false);
    expect(sorting).toEqual([{ id: 'name', desc: false }]);
    sorting = nextSorting(sorting, 'name', 'asc', false);
    expect(sorting).toEqual([{ id: 'name', desc: true }]);
    expect(nextSorting(sorting, 'name', 'asc', false)).toEqual([]);
  });

  it('sorts a number column down first, then up, then not at all', () => {
    const { table, onChange } = model({ sorting: [] });
    table.toggleSorting(column('resources'), false);
    expect(onChange.sorting).toHaveBeenLastCalledWith([{ id: 'resources', desc: true }]);
    expect(nextSorting([{ id: 'resources', desc: true }], 'resources', 'desc', false)).toEqual([{ id: 'resources', desc: false }]);
    expect(nextSorting([{ id: 'resources', desc: false }], 'resources', 'desc', false)).toEqual([]);
  });

  it('takes the first direction from the type of the first matching row', () => {
    const { table, onChange } = model();
    table.toggleSorting(column('name'), false);
    expect(onChange.sorting).toHaveBeenLastCalledWith([{ id: 'name', desc: false }]);
  });

  it('replaces the sort on a plain press, adds to it with shift', () => {
    const byName = [{ id: 'name', desc: false }];
    expect(nextSorting(byName, 'status', 'asc', false)).toEqual([{ id: 'status', desc: false }]);
    const both = nextSorting(byName, 'status', 'asc', true);
    expect(both).toEqual([
      { id: 'name', desc: false },
      { id: 'status', desc: false },
    ]);
    // Shift on a column already in the sort turns it in place; a plain press on a key that is not the last starts over.
    expect(nextSorting(both, 'name', 'asc', true)).toEqual([
      { id: 'name', desc: true },
      { id: 'status', desc: false },
    ]);
    expect(nextSorting(both, 'name', 'asc', false)).toEqual([{ id: 'name', desc: true }]);
  });

  it('ignores a press on a column that cannot sort', () => {
    const { table, onChange } = model();
    table.toggleSorting(column('notes'), false);
    table.toggleSorting(column('actions'), false);
    expect(onChange.sorting).not.toHaveBeenCalled();
  });

  it('orders strings naturally and case-insensitively, undefined last, ties in data order', () => {
    expect(compareAlphanumeric('stack-9', 'stack-10')).toBeLessThan(0);
    expect(ids(sortRows(rows, columns, [{ id: 'name', desc: false }]))).toEqual(['d', 'e', 'c', 'b', 'a']);
    expect(ids(sortRows(rows, columns, [{ id: 'name', desc: true }]))).toEqual(['a', 'b', 'c', 'e', 'd']);
    expect(ids(sortRows(rows, columns, [{ id: 'resources', desc: false }]))).toEqual(['a', 'd', 'b', 'e', 'c']);
    expect(ids(sortRows(rows, columns, [{ id: 'resources', desc: true }]))).toEqual(['c', 'e', 'b', 'a', 'd']);
  });

  it('breaks ties by the next key and skips keys of columns that cannot sort', () => {
    const sorted = sortRows(rows, columns, [
      { id: 'notes', desc: false },
      { id: 'status', desc: true },
      { id: 'name', desc: false },
    ]);
    expect(ids(sorted)).toEqual(['d', 'b', 'e', 'c', 'a']);
  });
});

describe('filtering', () => {
  it('searches the columns whose first value is a string or a number, not those left out', () => {
    expect(ids(filterRows(rows, columns, 'STACK-1', []))).toEqual(['a', 'e']);
    expect(ids(filterRows(rows, columns, '12', []))).toEqual(['b']);
    // `notes` is left out of the search.
    expect(ids(filterRows(rows, columns, 'gamma', []))).toEqual([]);
  });

  it('keeps every row when no column can be searched', () => {
    const display = resolveColumns<Stack>([{ id: 'only', cell: () => null }]);
    expect(ids(filterRows(rows, display, 'anything', []))).toEqual(ids(rows));
  });

  it('applies each column filter with its function', () => {
    expect(ids(filterRows(rows, columns, '', [{ id: 'status', value: 'DRIFTED' }]))).toEqual(['b', 'd']);
    // 'auto' on a string column looks for the text.
    expect(ids(filterRows(rows, columns, '', [{ id: 'notes', value: 'ta' }]))).toEqual(['b', 'd']);
    expect(ids(filterRows(rows, columns, 'stack', [{ id: 'status', value: 'active' }]))).toEqual(['a', 'c', 'e']);
  });

  it('sets, replaces and removes a column filter', () => {
    const { table, onChange } = model({ columnFilters: [{ id: 'notes', value: 'a' }] });
    table.setFilterValue(column('status'), 'active');
    expect(onChange.columnFilters).toHaveBeenLastCalledWith([
      { id: 'notes', value: 'a' },
      { id: 'status', value: 'active' },
    ]);
    table.setFilterValue(column('notes'), 'b');
    expect(onChange.columnFilters).toHaveBeenLastCalledWith([{ id: 'notes', value: 'b' }]);
    table.setFilterValue(column('notes'), '');
    expect(onChange.columnFilters).toHaveBeenLastCalledWith([]);
    expect(table.filterValue(column('notes'))).toBe('a');
  });
});

describe('row model', () => {
  it('filters, sorts and pages in client mode', () => {
    const model = rowModel({ globalFilter: 'stack', sorting: [{ id: 'name', desc: false }], pagination: { pageIndex: 1, pageSize: 3 } });
    expect(ids(model.matching)).toEqual(['e', 'c', 'b', 'a']);
    expect(ids(model.page)).toEqual(['a']);
    expect(ids(rowModel({ paginate: false }).page)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('shows the data as given in server mode', () => {
    const model = rowModel({ manual: true, globalFilter: 'other', sorting: [{ id: 'name', desc: false }], pagination: { pageIndex: 1, pageSize: 2 } });
    expect(ids(model.page)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('selection', () => {
  it('selects and clears a row, leaving the others', () => {
    const { table, onChange } = model({ rowSelection: { d: true } });
    const [a] = table.rows;
    if (!a) throw new Error('no rows');
    table.setSelected(a, true);
    expect(onChange.rowSelection).toHaveBeenLastCalledWith({ d: true, a: true });
    const selected = model({ rowSelection: { a: true, d: true } });
    selected.table.setSelected(a, false);
    expect(selected.onChange.rowSelection).toHaveBeenLastCalledWith({ d: true });
  });

  it('does not select a row that cannot be selected', () => {
    const { table, onChange } = model({}, { canSelect: (row) => row.id !== 'b' });
    const b = table.rows[1];
    if (!b) throw new Error('no rows');
    expect(table.canSelect(b)).toBe(false);
    table.setSelected(b, true);
    expect(onChange.rowSelection).toHaveBeenLastCalledWith({});
  });

  it('tells the page checkbox none, some or all of the page', () => {
    expect(model({ rowSelection: { d: true } }).table.pageSelection()).toBe(false);
    expect(model({ rowSelection: { a: true, b: false } }).table.pageSelection()).toBe('indeterminate');
    expect(model({ rowSelection: { a: true, b: true, c: true } }).table.pageSelection()).toBe(true);
    // Rows that cannot be selected do not count.
    expect(model({ rowSelection: { a: true, c: true } }, { canSelect: (row) => row.id !== 'b' }).table.pageSelection()).toBe(true);
    expect(model({}, { canSelect: () => false }).table.pageSelection()).toBe(false);
  });

  it('selects and clears the page only', () => {
    const { table, onChange } = model({ rowSelection: { e: true } }, { canSelect: (row) => row.id !== 'b' });
    table.setPageSelected(true);
    expect(onChange.rowSelection).toHaveBeenLastCalledWith({ e: true, a: true, c: true });
    const full = model({ rowSelection: { a: true, b: true, c: true, e: true } });
    full.table.setPageSelected(false);
    expect(full.onChange.rowSelection).toHaveBeenLastCalledWith({ e: true });
  });

  it('reads a row as selected only when its id is set to true', () => {
    const { table } = model({ rowSelection: { a: true, b: false } });
    expect(table.rows.map((row) => table.isSelected(row))).toEqual([true, false, false]);
  });
});

describe('column visibility', () => {
  it('hides the columns set to false and shows them again', () => {
    const { table, onChange } = model({ columnVisibility: { notes: false, status: true } });
    expect(table.visibleColumns.map((c) => c.id)).toEqual(['name', 'status', 'resources', 'actions']);
    expect(table.isVisible(column('notes'))).toBe(false);
    table.setVisible(column('notes'), true);
    expect(onChange.columnVisibility).toHaveBeenLastCalledWith({ notes: true, status: true });
    table.setVisible(column('name'), false);
    expect(onChange.columnVisibility).toHaveBeenLastCalledWith({ notes: false, status: true, name: false });
  });

  it('keeps a column that may not be hidden', () => {
    const { table, onChange } = model();
    table.setVisible(column('actions'), false);
    expect(onChange.columnVisibility).not.toHaveBeenCalled();
  });
});
