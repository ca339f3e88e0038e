import { Plural, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { Button, ConfirmDialog, DataTable, EmptyState, ErrorState, Stack, toast } from '@terrace/design-system';
import { confirmationPhrases } from '@terrace/domain';
import {
  organizationQueries,
  useCreateCustomRoleMutation,
  useDeleteCustomRoleMutation,
  useOrganizationApi,
  useUpdateCustomRoleMutation,
  type CustomRole,
} from '@terrace/organization/data-access';
import { ShieldPlus } from 'lucide-react';
import { useState } from 'react';
import { CustomRoleDialog } from './custom-role-dialog';

export interface CustomRolesSectionProps {
  canEdit: boolean;
  readOnlyReason: string;
}

export function CustomRolesSection({ canEdit, readOnlyReason }: CustomRolesSectionProps) {
  const { t } = useLingui();
  const api = useOrganizationApi();
  const roles = useQuery(organizationQueries.customRoles(api));
  const create = useCreateCustomRoleMutation();
  const update = useUpdateCustomRoleMutation();
  const remove = useDeleteCustomRoleMutation();
  const [editing, setEditing] = useState<CustomRole | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomRole | null>(null);

  const columns: ColumnDef<CustomRole, unknown>[] = [
    {
      id: 'name',
      header: t`Name`,
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex flex-col">
          <span className="font-medium">{row.original.name}</span>
          {row.original.description && <span className="text-xs text-muted-foreground">{row.original.description}</span>}
        </div>
      ),
    },
    {
      id: 'type',
      header: t`Type`,
      enableSorting: false,
      cell: ({ row }) => (row.original.type === 'organizationRole' ? t`Organization role` : t`Namespace role`),
    },
    {
      id: 'permissions',
      header: t`Permissions`,
      enableSorting: false,
      cell: ({ row }) => <Plural value={row.original.permissions.length} one="# permission" other="# permissions" />,
    },
    {
      id: 'restriction',
      header: t`Stack restriction`,
      enableSorting: false,
      cell: ({ row }) =>
        row.original.stackRestriction === 'none'
          ? t`None`
          : row.original.stackRestriction === 'restrictReadToOwnStacks'
            ? t`Read own stacks only`
            : t`Change own stacks only`,
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">{t`Actions`}</span>,
      enableSorting: false,
      meta: { align: 'end' },
      cell: ({ row }) => (
        <Stack direction="row" gap={1} justify="end">
          <Button variant="ghost" size="sm" onClick={() => setEditing(row.original)} disabled={!canEdit} title={canEdit ? undefined : readOnlyReason} aria-label={t`Edit role ${row.original.name}`}>
            {t`Edit`}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setDeleting(row.original)} disabled={!canEdit} title={canEdit ? undefined : readOnlyReason} aria-label={t`Delete role ${row.original.name}`}>
            {t`Delete`}
          </Button>
        </Stack>
      ),
    },
  ];

  const createButton = (
    <Button onClick={() => setEditing('new')} disabled={!canEdit} title={canEdit ? undefined : readOnlyReason}>
      <ShieldPlus aria-hidden />
      {t`Create custom role`}
    </Button>
  );

  if (roles.isError) return <ErrorState error={roles.error} onRetry={() => void roles.refetch()} retrying={roles.isFetching} />;

  return (
    <Stack gap={4}>
      {roles.isSuccess && roles.data.length === 0 ? (
        <EmptyState
          icon={<ShieldPlus aria-hidden />}
          title={t`No custom roles yet`}
          text={t`The built-in roles fit most teams. Create a custom role when someone needs exactly some stack permissions.`}
          action={createButton}
        />
      ) : (
        <DataTable
          aria-label={t`Custom roles`}
          columns={columns}
          data={roles.data ?? []}
          getRowId={(role) => role.id}
          loading={roles.isPending}
          actions={<div className="ms-auto">{createButton}</div>}
        />
      )}
      <CustomRoleDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        role={editing === 'new' || editing === null ? undefined : editing}
        onSave={async (input) => {
          if (editing && editing !== 'new') {
            // A role's type is fixed once created; the update carries the rest.
            await update.mutateAsync({ customRoleId: editing.id, name: input.name, permissions: input.permissions, stackRestriction: input.stackRestriction });
            toast.success(t`Role ${input.name} saved.`);
          } else {
            await create.mutateAsync(input);
            toast.success(t`Role ${input.name} created.`);
          }
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        tone="danger"
        title={t`Delete role ${deleting?.name ?? ''}?`}
        description={t`Users and teams with this role lose its permissions.`}
        phrase={confirmationPhrases.delete}
        confirmLabel={t`Delete role`}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id);
          toast.success(t`Role ${deleting.name} deleted.`);
          setDeleting(null);
        }}
      />
    </Stack>
  );
}
