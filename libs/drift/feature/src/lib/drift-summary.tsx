import { useLingui } from '@lingui/react/macro';
import { Badge, Card, cn, Skeleton } from '@terrace/design-system';
import type { DriftReportPeriodId } from '@terrace/domain';
import type { DriftState } from '@terrace/drift/data-access';
import { driftStateLabels, driftStates, driftStateTones } from './drift-labels';
import { useDriftReport } from './use-drift-report';

export interface DriftSummaryProps {
  namespaceId?: string;
  /** The history chart's period: the counts come with its report (one request). */
  period: DriftReportPeriodId;
  now?: Date;
  /** The state the list is filtered on: its figure is pressed. */
  selected?: DriftState;
  onSelect: (state: DriftState | undefined) => void;
}

/**
 * How many stacks are in each of the seven drift states (in the chosen namespace): the drift
 * report's last point, today, counts the stacks by their state now; it is the request the history
 * chart makes. Each figure filters the list below; pressing it again clears the filter.
 */
export function DriftSummary({ namespaceId, period, now, selected, onSelect }: DriftSummaryProps) {
  const { t, i18n } = useLingui();
  const report = useDriftReport({ namespaceId, period, now });
  // No point: the user sees no stack (in the namespace), so every count is 0.
  const today = report.data?.at(-1);
  return (
    <section
      aria-label={t`Count of stacks per drift state`}
      className="grid grid-cols-2 gap-3 sm:grid-cols-4 2xl:grid-cols-7"
    >
      {driftStates.map((state) => {
        const label = i18n._(driftStateLabels[state]);
        const pressed = selected === state;
        return (
          <Card key={state} className={cn('min-w-0 p-0', pressed && 'ring-2 ring-ring')}>
            <button
              type="button"
              aria-pressed={pressed}
              onClick={() => onSelect(pressed ? undefined : state)}
              className="flex h-full w-full flex-col items-start gap-2 rounded-lg px-4 py-3 text-start hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
            >
              <Badge tone={driftStateTones[state]} className="h-auto min-h-6 py-0.5 whitespace-normal">
                {label}
              </Badge>
              {report.isSuccess ? (
                <span className="text-2xl font-semibold tabular-nums">
                  {i18n.number(today?.[state] ?? 0)}
                </span>
              ) : report.isError ? (
                <span
                  className="text-2xl font-semibold text-muted-foreground"
                  title={t`Could not count these stacks`}
                >
                  –
                </span>
              ) : (
                <Skeleton className="h-8 w-10" />
              )}
            </button>
          </Card>
        );
      })}
    </section>
  );
}
