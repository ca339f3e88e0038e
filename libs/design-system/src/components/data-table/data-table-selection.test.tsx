import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { DataTable } from './data-table';
import type { ColumnDef } from './table-model';

// Counts the loads of the checkbox module (Radix Checkbox), which only selectable tables need. In
// its own file: a module loads once per file, so a selectable table rendered before would hide it.
const checkboxLoads = vi.hoisted(() => vi.fn());
vi.mock('../checkbox/checkbox', async (importOriginal) => {
  checkboxLoads();
  return importOriginal();
});

interface Token {
  id: string;
  name: string;
}

const tokens: Token[] = [
  { id: 't1', name: 'ci' },
  { id: 't2', name: 'laptop' },
];
const columns: ColumnDef<Token>[] = [{ accessorKey: 'name', header: 'Name' }];

describe('DataTable selection checkboxes', () => {
  it('loads the checkboxes only for a table that selects rows, holding their place meanwhile', async () => {
    const { rerender } = renderWithProviders(<DataTable aria-label="Tokens" columns={columns} data={tokens} getRowId={(t) => t.id} />);
    expect(within(screen.getByRole('table')).getAllByRole('columnheader')).toHaveLength(1);
    // Give a lazy import, had one started, the time to run.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(checkboxLoads).not.toHaveBeenCalled();

    rerender(<DataTable aria-label="Tokens" columns={columns} data={tokens} getRowId={(t) => t.id} selectable />);
    expect(within(screen.getByRole('table')).getAllByRole('columnheader')).toHaveLength(2);
    expect(await screen.findAllByRole('checkbox', { name: 'Select row' })).toHaveLength(2);
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).not.toBeChecked();
    expect(checkboxLoads).toHaveBeenCalledTimes(1);
  });
});
