import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Button, ConfirmDialog, DataTable, EmptyState, ErrorState, Stack, toast } from '@terrace/design-system';
import { confirmationPhrases } from '@terrace/domain';
import {
  organizationQueries,
  useCreateAbacConfigurationMutation,
  useDeleteAbacConfigurationMutation,
  useOrganizationApi,
  useUpdateAbacConfigurationMutation,
  type AbacConfiguration,
} from '@terrace/organization/data-access';
import { Network } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useRoleLabel } from '../common/use-role-label';
import { AbacDialog } from './abac-dialog';

export interface AbacSectionProps {
  canEdit: boolean;
  readOnlyReason: string;
}

export function AbacSection({ canEdit, readOnlyReason }: AbacSectionProps) {
  const { t } = useLingui();
  const api = useOrganizationApi();
  const organization = useQuery(organizationQueries.organization(api));
  const rules = useQuery(organizationQueries.abac(api));
  const teams = useQuery(organizationQueries.teams(api));
  const create = useCreateAbacConfigurationMutation();
  const update = useUpdateAbacConfigurationMutation();
  const remove = useDeleteAbacConfigurationMutation();
  const roleLabel = useRoleLabel();
  const [editing, setEditing] = useState<AbacConfiguration | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AbacConfiguration | null>(null);
  const teamNames = useMemo(() => new Map((teams.data ?? []).map((team) => [team.id, team.name])), [teams.data]);
  const organizationId = organization.data?.id ?? '';

  const mappingOf = (rule: AbacConfiguration) => rule.roles.find((r) => r.orgId === organizationId) ?? rule.roles[0];

  const columns: ColumnDef<AbacConfiguration, unknown>[] = [
    { id: 'name', header: t`Rule`, enableSorting: false, cell: ({ row }) => <span className="font-medium">{row.original.name}</span> },
    {
      id: 'group',
      header: t`Identity-provider group`,
      enableSorting: false,
      cell: ({ row }) => <code className="font-mono text-xs">{row.original.customAbacId}</code>,
    },
    { id: 'role', header: t`Role`, enableSorting: false, cell: ({ row }) => roleLabel(mappingOf(row.original)?.orgRole ?? '') || '—' },
    {
      id: 'teams',
      header: t`Teams`,
      enableSorting: false,
      cell: ({ row }) => (mappingOf(row.original)?.teamIds ?? []).map((id) => teamNames.get(id) ?? id).join(', ') || '—',
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t`Actions`}</span>,
      enableSorting: false,
      meta: { align: 'end' },
      cell: ({ row }) => (
        <Stack direction="row" gap={1} justify="end">
          <Button variant="ghost" size="sm" disabled={!canEdit} title={canEdit ? undefined : readOnlyReason} onClick={() => setEditing(row.original)} aria-label={t`Edit rule ${row.original.name}`}>
            {t`Edit`}
          </Button>
          <Button variant="ghost" size="sm" disabled={!canEdit} title={canEdit ? undefined : readOnlyReason} onClick={() => setDeleting(row.original)} aria-label={t`Delete rule ${row.original.name}`}>
            {t`Delete`}
          </Button>
        </Stack>
      ),
    },
  ];

  const addButton = (
    <Button onClick={() => setEditing('new')} disabled={!canEdit || !organization.isSuccess} title={canEdit ? undefined : readOnlyReason}>
      <Network aria-hidden />
      {t`Add rule`}
    </Button>
  );

  if (rules.isError) return <ErrorState error={rules.error} onRetry={() => void rules.refetch()} retrying={rules.isFetching} />;

  return (
    <Stack gap={4}>
      {rules.isSuccess && rules.data.length === 0 ? (
        <EmptyState
          icon={<Network aria-hidden />}
          title={t`No attribute rules yet`}
          text={t`Map identity-provider groups to a role and teams, so SSO users get the right access without manual steps.`}
          action={addButton}
        />
      ) : (
        <DataTable
          aria-label={t`Attribute rules`}
          columns={columns}
          data={rules.data ?? []}
          getRowId={(rule) => rule.id}
          loading={rules.isPending}
          actions={<div className="ms-auto">{addButton}</div>}
        />
      )}
      <AbacDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        organizationId={organizationId}
        rule={editing === 'new' || editing === null ? undefined : editing}
        teams={teams.data ?? []}
        onSave={async (input) => {
          if (editing && editing !== 'new') await update.mutateAsync({ id: editing.id, ...input });
          else await create.mutateAsync(input);
          toast.success(t`Rule ${input.name} saved.`);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        tone="danger"
        title={t`Delete rule ${deleting?.name ?? ''}?`}
        description={t`Users of the group keep the access they have now; new sign-ins no longer get it.`}
        phrase={confirmationPhrases.delete}
        confirmLabel={t`Delete rule`}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          toast.success(t`Rule ${deleting.name} deleted.`);
          setDeleting(null);
        }}
      />
    </Stack>
  );
}
