import type { Meta, StoryObj } from '@storybook/react-vite';
import { EmptyState } from '@terrace/design-system';
import { runStatuses } from '@terrace/domain';
import { runFixture } from '@terrace/runs/data-access/testing';
import { MemoryRouter } from 'react-router';
import { fn } from 'storybook/test';
import { RunsTable } from './runs-table';

const runs = runStatuses.map((status, index) =>
  runFixture({
    id: `dep-${String(index).padStart(4, '0')}`,
    status,
    kind: (['deployment', 'plan', 'destroy', 'task'] as const)[index % 4],
    config: index % 4 === 3 ? { taskToExecute: { taskType: 'releaseStateLock', lockId: 'a1b2' } } : undefined,
    initiator: index % 3 === 0 ? { userName: 'renovate[bot]', userType: 'github', isBot: true } : { userName: 'Ada Lovelace', userType: 'user' },
  }),
);

const meta = {
  title: 'Runs/RunsTable',
  component: RunsTable,
  decorators: [
    (Story) => (
      <MemoryRouter>
        <Story />
      </MemoryRouter>
    ),
  ],
  args: {
    'aria-label': 'Runs',
    runs,
    total: runs.length,
    page: 1,
    pageSize: 20,
    onPageChange: fn(),
    runHref: (run) => `/app/deployment/${run.id}`,
    stackHref: (run) => `/app/stack/${run.stackId}`,
    empty: <EmptyState title="No runs yet" />,
  },
} satisfies Meta<typeof RunsTable>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One run in each status of the specification. */
export const EveryStatus: Story = {};
export const Loading: Story = { args: { runs: [], total: 0, loading: true } };
export const Empty: Story = { args: { runs: [], total: 0 } };
