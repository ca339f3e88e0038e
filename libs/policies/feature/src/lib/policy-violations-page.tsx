import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import {
  Badge,
  Button,
  DataTable,
  EmptyState,
  ErrorState,
  OptionSelect,
  PageHeader,
  Stack,
} from '@terrace/design-system';
import { policyCheckLabel, type PolicyCheckStatus } from '@terrace/domain';
import {
  policiesQueries,
  policyEnforcementLevels,
  policyPaths,
  type EnforcementLevel,
  type PageSize,
  type PolicyViolation,
  type PolicyViolationFilters,
} from '@terrace/policies/data-access';
import { enforcementLabels } from '@terrace/policies/ui';
import { useApiClient } from '@terrace/session';
import { ShieldCheck } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';

const ALL = 'all';
const pageSizes: readonly PageSize[] = [10, 20, 50, 100];
const defaultPageSize: PageSize = 20;
const violationStatuses = ['failed', 'error'] as const satisfies readonly PolicyCheckStatus[];
const tone: Record<PolicyCheckStatus, 'success' | 'danger' | 'warning'> = { passed: 'success', failed: 'danger', error: 'warning' };

/** Page, size and filters live in the URL, so a shared link shows the same rows. */
function useViolationParams(): [PolicyViolationFilters, (next: Partial<Record<keyof PolicyViolationFilters, string | number | undefined>>) => void] {
  const [params, setParams] = useSearchParams();
  const filters = useMemo<PolicyViolationFilters>(() => {
    const status = params.get('status');
    const level = params.get('enforcementLevel');
    const size = Number(params.get('pageSize'));
    return {
      page: Math.max(1, Math.floor(Number(params.get('page')) || 1)),
      pageSize: pageSizes.find((s) => s === size) ?? defaultPageSize,
      ...(violationStatuses.includes(status as 'failed') ? { status: status as PolicyCheckStatus } : {}),
      ...(policyEnforcementLevels.includes(level as EnforcementLevel) ? { enforcementLevel: level as EnforcementLevel } : {}),
      ...(params.get('namespaceId') ? { namespaceId: params.get('namespaceId') as string } : {}),
      ...(params.get('controlPolicyId') ? { controlPolicyId: params.get('controlPolicyId') as string } : {}),
    };
  }, [params]);
  const update = useCallback(
    (next: Partial<Record<keyof PolicyViolationFilters, string | number | undefined>>) =>
      setParams(
        (current) => {
          const merged = new URLSearchParams(current);
          for (const [key, value] of Object.entries(next)) {
            if (value === undefined || value === ALL || value === '' || (key === 'page' && value === 1) || (key === 'pageSize' && value === defaultPageSize)) merged.delete(key);
            else merged.set(key, String(value));
          }
          // Another filter starts again at the first page.
          if (!('page' in next)) merged.delete('page');
          return merged;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [filters, update];
}

/** /policyViolations: every failed or unchecked policy of the latest runs across stacks, filterable, each linking to its run. */
export function PolicyViolationsPage() {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const [filters, setFilters] = useViolationParams();
  const query = useQuery(policiesQueries.violations(client, filters));
  const namespaces = useQuery(policiesQueries.targetOptions(client, 'namespace', ''));
  const policies = useQuery(policiesQueries.list(client, { includeManaged: true }));

  const columns = useMemo<ColumnDef<PolicyViolation, unknown>[]>(
    () => [
      {
        id: 'stack',
        header: t`Stack`,
        enableSorting: false,
        cell: ({ row }) => (
          <Link className="font-medium text-primary-subtle-foreground hover:underline" to={policyPaths.stack(row.original.stackId)}>
            {row.original.stackName ?? row.original.stackId}
          </Link>
        ),
      },
      { id: 'policy', header: t`Policy`, enableSorting: false, cell: ({ row }) => row.original.policyName ?? row.original.controlPolicyId },
      { id: 'enforcement', header: t`Enforcement`, enableSorting: false, cell: ({ row }) => i18n._(enforcementLabels[row.original.enforcementLevel]) },
      {
        id: 'status',
        header: t`Result`,
        enableSorting: false,
        cell: ({ row }) => <Badge tone={tone[row.original.status]}>{i18n._(policyCheckLabel(row.original.status))}</Badge>,
      },
      { id: 'score', header: t`Severity score`, enableSorting: false, cell: ({ row }) => <span className="tabular-nums">{row.original.severityScore ?? '—'}</span> },
      {
        id: 'checkedAt',
        header: t`Checked`,
        enableSorting: false,
        cell: ({ row }) => (row.original.checkedAt ? i18n.date(row.original.checkedAt, { dateStyle: 'medium', timeStyle: 'short' }) : '—'),
      },
      {
        id: 'run',
        header: t`Run`,
        enableSorting: false,
        cell: ({ row }) => {
          const runId = row.original.runId;
          const href = runId ? policyPaths.run(runId) : undefined;
          if (!runId) return '—';
          return href ? (
            <Link className="text-primary-subtle-foreground hover:underline" to={`${href}?tab=policies`} aria-label={t`Run ${runId} of ${row.original.stackName ?? row.original.stackId}`}>
              <span dir="ltr">{runId}</span>
            </Link>
          ) : (
            <span dir="ltr">{runId}</span>
          );
        },
      },
    ],
    [t, i18n],
  );

  const filtered = Boolean(filters.status || filters.enforcementLevel || filters.namespaceId || filters.controlPolicyId);

  return (
    <Stack gap={6} className="p-6">
      <PageHeader title={t`Policy violations`} description={t`The control policies that failed or could not be checked in the latest run of each stack, worst first.`} />
      <div className="flex flex-wrap items-end gap-3">
        <Filter
          id="violation-status"
          label={t`Result`}
          value={filters.status}
          onChange={(value) => setFilters({ status: value })}
          allLabel={t`All violations`}
          options={violationStatuses.map((status) => ({ value: status, label: i18n._(policyCheckLabel(status)) }))}
        />
        <Filter
          id="violation-level"
          label={t`Enforcement`}
          value={filters.enforcementLevel}
          onChange={(value) => setFilters({ enforcementLevel: value })}
          allLabel={t`All levels`}
          options={policyEnforcementLevels.map((level) => ({ value: level, label: i18n._(enforcementLabels[level]) }))}
        />
        <Filter
          id="violation-namespace"
          label={t`Namespace`}
          value={filters.namespaceId}
          onChange={(value) => setFilters({ namespaceId: value })}
          allLabel={t`All namespaces`}
          options={(namespaces.data ?? []).map((ns) => ({ value: ns.id, label: ns.name }))}
        />
        <Filter
          id="violation-policy"
          label={t`Policy`}
          value={filters.controlPolicyId}
          onChange={(value) => setFilters({ controlPolicyId: value })}
          allLabel={t`All policies`}
          options={(policies.data ?? []).map((policy) => ({ value: policy.id, label: policy.name }))}
        />
      </div>
      {query.isError ? (
        <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : query.isSuccess && query.data.total === 0 && !filtered ? (
        <EmptyState icon={<ShieldCheck aria-hidden />} title={t`No policy violations`} text={t`Every control policy passed in the latest run of every stack.`} />
      ) : (
        <DataTable
          aria-label={t`Policy violations`}
          mode="server"
          columns={columns}
          data={query.data?.items ?? []}
          getRowId={(row, index) => `${row.stackId}:${row.controlPolicyId}:${row.runId ?? index}`}
          totalCount={query.data?.total ?? 0}
          loading={query.isPending}
          searchable={false}
          pageSizes={pageSizes}
          pagination={{ pageIndex: filters.page - 1, pageSize: filters.pageSize }}
          onPaginationChange={(next) => setFilters({ page: next.pageSize !== filters.pageSize ? 1 : next.pageIndex + 1, pageSize: next.pageSize })}
          empty={
            <EmptyState
              title={t`No violation matches these filters`}
              text={t`Change or clear the filters to see every violation.`}
              action={
                <Button variant="outline" onClick={() => setFilters({ status: undefined, enforcementLevel: undefined, namespaceId: undefined, controlPolicyId: undefined })}>
                  {t`Clear filters`}
                </Button>
              }
            />
          }
        />
      )}
    </Stack>
  );
}

function Filter({ id, label, value, onChange, allLabel, options }: { id: string; label: string; value: string | undefined; onChange: (value: string) => void; allLabel: string; options: { value: string; label: string }[] }) {
  return (
    <div className="flex flex-col gap-1">
      <span id={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </span>
      <OptionSelect aria-labelledby={id} className="w-52" value={value ?? ALL} onValueChange={onChange} options={[{ value: ALL, label: allLabel }, ...options]} />
    </div>
  );
}
