import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import {
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbPage,
  Breadcrumbs,
  Button,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  ConfirmDialog,
  DataTable,
  DisabledReason,
  ErrorState,
  PageHeader,
  Skeleton,
  Stack,
  toast,
} from '@terrace/design-system';
import {
  organizationQueries,
  useAddTeamUserMutation,
  useOrganizationApi,
  useRemoveTeamUserMutation,
  useUpdateTeamMutation,
  type TeamUser,
} from '@terrace/organization/data-access';
import { Pencil, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { TeamFormDialog } from './team-form-dialog';
import { TeamMemberDialog } from './team-member-dialog';
import { organizationPaths } from './team-paths';
import { useAccess } from '@terrace/session';

export interface TeamPageProps {
  /** Whether the user may change the team; the route passes the session's access (team:manage). */
  canEdit?: boolean;
  /** Why not (from the shared access model); a generic reason otherwise. */
  readOnlyReason?: string | undefined;
}

/** /team/:teamId: a team, its identity-provider link and its members. */
export function TeamPage({ canEdit = true, readOnlyReason: refusal }: TeamPageProps) {
  const { t } = useLingui();
  const { teamId = '' } = useParams();
  const api = useOrganizationApi();
  const team = useQuery(organizationQueries.team(api, teamId));
  const members = useQuery(organizationQueries.teamUsers(api, teamId));
  const update = useUpdateTeamMutation();
  const addMember = useAddTeamUserMutation();
  const removeMember = useRemoveTeamUserMutation();
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TeamUser | null>(null);
  const readOnlyReason = refusal ?? t`Only administrators can change teams.`;

  const breadcrumbs = (
    <Breadcrumbs>
      <BreadcrumbItem>
        <BreadcrumbLink asChild>
          <Link to={organizationPaths.settings('team-list')}>{t`Teams`}</Link>
        </BreadcrumbLink>
      </BreadcrumbItem>
      <BreadcrumbItem>
        <BreadcrumbPage>{team.data?.name ?? teamId}</BreadcrumbPage>
      </BreadcrumbItem>
    </Breadcrumbs>
  );

  if (team.isPending) {
    return (
      <Stack gap={6} className="p-6" aria-busy="true">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-40 w-full" />
      </Stack>
    );
  }
  if (team.isError) {
    return (
      <Stack gap={6} className="p-6">
        <PageHeader title={t`Team`} breadcrumbs={breadcrumbs} />
        <ErrorState error={team.error} onRetry={() => void team.refetch()} retrying={team.isFetching} />
      </Stack>
    );
  }

  const columns: ColumnDef<TeamUser, unknown>[] = [
    { id: 'email', header: t`E-mail address`, enableSorting: false, cell: ({ row }) => row.original.email },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t`Actions`}</span>,
      enableSorting: false,
      meta: { align: 'end' },
      cell: ({ row }) => (
        <DisabledReason reason={canEdit ? null : readOnlyReason}>
          <Button
            variant="ghost"
            size="sm"
            disabled={!canEdit}
            aria-label={t`Remove ${row.original.email} from the team`}
            onClick={() => setRemoving(row.original)}
          >
            {t`Remove`}
          </Button>
        </DisabledReason>
      ),
    },
  ];

  return (
    <Stack gap={6} className="p-6">
      <PageHeader
        title={team.data.name}
        description={team.data.description ?? undefined}
        breadcrumbs={breadcrumbs}
        actions={
          <DisabledReason reason={canEdit ? null : readOnlyReason}>
            <Button variant="outline" onClick={() => setEditing(true)} disabled={!canEdit}>
              <Pencil aria-hidden />
              {t`Edit team`}
            </Button>
          </DisabledReason>
        }
      />
      <Card>
        <CardHeader>
          <CardTitle level={2}>{t`Single sign-on`}</CardTitle>
        </CardHeader>
        <CardBody>
          {team.data.customIdpId ? (
            <p className="text-sm">
              <Trans>
                Users of the identity-provider group <code className="font-mono text-xs">{team.data.customIdpId}</code> join this team when
                they sign in.
              </Trans>
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">
              {t`No custom IdP ID: members are added here by hand. Set one to fill the team from your identity provider.`}
            </p>
          )}
        </CardBody>
      </Card>
      <Stack gap={3}>
        <h2 className="text-base font-semibold">{t`Members`}</h2>
        {members.isError ? (
          <ErrorState error={members.error} onRetry={() => void members.refetch()} retrying={members.isFetching} />
        ) : (
          <DataTable
            aria-label={t`Members of ${team.data.name}`}
            columns={columns}
            data={members.data ?? []}
            getRowId={(member) => member.email}
            loading={members.isPending}
            empty={<p className="px-4 py-8 text-center text-sm text-muted-foreground">{t`This team has no members yet.`}</p>}
            actions={
              <div className="ms-auto">
                <DisabledReason reason={canEdit ? null : readOnlyReason}>
                  <Button onClick={() => setAdding(true)} disabled={!canEdit}>
                    <UserPlus aria-hidden />
                    {t`Add member`}
                  </Button>
                </DisabledReason>
              </div>
            }
          />
        )}
      </Stack>
      <TeamFormDialog
        open={editing}
        onOpenChange={setEditing}
        team={team.data}
        onSave={async (input) => {
          await update.mutateAsync({ teamId, ...input });
          toast.success(t`Team saved.`);
        }}
      />
      <TeamMemberDialog
        open={adding}
        onOpenChange={setAdding}
        teamName={team.data.name}
        onAdd={async (userEmail) => {
          await addMember.mutateAsync({ teamId, userEmail });
          toast.success(t`${userEmail} added to the team.`);
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        tone="danger"
        title={t`Remove ${removing?.email ?? ''} from ${team.data.name}?`}
        description={t`They lose the namespace permissions they had through this team.`}
        confirmLabel={t`Remove`}
        onConfirm={async () => {
          if (!removing) return;
          await removeMember.mutateAsync({ teamId, userEmail: removing.email });
          toast.success(t`${removing.email} removed from the team.`);
          setRemoving(null);
        }}
      />
    </Stack>
  );
}

/** The route's page: those who hold team:manage (admins) change teams; the others read. */
export function TeamRoute() {
  const access = useAccess('team:manage');
  return <TeamPage canEdit={access.allowed} readOnlyReason={access.allowed ? undefined : access.reason} />;
}
