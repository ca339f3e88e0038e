import { Plural, useLingui } from '@lingui/react/macro';
import { Badge, cn } from '@terrace/design-system';
import type { ComponentProps } from 'react';
import type { PlanSummaryView } from './run-view';

export const planActions = ['create', 'update', 'replace', 'delete'] as const;
export type PlanAction = (typeof planActions)[number];

const tones: Record<PlanAction, 'success' | 'info' | 'warning' | 'danger'> = {
  create: 'success',
  update: 'info',
  replace: 'warning',
  delete: 'danger',
};

/** How many resources each action of a plan touches. */
export function planCounts(summary: PlanSummaryView | undefined): Record<PlanAction, number> {
  return {
    create: summary?.create?.length ?? 0,
    update: summary?.update?.length ?? 0,
    replace: summary?.replace?.length ?? 0,
    delete: summary?.delete?.length ?? 0,
  };
}

export interface PlanSummaryProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** Undefined while the run has no plan yet. */
  summary: PlanSummaryView | undefined;
}

/** A plan's changes at a glance: resources to create, update, replace and delete, and whether outputs change. */
export function PlanSummary({ summary, className, ...props }: PlanSummaryProps) {
  const { t } = useLingui();
  const counts = planCounts(summary);
  const labels: Record<PlanAction, string> = {
    create: t`to create`,
    update: t`to update`,
    replace: t`to replace`,
    delete: t`to delete`,
  };
  const total = planActions.reduce((sum, action) => sum + counts[action], 0);
  return (
    <div data-slot="plan-summary" className={cn('flex flex-wrap items-center gap-2 text-sm', className)} {...props}>
      {summary === undefined ? (
        <p className="text-muted-foreground">{t`No plan yet.`}</p>
      ) : (
        <>
          {planActions.map((action) => (
            <Badge key={action} tone={counts[action] > 0 ? tones[action] : 'neutral'} data-action={action}>
              <span className="font-semibold tabular-nums">{counts[action]}</span> {labels[action]}
            </Badge>
          ))}
          {total === 0 && !summary.hasOutputChanges && <span className="text-muted-foreground">{t`No changes.`}</span>}
          {summary.hasOutputChanges && (
            <span className="text-muted-foreground">
              <Plural value={total} _0="Only outputs change." other="Outputs change too." />
            </span>
          )}
        </>
      )}
    </div>
  );
}
