import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Badge, DataTable, EditButton, EmptyState, ErrorState, type ColumnDef } from '@terrace/design-system';
import { policiesQueries, policyPaths, type ControlPolicyGroup } from '@terrace/policies/data-access';
import { useApiClient } from '@terrace/session';
import { Layers, Plus } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePolicyAccess } from './use-policy-access';

/** The control policies page's groups tab. */
export function GroupList() {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const navigate = useNavigate();
  const access = usePolicyAccess();
  const query = useQuery(policiesQueries.groups(client, true));
  const columns = useMemo<ColumnDef<ControlPolicyGroup, unknown>[]>(
    () => [
      {
        id: 'name',
        accessorKey: 'name',
        header: t`Name`,
        cell: ({ row }) => (
          <span className="flex flex-col">
            <span className="flex items-center gap-2">
              <Link className="font-medium text-primary-subtle-foreground hover:underline" to={policyPaths.group(row.original.id)}>
                {row.original.name}
              </Link>
              {row.original.isManaged && <Badge tone="info">{t`Managed`}</Badge>}
            </span>
            {row.original.description && <span className="text-xs text-muted-foreground">{row.original.description}</span>}
          </span>
        ),
      },
      { id: 'policies', header: t`Policies`, enableSorting: false, cell: ({ row }) => i18n.number(row.original.controlPolicies.length) },
    ],
    [t, i18n],
  );
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const createButton = (
    <EditButton access={access.create} onClick={() => void navigate(policyPaths.createGroup())}>
      <Plus aria-hidden />
      {t`Create group`}
    </EditButton>
  );
  if (query.isSuccess && query.data.length === 0) {
    return <EmptyState icon={<Layers aria-hidden />} title={t`No policy groups yet`} text={t`Group policies with a severity each, then apply the group where it matters.`} action={createButton} />;
  }
  return (
    <DataTable
      aria-label={t`Policy groups`}
      mode="client"
      columns={columns}
      data={query.data ?? []}
      getRowId={(row) => row.id}
      loading={query.isPending}
      actions={<div className="ms-auto">{createButton}</div>}
      empty={<EmptyState title={t`No group matches`} text={t`Clear the search to see every group.`} />}
    />
  );
}

