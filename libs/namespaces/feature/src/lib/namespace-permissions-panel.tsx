import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@terrace/design-system';
import {
  Button,
  DataTable,
  DisabledReason,
  EmptyState,
  ErrorState,
  LazyConfirmDialog,
  lazyDialog,
  Stack,
  toast,
} from '@terrace/design-system';
import {
  namespacesQueries,
  principalOf,
  useGrantNamespacePermissionMutation,
  useRevokeNamespacePermissionMutation,
  type NamespacePermission,
  type NamespacePermissionInput,
} from '@terrace/namespaces/data-access';
import { organizationQueries } from '@terrace/organization/data-access';
import { ShieldPlus } from 'lucide-react';
import { useMemo, useState } from 'react';
import { principalKindLabels } from './namespace-labels';
import { useApiClient } from '@terrace/session';

// The grant form (its dialog, selects and checks) loads when it first opens.
const GrantPermissionDialog = lazyDialog(() => import('./grant-permission-dialog').then((m) => m.GrantPermissionDialog));

export interface NamespacePermissionsPanelProps {
  namespaceId: string;
  /** Admins grant and revoke; everyone else reads, with the controls disabled and the reason shown. */
  canEdit: boolean;
  /** Why not (from the shared access model); a generic reason when not given. */
  readOnlyReason?: string | undefined;
}

function permissionKey(permission: NamespacePermission): string {
  const principal = principalOf(permission);
  return `${principal.kind}:${principal.id}:${permission.stackId ?? ''}:${permission.role ?? ''}:${permission.customRoleId ?? ''}`;
}

/** The permissions tab: who may do what in this namespace, and granting more. */
export function NamespacePermissionsPanel({ namespaceId, canEdit, readOnlyReason: refusal }: NamespacePermissionsPanelProps) {
  const { t, i18n } = useLingui();
  const client = useApiClient();
  const permissions = useQuery(namespacesQueries.permissions(client, namespaceId));
  const teams = useQuery(organizationQueries.teams(client));
  const programmaticUsers = useQuery({ ...organizationQueries.programmaticUsers(client), enabled: canEdit });
  const customRoles = useQuery({ ...organizationQueries.customRoles(client), enabled: canEdit });
  const grant = useGrantNamespacePermissionMutation();
  const revoke = useRevokeNamespacePermissionMutation();
  const [granting, setGranting] = useState(false);
  const [revoking, setRevoking] = useState<NamespacePermission | null>(null);

  const teamNames = useMemo(() => new Map((teams.data ?? []).map((team) => [team.id, team.name])), [teams.data]);
  const roleNames = useMemo(
    () => new Map((customRoles.data ?? []).map((role) => [role.id, role.name])),
    [customRoles.data],
  );
  const readOnlyReason = refusal ?? t`Only administrators can change namespace permissions.`;

  const principalName = (permission: NamespacePermission | NamespacePermissionInput) => {
    const principal = principalOf(permission);
    return principal.kind === 'team' ? (teamNames.get(principal.id) ?? principal.id) : principal.id;
  };
  const roleName = (permission: NamespacePermission) =>
    permission.customRoleId
      ? (roleNames.get(permission.customRoleId) ?? permission.customRoleId)
      : permission.role === 'admin'
        ? t`Admin`
        : t`Viewer`;

  const columns: ColumnDef<NamespacePermission, unknown>[] = [
    { id: 'principal', header: t`Who`, enableSorting: false, cell: ({ row }) => <span className="font-medium">{principalName(row.original)}</span> },
    {
      id: 'kind',
      header: t`Kind`,
      enableSorting: false,
      cell: ({ row }) => i18n._(principalKindLabels[principalOf(row.original).kind]),
    },
    { id: 'role', header: t`Role`, enableSorting: false, cell: ({ row }) => roleName(row.original) },
    {
      id: 'scope',
      header: t`Applies to`,
      enableSorting: false,
      cell: ({ row }) => (row.original.stackId ? t`Stack ${row.original.stackId}` : t`Whole namespace`),
    },
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
            onClick={() => setRevoking(row.original)}
            aria-label={t`Revoke access of ${principalName(row.original)}`}
          >
            {t`Revoke`}
          </Button>
        </DisabledReason>
      ),
    },
  ];

  const grantButton = (
    <DisabledReason reason={canEdit ? null : readOnlyReason}>
      <Button onClick={() => setGranting(true)} disabled={!canEdit}>
        <ShieldPlus aria-hidden />
        {t`Grant access`}
      </Button>
    </DisabledReason>
  );

  return (
    <Stack gap={4}>
      {!canEdit && <p className="text-sm text-muted-foreground">{readOnlyReason}</p>}
      {permissions.isError ? (
        <ErrorState error={permissions.error} onRetry={() => void permissions.refetch()} retrying={permissions.isFetching} />
      ) : permissions.isSuccess && permissions.data.length === 0 ? (
        <EmptyState
          icon={<ShieldPlus aria-hidden />}
          title={t`No one has access to this namespace yet`}
          text={t`Organization admins always have access. Grant a team, a user or a programmatic user a namespace role to let them work here.`}
          action={grantButton}
        />
      ) : (
        <DataTable
          aria-label={t`Namespace permissions`}
          columns={columns}
          data={permissions.data ?? []}
          getRowId={permissionKey}
          loading={permissions.isPending}
          searchable={false}
          paginate={false}
          actions={<div className="ms-auto">{grantButton}</div>}
        />
      )}
      <GrantPermissionDialog
        namespaceId={namespaceId}
        open={granting}
        onOpenChange={setGranting}
        teams={teams.data ?? []}
        programmaticUsers={programmaticUsers.data ?? []}
        customRoles={(customRoles.data ?? []).filter((role) => role.type === 'namespaceRole')}
        onGrant={async (permission) => {
          await grant.mutateAsync(permission);
          toast.success(t`Access granted to ${principalName(permission)}.`);
        }}
      />
      <LazyConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        tone="danger"
        title={t`Revoke access?`}
        description={
          revoking
            ? t`${principalName(revoking)} loses the ${roleName(revoking)} role on this namespace.`
            : undefined
        }
        confirmLabel={t`Revoke`}
        onConfirm={async () => {
          if (!revoking) return;
          await revoke.mutateAsync(revoking);
          toast.success(t`Access revoked.`);
          setRevoking(null);
        }}
      />
    </Stack>
  );
}
