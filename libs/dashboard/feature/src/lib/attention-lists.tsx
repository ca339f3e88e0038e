import { useLingui } from '@lingui/react/macro';
import { Badge, Card, CardHeader, CardTitle, StatusBadge } from '@terrace/design-system';
import type { StackOverviewItem } from '@terrace/dashboard/data-access';
import { stackErrorLabel, type StackErrorState } from '@terrace/domain';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { driftLabels, engineLabels } from './dashboard-labels';
import { dashboardPaths } from './dashboard-paths';

function StackRow({ stack, status }: { stack: StackOverviewItem; status: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-1 px-5 py-2.5">
      <div className="flex min-w-0 flex-1 flex-col">
        <Link to={dashboardPaths.stack(stack.id)} className="truncate text-sm font-medium text-primary-subtle-foreground hover:underline">
          {stack.name}
        </Link>
        <span className="truncate text-xs text-muted-foreground">
          {stack.namespaceName ?? stack.namespaceId} · {engineLabels[stack.iacType] ? i18n._(engineLabels[stack.iacType]!) : stack.iacType}
        </span>
      </div>
      {status}
    </li>
  );
}

function AttentionCard({ title, empty, total, children }: { title: string; empty: string; total: number; children: ReactNode[] }) {
  const { t } = useLingui();
  const titleId = useId();
  const shown = children.length;
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle level={2} id={titleId}>
          {title}
        </CardTitle>
        {total > shown && <span className="text-xs text-muted-foreground">{t`${shown} of ${total} shown`}</span>}
      </CardHeader>
      {children.length === 0 ? (
        <p className="px-5 pb-5 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-border border-t border-border">{children}</ul>
      )}
    </Card>
  );
}

/** The stacks to look at: drifted ones and failing ones (a failed latest run or an error state), the first few of each. */
export function AttentionLists({ drifted, failing, driftedTotal, failingTotal }: { drifted: StackOverviewItem[]; failing: StackOverviewItem[]; driftedTotal: number; failingTotal: number }) {
  const { t, i18n } = useLingui();
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <AttentionCard title={t`Drifted stacks`} empty={t`No stack has drifted from its code.`} total={driftedTotal}>
        {drifted.map((stack) => (
          <StackRow key={stack.id} stack={stack} status={<Badge tone="warning">{i18n._(driftLabels[stack.driftState ?? 'drifted'] ?? driftLabels['drifted']!)}</Badge>} />
        ))}
      </AttentionCard>
      <AttentionCard title={t`Failing stacks`} empty={t`No stack is failing.`} total={failingTotal}>
        {failing.map((stack) => {
          const error = stack.errorState ? stackErrorLabel(stack.errorState as StackErrorState) : undefined;
          return (
            <StackRow
              key={stack.id}
              stack={stack}
              status={
                <span className="flex flex-wrap items-center gap-1.5">
                  {error && <Badge tone="danger">{i18n._(error)}</Badge>}
                  {stack.latestRunStatus && <StatusBadge status={stack.latestRunStatus} size="sm" />}
                </span>
              }
            />
          );
        })}
      </AttentionCard>
    </div>
  );
}
