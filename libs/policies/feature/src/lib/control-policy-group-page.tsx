import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import {
  Badge,
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbPage,
  Breadcrumbs,
  DataTable,
  DetailPage,
  EditButton,
  LazyConfirmRemoval,
  SeverityTag,
  toast,
} from '@terrace/design-system';
import { severityFromGroupSeverity } from '@terrace/domain';
import { policiesQueries, policyPaths, useDeleteControlPolicyGroupMutation, type ControlPolicyGroup, type GroupPolicy } from '@terrace/policies/data-access';
import { policyTypeLabels } from '@terrace/policies/ui';
import { useApiClient } from '@terrace/session';
import { Pencil, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PolicyMappingsPanel } from './policy-mappings-panel';
import { usePolicyAccess } from './use-policy-access';

/** /controlPolicyGroup/:controlPolicyGroupId: the group's policies with their severity, and where the group applies. */
export function ControlPolicyGroupPage() {
  const { t, i18n } = useLingui();
  const { controlPolicyGroupId = '' } = useParams();
  const client = useApiClient();
  const navigate = useNavigate();
  const access = usePolicyAccess();
  const group = useQuery(policiesQueries.group(client, controlPolicyGroupId));
  const policies = useQuery(policiesQueries.list(client, { includeManaged: true }));
  const byId = useMemo(() => new Map((policies.data ?? []).map((policy) => [policy.id, policy])), [policies.data]);
  const remove = useDeleteControlPolicyGroupMutation();
  const [removing, setRemoving] = useState<ControlPolicyGroup | null>(null);
  const managed = { canEdit: false, readOnlyReason: t`A managed group cannot be changed; it can be applied.` };

  const columns = useMemo<ColumnDef<GroupPolicy, unknown>[]>(
    () => [
      {
        id: 'policy',
        header: t`Policy`,
        enableSorting: false,
        cell: ({ row }) => {
          const policy = byId.get(row.original.controlPolicyId);
          return (
            <span className="flex flex-col">
              <span className="font-medium">{policy?.name ?? row.original.controlPolicyId}</span>
              {policy && <span className="text-xs text-muted-foreground">{i18n._(policyTypeLabels[policy.type])}</span>}
            </span>
          );
        },
      },
      { id: 'severity', header: t`Severity`, enableSorting: false, cell: ({ row }) => <SeverityTag severity={severityFromGroupSeverity(row.original.severity)} /> },
    ],
    [t, i18n, byId],
  );

  return (
    <DetailPage
      query={group}
      errorTitle={t`Policy group`}
      breadcrumbs={(data) => (
        <Breadcrumbs>
          <BreadcrumbItem>
            <BreadcrumbLink asChild>
              <Link to={policyPaths.list('groups')}>{t`Policy groups`}</Link>
            </BreadcrumbLink>
          </BreadcrumbItem>
          <BreadcrumbItem>
            <BreadcrumbPage>{data?.name ?? controlPolicyGroupId}</BreadcrumbPage>
          </BreadcrumbItem>
        </Breadcrumbs>
      )}
      header={(data) => ({
        title: data.name,
        description: data.description || undefined,
        actions: (
          <>
            {data.isManaged && <Badge tone="info">{t`Managed`}</Badge>}
            <EditButton access={data.isManaged ? managed : access.update} variant="outline" onClick={() => void navigate(policyPaths.editGroup(data.id))}>
              <Pencil aria-hidden />
              {t`Edit`}
            </EditButton>
            <EditButton access={data.isManaged ? managed : access.remove} variant="danger" onClick={() => setRemoving(data)}>
              <Trash2 aria-hidden />
              {t`Delete`}
            </EditButton>
          </>
        ),
      })}
    >
      {(data) => (
        <>
          <section aria-labelledby="group-policies" className="flex flex-col gap-2">
            <h2 id="group-policies" className="text-base font-semibold">{t`Policies`}</h2>
            <DataTable
              aria-label={t`Policies of ${data.name}`}
              mode="client"
              columns={columns}
              data={data.controlPolicies}
              getRowId={(row) => row.controlPolicyId}
              searchable={false}
              paginate={data.controlPolicies.length > 20}
              empty={<p className="text-sm text-muted-foreground">{t`This group has no policy yet.`}</p>}
            />
          </section>
          <section aria-labelledby="group-mappings" className="flex flex-col gap-2">
            <h2 id="group-mappings" className="text-base font-semibold">{t`Where it applies`}</h2>
            <PolicyMappingsPanel
              subject={{ kind: 'group', id: data.id }}
              access={access.update}
              groupPolicies={data.controlPolicies.map((entry) => ({ id: entry.controlPolicyId, name: byId.get(entry.controlPolicyId)?.name ?? entry.controlPolicyId }))}
            />
          </section>
          <LazyConfirmRemoval
            target={removing}
            onClose={() => setRemoving(null)}
            title={(target) => t`Delete ${target.name}?`}
            description={t`The group and where it applies are removed; its policies stay.`}
            confirmLabel={t`Delete group`}
            onConfirm={async (target) => {
              await remove.mutateAsync(target.id);
              toast.success(t`Policy group ${target.name} deleted.`);
              void navigate(policyPaths.list('groups'));
            }}
          />
        </>
      )}
    </DetailPage>
  );
}
