import { useLingui } from '@lingui/react/macro';
import {
  EmptyState,
  ErrorState,
  LineChart,
  OptionSelect,
  Skeleton,
  Stack as Column,
} from '@terrace/design-system';
import { driftReportPeriods, type DriftReportPeriodId } from '@terrace/domain';
import { ChartLine } from 'lucide-react';
import { useDriftReport } from './use-drift-report';

export interface DriftHistoryChartProps {
  namespaceId?: string;
  period: DriftReportPeriodId;
  onPeriodChange: (period: DriftReportPeriodId) => void;
  /** Today, for the year-to-date period (a prop so stories and tests are stable). */
  now?: Date;
}

/**
 * Drifted, in-sync and unchecked stacks day by day over one of the report periods of automation
 * §9 (1, 3, 6, 12 months, year to date), from GET /drift/report. The design system's chart
 * mirrors itself in right-to-left languages.
 */
export function DriftHistoryChart({
  namespaceId,
  period,
  onPeriodChange,
  now,
}: DriftHistoryChartProps) {
  const { t, i18n } = useLingui();
  const report = useDriftReport({ namespaceId, period, now });
  const periodLabel = i18n._(
    driftReportPeriods.find((p) => p.id === period)?.label ?? driftReportPeriods[0].label,
  );

  return (
    <Column gap={3}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold">{t`Drift over time`}</h2>
        <OptionSelect
          aria-label={t`Report period`}
          className="ms-auto w-40"
          value={period}
          onValueChange={(value) => onPeriodChange(value as DriftReportPeriodId)}
          options={driftReportPeriods.map((p) => ({ value: p.id, label: i18n._(p.label) }))}
        />
      </div>
      {report.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : report.isError ? (
        <ErrorState
          error={report.error}
          onRetry={() => void report.refetch()}
          retrying={report.isFetching}
        />
      ) : report.data.length === 0 ? (
        <EmptyState
          icon={<ChartLine aria-hidden />}
          title={t`No drift history yet`}
          text={t`Each day's drift states appear here once drift detection has run.`}
        />
      ) : (
        <LineChart
          title={t`Stacks by drift state, ${periodLabel}`}
          description={t`Drifted, in sync and not checked stacks per day.`}
          data={report.data}
          xKey="date"
          series={[
            { key: 'drifted', label: t`Drifted`, color: 4 },
            { key: 'inSync', label: t`In sync`, color: 2 },
            { key: 'notChecked', label: t`Not checked`, color: 5 },
          ]}
          formatX={(value) =>
            i18n.date(String(value), { month: 'short', day: 'numeric', timeZone: 'UTC' })
          }
          formatY={(value) => i18n.number(value)}
        />
      )}
    </Column>
  );
}
