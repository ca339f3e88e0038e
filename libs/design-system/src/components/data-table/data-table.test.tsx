import { screen, waitFor, within } from '@testing-library/react';
import type { ColumnDef, PaginationState } from './table-model';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { DataTable } from './data-table';

// Counts the loads of the virtualizer's module (TanStack Virtual), which only long lists need.
const virtualBodyLoads = vi.hoisted(() => vi.fn());
vi.mock('./data-table-virtual-body', async (importOriginal) => {
  virtualBodyLoads();
  return importOriginal();
});

interface Stack {
  id: string;
  name: string;
  status: 'active' | 'drifted';
  resources: number;
}

const stacks: Stack[] = Array.from({ length: 45 }, (_, i) => ({
  id: `s${i + 1}`,
  name: `stack-${String(i + 1).padStart(2, '0')}`,
  status: i % 3 === 0 ? 'drifted' : 'active',
  resources: (i * 7) % 50,
}));

const columns: ColumnDef<Stack>[] = [
  { accessorKey: 'name', header: 'Name' },
  {
    accessorKey: 'status',
    header: 'Status',
    meta: {
      filter: {
        type: 'select',
        options: [
          { value: 'active', label: 'Active' },
          { value: 'drifted', label: 'Drifted' },
        ],
      },
    },
  },
  { accessorKey: 'resources', header: 'Resources', meta: { align: 'end' } },
];

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const firstCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent);

describe('DataTable (client mode)', () => {
  it('pages the data and reports the range', async () => {
    const { user } = renderWithProviders(
      <DataTable aria-label="Stacks" columns={columns} data={stacks} getRowId={(s) => s.id} />,
    );
    expect(bodyRows()).toHaveLength(20);
    expect(screen.getByText('Showing 1–20 of 45')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Showing 21–40 of 45')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Showing 41–45 of 45')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('sorts by a column header, toggling direction', async () => {
    const { user } = renderWithProviders(
      <DataTable aria-label="Stacks" columns={columns} data={stacks} />,
    );
    const header = screen.getByRole('columnheader', { name: /Name/ });
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(firstCells()[0]).toBe('stack-01');
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()[0]).toBe('stack-45');
  });

  it('filters by the global search', async () => {
    const { user } = renderWithProviders(
      <DataTable aria-label="Stacks" columns={columns} data={stacks} />,
    );
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'stack-1');
    expect(firstCells()).toEqual([
      'stack-10',
      'stack-11',
      'stack-12',
      'stack-13',
      'stack-14',
      'stack-15',
      'stack-16',
      'stack-17',
      'stack-18',
      'stack-19',
    ]);
    expect(screen.getByText('Showing 1–10 of 10')).toBeInTheDocument();
  });

  it('goes back to the first page when the search changes', async () => {
    const { user } = renderWithProviders(
      <DataTable aria-label="Stacks" columns={columns} data={stacks} />,
    );
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Showing 21–40 of 45')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'stack-2');
    expect(screen.getByText('Showing 1–10 of 10')).toBeInTheDocument();
    expect(firstCells()[0]).toBe('stack-20');
  });

  it('sorts a number column down first, and by a second column with shift', async () => {
    const { user } = renderWithProviders(
      <DataTable aria-label="Stacks" columns={columns} data={stacks} paginate={false} />,
    );
    const resources = screen.getByRole('columnheader', { name: /Resources/ });
    await user.click(within(resources).getByRole('button'));
    expect(resources).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()[0]).toBe('stack-08');
    const status = screen.getByRole('columnheader', { name: /Status/ });
    await user.keyboard('{Shift>}');
    await user.click(within(status).getByRole('button'));
    await user.keyboard('{/Shift}');
    // Both columns sort; the resources stay the first key.
    expect(status).toHaveAttribute('aria-sort', 'ascending');
    expect(resources).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()[0]).toBe('stack-08');
    // A plain press on the last key turns it; on an earlier one, sorts by that column alone.
    await user.click(within(status).getByRole('button'));
    expect(status).toHaveAttribute('aria-sort', 'descending');
    expect(resources).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(resources).getByRole('button'));
    expect(resources).toHaveAttribute('aria-sort', 'ascending');
    expect(status).not.toHaveAttribute('aria-sort');
  });

  it('filters by a column filter', async () => {
    const { user } = renderWithProviders(
      <DataTable aria-label="Stacks" columns={columns} data={stacks} />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Filter by Status' }));
    await user.click(await screen.findByRole('option', { name: 'Drifted' }));
    expect(screen.getByText('Showing 1–15 of 15')).toBeInTheDocument();
  });

  it('hides a column from the columns menu', async () => {
    const { user } = renderWithProviders(
      <DataTable aria-label="Stacks" columns={columns} data={stacks} />,
    );
    expect(screen.getByRole('columnheader', { name: /Resources/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Resources' }));
    expect(screen.queryByRole('columnheader', { name: /Resources/ })).not.toBeInTheDocument();
  });

  it('selects rows with checkboxes and reports the selection', async () => {
    const onRowSelectionChange = vi.fn();
    const { user } = renderWithProviders(
      <DataTable
        aria-label="Stacks"
        columns={columns}
        data={stacks}
        getRowId={(s) => s.id}
        selectable
        onRowSelectionChange={onRowSelectionChange}
      />,
    );
    // The checkboxes' module loads with the first selectable table.
    const [, second] = await screen.findAllByRole('checkbox', { name: 'Select row' });
    if (!second) throw new Error('expected row checkboxes');
    await user.click(second);
    expect(onRowSelectionChange).toHaveBeenLastCalledWith({ s2: true });
    await user.click(screen.getByRole('checkbox', { name: 'Select all rows on this page' }));
    const last = onRowSelectionChange.mock.calls.at(-1)?.[0] as Record<string, boolean>;
    expect(Object.keys(last)).toHaveLength(20);
  });

  it('shows skeleton rows while loading and the empty slot when there is nothing', () => {
    const { rerender } = renderWithProviders(
      <DataTable aria-label="Stacks" columns={columns} data={[]} loading />,
    );
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    rerender(
      <DataTable aria-label="Stacks" columns={columns} data={[]} empty={<p>No stacks yet</p>} />,
    );
    expect(screen.getByText('No stacks yet')).toBeInTheDocument();
  });
});

describe('DataTable columns defined inline', () => {
  function NoteCell({ name }: { name: string }) {
    const [pressed, setPressed] = useState(false);
    return (
      <>
        <input aria-label={`Note on ${name}`} />
        <button type="button" aria-pressed={pressed} onClick={() => setPressed(true)}>
          Pin {name}
        </button>
      </>
    );
  }

  /** A page that defines its columns at every render, as pages do, and renders again on a press. */
  function RenderingPage() {
    const [renders, setRenders] = useState(0);
    const inline: ColumnDef<Stack>[] = [
      { accessorKey: 'name', header: () => <span>Name ({renders})</span> },
      {
        id: 'note',
        header: 'Note',
        cell: ({ row }) => <NoteCell name={row.original.name} />,
      },
    ];
    return (
      <>
        <button type="button" onClick={() => setRenders((n) => n + 1)}>
          Render again
        </button>
        <DataTable aria-label="Stacks" columns={inline} data={stacks.slice(0, 3)} getRowId={(s) => s.id} />
      </>
    );
  }

  it("keeps a cell's inputs, state and focus when the page renders again", async () => {
    const { user } = renderWithProviders(<RenderingPage />);
    const note = screen.getByRole('textbox', { name: 'Note on stack-01' });
    await user.type(note, 'keep me');
    await user.click(screen.getByRole('button', { name: 'Pin stack-02' }));
    const pin = screen.getByRole('button', { name: 'Pin stack-02' });
    expect(pin).toHaveAttribute('aria-pressed', 'true');

    pin.focus();
    await user.keyboard('{Shift>}{Tab}{/Shift}');
    expect(screen.getByRole('textbox', { name: 'Note on stack-02' })).toHaveFocus();
    // The page renders again (a refetch, a parent's state): new column functions, the same cells.
    screen.getByRole('button', { name: 'Render again' }).click();
    await screen.findByText('Name (1)');

    expect(screen.getByRole('textbox', { name: 'Note on stack-01' })).toBe(note);
    expect(note).toHaveValue('keep me');
    expect(screen.getByRole('button', { name: 'Pin stack-02' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: 'Note on stack-02' })).toHaveFocus();
  });
});

describe('DataTable (server mode)', () => {
  function ServerTable({ onPage }: { onPage: (p: PaginationState) => void }) {
    const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 20 });
    // The server returned only the current page; the table must not slice it again.
    const page = stacks.slice(0, pagination.pageSize);
    return (
      <DataTable
        aria-label="Stacks"
        mode="server"
        columns={columns}
        data={page}
        totalCount={345}
        pagination={pagination}
        onPaginationChange={(p) => {
          setPagination(p);
          onPage(p);
        }}
      />
    );
  }

  it('shows the server total and asks for the next page and a new page size', async () => {
    const onPage = vi.fn();
    const { user } = renderWithProviders(<ServerTable onPage={onPage} />);
    expect(screen.getByText('Showing 1–20 of 345')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 18')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPage).toHaveBeenLastCalledWith({ pageIndex: 1, pageSize: 20 });
    expect(screen.getByText('Showing 21–40 of 345')).toBeInTheDocument();

    // The list's Radix code loads on this first press (OptionSelect), so the options come a moment later.
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      '10',
      '20',
      '50',
      '100',
      '1,000',
    ]);
    await user.click(screen.getByRole('option', { name: '50' }));
    expect(onPage).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 50 });
    expect(screen.getByText('Showing 1–50 of 345')).toBeInTheDocument();
  });
});

describe('DataTable virtualize', () => {
  const many = (count: number): Stack[] =>
    Array.from({ length: count }, (_, i) => ({ id: `v${i}`, name: `row-${i}`, status: 'active', resources: i }));

  it('renders a list that fits in view whole, without loading the virtualizer', async () => {
    renderWithProviders(<DataTable aria-label="Short" columns={columns} data={many(5)} virtualize paginate={false} height={410} />);
    const region = screen.getByRole('region', { name: 'Short' });
    expect(within(region).getAllByRole('row')).toHaveLength(6);
    expect(within(region).getByRole('table')).toHaveAttribute('aria-rowcount', '6');
    // Give a lazy import, had one started, the time to run.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(virtualBodyLoads).not.toHaveBeenCalled();
  });

  it('shows a long list\'s first rows at once, then the virtualizer renders only some of them', async () => {
    renderWithProviders(<DataTable aria-label="Long" columns={columns} data={many(500)} virtualize paginate={false} height={410} />);
    const table = within(screen.getByRole('region', { name: 'Long' })).getByRole('table');
    expect(table).toHaveAttribute('aria-rowcount', '501');
    // 410 px of 41 px rows, and 12 more: the same rows the virtualizer starts with.
    expect(within(table).getByText('row-0')).toBeInTheDocument();
    expect(within(table).getByText('row-21')).toBeInTheDocument();
    expect(within(table).queryByText('row-22')).not.toBeInTheDocument();
    await waitFor(() => expect(virtualBodyLoads).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Long' })).getByRole('table')).toHaveAttribute('aria-rowcount', '501'));
    expect(within(screen.getByRole('region', { name: 'Long' })).queryByText('row-499')).not.toBeInTheDocument();
  });
});
