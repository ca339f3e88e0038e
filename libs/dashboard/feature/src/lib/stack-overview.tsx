import type { AutomationOverview } from '@terrace/dashboard/data-access';
import { AttentionLists } from './attention-lists';
import { StackBreakdowns, StackFigures } from './stack-figures';

/** The stacks part of the overview: figures, breakdowns and the stacks that need attention. */
export function StackOverview({ data }: { data: AutomationOverview }) {
  return (
    <>
      <StackFigures stacks={data.stacks} />
      <StackBreakdowns stacks={data.stacks} />
      <AttentionLists
        drifted={data.driftedStacks}
        failing={data.failingStacks}
        driftedTotal={data.stacks.drifted}
        failingTotal={data.stacks.failing}
      />
    </>
  );
}
