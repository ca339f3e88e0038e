import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import {
  Badge,
  Button,
  DataTable,
  EditButton,
  EmptyState,
  ErrorState,
  lazyDialog,
  LazyConfirmRemoval,
  OptionSelect,
  PageHeader,
  SeverityTag,
  Stack,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  toast,
  useActionsColumn,
  useUrlListParams,
  useUrlTab,
} from '@terrace/design-system';
import { highestSeverityByPolicy, severityFromGroupSeverity, type GroupSeverity } from '@terrace/domain';
import {
  controlPolicyTypes,
  policiesQueries,
  policyGroupSeverities,
  policyPaths,
  useDeleteControlPolicyMutation,
  type ControlPolicy,
  type ControlPolicyType,
  type PageSize,
} from '@terrace/policies/data-access';
import { policyName, policyTypeLabels } from '@terrace/policies/ui';
import { useApiClient } from '@terrace/session';
import { MapPin, Pencil, Plus, ShieldCheck, ShieldAlert, Trash2 } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { PolicyMappingsDialogProps } from './policy-mappings-dialog';
import { usePolicyAccess } from './use-policy-access';

const ALL = 'all';

// The groups tab loads when it is shown.
const GroupList = lazy(() => import('./policy-group-list').then((m) => ({ default: m.GroupList })));

// Where a policy applies, with the form that changes it (a dialog, the mapping form and its checks):
// loaded the first time a row's "Where it applies" opens.
const PolicyMappingsDialog = lazyDialog<PolicyMappingsDialogProps>(
  () => import('./policy-mappings-dialog').then((m) => m.PolicyMappingsDialog),
  (props) => props.policy !== null,
);

/** /controlPolicies: the policies (filtered by type, severity and name) and the policy groups, each a tab. */
export function ControlPoliciesPage() {
  const { t } = useLingui();
  const [tab, setTab] = useUrlTab('tab', useSearchParams(), { defaultTab: 'policies', tabs: ['policies', 'groups'] });
  return (
    <Stack gap={6} className="p-6">
      <PageHeader
        title={t`Control policies`}
        description={t`Guardrails checked on every plan: map policies and groups to namespaces or stacks, each with an enforcement level.`}
        actions={
          <Button asChild variant="outline">
            <Link to={policyPaths.violations()}>
              <ShieldAlert aria-hidden />
              {t`Policy violations`}
            </Link>
          </Button>
        }
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={t`Control policies sections`}>
          <TabsTrigger value="policies">{t`Policies`}</TabsTrigger>
          <TabsTrigger value="groups">{t`Policy groups`}</TabsTrigger>
        </TabsList>
        <TabsContent value="policies">
          <PolicyList />
        </TabsContent>
        <TabsContent value="groups">
          <Suspense fallback={null}>
            <GroupList />
          </Suspense>
        </TabsContent>
      </Tabs>
    </Stack>
  );
}

/** The type and severity filters in the URL (and the search, to clear all at once); changing one goes back to the first page. */
function usePolicyFilters() {
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  const severity = params.get('severity');
  const filters = {
    type: controlPolicyTypes.includes(type as ControlPolicyType) ? (type as ControlPolicyType) : undefined,
    severity: policyGroupSeverities.includes(severity as GroupSeverity) ? (severity as GroupSeverity) : undefined,
  };
  const set = (changes: Partial<Record<'type' | 'severity' | 'search', string | undefined>>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (!value || value === ALL) next.delete(key);
          else next.set(key, value);
        }
        next.delete('page');
        return next;
      },
      { replace: true },
    );
  return [filters, set] as const;
}

function PolicyList() {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const navigate = useNavigate();
  const access = usePolicyAccess();
  const [filters, setFilter] = usePolicyFilters();
  const list = useUrlListParams(useSearchParams());
  const { search, page, pageSize } = list.params;
  // Paged, searched, filtered and ordered (own policies by name, then the managed ones) by the server.
  const query = useQuery(
    policiesQueries.page(client, { ...filters, ...(search ? { search } : {}), includeManaged: true, page, pageSize: pageSize as PageSize }),
  );
  // The severity column: the highest severity any group gives each policy (the server filters by the same rule).
  const groups = useQuery(policiesQueries.groups(client, true));
  const severities = useMemo(() => highestSeverityByPolicy(groups.data ?? []), [groups.data]);
  const remove = useDeleteControlPolicyMutation();
  const [removing, setRemoving] = useState<ControlPolicy | null>(null);
  const [mapping, setMapping] = useState<ControlPolicy | null>(null);

  const managedReason = t`A managed policy cannot be changed.`;
  const actions = useActionsColumn<ControlPolicy>((policy) => (
    <>
      <EditButton row access={access.update} aria-label={t`Where ${policyName(i18n, policy)} applies`} onClick={() => setMapping(policy)}>
        <MapPin aria-hidden />
      </EditButton>
      <EditButton
        row
        access={policy.isManaged ? { canEdit: false, readOnlyReason: managedReason } : access.update}
        aria-label={t`Edit ${policyName(i18n, policy)}`}
        onClick={() => void navigate(policyPaths.edit(policy.id))}
      >
        <Pencil aria-hidden />
      </EditButton>
      <EditButton row access={policy.isManaged ? { canEdit: false, readOnlyReason: managedReason } : access.remove} aria-label={t`Delete ${policyName(i18n, policy)}`} onClick={() => setRemoving(policy)}>
        <Trash2 aria-hidden />
      </EditButton>
    </>
  ));
  const columns = useMemo<ColumnDef<ControlPolicy, unknown>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: t`Name`,
        // The server orders by name.
        enableSorting: false,
        cell: ({ row }) => (
          <span className="flex flex-col">
            <span className="flex items-center gap-2 font-medium">
              {policyName(i18n, row.original)}
              {row.original.isManaged && <Badge tone="info">{t`Managed`}</Badge>}
            </span>
            {row.original.description && <span className="text-xs text-muted-foreground">{row.original.description}</span>}
          </span>
        ),
      },
      { id: 'type', header: t`Type`, enableSorting: false, cell: ({ row }) => i18n._(policyTypeLabels[row.original.type]) },
      {
        id: 'severity',
        header: t`Severity`,
        enableSorting: false,
        cell: ({ row }) => {
          const severity = severities.get(row.original.id);
          return severity ? <SeverityTag severity={severityFromGroupSeverity(severity)} /> : <span className="text-muted-foreground">—</span>;
        },
      },
      {
        id: 'updatedAt',
        header: t`Last updated`,
        enableSorting: false,
        cell: ({ row }) => (row.original.updatedAt ? i18n.date(row.original.updatedAt, { dateStyle: 'medium', timeStyle: 'short' }) : '—'),
      },
      actions,
    ],
    [t, i18n, severities, actions],
  );

  const createButton = (
    <EditButton access={access.create} onClick={() => void navigate(policyPaths.create())}>
      <Plus aria-hidden />
      {t`Create policy`}
    </EditButton>
  );
  const filtered = Boolean(filters.type || filters.severity || search);
  const severityLabels = { minor: t`Minor`, moderate: t`Moderate`, major: t`Major`, critical: t`Critical` };

  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  if (query.isSuccess && query.data.total === 0 && !filtered) {
    return (
      <EmptyState
        icon={<ShieldCheck aria-hidden />}
        title={t`No control policies yet`}
        text={t`Create a policy (required tags, allowed regions, OPA Rego…) and apply it to namespaces or stacks.`}
        action={createButton}
      />
    );
  }
  return (
    <Stack gap={4}>
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <span id="policy-type-filter" className="text-xs font-medium text-muted-foreground">{t`Type`}</span>
          <OptionSelect
            aria-labelledby="policy-type-filter"
            className="w-56"
            value={filters.type ?? ALL}
            onValueChange={(value) => setFilter({ type: value })}
            options={[{ value: ALL, label: t`All types` }, ...controlPolicyTypes.map((type) => ({ value: type, label: i18n._(policyTypeLabels[type]) }))]}
          />
        </div>
        <div className="flex flex-col gap-1">
          <span id="policy-severity-filter" className="text-xs font-medium text-muted-foreground">{t`Severity`}</span>
          <OptionSelect
            aria-labelledby="policy-severity-filter"
            className="w-44"
            value={filters.severity ?? ALL}
            onValueChange={(value) => setFilter({ severity: value })}
            options={[
              { value: ALL, label: t`All severities` },
              ...policyGroupSeverities.map((severity) => ({ value: severity, label: severityLabels[severityFromGroupSeverity(severity)] })),
            ]}
          />
        </div>
        <div className="ms-auto">{createButton}</div>
      </div>
      <DataTable
        aria-label={t`Control policies`}
        mode="server"
        columns={columns}
        data={query.data?.items ?? []}
        getRowId={(row) => row.id}
        loading={query.isPending}
        {...list.tableProps(query.data?.total ?? 0)}
        empty={
          <EmptyState
            title={t`No policy matches these filters`}
            text={t`Change or clear the filters to see every policy.`}
            action={
              <Button
                variant="outline"
                onClick={() => setFilter({ type: undefined, severity: undefined, search: undefined })}
              >
                {t`Clear filters`}
              </Button>
            }
          />
        }
      />
      <PolicyMappingsDialog policy={mapping} access={access.update} onClose={() => setMapping(null)} />
      <LazyConfirmRemoval
        target={removing}
        onClose={() => setRemoving(null)}
        title={(policy) => t`Delete ${policyName(i18n, policy)}?`}
        description={t`The policy is removed from its groups and is no longer checked in any run.`}
        confirmLabel={t`Delete policy`}
        onConfirm={async (policy) => {
          await remove.mutateAsync(policy.id);
          toast.success(t`Control policy ${policyName(i18n, policy)} deleted.`);
        }}
      />
    </Stack>
  );
}
