import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, within } from 'storybook/test';
import { LogViewer } from './log-viewer';

const E = '\u001b';
const samples = [
  `${E}[1mInitializing the backend...${E}[0m`,
  `${E}[32m  + ${E}[0maws_s3_bucket.logs will be created`,
  `${E}[33m  ~ ${E}[0maws_iam_role.runner will be updated in-place`,
  `${E}[31m  - ${E}[0maws_instance.legacy will be destroyed`,
  `${E}[36m[runner]${E}[0m step apply finished in 12.4 s`,
  `${E}[1;91mError:${E}[0m creating EC2 Instance: UnauthorizedOperation`,
];

function makeLines(count: number) {
  return Array.from(
    { length: count },
    (_, i) =>
      `${new Date(Date.UTC(2026, 10, 22, 21, 0, 0) + i * 100).toISOString()} ${samples[i % samples.length]}`,
  );
}

const hundredThousand = makeLines(100_000);

const meta = {
  title: 'Data/LogViewer',
  component: LogViewer,
  args: { label: 'Apply output', lines: makeLines(200), height: 360, lineNumbers: true },
} satisfies Meta<typeof LogViewer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** 100,000 lines: only a screenful is in the DOM at any time. */
export const HundredThousandLines: Story = {
  args: { lines: hundredThousand, label: 'Long log' },
  play: async ({ canvasElement }) => {
    const log = within(canvasElement).getByRole('log', { name: 'Long log' });
    await expect(log.querySelectorAll('[data-index]').length).toBeLessThan(80);
    // Following starts at the end.
    await expect(await within(log).findByText('100000')).toBeVisible();
  },
};

function Streaming() {
  const [lines, setLines] = useState(() => makeLines(20));
  useEffect(() => {
    const timer = setInterval(
      () =>
        setLines((prev) =>
          prev.length > 2000
            ? prev
            : [...prev, ...makeLines(3).map((l, i) => `${l} #${prev.length + i + 1}`)],
        ),
      400,
    );
    return () => clearInterval(timer);
  }, []);
  return <LogViewer label="Live run" lines={lines} height={300} />;
}

export const StreamingFollowTail: Story = { render: () => <Streaming /> };

export const Matrix: Story = {
  render: () => (
    <div className="grid gap-4">
      <LogViewer label="Empty" lines={[]} height={80} />
      <LogViewer
        label="Without line numbers"
        lines={makeLines(6)}
        lineNumbers={false}
        height={140}
      />
      <LogViewer label="Not following" lines={makeLines(50)} follow={false} height={140} />
    </div>
  ),
};
