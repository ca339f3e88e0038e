import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import { LazyConfirmRemoval, type EditAccess, EditButton, SettingsList, toast, useActionsColumn, lazyDialog } from '@terrace/design-system';
import {
  organizationQueries,
  useCreateTeamMutation,
  useDeleteTeamMutation,
  type Team,
} from '@terrace/organization/data-access';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { organizationPaths } from '../teams/team-paths';
import { useApiClient } from '@terrace/session';

// Its dialog (with its form and validation) loads when first opened.
const TeamFormDialog = lazyDialog(() => import('../teams/team-form-dialog').then((m) => m.TeamFormDialog));

export type TeamsSectionProps = EditAccess;

export function TeamsSection(access: TeamsSectionProps) {
  const { t } = useLingui();
  const client = useApiClient();
  const teams = useQuery(organizationQueries.teams(client));
  const create = useCreateTeamMutation();
  const remove = useDeleteTeamMutation();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Team | null>(null);

  const columns: ColumnDef<Team, unknown>[] = [
    {
      id: 'name',
      header: t`Name`,
      enableSorting: false,
      cell: ({ row }) => (
        <Link className="font-medium text-primary-subtle-foreground hover:underline" to={organizationPaths.team(row.original.id)}>
          {row.original.name}
        </Link>
      ),
    },
    { id: 'description', header: t`Description`, enableSorting: false, cell: ({ row }) => row.original.description || '—' },
    {
      id: 'customIdpId',
      header: t`Custom IdP ID`,
      enableSorting: false,
      cell: ({ row }) => (row.original.customIdpId ? <code className="font-mono text-xs">{row.original.customIdpId}</code> : '—'),
    },
    useActionsColumn((team) => (
      <EditButton row access={access} aria-label={t`Delete team ${team.name}`} onClick={() => setDeleting(team)}>
        {t`Delete`}
      </EditButton>
    )),
  ];

  return (
    <SettingsList
      aria-label={t`Teams`}
      query={teams}
      items={teams.data}
      columns={columns}
      getRowId={(team) => team.id}
      access={access}
      add={{ icon: Users, label: t`Create team`, onClick: () => setCreating(true) }}
      empty={{
        title: t`No teams yet`,
        text: t`Teams receive namespace permissions and approve deployments together.`,
      }}
    >
      <TeamFormDialog
        open={creating}
        onOpenChange={setCreating}
        onSave={async (input) => {
          const team = await create.mutateAsync(input);
          toast.success(t`Team ${team.name} created.`);
        }}
      />
      <LazyConfirmRemoval
        target={deleting}
        onClose={() => setDeleting(null)}
        title={(team) => t`Delete team ${team.name}?`}
        description={t`Members lose the namespace permissions they had through this team.`}
        confirmLabel={t`Delete team`}
        onConfirm={async (team) => {
          await remove.mutateAsync(team.id);
          toast.success(t`Team ${team.name} deleted.`);
        }}
      />
    </SettingsList>
  );
}
