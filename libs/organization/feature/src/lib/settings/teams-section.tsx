import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Button, ConfirmDialog, DataTable, EmptyState, ErrorState, Stack, toast } from '@terrace/design-system';
import { confirmationPhrases } from '@terrace/domain';
import {
  organizationQueries,
  useCreateTeamMutation,
  useDeleteTeamMutation,
  useOrganizationApi,
  type Team,
} from '@terrace/organization/data-access';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { TeamFormDialog } from '../teams/team-form-dialog';
import { organizationPaths } from '../teams/team-paths';

export interface TeamsSectionProps {
  canEdit: boolean;
  readOnlyReason: string;
}

export function TeamsSection({ canEdit, readOnlyReason }: TeamsSectionProps) {
  const { t } = useLingui();
  const api = useOrganizationApi();
  const teams = useQuery(organizationQueries.teams(api));
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
    {
      id: 'actions',
      header: () => <span className="sr-only">{t`Actions`}</span>,
      enableSorting: false,
      meta: { align: 'end' },
      cell: ({ row }) => (
        <Button
          variant="ghost"
          size="sm"
          disabled={!canEdit}
          title={canEdit ? undefined : readOnlyReason}
          aria-label={t`Delete team ${row.original.name}`}
          onClick={() => setDeleting(row.original)}
        >
          {t`Delete`}
        </Button>
      ),
    },
  ];

  const createButton = (
    <Button onClick={() => setCreating(true)} disabled={!canEdit} title={canEdit ? undefined : readOnlyReason}>
      <Users aria-hidden />
      {t`Create team`}
    </Button>
  );

  if (teams.isError) return <ErrorState error={teams.error} onRetry={() => void teams.refetch()} retrying={teams.isFetching} />;

  return (
    <Stack gap={4}>
      {teams.isSuccess && teams.data.length === 0 ? (
        <EmptyState
          icon={<Users aria-hidden />}
          title={t`No teams yet`}
          text={t`Teams receive namespace permissions and approve deployments together.`}
          action={createButton}
        />
      ) : (
        <DataTable
          aria-label={t`Teams`}
          columns={columns}
          data={teams.data ?? []}
          getRowId={(team) => team.id}
          loading={teams.isPending}
          actions={<div className="ms-auto">{createButton}</div>}
        />
      )}
      <TeamFormDialog
        open={creating}
        onOpenChange={setCreating}
        onSave={async (input) => {
          const team = await create.mutateAsync(input);
          toast.success(t`Team ${team.name} created.`);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        tone="danger"
        title={t`Delete team ${deleting?.name ?? ''}?`}
        description={t`Members lose the namespace permissions they had through this team.`}
        phrase={confirmationPhrases.delete}
        confirmLabel={t`Delete team`}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          toast.success(t`Team ${deleting.name} deleted.`);
          setDeleting(null);
        }}
      />
    </Stack>
  );
}
