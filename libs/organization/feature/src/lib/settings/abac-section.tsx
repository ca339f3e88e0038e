import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import { LazyConfirmRemoval, type EditAccess, EditButton, SettingsList, toast, useActionsColumn, lazyDialog } from '@terrace/design-system';
import {
  organizationQueries,
  useCreateAbacConfigurationMutation,
  useDeleteAbacConfigurationMutation,
  useUpdateAbacConfigurationMutation,
  type AbacConfiguration,
} from '@terrace/organization/data-access';
import { Network } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useRoleLabel } from '../common/use-role-label';
import { useApiClient } from '@terrace/session';

// Its dialog (with its form and validation) loads when first opened.
const AbacDialog = lazyDialog(() => import('./abac-dialog').then((m) => m.AbacDialog));

export type AbacSectionProps = EditAccess;

export function AbacSection(access: AbacSectionProps) {
  const { t } = useLingui();
  const client = useApiClient();
  const organization = useQuery(organizationQueries.organization(client));
  const rules = useQuery(organizationQueries.abac(client));
  const teams = useQuery(organizationQueries.teams(client));
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
    useActionsColumn((rule) => (
      <>
        <EditButton row access={access} onClick={() => setEditing(rule)} aria-label={t`Edit rule ${rule.name}`}>
          {t`Edit`}
        </EditButton>
        <EditButton row access={access} onClick={() => setDeleting(rule)} aria-label={t`Delete rule ${rule.name}`}>
          {t`Delete`}
        </EditButton>
      </>
    )),
  ];

  return (
    <SettingsList
      aria-label={t`Attribute rules`}
      query={rules}
      items={rules.data}
      columns={columns}
      getRowId={(rule) => rule.id}
      access={access}
      add={{ icon: Network, label: t`Add rule`, onClick: () => setEditing('new'), disabled: !organization.isSuccess }}
      empty={{
        title: t`No attribute rules yet`,
        text: t`Map identity-provider groups to a role and teams, so SSO users get the right access without manual steps.`,
      }}
    >
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
      <LazyConfirmRemoval
        target={deleting}
        onClose={() => setDeleting(null)}
        title={(rule) => t`Delete rule ${rule.name}?`}
        description={t`Users of the group keep the access they have now; new sign-ins no longer get it.`}
        confirmLabel={t`Delete rule`}
        onConfirm={async (rule) => {
          await remove.mutateAsync(rule.id);
          toast.success(t`Rule ${rule.name} deleted.`);
        }}
      />
    </SettingsList>
  );
}
