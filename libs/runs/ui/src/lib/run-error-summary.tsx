import { useLingui } from '@lingui/react/macro';
import { Banner } from '@terrace/design-system';
import { isErroredStatus } from '@terrace/domain';
import type { StepView } from './run-view';

/** The server's wording of a run that failed before its steps (design §5.1); the console shows its own, translated. */
const beforeStepsPrefix = 'This error occurred before individual steps could be executed';

export interface RunErrorSummaryProps {
  errorSummary: string | undefined;
  steps: readonly Pick<StepView, 'status'>[];
}

/**
 * A run's error summary. When no step failed (the run broke while cloning credentials were
 * refused, a binary could not be fetched…), it says so first: the summary is then all there is
 * to read, the step timeline shows nothing wrong.
 */
export function RunErrorSummary({ errorSummary, steps }: RunErrorSummaryProps) {
  const { t } = useLingui();
  if (!errorSummary) return null;
  const beforeSteps = errorSummary.startsWith(beforeStepsPrefix) || !steps.some((step) => isErroredStatus(step.status));
  const cause = errorSummary.startsWith(beforeStepsPrefix)
    ? errorSummary.slice(beforeStepsPrefix.length).replace(/^[\s.:,;–—-]+/, '')
    : errorSummary;
  return (
    <Banner tone="danger" role="alert" title={beforeSteps ? t`This error occurred before individual steps could be executed` : t`The run failed`}>
      {cause && <p className="break-words whitespace-pre-wrap">{cause}</p>}
    </Banner>
  );
}
