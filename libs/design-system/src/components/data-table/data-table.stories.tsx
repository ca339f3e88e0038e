import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ColumnDef, PaginationState, SortingState } from './table-model';
import { Layers } from 'lucide-react';
import { useMemo, useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Button } from '../button/button';
import { EmptyState } from '../empty-state/empty-state';
import { DataTable } from './data-table';

interface StackRow {
  id: string;
  name: string;
  provider: 'aws' | 'azure' | 'gcp';
  drift: 'inSync' | 'drifted' | 'notChecked';
  resources: number;
  updated: string;
}

const providers = ['aws', 'azure', 'gcp'] as const;
const drifts = ['inSync', 'drifted', 'notChecked'] as const;

function makeRows(count: number): StackRow[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `stack-${i + 1}`,
    name: `${['prod', 'staging', 'dev', 'sandbox'][i % 4]}-${['network', 'eks', 'rds', 'iam', 'dns'][i % 5]}-${i + 1}`,
    provider: providers[i % 3] ?? 'aws',
    drift: drifts[(i * 7) % 3] ?? 'inSync',
    resources: (i * 37) % 400,
    updated: new Date(Date.UTC(2026, 10, 22) - i * 3_600_000)
      .toISOString()
      .slice(0, 16)
      .replace('T', ' '),
  }));
}

const columns: ColumnDef<StackRow>[] = [
  {
    accessorKey: 'name',
    header: 'Name',
    cell: ({ getValue }) => <span className="font-medium">{getValue<string>()}</span>,
  },
  {
    accessorKey: 'provider',
    header: 'Provider',
    meta: {
      filter: {
        type: 'select',
        options: [
          { value: 'aws', label: 'AWS' },
          { value: 'azure', label: 'Azure' },
          { value: 'gcp', label: 'Google Cloud' },
        ],
      },
    },
  },
  { accessorKey: 'drift', header: 'Drift' },
  { accessorKey: 'resources', header: 'Resources', meta: { align: 'end' } },
  { accessorKey: 'updated', header: 'Updated' },
];

const small = makeRows(57);
const huge = makeRows(10_000);

const meta = {
  title: 'Data/DataTable',
  component: DataTable<StackRow>,
  args: {
    'aria-label': 'Stacks',
    columns: columns as ColumnDef<StackRow, unknown>[],
    data: small,
    getRowId: (row: StackRow) => row.id,
    selectable: false,
    loading: false,
  },
} satisfies Meta<typeof DataTable<StackRow>>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ClientMode: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Showing 1–20 of 57')).toBeVisible();
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'prod');
    await expect(canvas.getByText('Showing 1–15 of 15')).toBeVisible();
  },
};

export const Selectable: Story = {
  args: { selectable: true, actions: <Button size="sm">Run plan</Button> },
};
export const Loading: Story = { args: { loading: true } };
export const Empty: Story = {
  args: {
    data: [],
    empty: (
      <EmptyState
        icon={<Layers />}
        title="No stacks yet"
        text="Create a stack to start managing infrastructure."
        action={<Button>Create stack</Button>}
      />
    ),
  },
};

/** The server owns paging and sorting; the table only renders the page it is given. */
function ServerDemo() {
  const [pagination, setPagination] = useState<PaginationState>({ pageIndex: 0, pageSize: 20 });
  const [sorting, setSorting] = useState<SortingState>([]);
  const all = useMemo(() => makeRows(345), []);
  const page = useMemo(() => {
    const sort = sorting[0];
    const sorted = sort
      ? [...all].sort((a, b) => {
          const key = sort.id as keyof StackRow;
          const cmp = String(a[key]).localeCompare(String(b[key]), undefined, { numeric: true });
          return sort.desc ? -cmp : cmp;
        })
      : all;
    return sorted.slice(
      pagination.pageIndex * pagination.pageSize,
      (pagination.pageIndex + 1) * pagination.pageSize,
    );
  }, [all, pagination, sorting]);
  return (
    <DataTable
      aria-label="Stacks"
      mode="server"
      columns={columns as ColumnDef<StackRow, unknown>[]}
      data={page}
      totalCount={all.length}
      pagination={pagination}
      onPaginationChange={setPagination}
      sorting={sorting}
      onSortingChange={setSorting}
      searchable={false}
      getRowId={(row) => row.id}
    />
  );
}

export const ServerMode: Story = {
  render: () => <ServerDemo />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Showing 1–20 of 345')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Next page' }));
    await expect(canvas.getByText('Showing 21–40 of 345')).toBeVisible();
  },
};

/** 10,000 rows, rendered a screenful at a time. */
export const TenThousandRows: Story = {
  args: { data: huge, virtualize: true, paginate: false, height: 520 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = canvas.getAllByRole('row');
    // Only the visible window plus overscan is in the DOM, not 10,000 rows.
    await expect(rows.length).toBeLessThan(60);
    const scroller = canvasElement.querySelector('[data-slot="data-table-scroll"]');
    if (!scroller) throw new Error('no scroll container');
    scroller.scrollTop = scroller.scrollHeight;
    await expect(await canvas.findByText('sandbox-dns-10000')).toBeVisible();
  },
};

export const Matrix: Story = {
  render: (args) => (
    <div className="flex flex-col gap-10">
      <DataTable {...args} data={small.slice(0, 5)} paginate={false} />
      <DataTable {...args} data={small.slice(0, 5)} selectable paginate={false} />
      <DataTable {...args} loading paginate={false} />
      <DataTable {...args} data={[]} paginate={false} />
    </div>
  ),
};
