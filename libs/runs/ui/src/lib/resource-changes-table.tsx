import { useLingui } from '@lingui/react/macro';
import type { ColumnDef } from '@terrace/design-system';
import { Badge, DataTable, EmptyState } from '@terrace/design-system';
import { useMemo } from 'react';
import { planActions, type PlanAction } from './plan-summary';
import type { PlanSummaryView } from './run-view';

interface ChangeRow {
  action: PlanAction;
  tfResourceName: string;
  logicalResourceId?: string;
}

const tones: Record<PlanAction, 'success' | 'info' | 'warning' | 'danger'> = {
  create: 'success',
  update: 'info',
  replace: 'warning',
  delete: 'danger',
};

export interface ResourceChangesTableProps {
  summary: PlanSummaryView | undefined;
}

/** Every resource a plan changes, by action, searchable and filterable by action. */
export function ResourceChangesTable({ summary }: ResourceChangesTableProps) {
  const { t } = useLingui();
  const actionLabels: Record<PlanAction, string> = {
    create: t`Create`,
    update: t`Update`,
    replace: t`Replace`,
    delete: t`Delete`,
  };
  const rows = useMemo<ChangeRow[]>(
    () => planActions.flatMap((action) => (summary?.[action] ?? []).map((change) => ({ action, ...change }))),
    [summary],
  );
  const columns = useMemo<ColumnDef<ChangeRow, unknown>[]>(
    () => [
      {
        id: 'action',
        accessorKey: 'action',
        header: t`Action`,
        filterFn: 'equals',
        meta: { filter: { type: 'select', options: planActions.map((action) => ({ value: action, label: actionLabels[action] })) } },
        cell: ({ row }) => <Badge tone={tones[row.original.action]}>{actionLabels[row.original.action]}</Badge>,
      },
      {
        id: 'address',
        accessorKey: 'tfResourceName',
        header: t`Resource address`,
        cell: ({ row }) => (
          <span dir="ltr" className="font-mono text-xs">
            {row.original.tfResourceName}
          </span>
        ),
      },
      {
        id: 'logicalResourceId',
        accessorKey: 'logicalResourceId',
        header: t`Cloud id`,
        cell: ({ row }) =>
          row.original.logicalResourceId ? (
            <span dir="ltr" className="font-mono text-xs">
              {row.original.logicalResourceId}
            </span>
          ) : (
            <span className="text-muted-foreground">{t`Not known yet`}</span>
          ),
      },
    ],
    // The labels follow the active locale through `t`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t],
  );
  return (
    <DataTable
      aria-label={t`Resource changes`}
      columns={columns}
      data={rows}
      getRowId={(row) => `${row.action}:${row.tfResourceName}`}
      pageSizes={[20, 50, 100]}
      empty={<EmptyState title={summary ? t`This plan changes no resources` : t`No plan yet`} text={summary ? t`The infrastructure already matches the code.` : t`Resource changes appear once the plan step has run.`} />}
    />
  );
}
