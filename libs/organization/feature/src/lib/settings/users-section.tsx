import { useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import {
  LazyConfirmRemoval,
  type EditAccess,
  EditButton,
  SettingsList,
  toast,
  useActionsColumn,
  lazyDialog,
} from '@terrace/design-system';
import { confirmationPhrases } from '@terrace/domain';
import {
  organizationQueries,
  useChangeUserRoleMutation,
  useInviteUserMutation,
  useRemoveUserMutation,
  type OrganizationUser,
} from '@terrace/organization/data-access';
import { UserPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RoleSelect } from '../common/role-select';
import { useRoleLabel } from '../common/use-role-label';
import { useApiClient } from '@terrace/session';

// Its dialog (with its form and validation) loads when first opened.
const InviteUserDialog = lazyDialog(() => import('./invite-user-dialog').then((m) => m.InviteUserDialog));

export type UsersSectionProps = EditAccess;

const pageSizes = [10, 20, 50, 100, 1000] as const;
type PageSize = (typeof pageSizes)[number];

/** The organization's users: invite by e-mail with a role, change roles, remove behind 'delete user'. */
export function UsersSection(access: UsersSectionProps) {
  const { canEdit } = access;
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const pageSize: PageSize = pageSizes.find((size) => size === Number(params.get('pageSize'))) ?? 20;
  const users = useQuery({ ...organizationQueries.users(client, { page, pageSize }), placeholderData: keepPreviousData });
  const customRoles = useQuery(organizationQueries.customRoles(client));
  const invite = useInviteUserMutation();
  const changeRole = useChangeUserRoleMutation();
  const removeUser = useRemoveUserMutation();
  const roleLabel = useRoleLabel();

  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<OrganizationUser | null>(null);

  const customRoleNames = useMemo(() => new Map((customRoles.data ?? []).map((role) => [role.id, role.name])), [customRoles.data]);

  const setPaging = (nextPage: number, nextSize: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (nextPage === 1) next.delete('page');
        else next.set('page', String(nextPage));
        if (nextSize === 20) next.delete('pageSize');
        else next.set('pageSize', String(nextSize));
        return next;
      },
      { replace: true },
    );

  const columns: ColumnDef<OrganizationUser, unknown>[] = [
    {
      id: 'name',
      header: t`Name`,
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex flex-col">
          <span className="font-medium">{`${row.original.firstName} ${row.original.lastName}`.trim() || row.original.email}</span>
          <span className="text-xs text-muted-foreground">{row.original.email}</span>
        </div>
      ),
    },
    {
      // How the user signs in, and for a password, whether a second factor guards it (one column:
      // the table fits beside the settings navigation on a laptop's screen).
      id: 'type',
      header: t`Sign-in`,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.userType === 'ssoUser' ? (
          t`Single sign-on`
        ) : (
          <div className="flex flex-col">
            <span>{t`Password`}</span>
            <span className="text-xs text-muted-foreground">{row.original.mfaEnabled ? t`Two-factor on` : t`Two-factor off`}</span>
          </div>
        ),
    },
    {
      id: 'role',
      header: t`Role`,
      enableSorting: false,
      cell: ({ row }) =>
        canEdit ? (
          <RoleSelect
            size="sm"
            className="w-36"
            aria-label={t`Role of ${row.original.email}`}
            value={row.original.orgRole}
            onValueChange={(role) =>
              void changeRole
                .mutateAsync({ userId: row.original.userId, role })
                .then(() => toast.success(t`Role of ${row.original.email} changed.`))
                .catch(() => undefined)
            }
          />
        ) : (
          roleLabel(row.original.orgRole, row.original.customRoleId ? customRoleNames.get(row.original.customRoleId) : null)
        ),
    },
    {
      id: 'createdAt',
      header: t`Joined`,
      enableSorting: false,
      // A date never wraps: the column is narrow beside the settings navigation.
      cell: ({ row }) => <span className="whitespace-nowrap">{i18n.date(row.original.createdAt, { dateStyle: 'medium' })}</span>,
    },
    useActionsColumn((user) => (
      <EditButton row access={access} aria-label={t`Remove ${user.email}`} onClick={() => setRemoving(user)}>
        {t`Remove`}
      </EditButton>
    )),
  ];

  return (
    <SettingsList
      aria-label={t`Users`}
      query={users}
      items={users.data?.items}
      mode="server"
      columns={columns}
      getRowId={(user) => user.userId}
      totalCount={users.data?.total ?? 0}
      searchable={false}
      pagination={{ pageIndex: page - 1, pageSize }}
      onPaginationChange={(next) => setPaging(next.pageSize !== pageSize ? 1 : next.pageIndex + 1, next.pageSize)}
      access={access}
      add={{ icon: UserPlus, label: t`Invite user`, onClick: () => setInviting(true) }}
    >
      <InviteUserDialog
        open={inviting}
        onOpenChange={setInviting}
        onInvite={async (input) => {
          await invite.mutateAsync(input);
          toast.success(t`Invitation sent to ${input.email}.`);
        }}
      />
      <LazyConfirmRemoval
        target={removing}
        onClose={() => setRemoving(null)}
        title={(user) => t`Remove ${user.email} from the organization?`}
        description={t`They lose access at once, and leave every team they were in.`}
        phrase={confirmationPhrases.deleteUser}
        confirmLabel={t`Remove user`}
        onConfirm={async (user) => {
          await removeUser.mutateAsync(user.userId);
          toast.success(t`${user.email} removed.`);
        }}
      />
    </SettingsList>
  );
}
