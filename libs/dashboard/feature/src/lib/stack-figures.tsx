import { useLingui } from '@lingui/react/macro';
import { Card, CardHeader, CardTitle, classifyStatus, cn, useStatusLabel, type AnyStatus, type StatusClass } from '@terrace/design-system';
import type { OverviewCount, StacksOverview } from '@terrace/dashboard/data-access';
import { isRunStatus } from '@terrace/domain';
import { useId } from 'react';
import { Link } from 'react-router';
import { engineLabels } from './dashboard-labels';
import { dashboardPaths } from './dashboard-paths';

const fills: Record<StatusClass | 'neverRun', string> = {
  errored: 'bg-status-errored-foreground',
  successful: 'bg-status-successful-foreground',
  canceled: 'bg-status-canceled-foreground',
  inProgress: 'bg-status-in-progress-foreground',
  waiting: 'bg-status-waiting-foreground',
  neverRun: 'bg-muted-foreground/40',
};

const fillOf = (key: string) => (isRunStatus(key) ? fills[classifyStatus(key as AnyStatus)] : fills.neverRun);

function Figure({ label, value, to, tone }: { label: string; value: number; to?: string; tone?: 'danger' | 'warning' | 'primary' }) {
  const { i18n } = useLingui();
  const number = (
    <span
      className={cn(
        'text-3xl leading-9 font-semibold tabular-nums',
        value > 0 && tone === 'danger' && 'text-danger-subtle-foreground',
        value > 0 && tone === 'warning' && 'text-warning-subtle-foreground',
        value > 0 && tone === 'primary' && 'text-primary-subtle-foreground',
      )}
    >
      {i18n.number(value)}
    </span>
  );
  return (
    <Card className="gap-1 px-5 py-4">
      <span className="text-sm text-muted-foreground">{label}</span>
      {to ? (
        <Link to={to} className="w-fit rounded-sm hover:underline focus-visible:outline-2 focus-visible:outline-ring" aria-label={`${label}: ${i18n.number(value)}`}>
          {number}
        </Link>
      ) : (
        number
      )}
    </Card>
  );
}

/** The four headline figures: stacks, active runs, drifted and failing stacks. */
export function StackFigures({ stacks }: { stacks: StacksOverview }) {
  const { t } = useLingui();
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <Figure label={t`Stacks`} value={stacks.total} to={dashboardPaths.namespaces()} />
      <Figure label={t`Active runs`} value={stacks.activeRuns} tone="primary" />
      <Figure label={t`Drifted stacks`} value={stacks.drifted} tone="warning" />
      <Figure label={t`Failing stacks`} value={stacks.failing} tone="danger" />
    </div>
  );
}

function Breakdown({ title, counts, total, label, fill }: { title: string; counts: OverviewCount[]; total: number; label: (key: string) => string; fill: (key: string) => string }) {
  const { i18n } = useLingui();
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle level={2} id={titleId}>
          {title}
        </CardTitle>
      </CardHeader>
      <div className="flex flex-col gap-4 px-5 pb-5">
        {/* The bar is a picture of the list below it, which carries the same figures as text. */}
        <div aria-hidden className="flex h-3 w-full overflow-hidden rounded-full bg-muted">
          {counts.map((c) => (
            <div key={c.key} className={cn('h-full', fill(c.key))} style={{ width: `${(c.count / Math.max(total, 1)) * 100}%` }} />
          ))}
        </div>
        <ul className="flex flex-col gap-2">
          {counts.map((c) => (
            <li key={c.key} className="flex items-center gap-2 text-sm">
              <span aria-hidden className={cn('size-2.5 shrink-0 rounded-full', fill(c.key))} />
              <span className="min-w-0 flex-1 truncate">{label(c.key)}</span>
              <span className="tabular-nums text-muted-foreground">{i18n.number(c.count)}</span>
            </li>
          ))}
        </ul>
      </div>
    </Card>
  );
}

const engineFills: Record<string, string> = {
  terraform: 'bg-[var(--chart-1)]',
  opentofu: 'bg-[var(--chart-2)]',
  terragrunt: 'bg-[var(--chart-3)]',
};

/** Stacks by latest run status and by engine: CSS bars over a list of the same figures. */
export function StackBreakdowns({ stacks }: { stacks: StacksOverview }) {
  const { t, i18n } = useLingui();
  const statusLabel = useStatusLabel();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Breakdown
        title={t`Stacks by latest run`}
        counts={stacks.byStatus}
        total={stacks.total}
        fill={fillOf}
        label={(key) => (isRunStatus(key) ? statusLabel(key as AnyStatus) : t`Never run`)}
      />
      <Breakdown
        title={t`Stacks by engine`}
        counts={stacks.byEngine}
        total={stacks.total}
        fill={(key) => engineFills[key] ?? 'bg-muted-foreground/40'}
        label={(key) => (engineLabels[key] ? i18n._(engineLabels[key]) : key)}
      />
    </div>
  );
}
