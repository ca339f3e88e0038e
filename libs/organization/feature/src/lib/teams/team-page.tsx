import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import {
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbPage,
  Breadcrumbs,
  Card,
  CardBody,
  CardHeader,
  CardTitle,
  LazyConfirmDialog,
  DataTable,
  DetailPage,
  EditButton,
  ErrorState,
  Stack,
  toast,
  useActionsColumn,
  lazyDialog,
} from '@terrace/design-system';
import {
  organizationQueries,
  useAddTeamUserMutation,
  useRemoveTeamUserMutation,
  useUpdateTeamMutation,
  type TeamUser,
} from '@terrace/organization/data-access';
import { Pencil, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { organizationPaths } from './team-paths';
import { useAccess, useApiClient } from '@terrace/session';

// Its dialogs (with their forms and validation) load when first opened.
const TeamFormDialog = lazyDialog(() => import('./team-form-dialog').then((m) => m.TeamFormDialog));
const TeamMemberDialog = lazyDialog(() => import('./team-member-dialog').then((m) => m.TeamMemberDialog));

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
  const client = useApiClient();
  const team = useQuery(organizationQueries.team(client, teamId));
  const members = useQuery(organizationQueries.teamUsers(client, teamId));
  const update = useUpdateTeamMutation();
  const addMember = useAddTeamUserMutation();
  const removeMember = useRemoveTeamUserMutation();
  const [editing, setEditing] = useState(false);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TeamUser | null>(null);
  const readOnlyReason = refusal ?? t`Only administrators can change teams.`;

  const access = { canEdit, readOnlyReason };
  const actions = useActionsColumn<TeamUser>((member) => (
    <EditButton access={access} row aria-label={t`Remove ${member.email} from the team`} onClick={() => setRemoving(member)}>
      {t`Remove`}
    </EditButton>
  ));
  const columns: ColumnDef<TeamUser, unknown>[] = [
    { id: 'email', header: t`E-mail address`, enableSorting: false, cell: ({ row }) => row.original.email },
    actions,
  ];

  return (
    <DetailPage
      query={team}
      errorTitle={t`Team`}
      breadcrumbs={(data) => (
        <Breadcrumbs>
          <BreadcrumbItem>
            <BreadcrumbLink asChild>
              <Link to={organizationPaths.settings('team-list')}>{t`Teams`}</Link>
            </BreadcrumbLink>
          </BreadcrumbItem>
          <BreadcrumbItem>
            <BreadcrumbPage>{data?.name ?? teamId}</BreadcrumbPage>
          </BreadcrumbItem>
        </Breadcrumbs>
      )}
      header={(data) => ({
        title: data.name,
        description: data.description ?? undefined,
        actions: (
          <EditButton access={access} variant="outline" onClick={() => setEditing(true)}>
            <Pencil aria-hidden />
            {t`Edit team`}
          </EditButton>
        ),
      })}
    >
      {(data) => (
        <>
          <Card>
            <CardHeader>
              <CardTitle level={2}>{t`Single sign-on`}</CardTitle>
            </CardHeader>
            <CardBody>
              {data.customIdpId ? (
                <p className="text-sm">
                  <Trans>
                    Users of the identity-provider group <code className="font-mono text-xs">{data.customIdpId}</code> join this team when
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
                aria-label={t`Members of ${data.name}`}
                columns={columns}
                data={members.data ?? []}
                getRowId={(member) => member.email}
                loading={members.isPending}
                empty={<p className="px-4 py-8 text-center text-sm text-muted-foreground">{t`This team has no members yet.`}</p>}
                actions={
                  <div className="ms-auto">
                    <EditButton access={access} onClick={() => setAdding(true)}>
                      <UserPlus aria-hidden />
                      {t`Add member`}
                    </EditButton>
                  </div>
                }
              />
            )}
          </Stack>
          <TeamFormDialog
            open={editing}
            onOpenChange={setEditing}
            team={data}
            onSave={async (input) => {
              await update.mutateAsync({ teamId, ...input });
              toast.success(t`Team saved.`);
            }}
          />
          <TeamMemberDialog
            open={adding}
            onOpenChange={setAdding}
            teamName={data.name}
            onAdd={async (userEmail) => {
              await addMember.mutateAsync({ teamId, userEmail });
              toast.success(t`${userEmail} added to the team.`);
            }}
          />
          <LazyConfirmDialog
            open={removing !== null}
            onOpenChange={(open) => !open && setRemoving(null)}
            tone="danger"
            title={t`Remove ${removing?.email ?? ''} from ${data.name}?`}
            description={t`They lose the namespace permissions they had through this team.`}
            confirmLabel={t`Remove`}
            onConfirm={async () => {
              if (!removing) return;
              await removeMember.mutateAsync({ teamId, userEmail: removing.email });
              toast.success(t`${removing.email} removed from the team.`);
              setRemoving(null);
            }}
          />
        </>
      )}
    </DetailPage>
  );
}

/** The route's page: the shared access model decides who changes teams (team:manage). */
export function TeamRoute() {
  const access = useAccess('team:manage');
  return <TeamPage canEdit={access.allowed} readOnlyReason={access.allowed ? undefined : access.reason} />;
}
